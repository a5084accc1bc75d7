/** The candidate's ledger (issue 13, ADR 037): plain values without schemas (ADR 014). */

export const LEDGER_KINDS = ['card_shown', 'profile_opened', 'requested_to_apply', 'profile_revealed', 'availability_sent', 'contacted'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/** How the candidate's page names each kind. */
export const LEDGER_KIND_LABELS: Record<LedgerKind, string> = {
  card_shown: 'Saw your anonymous card',
  profile_opened: 'Opened your full profile',
  requested_to_apply: 'Asked you to apply',
  profile_revealed: 'Received your name and email (you revealed them)',
  availability_sent: 'Received your interview times',
  contacted: 'Sent you a message',
};

export const LEDGER_MESSAGES = {
  candidatesOnly: 'Only candidate accounts have a ledger.',
} as const;

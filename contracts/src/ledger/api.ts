import { z } from 'zod';

/**
 * The candidate's ledger (issue 13, ADR 037): every company that was shown their card, opened
 * their full profile, asked them to apply, received their reveal or their interview times, or
 * contacted them — read from the events, nothing stored for it alone.
 */
export const LEDGER_KINDS = ['card_shown', 'profile_opened', 'requested_to_apply', 'profile_revealed', 'availability_sent', 'contacted'] as const;
export const LedgerKind = z.enum(LEDGER_KINDS);
export type LedgerKind = z.infer<typeof LedgerKind>;

/** How the candidate's page names each kind. */
export const LEDGER_KIND_LABELS: Record<LedgerKind, string> = {
  card_shown: 'Saw your anonymous card',
  profile_opened: 'Opened your full profile',
  requested_to_apply: 'Asked you to apply',
  profile_revealed: 'Received your name and email (you revealed them)',
  availability_sent: 'Received your interview times',
  contacted: 'Sent you a message',
};

export const LedgerEntry = z.object({
  kind: LedgerKind,
  /** The first and the last time (ISO 8601); a card shown counts per day. */
  firstAt: z.string(),
  lastAt: z.string(),
  count: z.number().int().positive(),
});
export type LedgerEntry = z.infer<typeof LedgerEntry>;

export const LedgerCompany = z.object({
  companyId: z.string(),
  companyName: z.string(),
  /** When anything last happened with this company. */
  lastAt: z.string(),
  entries: z.array(LedgerEntry),
});
export type LedgerCompany = z.infer<typeof LedgerCompany>;

/** `GET /api/profile/ledger` (the signed-in candidate): companies, the latest first. */
export const LedgerResponse = z.object({ success: z.literal(true), companies: z.array(LedgerCompany) });
export type LedgerResponse = z.infer<typeof LedgerResponse>;

export const LEDGER_MESSAGES = {
  candidatesOnly: 'Only candidate accounts have a ledger.',
} as const;

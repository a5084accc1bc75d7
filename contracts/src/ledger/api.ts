import { z } from 'zod';
import { LEDGER_KINDS } from './constants';

// Plain values (labels, texts) without schemas, for the client's pages (ADR 014).
export * from './constants';

/**
 * The candidate's ledger (issue 13, ADR 037): every company that was shown their card, opened
 * their full profile, asked them to apply, received their reveal or their interview times, or
 * contacted them — read from the events, nothing stored for it alone.
 */
export const LedgerKind = z.enum(LEDGER_KINDS);
export type LedgerKind = z.infer<typeof LedgerKind>;

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


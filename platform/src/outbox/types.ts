import { ERASED } from '@hireloop/contracts';

/**
 * The transactional outbox (ADR 053). A message is work a change asks for (a mail, say), written
 * in the same transaction as the change's events (`EventStore.append(…, { outbox })`) and
 * delivered after the commit by a relay (`startOutboxRelay`), with retries. It is not an event:
 * it may hold a secret (a reset link) for as long as it waits, and is deleted once delivered.
 */
export interface OutboxMessage {
  /**
   * The idempotency key: a second message with a key already waiting is dropped, and the relay
   * hands the key to the handler (a mail's Message-ID, the kept outbox's id), so a delivery
   * repeated after a crash can be recognised where the transport allows.
   */
  key: string;
  /** Which handler delivers it (`mail.send`). */
  topic: string;
  /** JSON. */
  payload: unknown;
}

/** A message as the relay gets it: with how many deliveries were tried before (0 the first time). */
export interface PendingOutboxMessage extends OutboxMessage {
  attempts: number;
}

/** What the relay decided about a message it tried: done (delivered or given up on), or again at `retryAt`. */
export type DeliveryOutcome = { done: true } | { done: false; retryAt: Date; error: string };

/** Where outbox messages wait: the event store's (the same database, the same transaction). */
export interface OutboxStore {
  /**
   * Takes the oldest due message that no other relay holds, runs `deliver` on it while holding it
   * (a relay that dies lets go at once: the message is due again for the next one) and records
   * the outcome. `false` when no message was due.
   */
  deliverNext(deliver: (message: PendingOutboxMessage) => Promise<DeliveryOutcome>): Promise<boolean>;
  /** Messages waiting (due or not): for tests and health. */
  pending(): Promise<number>;
  /**
   * Forgets a person (an erased person, ADR 061): deletes every waiting message sent `to` their
   * `address` (compared without case; due or waiting for a retry) and, in every other waiting
   * message, writes {@link FORGOTTEN_ADDRESS} in place of the address and of each of `mentions`
   * (their name). A message a relay is delivering at that moment is waited for. Answers how many
   * messages were deleted.
   */
  forget(address: string, mentions?: readonly string[]): Promise<number>;
  /** Calls `listener` whenever a message is added in this process (so the relay need not wait for its poll). */
  onAdded(listener: () => void): () => void;
}

/** What an erased address or name reads as in the messages still waiting that mention it (ADR 061): what erased fields read as (ADR 019). */
export const FORGOTTEN_ADDRESS = ERASED;

/** Every string in `payload` with each of `texts` (any case) replaced by {@link FORGOTTEN_ADDRESS}; the same JSON shape. */
export function withoutTexts(payload: unknown, texts: readonly string[]): unknown {
  const wanted = texts.filter((text) => text.length > 0);
  if (wanted.length === 0) return payload;
  const pattern = new RegExp(wanted.map((text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'gi');
  const walk = (value: unknown): unknown => {
    if (typeof value === 'string') return value.replace(pattern, FORGOTTEN_ADDRESS);
    if (Array.isArray(value)) return value.map(walk);
    if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([name, field]) => [name, walk(field)]));
    return value;
  };
  return walk(payload);
}

/** Whether `payload` is a message sent to `address` (its `to`, compared without case). */
export const isAddressedTo = (payload: unknown, address: string): boolean =>
  payload !== null && typeof payload === 'object' && 'to' in payload && typeof payload.to === 'string' && payload.to.toLowerCase() === address.toLowerCase();

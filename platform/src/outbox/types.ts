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
  /** Calls `listener` whenever a message is added in this process (so the relay need not wait for its poll). */
  onAdded(listener: () => void): () => void;
}

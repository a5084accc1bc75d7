import type { DeliveryOutcome, OutboxStore, PendingOutboxMessage } from './types';

/** Delivers one message's payload; a throw is a failed attempt, tried again later. */
export type OutboxHandler = (payload: unknown, key: string) => Promise<void>;

export interface OutboxRelayOptions {
  store: OutboxStore;
  /** One handler per topic. */
  handlers: Readonly<Record<string, OutboxHandler>>;
  /** Attempts before a message is given up on (and deleted). Default 8. */
  maxAttempts?: number;
  /** The wait before the n-th retry is `retryBaseMs * 2^(n-1)`, at most `retryMaxMs`, with jitter. Defaults 1 s and 5 min. */
  retryBaseMs?: number;
  retryMaxMs?: number;
  /** How often the store is asked for due messages when nothing woke the relay. Default 500 ms. */
  pollIntervalMs?: number;
  /** A failed attempt (`final` when given up on). The key and topic only: a payload may hold a secret. */
  onFailure?: (error: unknown, failure: { key: string; topic: string; attempt: number; final: boolean }) => void;
  /** The store could not be read (the database is away): the relay tries again at its next poll. */
  onStoreError?: (error: unknown) => void;
}

export interface OutboxRelay {
  /** Resolves once the delivery under way (if any) has finished. */
  stop(): Promise<void>;
}

export const OUTBOX_MAX_ATTEMPTS = 8;

/**
 * Delivers what the outbox holds (ADR 053), one message at a time, oldest first: at least once
 * (a message is deleted only after its handler returned), retried with exponential backoff and
 * jitter, given up on after `maxAttempts`. Several relays (one per command-service process) share
 * the work: each message is held by one of them while it is delivered.
 */
export function startOutboxRelay(options: OutboxRelayOptions): OutboxRelay {
  const maxAttempts = options.maxAttempts ?? OUTBOX_MAX_ATTEMPTS;
  const retryBaseMs = options.retryBaseMs ?? 1_000;
  const retryMaxMs = options.retryMaxMs ?? 300_000;
  const pollIntervalMs = options.pollIntervalMs ?? 500;
  let stopped = false;
  let wake: (() => void) | null = null;
  let woken = false;
  const stopListening = options.store.onAdded(() => {
    woken = true;
    wake?.();
  });

  const deliver = async (message: PendingOutboxMessage): Promise<DeliveryOutcome> => {
    const attempt = message.attempts + 1;
    try {
      const handler = options.handlers[message.topic];
      if (!handler) throw new Error(`No outbox handler for the topic ${message.topic}`);
      await handler(message.payload, message.key);
      return { done: true };
    } catch (error) {
      const final = attempt >= maxAttempts;
      options.onFailure?.(error, { key: message.key, topic: message.topic, attempt, final });
      if (final) return { done: true };
      const backoff = Math.min(retryMaxMs, retryBaseMs * 2 ** (attempt - 1));
      return { done: false, retryAt: new Date(Date.now() + backoff / 2 + Math.random() * (backoff / 2)), error: error instanceof Error ? error.message : String(error) };
    }
  };

  const idle = () =>
    new Promise<void>((resolve) => {
      if (woken || stopped) return resolve();
      const timer = setTimeout(done, pollIntervalMs);
      function done() {
        clearTimeout(timer);
        wake = null;
        resolve();
      }
      wake = done;
    });

  const loop = (async () => {
    while (!stopped) {
      woken = false;
      let delivered = false;
      try {
        delivered = await options.store.deliverNext(deliver);
      } catch (error) {
        if (!stopped) options.onStoreError?.(error);
      }
      if (!delivered) await idle();
    }
  })();

  return {
    async stop() {
      stopped = true;
      stopListening();
      wake?.();
      await loop;
    },
  };
}

import { isAddressedTo, withoutTexts, type DeliveryOutcome, type OutboxMessage, type OutboxStore, type PendingOutboxMessage } from './types';

interface Waiting extends PendingOutboxMessage {
  dueAt: number;
  held: boolean;
}

/** The memory event store's outbox: messages it appended with events, in order, in this process. */
export function createMemoryOutboxStore() {
  const waiting: Waiting[] = [];
  const listeners = new Set<() => void>();
  const store: OutboxStore & { add(messages: readonly OutboxMessage[]): void } = {
    /** Called by the memory event store in the same step as it records the events. */
    add(messages) {
      for (const message of messages) {
        if (waiting.some((one) => one.key === message.key)) continue;
        waiting.push({ key: message.key, topic: message.topic, payload: structuredClone(message.payload), attempts: 0, dueAt: 0, held: false });
      }
      if (messages.length > 0) for (const listener of listeners) listener();
    },
    async deliverNext(deliver: (message: PendingOutboxMessage) => Promise<DeliveryOutcome>) {
      const now = Date.now();
      const next = waiting.find((one) => !one.held && one.dueAt <= now);
      if (!next) return false;
      next.held = true;
      try {
        const outcome = await deliver({ key: next.key, topic: next.topic, payload: structuredClone(next.payload), attempts: next.attempts });
        if (outcome.done) waiting.splice(waiting.indexOf(next), 1);
        else {
          next.attempts += 1;
          next.dueAt = outcome.retryAt.getTime();
        }
      } finally {
        next.held = false;
      }
      return true;
    },
    async pending() {
      return waiting.length;
    },
    async forget(address, mentions = []) {
      // A message being delivered is left to its delivery (memory: nothing to wait for).
      const addressed = waiting.filter((one) => !one.held && isAddressedTo(one.payload, address));
      for (const one of addressed) waiting.splice(waiting.indexOf(one), 1);
      for (const one of waiting) one.payload = withoutTexts(one.payload, [address, ...mentions]);
      return addressed.length;
    },
    onAdded(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return store;
}

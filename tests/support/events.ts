import { START, type EventStore, type ReadAllOptions, type RecordedEvent } from '@hireloop/platform/event-store';

/**
 * The whole log as `readAll` shows it, read again until `until(events)` holds or `timeoutMs` has
 * passed (then the last read is answered, for the test's own assertions to say what is missing).
 * `readAll` on PostgreSQL shows an event once no older transaction is still open anywhere on the
 * server (its visibility horizon, ADR 001): with other test files writing to their own databases
 * on the same server, an event just committed can take a moment to appear.
 */
export async function readAllUntil(
  eventStore: EventStore,
  until: (events: readonly RecordedEvent[]) => boolean,
  options: ReadAllOptions = {},
  timeoutMs = 15_000,
): Promise<RecordedEvent[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { events } = await eventStore.readAll(START, { batchSize: 100_000, ...options });
    if (until(events) || Date.now() > deadline) return events;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

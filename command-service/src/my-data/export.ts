import { DomainError, personalDataRules, userStreamId, type MyDataExport } from '@hireloop/contracts';
import { maxPosition, START, type Position, type RecordedEvent } from '@hireloop/platform/event-store';
import type { RegisteredAccount } from '../auth/accounts';
import type { CommandServiceDeps } from '../shared/deps';

/** How long an export waits for the log to show the person's last events before saying to try again. */
const VISIBILITY_WAIT_MS = 10_000;

type Data = Record<string, unknown>;

/**
 * Whether an event is the person's: they caused it, it is about them (the subject of its personal
 * fields), it is in a stream named after them, or it names them in one of its fields.
 */
function isTheirs(event: RecordedEvent, userId: string): boolean {
  const actor = event.metadata.actor;
  if (actor !== 'system' && actor.userId === userId) return true;
  if (event.streamId.includes(userId)) return true;
  const data = event.data as Data | null;
  return data !== null && typeof data === 'object' && Object.values(data).some((value) => value === userId);
}

/** Digests of secrets (an invitation's or an unsubscribe link's token): not personal data, and not the person's to carry around. */
const isSecretDigest = (field: string) => /Hash$/.test(field);

/**
 * The event's data for this person: another person's personal fields (their sealed ones) are left
 * out, and so are the digests of secret tokens (`tokenHash`, `unsubscribeTokenHash`).
 */
export function dataFor(event: Pick<RecordedEvent, 'type' | 'data'>, userId: string): unknown {
  const rule = personalDataRules[event.type];
  const data = event.data as Data;
  const theirs = !rule || data[rule.subject] === userId;
  return Object.fromEntries(Object.entries(data).filter(([field]) => !isSecretDigest(field) && (theirs || !(field in rule.erased))));
}

/**
 * Everything Hireloop holds about a person, as a file they download from Settings (issue 27,
 * ADR 080): their account and every event that is theirs, opened with their key. One pass over the
 * log, filtered as it is read (memory stays flat); the read models are built from these events,
 * so they hold nothing of the person that is not here.
 */
export async function exportMyData(deps: CommandServiceDeps, account: RegisteredAccount, seen: Position = START): Promise<MyDataExport> {
  // The log shows an event once every older transaction has ended (ADR 001): read on until it shows
  // at least the person's own last event and whatever their client has seen written (X-Min-Position).
  const own = (await deps.eventStore.readStream(userStreamId(account.userId))).events.at(-1)?.position ?? START;
  const atLeast = maxPosition(own, seen);
  const deadline = Date.now() + VISIBILITY_WAIT_MS;
  const events: MyDataExport['events'] = [];
  let from = START;
  for (;;) {
    const { events: batch, nextPosition } = await deps.eventStore.readAll(from, { batchSize: 2000 });
    if (batch.length === 0) {
      if (from >= atLeast) break;
      if (Date.now() > deadline) throw new DomainError('unavailable', 'Your data cannot be gathered right now. Please try again in a moment.', 5);
      await new Promise((resolve) => setTimeout(resolve, 25));
      continue;
    }
    for (const event of batch) {
      if (isTheirs(event, account.userId)) events.push({ type: event.type, streamId: event.streamId, occurredAt: event.metadata.occurredAt, data: dataFor(event, account.userId) });
    }
    from = nextPosition;
  }
  return {
    exportedAt: deps.clock.now().toISOString(),
    account: { userId: account.userId, name: account.name, email: account.email, type: account.type, role: account.role, companyId: account.companyId },
    events,
  };
}

import { DomainError } from '@hireloop/contracts';
import { IMPORT_STREAM_PREFIX } from '@hireloop/contracts/imports/events';
import type { EventStore, RecordedEvent } from '@hireloop/platform/event-store';
import { apiKeyDecider } from '../api-keys/decider';
import { applicationDecider } from '../applications/decider';
import { emailReservationDecider } from '../auth/email-reservation';
import { identityDecider } from '../auth/social-sign-in';
import { userAccountDecider } from '../auth/user-account';
import { summaryDecider } from '../candidate-summaries/decider';
import { companyDecider } from '../companies/decider';
import { contactDecider } from '../contacts/decider';
import { inboxReadsDecider } from '../contacts/inbox-reads';
import { importFeedDecider } from '../imports/feed-decider';
import { invitationDecider } from '../invitations/decider';
import { inviteRequestsDecider } from '../invitations/invite-requests';
import { jobDecider } from '../jobs/decider';
import { profileDecider } from '../profiles/decider';
import { savedSearchDecider } from '../saved-searches/decider';
import { fold, type Decider, type DomainEvent } from '../shared/decider';
import { toDomainEvent } from '../shared/stream';
import { subscriptionDecider } from '../subscriptions/decider';
import { candidateViewsDecider } from '../view-candidate/decider';

type AnyDecider = Pick<Decider<never, DomainEvent, unknown>, 'initialState' | 'evolve' | 'schemas' | 'upcasters'>;

/**
 * Which decider folds which streams, by the stream id's prefix (the contracts' `…StreamId`
 * functions). Longest prefix first: `candidate-contact-…` is not a `candidate-…` profile.
 */
const DECIDERS: ReadonlyArray<readonly [prefix: string, decider: AnyDecider]> = (
  [
    ['candidate-summary-', summaryDecider],
    ['candidate-contact-', contactDecider],
    ['candidate-views-', candidateViewsDecider],
    ['candidate-', profileDecider],
    ['inbox-reads-', inboxReadsDecider],
    ['invite-requests-', inviteRequestsDecider],
    ['invitation-', invitationDecider],
    ['saved-searches-', savedSearchDecider],
    ['subscription-', subscriptionDecider],
    ['application-', applicationDecider],
    ['api-key-', apiKeyDecider],
    ['identity-', identityDecider],
    ['company-', companyDecider],
    ['email-', emailReservationDecider],
    ['user-', userAccountDecider],
    ['job-', jobDecider],
    [IMPORT_STREAM_PREFIX, importFeedDecider],
  ] as ReadonlyArray<readonly [string, unknown]> as ReadonlyArray<readonly [string, AnyDecider]>
).toSorted((a, b) => b[0].length - a[0].length);

export const deciderFor = (streamId: string): AnyDecider | null => DECIDERS.find(([prefix]) => streamId.startsWith(prefix))?.[1] ?? null;

export interface StreamStateAt {
  streamId: string;
  /** The moment asked for; null: now. */
  at: string | null;
  /** Version of the last event that had occurred by then (-1: none yet). */
  version: number;
  /** Events the stream has in all, later ones included. */
  eventsInAll: number;
  /** When the last event counted occurred. */
  asOfEvent: string | null;
  /** The decider's state, folded from the events up to `at`; null for a stream no decider reads. */
  state: unknown;
  /** The events counted, as stored (type, version, when), for streams no decider reads and for reading along. */
  events: Array<{ type: string; version: number; occurredAt: string }>;
}

/**
 * A stream's state as of a moment (`hireloop state <stream> --at <time>`, issue 27): the stream's
 * events that occurred up to `at` (their `occurredAt`), upcast and parsed as the command side does,
 * folded by the stream's own decider: the state the command side would have decided on then.
 */
export async function stateAt(store: Pick<EventStore, 'readStream'>, streamId: string, at: Date | null): Promise<StreamStateAt> {
  const { events: all } = await store.readStream(streamId);
  if (all.length === 0) throw new DomainError('not_found', `No stream ${streamId} in the log`);
  const counted: RecordedEvent[] = at === null ? all : all.filter((event) => new Date(event.metadata.occurredAt) <= at);
  const decider = deciderFor(streamId);
  const last = counted.at(-1);
  return {
    streamId,
    at: at?.toISOString() ?? null,
    version: last?.streamVersion ?? -1,
    eventsInAll: all.length,
    asOfEvent: last?.metadata.occurredAt ?? null,
    state: decider ? fold(decider, counted.map((event) => toDomainEvent(decider, event))) : null,
    events: counted.map((event) => ({ type: event.type, version: event.streamVersion, occurredAt: event.metadata.occurredAt })),
  };
}

/** JSON for a state that may hold Maps, Sets and Dates. */
export const stateJson = (value: unknown): string =>
  JSON.stringify(
    value,
    (_key, inner: unknown) => (inner instanceof Map ? Object.fromEntries(inner) : inner instanceof Set ? [...inner] : inner),
    2,
  );

/** A stored event its schema refuses: the command line says which, without a stack trace. */
export { CorruptStreamError } from '../shared/stream';

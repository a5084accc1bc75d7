import { DomainError, SEALED_SCHEMA_VERSION, type PersonalDataRules } from '@hireloop/contracts';
import { START, type EventStore, type LegacyRedaction, type NewEvent, type RecordedEvent, type StreamAppend } from '../event-store/index';
import { seal, unseal } from './seal';
import { PersonErasedError, type PersonalDataKeys, type SubjectKey } from './types';

/** Where a sealed event keeps its personal fields. */
export const SEALED_FIELD = 'sealed';

export interface PersonalDataProtection {
  /** The event store every process uses: seals personal fields on append, opens them on read. */
  eventStore: EventStore;
  keys: PersonalDataKeys;
  /**
   * Forgets a person: deletes their key (every sealed field of theirs then reads as erased,
   * in every process and every replay) and rewrites in place the events that stored their data
   * in the clear before sealing existed. Idempotent.
   */
  erase(subject: string, at: Date): Promise<{ legacyEventsRedacted: number }>;
}

type Data = Record<string, unknown>;

const associatedData = (type: string, subject: string) => `${type}:${subject}`;

export function protectPersonalData(options: { eventStore: EventStore & Partial<LegacyRedaction>; keys: PersonalDataKeys; rules: PersonalDataRules; now?: () => Date }): PersonalDataProtection {
  const { eventStore: inner, keys, rules } = options;
  const now = options.now ?? (() => new Date());

  const subjectOf = (type: string, data: Data): string => {
    const subject = data[rules[type]!.subject];
    if (typeof subject !== 'string' || subject === '') throw new Error(`${type} names no person in its ${rules[type]!.subject} field`);
    return subject;
  };

  const sealEvents = async (events: readonly NewEvent[]): Promise<NewEvent[]> => {
    const personal = events.filter((event) => rules[event.type]);
    if (personal.length === 0) return [...events];
    let keyFor: Map<string, Buffer>;
    try {
      keyFor = await keys.keysForWriting(personal.map((event) => subjectOf(event.type, event.data as Data)), now());
    } catch (error) {
      if (error instanceof PersonErasedError) throw new DomainError('not_found', 'This account was erased.');
      throw error;
    }
    return events.map((event) => {
      const rule = rules[event.type];
      if (!rule) return event;
      const data = event.data as Data;
      const subject = subjectOf(event.type, data);
      const clear: Data = {};
      const kept: Data = {};
      for (const [field, value] of Object.entries(data)) (field in rule.erased ? clear : kept)[field] = value;
      kept[SEALED_FIELD] = seal(keyFor.get(subject)!, clear, associatedData(event.type, subject));
      return { ...event, data: kept, metadata: { ...event.metadata, schemaVersion: SEALED_SCHEMA_VERSION } };
    });
  };

  const openEvents = async (events: RecordedEvent[]): Promise<RecordedEvent[]> => {
    const personal = events.filter((event) => rules[event.type]);
    if (personal.length === 0) return events;
    const keyOf = await keys.lookup(personal.map((event) => subjectOf(event.type, event.data as Data)));
    return events.map((event) => (rules[event.type] ? { ...event, data: openData(event.type, event.data as Data, keyOf) } : event));
  };

  const openData = (type: string, data: Data, keyOf: Map<string, SubjectKey>): Data => {
    const rule = rules[type]!;
    const subject = subjectOf(type, data);
    const key = keyOf.get(subject);
    const sealed = data[SEALED_FIELD];
    if (typeof sealed !== 'string') {
      // Written in the clear before sealing existed (schema version 1): readable until erased.
      return key?.status === 'erased' ? { ...data, ...rule.erased } : data;
    }
    const { [SEALED_FIELD]: _sealed, ...kept } = data;
    if (key?.status !== 'active') return { ...kept, ...rule.erased };
    return { ...kept, ...(unseal(key.key, sealed, associatedData(type, subject)) as Data) };
  };

  /** `openData` as for a person erased: the personal fields as their placeholders, the sealed value dropped unopened. */
  const closeEvents = (events: RecordedEvent[]): RecordedEvent[] =>
    events.map((event) => {
      const rule = rules[event.type];
      if (!rule) return event;
      const { [SEALED_FIELD]: _sealed, ...kept } = event.data as Data;
      return { ...event, data: { ...kept, ...rule.erased } };
    });

  const eventStore: EventStore = {
    async append(streamId, events, appendOptions) {
      return inner.append(streamId, await sealEvents(events), appendOptions);
    },
    async appendToStreams(appends, appendOptions) {
      const sealed: StreamAppend[] = [];
      for (const append of appends) sealed.push({ ...append, events: await sealEvents(append.events) });
      return inner.appendToStreams(sealed, appendOptions);
    },
    async readStream(streamId, readOptions) {
      const result = await inner.readStream(streamId, readOptions);
      // Closed: as for a person erased, whoever it is; one statement and the decryption fewer (ADR 114).
      return { ...result, events: readOptions?.personalData === 'closed' ? closeEvents(result.events) : await openEvents(result.events) };
    },
    // Every stream's events opened together: one lookup of the keys they need.
    ...(inner.readStreams
      ? {
          async readStreams(streamIds: readonly string[]) {
            const results = await inner.readStreams!(streamIds);
            const opened = await openEvents(results.flatMap((result) => result.events));
            let next = 0;
            return results.map((result) => ({ ...result, events: opened.slice(next, (next += result.events.length)) }));
          },
        }
      : {}),
    async readAll(from, readOptions) {
      const result = await inner.readAll(from, readOptions);
      return { ...result, events: await openEvents(result.events) };
    },
    headPosition: () => inner.headPosition(),
    subscribe(from, handler, subscribeOptions) {
      return inner.subscribe(from, async (events, nextPosition) => handler(await openEvents(events), nextPosition), subscribeOptions);
    },
    close: () => inner.close(),
  };

  return {
    eventStore,
    keys,
    async erase(subject, at) {
      await keys.erase(subject, at);
      if (!inner.redactLegacyEvent) return { legacyEventsRedacted: 0 };
      let legacyEventsRedacted = 0;
      let from = START;
      for (;;) {
        const { events, nextPosition } = await inner.readAll(from, { eventTypes: Object.keys(rules), batchSize: 1000 });
        for (const event of events) {
          const data = event.data as Data;
          const rule = rules[event.type]!;
          if (typeof data[SEALED_FIELD] === 'string' || data[rule.subject] !== subject) continue;
          if (Object.entries(rule.erased).every(([field, erased]) => data[field] === erased)) continue;
          await inner.redactLegacyEvent(event.metadata.eventId, { ...data, ...rule.erased });
          legacyEventsRedacted++;
        }
        if (nextPosition === from || events.length === 0) break;
        from = nextPosition;
      }
      return { legacyEventsRedacted };
    },
  };
}

import { randomUUID } from 'node:crypto';
import { analyticsStreamId, type JobListQuery, type JobSearchPerformed, type JobViewed } from '@hireloop/contracts';
import type { Bus, Unsubscribe } from '@hireloop/platform/bus/index';
import { DuplicateEventError, type EventStore } from '@hireloop/platform/event-store/index';
import type { Clock } from '@hireloop/platform/runtime';

const VIEWED = 'analytics.job-viewed';
const SEARCHED = 'analytics.job-searched';

type Item = { eventId: string } & ({ kind: 'JobViewed'; data: JobViewed } | { kind: 'JobSearchPerformed'; data: JobSearchPerformed });

/**
 * What the query side calls after answering: it only enqueues (queries never append events),
 * and a failure to enqueue never fails the answer.
 */
export function analyticsHooks(bus: Bus, clock: Clock, onError: (error: unknown) => void = () => undefined) {
  const send = (subject: string, item: Item) => void bus.enqueue(subject, item, { messageId: item.eventId }).catch(onError);
  return {
    onView(jobId: string, via: 'id' | 'share') {
      send(VIEWED, { eventId: randomUUID(), kind: 'JobViewed', data: { jobId, via, viewedAt: clock.now().toISOString() } });
    },
    onSearch(query: JobListQuery, total: number) {
      // A search is someone looking for something: first pages with a term, not every page flip.
      if (query.page !== 1 || query.mine || !(query.search || query.location || query.type)) return;
      const { search, location, type, status, page } = query;
      send(SEARCHED, {
        eventId: randomUUID(),
        kind: 'JobSearchPerformed',
        data: { search, location, type, status, page, resultCount: total, searchedAt: clock.now().toISOString() },
      });
    },
  };
}

/** The reaction that turns analytics work items into events, once each (the item's id is the event id). */
export function startAnalyticsRecorder(bus: Bus, eventStore: EventStore): Promise<Unsubscribe> {
  return bus.work<Item>({ queue: 'analytics-recorder', subject: 'analytics.*', maxAttempts: 10 }, async ({ data: item }) => {
    const at = item.kind === 'JobViewed' ? item.data.viewedAt : item.data.searchedAt;
    try {
      await eventStore.append(analyticsStreamId(at), [
        {
          type: item.kind,
          data: item.data,
          metadata: { eventId: item.eventId, occurredAt: at, actor: 'system', correlationId: item.eventId, causationId: null, schemaVersion: 1 },
        },
      ]);
    } catch (error) {
      // Delivered twice (a crash between append and ack): the first append already counts.
      if (error instanceof DuplicateEventError) return;
      throw error;
    }
  });
}

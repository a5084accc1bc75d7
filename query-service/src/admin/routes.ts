import { textAnswer } from '@hireloop/platform/http/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  ADMIN_ACTIVITY_EVENT,
  ADMIN_MESSAGES,
  AdminActivityList,
  AdminActivityListQuery,
  DomainError,
  ErrorBody,
  TOTAL_COUNT_HEADER,
  isAdminRole,
  type AdminActivity,
} from '@hireloop/contracts';
import { comparePositions, isPosition } from '@hireloop/platform/event-store';
import type { ReadStore } from '@hireloop/platform/read-store';
import { adminActivitiesAfter, listAdminActivities } from '@hireloop/projections/admin-activities/queries';
import { findUserById } from '@hireloop/projections/users/queries';
import { openEventStream } from '../shared/event-stream';
import type { ProjectionProgress } from '../shared/projection-progress';
import { describeActivities } from './activities';
import { AdminActivityFeed } from './activity-feed';

export interface AdminActivityQueryOptions {
  readStore: ReadStore;
  progress: ProjectionProgress;
  /** How often an open event stream gets a comment, so proxies and browsers keep it open. */
  keepAliveMs?: number;
}

/** How many entries a reconnecting stream is sent again at most (after its `Last-Event-ID`). */
const RESUME_LIMIT = 100;

/**
 * The admin activity log (issue 14, ADR 035): `GET /api/admin/activities`, a page of it with
 * filters, and `GET /api/admin/activities/stream`, its new entries live (Server-Sent Events).
 * Admins and super admins only: a visitor is a 401, any other signed-in user a 403.
 */
export const adminActivityQueryRoutes: FastifyPluginAsyncZod<AdminActivityQueryOptions> = async (
  app,
  { readStore, progress, keepAliveMs = 25_000 },
) => {
  /** The signed-in admin, from the users read model (a role just granted or taken is seen with X-Min-Position). */
  const requireAdmin = async (request: FastifyRequest) => {
    const session = await request.requireSession();
    const user = await findUserById(request.readStore, session.userId);
    if (!user || !isAdminRole(user.role)) throw new DomainError('forbidden', ADMIN_MESSAGES.adminOnly);
    return user;
  };
  const stillAdmin = async (userId: string) => {
    const user = await findUserById(readStore, userId);
    return user !== null && isAdminRole(user.role);
  };

  const feed = new AdminActivityFeed(readStore, progress, (error) =>
    app.log.warn({ err: error }, 'admin activity feed: reading the new entries failed'),
  );
  const streams = new Set<() => void>();
  // Before the server closes: it waits for open connections, and a stream never ends by itself.
  app.addHook('preClose', async () => {
    for (const end of [...streams]) end();
    feed.stop();
  });

  app.get(
    '/api/admin/activities',
    {
      schema: {
        tags: ['admin'],
        querystring: AdminActivityListQuery,
        response: { 200: AdminActivityList, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody },
      },
    },
    async (request, reply) => {
      await requireAdmin(request);
      const { activities, total } = await listAdminActivities(request.readStore, request.query);
      reply.header(TOTAL_COUNT_HEADER, String(total));
      // Names of people: nothing but the admin's browser may keep the answer.
      reply.header('cache-control', 'private, no-store');
      return describeActivities(activities);
    },
  );

  /**
   * Server-Sent Events: `event: admin-activity` with one entry as the list shows it (its log
   * position as the event's `id`), for each new entry of the log; a comment every `keepAliveMs`.
   * A browser reconnecting sends `Last-Event-ID` and is sent what it missed (at most 100 entries).
   * The stream ends when its user is no longer an admin.
   */
  app.get(
    '/api/admin/activities/stream',
    { schema: { tags: ['admin'], produces: ['text/event-stream'], response: { 200: textAnswer('text/event-stream', 'Server-Sent Events: each new activity as `activity` with its position as the id; a comment line to keep the connection alive.'), 401: ErrorBody, 403: ErrorBody } } },
    async (request, reply) => {
      // Authorised before anything is streamed: a refusal is an ordinary JSON answer.
      const admin = await requireAdmin(request);
      const lastEventIdHeader = request.headers['last-event-id'];
      const lastEventId =
        typeof lastEventIdHeader === 'string' && lastEventIdHeader && isPosition(lastEventIdHeader) ? lastEventIdHeader : null;

      const stream = openEventStream(request, reply, { keepAliveMs, streams });
      let sentUpTo = lastEventId ?? '';
      let ready = false;
      const held: AdminActivity[] = [];
      let pending: Promise<void> = Promise.resolve();
      const write = (activities: readonly AdminActivity[]) => {
        for (const activity of activities) {
          if (!stream.open || comparePositions(activity.position, sentUpTo) <= 0) continue;
          sentUpTo = activity.position;
          stream.write(`id: ${activity.position}\nevent: ${ADMIN_ACTIVITY_EVENT}\ndata: ${JSON.stringify(activity)}\n\n`);
        }
      };
      const send = (activities: readonly AdminActivity[]) => {
        if (!stream.open) return;
        if (!ready) {
          held.push(...activities);
          return;
        }
        // A role taken away ends the stream at its next news; batches are written in the order they came.
        pending = pending.then(() =>
          stillAdmin(admin.userId).then(
            (yes) => (yes ? write(activities) : stream.end()),
            () => stream.end(),
          ),
        );
      };
      try {
        const subscription = await feed.subscribe(send);
        stream.onEnd(subscription.unsubscribe);
        if (!stream.open) return;
        stream.listening();
        // What a reconnecting browser missed, up to where the feed takes over; then what came meanwhile.
        if (lastEventId && comparePositions(lastEventId, subscription.since) < 0) {
          const missed = (await adminActivitiesAfter(readStore, lastEventId, RESUME_LIMIT)).filter(
            (doc) => comparePositions(doc.position, subscription.since) <= 0,
          );
          write(describeActivities(missed));
        }
        // Nothing older than the feed's start is sent twice, nor skipped for an id from elsewhere.
        sentUpTo = subscription.since;
        ready = true;
        write(held.splice(0));
      } catch (error) {
        request.log.warn({ err: error }, 'admin activity feed: could not subscribe');
        stream.end();
      }
    },
  );
};

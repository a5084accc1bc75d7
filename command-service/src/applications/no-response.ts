import { APPLICATION_EVENT_STATUS, NO_RESPONSE_AFTER_DAYS, type ApplicationEvent, type ApplicationMoveData, type ApplicationSubmitted } from '@hireloop/contracts';
import { START } from '@hireloop/platform/event-store';
import { handleCommand, type CommandContext } from '../shared/command-handler';
import type { CommandServiceDeps } from '../shared/deps';
import { AWAITING_COMPANY, applicationDecider } from './decider';
import { applicationMoveMails } from './mail';
import { applicationStreamId } from './stream-id';

const DAY = 24 * 3600 * 1000;
const APPLICATION_EVENT_TYPES = Object.keys(APPLICATION_EVENT_STATUS) as Array<ApplicationEvent['type']>;

export interface NoResponseSweeperOptions {
  /** How often the due applications are marked (default: hourly). */
  everyMs?: number;
  onError?: (error: unknown) => void;
}

/**
 * "No application is left without a status" (issue 13): an application still `applied` or
 * `viewed` 30 days after its last move is marked `no_response`, and both sides see it. The
 * sweeper follows the application events to know which applications wait for the company and
 * since when (in memory: one small entry per waiting application), and every `everyMs` sends
 * `MarkNoResponse` for those due. The decider decides again on the application's own stream, so
 * a move that arrived meanwhile (or another process's sweep) makes it a no-op. The candidate is
 * mailed about each mark.
 */
export async function startNoResponseSweeper(deps: CommandServiceDeps, options: NoResponseSweeperOptions = {}) {
  const waiting = new Map<string, { jobId: string; candidateUserId: string; since: string }>();
  const subscription = deps.eventStore.subscribe(
    START,
    async (events) => {
      for (const event of events) {
        const type = event.type as ApplicationEvent['type'];
        const data = event.data as ApplicationSubmitted | ApplicationMoveData;
        const key = applicationStreamId(data.jobId, data.candidateUserId);
        if (AWAITING_COMPANY.includes(APPLICATION_EVENT_STATUS[type])) {
          waiting.set(key, { jobId: data.jobId, candidateUserId: data.candidateUserId, since: 'submittedAt' in data ? data.submittedAt : data.at });
        } else waiting.delete(key);
      }
    },
    { eventTypes: APPLICATION_EVENT_TYPES, onError: options.onError },
  );
  let running: Promise<number> | null = null;
  /** Marks every due application now; answers how many were marked. */
  const sweep = (): Promise<number> => {
    running ??= (async () => {
      const now = deps.clock.now();
      let marked = 0;
      for (const [streamId, entry] of [...waiting]) {
        if (now.getTime() - new Date(entry.since).getTime() < NO_RESPONSE_AFTER_DAYS * DAY) continue;
        const context: CommandContext = { actor: 'system', correlationId: deps.ids.newId(), causationId: null, clock: deps.clock, ids: deps.ids };
        try {
          // The candidate is told too (ADR 033); only the process whose sweep recorded the mark mails (its mail is appended with it).
          const result = await handleCommand(deps.eventStore, streamId, applicationDecider, { type: 'MarkNoResponse', data: { at: now.toISOString() } }, context, {
            outbox: (events, { version }) => applicationMoveMails(deps, events, version, (error) => options.onError?.(error)),
          });
          if (result.events.length > 0) marked++;
          // Marked, or moved meanwhile: either way no longer waiting as of `since`.
          if (waiting.get(streamId) === entry) waiting.delete(streamId);
        } catch (error) {
          options.onError?.(error);
        }
      }
      return marked;
    })().finally(() => {
      running = null;
    });
    return running;
  };
  const timer = setInterval(() => void sweep(), options.everyMs ?? 3600_000);
  timer.unref();
  return {
    sweep,
    /** How many applications wait for the company (for tests). */
    get waiting() {
      return waiting.size;
    },
    async stop() {
      clearInterval(timer);
      await subscription.stop();
      await running;
    },
  };
}

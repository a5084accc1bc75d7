import { createHash } from 'node:crypto';
import { candidateSummaryStreamId, type CandidateSummaryRequested } from '@hireloop/contracts';
import { AiServiceError, type AiPort } from '@hireloop/platform/ai';
import { DuplicateEventError, START, type Position, type RecordedEvent } from '@hireloop/platform/event-store';
import { handleCommand, type CommandContext } from '../shared/command-handler';
import type { CommandServiceDeps } from '../shared/deps';
import { loadState } from '../shared/stream';
import { isDue, summaryDecider, type SummaryCommand, type SummaryTrigger } from './decider';
import { loadProfileFacts, summaryFacts } from './profile-facts';

/*
 * The AI summary reaction (ADR 025). It follows the log for profile changes and regenerate
 * requests and queues one job per event on the bus (deduplicated by event id); the worker asks
 * the AI port for a summary of the profile's current non-identifying facts and appends
 * CandidateSummaryGenerated, or CandidateSummaryFailed when the AI service fails, to
 * `candidate-summary-<profileId>`. A job whose summary is no longer due (that version was
 * summarised, that request answered) does nothing, and the outcome's event id is derived from
 * what it answers, so a replayed or twice-delivered event never makes a second summary.
 */

export const SUMMARY_DUE_SUBJECT = 'candidate-summary.due';
const TRIGGER_TYPES = ['CandidateProfileCreated', 'CandidateProfileUpdated', 'CandidateSummaryRequested'] as const;

interface SummaryJob {
  profileId: string;
  kind: 'profile_changed' | 'regenerate';
  /** The event that set it off (for the audit trail and the outcome's id). */
  eventId: string;
  correlationId: string;
}

/** An event id (a UUID) that is the same every time the same thing is answered. */
export const derivedEventId = (key: string) => {
  const hex = createHash('sha256').update(key).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
};

const jobOf = (event: RecordedEvent): SummaryJob | null => {
  const data = event.data as { profileId?: unknown; reason?: CandidateSummaryRequested['reason'] };
  if (typeof data.profileId !== 'string') return null;
  if (event.type === 'CandidateSummaryRequested' && data.reason !== 'regenerate') return null;
  return {
    profileId: data.profileId,
    kind: event.type === 'CandidateSummaryRequested' ? 'regenerate' : 'profile_changed',
    eventId: event.metadata.eventId,
    correlationId: event.metadata.correlationId,
  };
};

/** Works one job: nothing if no summary is due, else one outcome event. */
export async function summarize(deps: CommandServiceDeps, ai: AiPort, job: SummaryJob): Promise<void> {
  const { facts, version } = await loadProfileFacts(deps.eventStore, job.profileId);
  if (!facts.exists) return;
  const trigger: SummaryTrigger = job.kind === 'regenerate' ? { kind: 'regenerate' } : { kind: 'profile_changed', contentVersion: facts.contentVersion };
  const streamId = candidateSummaryStreamId(job.profileId);
  if (!isDue((await loadState(deps.eventStore, streamId, summaryDecider)).state, trigger)) return;

  const base = { profileId: job.profileId, userId: facts.userId, profileVersion: version };
  let command: SummaryCommand;
  try {
    const result = await ai.summarizeCandidate(summaryFacts(facts));
    command = {
      type: 'RecordSummary',
      data: {
        trigger,
        outcome: { ...base, summaryText: result.summaryText, strengths: [...result.strengths], fitRoles: [...result.fitRoles], model: result.model, generatedAt: deps.clock.now().toISOString() },
      },
    };
  } catch (error) {
    // The AI service failed: recorded, so the page shows the error and a regenerate can retry.
    // Anything else (the database) is thrown: the bus delivers the job again.
    if (!(error instanceof AiServiceError)) throw error;
    command = { type: 'RecordFailure', data: { trigger, outcome: { ...base, reason: error.message, failedAt: deps.clock.now().toISOString() } } };
  }
  const answered = job.kind === 'regenerate' ? `request:${job.eventId}` : `profile:${job.profileId}:${facts.contentVersion}`;
  const context: CommandContext = {
    actor: 'system',
    correlationId: job.correlationId,
    causationId: job.eventId,
    clock: deps.clock,
    ids: { newId: () => derivedEventId(`candidate-summary:${answered}`), newToken: (bytes) => deps.ids.newToken(bytes) },
  };
  try {
    await handleCommand(deps.eventStore, streamId, summaryDecider, command, context);
  } catch (error) {
    if (error instanceof DuplicateEventError) return; // another process answered the same thing
    throw error;
  }
}

export interface SummaryReactionOptions {
  /** Where the work is reported going wrong (the AI's input is never part of it). */
  onError?: (error: unknown) => void;
}

/** The reaction's name in `reactionCheckpoints`. */
export const SUMMARY_REACTION = 'candidate-summary';

/**
 * A batch that hands nothing over (the log moved on with other events: job posts, sign-ins)
 * moves the checkpoint at most this often, and at stop (ADR 114): resuming from an older one only
 * reads the same nothing again, and each write is a transaction of its own on a busy log.
 */
export const IDLE_CHECKPOINT_MS = 5_000;

/**
 * Starts the reaction: follows the log from where it last handed work over (its checkpoint,
 * saved after each batch is queued; from the start without one) and works the queued jobs. A
 * batch queued again after a crash is deduplicated by the bus (message id per event), and a job
 * already answered does nothing.
 */
export async function startCandidateSummaryReaction(deps: CommandServiceDeps, ai: AiPort, options: SummaryReactionOptions = {}) {
  const stopWorker = await deps.bus.work<SummaryJob>({ queue: 'candidate-summary', subject: SUMMARY_DUE_SUBJECT, maxAttempts: 5, ackWaitMs: 120_000 }, async ({ data }) => {
    try {
      await summarize(deps, ai, data);
    } catch (error) {
      options.onError?.(error);
      throw error;
    }
  });
  const checkpoints = deps.reactionCheckpoints;
  let from: Position = START;
  try {
    from = (await checkpoints?.get(SUMMARY_REACTION)) ?? START;
  } catch (error) {
    await stopWorker();
    throw error;
  }
  let savedAt = Number.NEGATIVE_INFINITY;
  let unsaved: Position | null = null;
  const save = async (position: Position) => {
    await checkpoints?.set(SUMMARY_REACTION, position);
    savedAt = deps.clock.now().getTime();
    unsaved = null;
  };
  const subscription = deps.eventStore.subscribe(
    from,
    async (events, nextPosition) => {
      let handedOver = false;
      for (const event of events) {
        const job = jobOf(event);
        if (!job) continue;
        await deps.bus.enqueue(SUMMARY_DUE_SUBJECT, job, { messageId: `candidate-summary-${job.eventId}` });
        handedOver = true;
      }
      if (!handedOver && deps.clock.now().getTime() - savedAt < IDLE_CHECKPOINT_MS) unsaved = nextPosition;
      else await save(nextPosition);
    },
    { eventTypes: TRIGGER_TYPES, onError: options.onError },
  );
  return async () => {
    await subscription.stop();
    try {
      if (unsaved) await save(unsaved);
    } finally {
      await stopWorker();
    }
  };
}

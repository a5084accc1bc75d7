import { JOBS_PER_ALERT_MAIL, jobStreamId, savedSearchStreamId, type AlertFrequency, type JobContent, type JobAlertSent, type SavedSearchEvent } from '@hireloop/contracts';
import { hashToken } from '@hireloop/platform/accounts/tokens';
import { START, type Position, type RecordedEvent } from '@hireloop/platform/event-store';
import { mailToSend } from '@hireloop/platform/mailer/hand-over';
import type { MailMessage } from '@hireloop/platform/mailer/types';
import type { OutboxMessage } from '@hireloop/platform/outbox';
import { loadUserAccount } from '../auth/accounts';
import { handleCommand, type CommandContext } from '../shared/command-handler';
import type { CommandServiceDeps, SavedSearchCriteria, SavedSearchSupport } from '../shared/deps';
import { savedSearchDecider, type SavedSearchCommand } from './decider';

/*
 * Job alerts (ADR 067): a reaction that follows the log in order with a checkpoint. It keeps the
 * saved searches it has read so far; each new job (posted or imported) is matched against the
 * searches saved BEFORE it in the log, by the board's own rules, so a search saved today never
 * mails yesterday's jobs. A batch's matches go to each search's stream as one command: instant
 * searches get one mail (committed with `JobAlertSent` through the outbox, ADR 053), daily
 * searches keep the jobs (`JobAlertMatched`) for the day's mail. The stream remembers every job
 * it mailed, so a batch read again after a crash mails nothing twice.
 */

export const JOB_ALERT_REACTION = 'job-alerts';
const SEARCH_TYPES = ['JobSearchSaved', 'JobSearchAlertsChanged', 'JobSearchDeleted', 'PersonErased'] as const;
const JOB_TYPES = ['JobPosted', 'JobImported'] as const;
/** How often due daily alerts are looked for. */
const DAILY_CHECK_MS = 5 * 60_000;

interface Watched extends SavedSearchCriteria {
  searchId: string;
  userId: string;
  frequency: AlertFrequency;
}

type JobSeen = JobContent & { jobId: string };

/** The saved searches as the log has them so far: what the reaction matches new jobs against. */
export class WatchedSearches {
  private readonly searches = new Map<string, Watched>();

  apply(event: RecordedEvent): void {
    const data = event.data as Record<string, unknown>;
    switch (event.type) {
      case 'JobSearchSaved': {
        const { searchId, userId, keywords, location, type, frequency } = data as unknown as Watched;
        this.searches.set(searchId, { searchId, userId, keywords, location, type, frequency });
        return;
      }
      case 'JobSearchAlertsChanged': {
        const watched = this.searches.get(data.searchId as string);
        if (watched) watched.frequency = data.frequency as AlertFrequency;
        return;
      }
      case 'JobSearchDeleted':
        this.searches.delete(data.searchId as string);
        return;
      case 'PersonErased':
        for (const [searchId, watched] of this.searches) if (watched.userId === data.userId) this.searches.delete(searchId);
        return;
    }
  }

  /** The searches with alerts on that `job` matches. */
  matching(job: JobContent, support: SavedSearchSupport): Watched[] {
    return [...this.searches.values()].filter((watched) => watched.frequency !== 'off' && support.matches(job, watched));
  }

  daily(): Watched[] {
    return [...this.searches.values()].filter((watched) => watched.frequency === 'daily');
  }
}

const label = (search: SavedSearchCriteria) => [search.keywords, search.type, search.location].filter(Boolean).join(' · ');

const boardUrl = (publicUrl: string, search: SavedSearchCriteria) => {
  const url = new URL('/jobs', publicUrl);
  if (search.keywords) url.searchParams.set('search', search.keywords);
  if (search.location) url.searchParams.set('location', search.location);
  if (search.type) url.searchParams.set('type', search.type);
  return url.toString();
};

/** The alert mail: the jobs (at most `JOBS_PER_ALERT_MAIL`), the board link and the unsubscribe link (a secret of the recipient's). */
export function jobAlertMail(options: {
  to: string;
  name: string;
  search: SavedSearchCriteria;
  jobs: readonly JobSeen[];
  frequency: JobAlertSent['frequency'];
  publicUrl: string;
  unsubscribeToken: string;
}): MailMessage {
  const { jobs, search, publicUrl } = options;
  const unsubscribeUrl = `${new URL('/alerts/unsubscribe', publicUrl).toString()}#${options.unsubscribeToken}`;
  const shown = jobs.slice(0, JOBS_PER_ALERT_MAIL);
  const subject = jobs.length === 1 ? `New job for "${label(search)}": ${jobs[0]!.title} at ${jobs[0]!.company}` : `${jobs.length} new jobs for "${label(search)}"`;
  return {
    to: options.to,
    subject,
    text: [
      `Hi ${options.name || 'there'},`,
      '',
      options.frequency === 'daily' ? `Today's new jobs on Hireloop for your saved search "${label(search)}":` : `A new job on Hireloop matches your saved search "${label(search)}":`,
      '',
      ...shown.map((job) => `- ${job.title} at ${job.company} (${job.location})\n  ${new URL(`/job/${job.jobId}`, publicUrl).toString()}`),
      ...(jobs.length > shown.length ? ['', `…and ${jobs.length - shown.length} more on the board.`] : []),
      '',
      `See every match: ${boardUrl(publicUrl, search)}`,
      `Manage your saved searches: ${new URL('/dashboard', publicUrl).toString()}`,
      '',
      `Stop these alerts: ${unsubscribeUrl}`,
    ].join('\n'),
    secrets: [unsubscribeUrl],
  };
}

/** The job as it stands (its stream), or null when it is closed or unknown. */
async function openJob(deps: CommandServiceDeps, jobId: string): Promise<JobSeen | null> {
  const { events } = await deps.eventStore.readStream(jobStreamId(jobId));
  let job: JobSeen | null = null;
  let open = false;
  for (const event of events) {
    const data = event.data as JobSeen;
    if (event.type === 'JobPosted' || event.type === 'JobImported' || event.type === 'ImportedJobRevised') job = { ...(job ?? {}), ...data, jobId };
    if (event.type === 'JobPosted' || event.type === 'JobImported' || event.type === 'JobReopened') open = true;
    if (event.type === 'JobClosed') open = false;
  }
  return job && open ? job : null;
}

/** One command on a search's stream, with its mail in the outbox when it sends one. */
async function onSearch(deps: CommandServiceDeps, watched: Watched, command: (tokenHash: string) => SavedSearchCommand, jobsOf: (jobIds: readonly string[]) => Promise<JobSeen[]>, context: CommandContext) {
  const token = `${watched.searchId}.${deps.ids.newToken(24)}`;
  return handleCommand(deps.eventStore, savedSearchStreamId(watched.userId), savedSearchDecider, command(hashToken(token)), context, {
    outbox: async (events, { version }): Promise<OutboxMessage[]> => {
      const sent = events.find((event): event is Extract<SavedSearchEvent, { type: 'JobAlertSent' }> => event.type === 'JobAlertSent' && event.data.searchId === watched.searchId);
      if (!sent) return [];
      const account = await loadUserAccount(deps, watched.userId);
      const jobs = await jobsOf(sent.data.jobIds);
      if (account.status !== 'registered' || jobs.length === 0) return [];
      const mail = jobAlertMail({ to: account.email, name: account.name, search: watched, jobs, frequency: sent.data.frequency, publicUrl: deps.publicUrl, unsubscribeToken: token });
      return [mailToSend(mail, `job-alert-${watched.userId}-${version}`)];
    },
  });
}

const systemContext = (deps: CommandServiceDeps, correlationId: string, causationId: string | null): CommandContext => ({
  actor: 'system',
  correlationId,
  causationId,
  clock: deps.clock,
  ids: deps.ids,
});

/** Handles one batch of the log: keeps the searches up to date, and records each search's new matches. */
export async function handleAlertBatch(deps: CommandServiceDeps, support: SavedSearchSupport, watched: WatchedSearches, events: readonly RecordedEvent[]): Promise<void> {
  const found = new Map<string, { watched: Watched; jobs: Map<string, JobSeen>; event: RecordedEvent }>();
  for (const event of events) {
    if (event.type === 'JobPosted' || event.type === 'JobImported') {
      const job = event.data as JobSeen;
      for (const search of watched.matching(job, support)) {
        const entry = found.get(search.searchId) ?? { watched: search, jobs: new Map<string, JobSeen>(), event };
        entry.jobs.set(job.jobId, job);
        found.set(search.searchId, entry);
      }
    } else {
      watched.apply(event);
    }
  }
  for (const { watched: search, jobs, event } of found.values()) {
    const at = deps.clock.now().toISOString();
    await onSearch(
      deps,
      search,
      (unsubscribeTokenHash) => ({ type: 'RecordMatches', data: { searchId: search.searchId, jobIds: [...jobs.keys()], unsubscribeTokenHash, at } }),
      async (jobIds) => jobIds.map((jobId) => jobs.get(jobId)).filter((job): job is JobSeen => job !== undefined),
      systemContext(deps, event.metadata.correlationId, event.metadata.eventId),
    );
  }
}

/** Mails every daily alert that is due (a day after the last one) with the jobs kept since, those still open. */
export async function sendDueDailyAlerts(deps: CommandServiceDeps, watched: WatchedSearches): Promise<number> {
  let sent = 0;
  for (const search of watched.daily()) {
    const result = await onSearch(
      deps,
      search,
      (unsubscribeTokenHash) => ({ type: 'SendDailyAlert', data: { searchId: search.searchId, unsubscribeTokenHash, at: deps.clock.now().toISOString() } }),
      async (jobIds) => (await Promise.all(jobIds.map((jobId) => openJob(deps, jobId)))).filter((job): job is JobSeen => job !== null),
      systemContext(deps, `daily-alert-${search.searchId}`, null),
    );
    if (result.events.length > 0) sent += 1;
  }
  return sent;
}

export interface JobAlertReaction {
  /** Mails the daily alerts that are due now (the reaction also does it every few minutes). */
  sendDueDailyAlerts(): Promise<number>;
  stop(): Promise<void>;
}

/**
 * Starts the reaction from its checkpoint: first the searches saved up to it are read again (the
 * log's saved-search events only), then it follows the log from there.
 */
export async function startJobAlertReaction(deps: CommandServiceDeps, support: SavedSearchSupport, options: { onError?: (error: unknown) => void; dailyCheckMs?: number } = {}): Promise<JobAlertReaction> {
  const checkpoints = deps.reactionCheckpoints;
  const from: Position = (await checkpoints?.get(JOB_ALERT_REACTION)) ?? START;
  const watched = new WatchedSearches();
  if (from !== START) {
    let position: Position = START;
    for (;;) {
      const { events, nextPosition } = await deps.eventStore.readAll(position, { eventTypes: SEARCH_TYPES, batchSize: 1000 });
      for (const event of events) if (event.position <= from) watched.apply(event);
      if (events.length === 0 || nextPosition >= from || nextPosition === position) break;
      position = nextPosition;
    }
  }
  let daily: Promise<number> = Promise.resolve(0);
  const runDaily = () => {
    daily = daily.then(() => sendDueDailyAlerts(deps, watched)).catch((error: unknown) => {
      options.onError?.(error);
      return 0;
    });
    return daily;
  };
  const subscription = deps.eventStore.subscribe(
    from,
    async (events, nextPosition) => {
      await handleAlertBatch(deps, support, watched, events);
      await checkpoints?.set(JOB_ALERT_REACTION, nextPosition);
    },
    { eventTypes: [...SEARCH_TYPES, ...JOB_TYPES], onError: options.onError },
  );
  const timer = setInterval(() => void runDaily(), options.dailyCheckMs ?? DAILY_CHECK_MS);
  timer.unref();
  return {
    sendDueDailyAlerts: runDaily,
    async stop() {
      clearInterval(timer);
      await subscription.stop();
      await daily;
    },
  };
}

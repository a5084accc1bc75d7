import {
  ANALYTICS_COUNTS_SCHEMA_VERSION,
  analyticsCountsStreamId,
  normaliseSearchText,
  type CandidateCardsShown,
  type JobListQuery,
  type PageViewsCounted,
  type JobSearchesCounted,
  type JobViewsCounted,
} from '@hireloop/contracts';
import { DuplicateEventError, type EventStore, type NewEvent } from '@hireloop/platform/event-store';
import type { Clock, IdGenerator } from '@hireloop/platform/runtime';

type Via = 'id' | 'share';

/** What the query routes call after answering (see `JobQueryOptions`): constant time, never throws. */
export interface BoardActivityHooks {
  onView(jobId: string, via: Via): void;
  onSearch(query: JobListQuery, total: number): void;
  /** A company's user was shown these candidates' cards (for the candidates' ledgers, ADR 037). */
  onCardsShown(companyId: string, profileIds: readonly string[]): void;
  /** The app showed a page (a route pattern), to a visitor who accepted analytics (ADR 041). */
  onPageView(route: string): void;
}

export interface BoardActivityLimits {
  /** Distinct (day, job, via) itemised per flush; further views count in the day's total only. */
  maxViewKeys: number;
  /** Distinct (day, normalised query) itemised per flush; further searches count in the day's totals only. */
  maxSearchKeys: number;
  /** Distinct (day, company, card) recorded per flush; further cards shown are not recorded. */
  maxShownKeys: number;
  /** Distinct (day, route) itemised per flush; further page views count in the day's total only. */
  maxPageKeys: number;
}

interface ViewCount {
  day: string;
  jobId: string;
  via: Via;
  count: number;
}

interface SearchCount {
  day: string;
  search: string;
  location: string;
  type: string;
  status: string;
  count: number;
  withoutResults: number;
}

interface DayTotals {
  views: number;
  searches: number;
  searchesWithoutResults: number;
}

/** The counts of one flush, shaped as the events that carry them. */
export interface BoardActivityCounts {
  views: JobViewsCounted | null;
  searches: JobSearchesCounted | null;
  shown: CandidateCardsShown | null;
  pages: PageViewsCounted | null;
}

const dayOf = (at: Date) => at.toISOString().slice(0, 10);

/**
 * Searches and job views since the last flush, counted in memory. Bounded: at most
 * `maxViewKeys + maxSearchKeys` itemised counts plus one total per day seen since the last flush,
 * however many reads arrive.
 */
export class BoardActivityTally {
  private views = new Map<string, ViewCount>();
  private searches = new Map<string, SearchCount>();
  /** `<day>\n<companyId>` → the profile ids shown to the company that day. */
  private shown = new Map<string, { day: string; companyId: string; profileIds: Set<string> }>();
  private shownKeys = 0;
  private shownSpan: [number, number] | null = null;
  /** `<day>\n<route>` → page views; `pageDays`: each day's total. */
  private pages = new Map<string, { day: string; route: string; count: number }>();
  private pageDays = new Map<string, number>();
  private pageSpan: [number, number] | null = null;
  private days = new Map<string, DayTotals>();
  private viewSpan: [number, number] | null = null;
  private searchSpan: [number, number] | null = null;

  constructor(private readonly limits: BoardActivityLimits) {}

  /** Counts held now (itemised views and searches, day totals, cards shown). */
  get size(): number {
    return this.views.size + this.searches.size + this.days.size + this.shownKeys + this.pages.size + this.pageDays.size;
  }

  pageView(at: Date, route: string): void {
    const day = dayOf(at);
    const key = `${day}\n${route}`;
    const counted = this.pages.get(key);
    if (counted) counted.count += 1;
    else if (this.pages.size < this.limits.maxPageKeys) this.pages.set(key, { day, route, count: 1 });
    this.pageDays.set(day, (this.pageDays.get(day) ?? 0) + 1);
    this.pageSpan = widen(this.pageSpan, at.getTime());
  }

  cardsShown(at: Date, companyId: string, profileIds: readonly string[]): void {
    if (profileIds.length === 0) return;
    const day = dayOf(at);
    const key = `${day}\n${companyId}`;
    let entry = this.shown.get(key);
    for (const profileId of profileIds) {
      if (entry?.profileIds.has(profileId)) continue;
      if (this.shownKeys >= this.limits.maxShownKeys) break;
      if (!entry) this.shown.set(key, (entry = { day, companyId, profileIds: new Set() }));
      entry.profileIds.add(profileId);
      this.shownKeys += 1;
    }
    this.shownSpan = widen(this.shownSpan, at.getTime());
  }

  view(at: Date, jobId: string, via: Via): void {
    const day = dayOf(at);
    const key = `${day}\n${via}\n${jobId}`;
    const counted = this.views.get(key);
    if (counted) counted.count += 1;
    else if (this.views.size < this.limits.maxViewKeys) this.views.set(key, { day, jobId, via, count: 1 });
    this.totals(day).views += 1;
    this.viewSpan = widen(this.viewSpan, at.getTime());
  }

  search(at: Date, query: Pick<JobListQuery, 'search' | 'location' | 'type' | 'status'>, resultCount: number): void {
    const day = dayOf(at);
    const search = normaliseSearchText(query.search);
    const location = normaliseSearchText(query.location);
    const type = normaliseSearchText(query.type);
    const empty = resultCount === 0 ? 1 : 0;
    const key = `${day}\n${query.status}\n${search}\n${location}\n${type}`;
    const counted = this.searches.get(key);
    if (counted) {
      counted.count += 1;
      counted.withoutResults += empty;
    } else if (this.searches.size < this.limits.maxSearchKeys) {
      this.searches.set(key, { day, search, location, type, status: query.status, count: 1, withoutResults: empty });
    }
    const totals = this.totals(day);
    totals.searches += 1;
    totals.searchesWithoutResults += empty;
    this.searchSpan = widen(this.searchSpan, at.getTime());
  }

  /** The counts so far, and a fresh start. */
  take(): BoardActivityCounts {
    const days = [...this.days.entries()].sort(([a], [b]) => a.localeCompare(b));
    const views: JobViewsCounted | null = this.viewSpan && {
      ...span(this.viewSpan),
      days: days
        .filter(([, totals]) => totals.views > 0)
        .map(([day, totals]) => ({
          day,
          total: totals.views,
          jobs: [...this.views.values()].filter((view) => view.day === day).map(({ jobId, via, count }) => ({ jobId, via, count })),
        })),
    };
    const searches: JobSearchesCounted | null = this.searchSpan && {
      ...span(this.searchSpan),
      days: days
        .filter(([, totals]) => totals.searches > 0)
        .map(([day, totals]) => ({
          day,
          total: totals.searches,
          withoutResults: totals.searchesWithoutResults,
          queries: [...this.searches.values()]
            .filter((search) => search.day === day)
            .map(({ search, location, type, status, count, withoutResults }) => ({ search, location, type, status, count, withoutResults })),
        })),
    };
    const shown: CandidateCardsShown | null =
      this.shownSpan && this.shown.size > 0
        ? { ...span(this.shownSpan), shown: [...this.shown.values()].map(({ day, companyId, profileIds }) => ({ day, companyId, profileIds: [...profileIds] })) }
        : null;
    const pages: PageViewsCounted | null = this.pageSpan && {
      ...span(this.pageSpan),
      days: [...this.pageDays.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([day, total]) => ({ day, total, routes: [...this.pages.values()].filter((page) => page.day === day).map(({ route, count }) => ({ route, count })) })),
    };
    this.pages = new Map();
    this.pageDays = new Map();
    this.pageSpan = null;
    this.views = new Map();
    this.searches = new Map();
    this.days = new Map();
    this.shown = new Map();
    this.shownKeys = 0;
    this.viewSpan = null;
    this.searchSpan = null;
    this.shownSpan = null;
    return { views, searches, shown, pages };
  }

  private totals(day: string): DayTotals {
    let totals = this.days.get(day);
    if (!totals) {
      totals = { views: 0, searches: 0, searchesWithoutResults: 0 };
      this.days.set(day, totals);
    }
    return totals;
  }
}

const widen = (current: [number, number] | null, at: number): [number, number] =>
  current ? [Math.min(current[0], at), Math.max(current[1], at)] : [at, at];
const span = ([from, to]: [number, number]) => ({ from: new Date(from).toISOString(), to: new Date(to).toISOString() });

export interface BoardActivityOptions extends Partial<BoardActivityLimits> {
  eventStore: Pick<EventStore, 'append'>;
  clock: Clock;
  ids: IdGenerator;
  /** Names this process's streams, so that no two processes append to one stream. Default: a new id. */
  instanceId?: string;
  /** How often the counts are appended. Default 5 s. */
  flushIntervalMs?: number;
  /** Flushes kept while the event store refuses them; past that the oldest is dropped. Default 60. */
  maxPendingFlushes?: number;
  /** Something went wrong that an operator should know; never thrown. */
  onWarning?: (message: string, details: Record<string, unknown>) => void;
}

interface PendingFlush {
  streamId: string;
  events: NewEvent[];
}

export interface BoardActivityStats {
  /** Counts held since the last flush. */
  keys: number;
  /** Flushes built but not yet stored (the event store refused them). */
  pendingFlushes: number;
  /** Flushes given up because more than `maxPendingFlushes` were waiting. */
  droppedFlushes: number;
}

/**
 * Counts the board's searches and job views in the process that answers them and appends the
 * counts every few seconds (and on close) as one `JobViewsCounted` and one `JobSearchesCounted`
 * event, to a stream of this process only (so flushes never contend). Each flush's event ids are
 * fixed when it is built: an append retried after an unclear failure is a `DuplicateEventError`,
 * which means "already stored". While the store refuses appends, at most `maxPendingFlushes` wait;
 * the oldest is then dropped with a warning. A read never waits for, or fails because of, any of it.
 */
export class BoardActivityCounter {
  readonly hooks: BoardActivityHooks;
  private readonly tally: BoardActivityTally;
  private readonly pending: PendingFlush[] = [];
  private readonly instanceId: string;
  private readonly flushIntervalMs: number;
  private readonly maxPendingFlushes: number;
  private readonly warn: NonNullable<BoardActivityOptions['onWarning']>;
  private draining: Promise<void> | null = null;
  private timer: ReturnType<typeof setInterval> | undefined;
  private storeFailing = false;
  private droppedFlushes = 0;

  constructor(private readonly options: BoardActivityOptions) {
    this.tally = new BoardActivityTally({ maxViewKeys: options.maxViewKeys ?? 5_000, maxSearchKeys: options.maxSearchKeys ?? 1_000, maxShownKeys: options.maxShownKeys ?? 20_000, maxPageKeys: options.maxPageKeys ?? 500 });
    this.instanceId = options.instanceId ?? options.ids.newId();
    this.flushIntervalMs = options.flushIntervalMs ?? 5_000;
    this.maxPendingFlushes = Math.max(1, options.maxPendingFlushes ?? 60);
    this.warn = options.onWarning ?? (() => undefined);
    const { clock } = options;
    this.hooks = {
      onView: (jobId, via) => this.tally.view(clock.now(), jobId, via),
      onSearch: (query, total) => {
        // A search is someone looking for something: first pages with a term, not every page flip.
        if (query.page !== 1 || query.mine || !(query.search || query.location || query.type)) return;
        this.tally.search(clock.now(), query, total);
      },
      onCardsShown: (companyId, profileIds) => this.tally.cardsShown(clock.now(), companyId, profileIds),
      onPageView: (route) => this.tally.pageView(clock.now(), route),
    };
  }

  stats(): BoardActivityStats {
    return { keys: this.tally.size, pendingFlushes: this.pending.length, droppedFlushes: this.droppedFlushes };
  }

  /** Flushes every `flushIntervalMs` until `close()`. */
  start(): void {
    if (this.timer !== undefined) return;
    this.timer = setInterval(() => void this.flush(), this.flushIntervalMs);
    this.timer.unref();
  }

  /** Turns what was counted into one pending flush and appends every pending flush, oldest first. */
  async flush(): Promise<void> {
    this.cut();
    while (this.draining) await this.draining;
    if (this.pending.length === 0) return;
    const run = this.drain();
    this.draining = run;
    try {
      await run;
    } finally {
      if (this.draining === run) this.draining = null;
    }
  }

  /** Stops the timer and makes a last flush; what the store still refuses then is lost (and said). */
  async close(): Promise<void> {
    if (this.timer !== undefined) clearInterval(this.timer);
    this.timer = undefined;
    await this.flush();
    if (this.pending.length > 0) this.warn('board activity not stored at shutdown', { pendingFlushes: this.pending.length });
  }

  private cut(): void {
    const { views, searches, shown, pages } = this.tally.take();
    if (!views && !searches && !shown && !pages) return;
    const now = this.options.clock.now();
    const flushId = this.options.ids.newId();
    const event = (type: string, data: unknown): NewEvent => ({
      type,
      data,
      metadata: {
        eventId: this.options.ids.newId(),
        occurredAt: now.toISOString(),
        actor: 'system',
        correlationId: flushId,
        causationId: null,
        schemaVersion: ANALYTICS_COUNTS_SCHEMA_VERSION,
      },
    });
    const events: NewEvent[] = [];
    if (views) events.push(event('JobViewsCounted', views));
    if (searches) events.push(event('JobSearchesCounted', searches));
    if (shown) events.push(event('CandidateCardsShown', shown));
    if (pages) events.push(event('PageViewsCounted', pages));
    this.pending.push({ streamId: analyticsCountsStreamId(now.toISOString(), this.instanceId), events });
    if (this.pending.length > this.maxPendingFlushes) {
      this.pending.shift();
      this.droppedFlushes += 1;
      this.warn('board activity dropped: the event store has refused it for too long', {
        droppedFlushes: this.droppedFlushes,
        pendingFlushes: this.pending.length,
      });
    }
  }

  private async drain(): Promise<void> {
    while (this.pending.length > 0) {
      const next = this.pending[0]!;
      try {
        await this.options.eventStore.append(next.streamId, next.events, { expectedVersion: 'any' });
      } catch (error) {
        // Stored by an earlier attempt whose answer was lost: done.
        if (!(error instanceof DuplicateEventError)) {
          // Said once per outage, not every few seconds; the flush is tried again next time.
          if (!this.storeFailing) this.warn('board activity not stored yet; will retry', { err: error, pendingFlushes: this.pending.length });
          this.storeFailing = true;
          return;
        }
      }
      this.storeFailing = false;
      // A flush dropped while it was being appended is no longer first.
      const index = this.pending.indexOf(next);
      if (index !== -1) this.pending.splice(index, 1);
    }
  }
}

import { textAnswer } from '@hireloop/platform/http/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DomainError,
  ErrorBody,
  JOB_MESSAGES,
  Job,
  JobHistory,
  JobListQuery,
  MyApplication,
  PROFILE_MESSAGES,
  SuggestedJobs,
  SuggestedJobsQuery,
  TOTAL_COUNT_HEADER,
  DID_YOU_MEAN_HEADER,
  type CandidateProfile,
} from '@hireloop/contracts';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { candidateProfilesProjection } from '@hireloop/projections/candidate-profiles/projection';
import { findProfileByUserId } from '@hireloop/projections/candidate-profiles/queries';
import { MATCH_SCORE_VERSION, matcherFor, withMatch, type MatchJob, type MatchResult } from '@hireloop/projections/matching/match-score';
import { findApplication } from '@hireloop/projections/applications/queries';
import { findUserById } from '@hireloop/projections/users/queries';
import type { ReadStore } from '@hireloop/platform/read-store';
import { jobSearch } from '@hireloop/projections/job-board/job-search';
import { findJob, findJobByShareToken, latestOpenJobs } from '@hireloop/projections/job-board/queries';
import { findJobHistory } from '@hireloop/projections/job-history/queries';
import type { ProjectionProgress } from '../shared/projection-progress';
import type { ReadsReadModels } from '../shared/read-your-writes';
import { jobsRss, robotsTxt, sitemapXml } from './rss';
import { JobSearchIndex, type JobSearchIndexOptions, type SearchIndexSnapshotEvent } from './search-index';

export interface JobQueryOptions {
  readStore: ReadStore;
  publicUrl: string;
  /** How far the read models have got: the search index catches up when the job board moves on. */
  progress: ProjectionProgress;
  /** Answers `GET /api/jobs` from memory; one is made if not given. Either way it loads when the app is ready. */
  searchIndex?: JobSearchIndex;
  /** Where the index made here is saved and restored from (ADR 085); without it, each start builds it from the read store. */
  searchIndexSnapshot?: JobSearchIndexOptions['snapshot'];
  /** Called after a search or a job view is answered (analytics: counted in memory; must not throw or wait). */
  onSearch?: (query: JobListQuery, total: number) => void;
  onView?: (jobId: string, via: 'id' | 'share') => void;
}

const JobId = z.string().min(1).max(100);

/** How many jobs each search of the suggestions' candidate set brings (ADR 027). */
const SUGGESTION_TITLE_JOBS = 100;
const SUGGESTION_SKILLS = 3;
const SUGGESTION_SKILL_JOBS = 50;
const SUGGESTION_LATEST_JOBS = 50;

/** Profiles kept in memory for scoring the board (the oldest read goes first). */
const PROFILE_CACHE = 1000;

/** A signed-in candidate's profile and its scorer (the profile's part of scoring done once). */
interface Viewer {
  profile: CandidateProfile;
  match: (job: MatchJob) => MatchResult;
  /**
   * The jobs scored for this viewer, by the job object the search index answers (the same object
   * while the job is unchanged, ADR 029); dropped with the viewer when the profiles move on.
   */
  scored: WeakMap<Job, Job>;
}

/** A job scored for the viewer, from what was scored before when it is the same job object. */
const scoredFor = (viewer: Viewer, job: Job): Job => {
  let scored = viewer.scored.get(job);
  if (!scored) {
    scored = withMatch(viewer.match, job);
    viewer.scored.set(job, scored);
  }
  return scored;
};

/**
 * A job's JSON as the `Job` response schema sends it (encoded by its contract, then stringified:
 * what fastify-type-provider-zod's serializer does), made once per job object. The index hands
 * out the same object while the job is unchanged, so a page costs a join, not an encode of each
 * job (ADR 085). A job off its contract throws, as the response schema would.
 */
const jobJsonCache = new WeakMap<Job, string>();
const jobJson = (job: Job): string => {
  let json = jobJsonCache.get(job);
  if (json === undefined) {
    const encoded = z.safeEncode(Job, job);
    if (!encoded.success) throw encoded.error;
    json = JSON.stringify(encoded.data);
    jobJsonCache.set(job, json);
  }
  return json;
};

const boardQuery = (search: string, pageSize: number): JobListQuery => ({ search, location: '', type: '', status: 'open', page: 1, pageSize, mine: false });

/**
 * The answer differs by who asks (a candidate with a profile gets match scores): caches must
 * key it by the Authorization header. Signed-in answers are `private, no-store` anyway
 * (security-headers plugin), so a scored answer is never stored for anyone else.
 */
const variesByViewer = (reply: FastifyReply) => reply.header('vary', 'Authorization');

/** What became of the search index's snapshot, in the log: a rebuild always says why. */
function logSnapshot(log: FastifyBaseLogger, event: SearchIndexSnapshotEvent) {
  switch (event.kind) {
    case 'restored':
      log.info({ jobs: event.jobs, position: event.position, bytes: event.bytes, ms: Math.round(event.ms) }, 'job search index restored from its snapshot; catching up from its position');
      break;
    case 'saved':
      log.info({ jobs: event.jobs, position: event.position, bytes: event.bytes, ms: Math.round(event.ms) }, 'job search index snapshot saved');
      break;
    case 'missing':
      log.info({ file: event.file }, 'job search index: no snapshot yet, building the index from the read store');
      break;
    case 'rejected':
      log.warn({ reason: event.reason }, 'job search index snapshot not used, building the index from the read store');
      break;
    case 'failed':
      log.warn({ err: event.error }, 'job search index snapshot failed (the index is built from the read store)');
      break;
  }
}

export const jobQueryRoutes: FastifyPluginAsyncZod<JobQueryOptions> = async (app, options) => {
  const { readStore } = options;
  const searchIndex =
    options.searchIndex ??
    new JobSearchIndex(readStore, {
      progress: options.progress,
      onLoad: (load) => {
        if (load.kind === 'full') app.log.info(load, 'job search index loaded');
      },
      onError: (error) => app.log.warn({ err: error }, 'job search index load failed'),
      snapshot: options.searchIndexSnapshot,
      onSnapshot: (event) => logSnapshot(app.log, event),
    });
  // Loaded in the background from start-up, not on the first search; `ready()` does not wait for it.
  app.addHook('onReady', async () => searchIndex.start());
  app.addHook('onClose', async () => searchIndex.stop());

  /**
   * The profiles read for scoring, by user id (null: none), kept while the candidate-profiles
   * read model stays where it was: any move of it (heard on the bus, polled, or waited for by
   * read-your-writes) empties the cache, and a read that overlapped a move is not kept.
   */
  const profiles = new Map<string, Viewer | null>();
  let profilesGeneration = 0;
  const forgetProfiles = () => {
    profilesGeneration++;
    profiles.clear();
  };
  let stopWatchingProfiles: (() => void) | null = null;
  app.addHook('onReady', async () => {
    // Without the profiles read model in this service (a board-only app), profiles are read every time, never kept.
    if (options.progress.knows(candidateProfilesProjection.name)) {
      stopWatchingProfiles = options.progress.watch(candidateProfilesProjection.name, forgetProfiles);
    }
  });
  app.addHook('onClose', async () => stopWatchingProfiles?.());
  /** The cache follows the profiles read model: a request waits for it before looking (ADR 054). */
  const profileCache: ReadsReadModels = { readModels: [candidateProfilesProjection.name] };
  const profileOf = async (request: FastifyRequest, userId: string): Promise<Viewer | null> => {
    await request.caughtUpWith(profileCache);
    if (stopWatchingProfiles && profiles.has(userId)) return profiles.get(userId)!;
    const generation = profilesGeneration;
    const profile = await findProfileByUserId(request.readStore, userId);
    const viewer = profile && { profile, match: matcherFor(profile), scored: new WeakMap<Job, Job>() };
    if (stopWatchingProfiles && generation === profilesGeneration) {
      if (profiles.size >= PROFILE_CACHE) profiles.delete(profiles.keys().next().value!);
      profiles.set(userId, viewer);
    }
    return viewer;
  };

  /**
   * The profile to score jobs against: the signed-in caller's own candidate profile, or null
   * (visitors, companies, candidates without a profile).
   */
  const viewerProfile = async (request: FastifyRequest): Promise<Viewer | null> => {
    const session = await request.session();
    return session ? profileOf(request, session.userId) : null;
  };

  /** The board's page, with the headers it answers beside it (documented for the OpenAPI document). */
  const BoardPage = z.array(Job).meta({
    description: 'One page of jobs, newest first.',
    headers: {
      [TOTAL_COUNT_HEADER]: { type: 'integer', description: 'How many jobs match in all.' },
      [DID_YOU_MEAN_HEADER]: {
        type: 'string',
        description: 'Only when nothing matched: the search to suggest instead (words corrected to ones the board holds), percent-encoded UTF-8.',
      },
    },
  });

  app.get(
    '/api/jobs',
    // The board's hot paths: successful answers are logged at debug, not one info line each.
    { config: { frequent: true }, schema: { tags: ['jobs'], querystring: JobListQuery, response: { 200: BoardPage, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody } } },
    async (request, reply) => {
      let companyId: string | null = null;
      let viewer: Viewer | null = null;
      if (request.query.mine) {
        const session = await request.requireSession();
        const user = await findUserById(request.readStore, session.userId);
        if (!user?.companyId) throw new DomainError('forbidden', 'Only company accounts have their own jobs.');
        companyId = user.companyId;
      } else {
        viewer = await viewerProfile(request);
      }
      // Same answer as `searchJobs(readStore, ...)` (the reference), from the in-memory index,
      // which first catches up with everything the wait for it made sure the read model holds.
      await request.caughtUpWith(searchIndex);
      const { jobs, total, answeredBy, didYouMean } = await searchIndex.search(jobSearch(request.query, companyId));
      // Only while the index loads or catches up (start-up, a rebuild): slow, so worth a line.
      if (answeredBy === 'read-store') request.log.info({ searchAnsweredBy: answeredBy }, 'board search answered by the read store: the search index is not ready yet');
      options.onSearch?.(request.query, total);
      reply.header(TOTAL_COUNT_HEADER, String(total));
      if (didYouMean) reply.header(DID_YOU_MEAN_HEADER, encodeURIComponent(didYouMean.join(' ')));
      variesByViewer(reply);
      // Scored here, for this page only: the board's order and total do not depend on the score (ADR 027).
      if (viewer) return jobs.map((job) => scoredFor(viewer, job));
      // Unscored pages are made of each job's JSON, checked against the contract once per job
      // (ADR 085): the same bytes the response schema would send, without encoding every job again.
      reply.type('application/json; charset=utf-8');
      return `[${jobs.map(jobJson).join(',')}]` as unknown as Job[];
    },
  );

  /**
   * The signed-in candidate's best-matching open jobs (issue 11, ADR 027): scored over a bounded
   * candidate set — the board search for the profile's title, for each of its first three skills,
   * and the latest open jobs — highest score first, then newest.
   */
  app.get(
    '/api/jobs/suggested',
    { schema: { tags: ['jobs'], querystring: SuggestedJobsQuery, response: { 200: SuggestedJobs, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody } } },
    async (request, reply) => {
      const session = await request.requireSession();
      reply.header('cache-control', 'private, no-store');
      const user = await findUserById(request.readStore, session.userId);
      if (user && user.type !== 'candidate') throw new DomainError('forbidden', PROFILE_MESSAGES.candidatesOnly);
      const profile = await findProfileByUserId(request.readStore, session.userId);
      if (!profile) throw new DomainError('not_found', PROFILE_MESSAGES.noProfileYet);
      const searches = [
        boardQuery(profile.title, SUGGESTION_TITLE_JOBS),
        ...profile.skills.slice(0, SUGGESTION_SKILLS).map((skill) => boardQuery(skill, SUGGESTION_SKILL_JOBS)),
        boardQuery('', SUGGESTION_LATEST_JOBS),
      ].filter((query, index, all) => all.findIndex((other) => other.search.toLowerCase() === query.search.toLowerCase()) === index);
      const pool = new Map<string, Job>();
      await request.caughtUpWith(searchIndex);
      for (const query of searches) {
        for (const job of (await searchIndex.search(jobSearch(query))).jobs) if (job.isActive) pool.set(job.id, job);
      }
      const match = matcherFor(profile);
      const scored = [...pool.values()]
        .map((job) => withMatch(match, job))
        .sort((a, b) => b.matchScore! - a.matchScore! || (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0) || (a.id < b.id ? -1 : 1));
      return { jobs: scored.slice(0, request.query.count), matchScoreVersion: MATCH_SCORE_VERSION };
    },
  );

  app.get('/api/jobs/rss', { schema: { tags: ['jobs'], produces: ['application/rss+xml'], response: { 200: textAnswer('application/rss+xml', 'The 50 newest open jobs, an RSS 2.0 feed.') } } }, async (_request, reply) => {
    const jobs = await latestOpenJobs(readStore, 50);
    return reply.type('application/rss+xml; charset=utf-8').header('cache-control', 'public, max-age=300').send(jobsRss(jobs, options.publicUrl));
  });

  // For search engines: the public pages and the open jobs' pages (issue 15).
  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) => {
    const jobs = await latestOpenJobs(readStore, 49_000);
    return reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600').send(sitemapXml(jobs, options.publicUrl));
  });

  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=86400').send(robotsTxt(options.publicUrl)),
  );

  app.get(
    '/api/jobs/share/:shareToken',
    { config: { frequent: true }, schema: { tags: ['jobs'], params: z.object({ shareToken: z.string().min(1).max(200) }), response: { 200: Job, 404: ErrorBody } } },
    async (request) => {
      const job = await findJobByShareToken(request.readStore, request.params.shareToken);
      if (!job) throw new DomainError('not_found', JOB_MESSAGES.notFound);
      options.onView?.(job.id, 'share');
      return job;
    },
  );

  app.get(
    '/api/jobs/:jobId/application',
    { config: { frequent: true }, schema: { tags: ['jobs'], params: z.object({ jobId: JobId }), response: { 200: MyApplication, 401: ErrorBody } } },
    async (request, reply) => {
      const session = await request.requireSession();
      const application = await findApplication(request.readStore, request.params.jobId, session.userId);
      reply.header('cache-control', 'no-store');
      return { applied: application !== null, appliedAt: application?.submittedAt ?? null };
    },
  );

  /** A job's public history: posted, changes of its terms, closed and reopened, with dates (ADR 079). */
  app.get(
    '/api/jobs/:jobId/history',
    { config: { frequent: true }, schema: { tags: ['jobs'], params: z.object({ jobId: JobId }), response: { 200: JobHistory, 404: ErrorBody } } },
    async (request) => {
      const history = await findJobHistory(request.readStore, request.params.jobId);
      if (!history) throw new DomainError('not_found', JOB_MESSAGES.notFound);
      return { jobId: history._id, entries: history.entries };
    },
  );

  app.get(
    '/api/jobs/:jobId',
    { config: { frequent: true }, schema: { tags: ['jobs'], params: z.object({ jobId: JobId }), response: { 200: Job, 404: ErrorBody } } },
    async (request, reply) => {
      const viewer = await viewerProfile(request);
      const job = await findJob(request.readStore, request.params.jobId);
      if (!job) throw new DomainError('not_found', JOB_MESSAGES.notFound);
      options.onView?.(job.id, 'id');
      variesByViewer(reply);
      return viewer ? withMatch(viewer.match, job) : job;
    },
  );
};

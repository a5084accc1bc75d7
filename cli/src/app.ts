import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { BoardActivityCounter } from '@hireloop/command-service/analytics/board-activity';
import type { CommandServiceDeps } from '@hireloop/command-service/shared/deps';
import type { AccountSecrets } from '@hireloop/platform/accounts/types';
import type { AiPort } from '@hireloop/platform/ai';
import type { TrustProxy } from '@hireloop/platform/config';
import type { PaymentsPort } from '@hireloop/platform/payments';
import { createResumeReader, type ResumeReaderOptions } from '@hireloop/platform/resume-text/extractor';
import type { Bus } from '@hireloop/platform/bus';
import type { IdempotencyStore } from '@hireloop/platform/idempotency/types';
import type { IdentityProvider } from '@hireloop/platform/identity/oidc';
import { mailHandlers } from '@hireloop/platform/mailer/hand-over';
import type { Mailer } from '@hireloop/platform/mailer/types';
import { startOutboxRelay, type OutboxRelay, type OutboxStore } from '@hireloop/platform/outbox';
import { createMemoryProfilePictures } from '@hireloop/platform/profile-pictures/memory';
import type { ProfilePictureStore } from '@hireloop/platform/profile-pictures/types';
import { MAIL_ATTEMPTS, startMailWorker } from '@hireloop/platform/mailer/worker';
import type { RateLimiter } from '@hireloop/platform/rate-limit/types';
import type { EventStore } from '@hireloop/platform/event-store';
import { createBaseApp, type BaseAppOptions } from '@hireloop/platform/http/app';
import { authPlugin } from '@hireloop/platform/http/auth';
import { API_DOCS_DIRECTIVES, policyText } from '@hireloop/platform/http/security-headers';
import type { ReadStore } from '@hireloop/platform/read-store';
import type { ReactionCheckpoints } from '@hireloop/platform/reactions/checkpoints';
import type { Clock, IdGenerator } from '@hireloop/platform/runtime';
import type { PageViewSink, WebAnalyticsPort } from '@hireloop/platform/web-analytics';
import { jobSearch } from '@hireloop/projections/job-board/job-search';
import { searchJobs } from '@hireloop/projections/job-board/queries';
import { jobMatchesSavedSearch } from '@hireloop/projections/job-board/saved-search-match';
import { findSavedSearch } from '@hireloop/projections/saved-searches/queries';
import { assistantFrameOrigins } from '@hireloop/platform/assistant';
import { allProjections } from '@hireloop/projections/registry';
import { ProjectionDaemon, ProjectionRunner, type RetryPolicy } from '@hireloop/projections/runner';
import { adminProjectionRoutes, startRebuildWorker } from './admin-projections';
import type { ProjectionDefinition } from '@hireloop/projections/shared/projection';
import { ProjectionProgress, registerQueryService, type QueryServiceDeps } from '@hireloop/query-service/app';
import { createMcpReads } from '@hireloop/query-service/mcp/reads';
import { openApiTransform, openApiTransformObject } from './openapi';
import { renderInvitationPageFor } from '@hireloop/query-service/invitations/page-status';
import { renderJobPageFor } from '@hireloop/query-service/jobs/seo';
import { loadSpa, registerPageRedirects, serveSpaFiles, spaFallback, type RenderPage } from './spa';
import { renderStaticPageFor } from './static-pages';
import { healthReport } from './health';
import type pg from 'pg';

export const DEFAULT_SPA_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../frontend/dist');

export interface AppDeps {
  /** The log with personal fields sealed on append and opened on read (ADR 019). */
  eventStore: EventStore;
  personalData: CommandServiceDeps['personalData'];
  readStore: ReadStore;
  secrets: AccountSecrets;
  rateLimiter: RateLimiter;
  /** The first answers of writes sent with an Idempotency-Key. */
  idempotency: IdempotencyStore;
  mailer: Mailer;
  /** Where mail (and other work) appended with events waits for the relay (ADR 053). */
  outbox: OutboxStore;
  /** Where the command side's reactions (AI summaries, job alerts) resume from; without it they start from the beginning of the log. */
  reactionCheckpoints?: ReactionCheckpoints;
  /** Profile pictures and cover photos as files (ADR 046); default: in memory. */
  pictures?: ProfilePictureStore;
  bus: Bus;
  clock: Clock;
  ids: IdGenerator;
  /** LinkedIn sign-in, when configured. */
  linkedin?: IdentityProvider | null;
  /** The AI port (AI_PROVIDER); default: the offline adapter. */
  ai?: AiPort;
  /** The Payments port; default: the simulated checkout. */
  payments?: PaymentsPort;
  /** The AI-assistant connection (ADR 043); default: the built-in provider at /api/mysalt. */
  assistant?: CommandServiceDeps['assistant'];
  /** The admin Analytics tab's GA4 section; default: not configured (ADR 034). */
  webAnalytics?: WebAnalyticsPort;
  /** Consented page views also go to GA4 (ADR 041), when configured. */
  pageViewSink?: PageViewSink | null;
  /** The PostgreSQL pool, probed by /healthz; absent on memory stores. */
  pool?: pg.Pool;
  /** The log is kept apart from PostgreSQL (KurrentDB, ADR 075): /healthz probes it too. */
  eventLogApart?: boolean;
}

export interface AppOptions {
  /** Which parts this process serves. */
  commands?: boolean;
  queries?: boolean;
  projections?: boolean;
  /** Directory of the built SPA to serve, or false. */
  spaDir?: string | false;
  sessionTtlMs?: number;
  /** Where people reach the app (links in mails, sign-in redirects). */
  publicUrl?: string;
  /** Which hops may name the client's address in X-Forwarded-For (ADR 051); default none. */
  trustProxy?: TrustProxy;
  readYourWritesTimeoutMs?: number;
  logger?: BaseAppOptions['logger'];
  /** The read models this process runs (default: all of them) and how their failures are retried (tests). */
  projectionDefinitions?: readonly ProjectionDefinition[];
  projectionRetry?: RetryPolicy;
  /** How uploaded resumes are read (time limit, worker threads, kept warm); default: started on demand, 15 s. */
  resumeReading?: ResumeReaderOptions;
  /** Where the board's search index is saved and restored from (ADR 085); default none. */
  searchIndexSnapshot?: QueryServiceDeps['searchIndexSnapshot'];
}

/**
 * The composition root: one fastify app with the command routes, the query routes, the
 * projection runners and the SPA — or any subset of them (the services profile).
 */
export async function buildApp(deps: AppDeps, options: AppOptions = {}) {
  const { commands = true, queries = true, projections = true } = options;
  const spa = loadSpa(options.spaDir === undefined ? DEFAULT_SPA_DIR : options.spaDir);
  const publicUrl = options.publicUrl ?? 'http://localhost:3000';

  /** Job pages get their title, description and JSON-LD in the HTML itself (search engines). */
  const jobPage: RenderPage = async (pathname) => (spa ? renderJobPageFor(deps.readStore, pathname, spa.indexHtml, publicUrl) : null);
  /** The static pages are in the HTML itself: readable without JavaScript (issue 15). */
  const staticPage: RenderPage = async (pathname) => (spa ? renderStaticPageFor(pathname, spa.indexHtml, publicUrl) : null);
  /** An invitation link that opens nothing answers 404, as a missing job does (issue 24). */
  const invitationPage: RenderPage = async (pathname) => (spa ? renderInvitationPageFor(deps.readStore, pathname, spa.indexHtml, deps.clock.now()) : null);
  const renderPage: RenderPage = async (pathname) => (await staticPage(pathname)) ?? (queries ? ((await jobPage(pathname)) ?? invitationPage(pathname)) : null);

  const app = createBaseApp({
    logger: options.logger,
    trustProxy: options.trustProxy ?? false,
    publicUrl,
    notFound: spaFallback(spa, renderPage),
    frameSources: deps.assistant ? assistantFrameOrigins(deps.assistant.settings) : [],
  });

  await app.register(fastifySwagger, {
    openapi: { info: { title: 'Hireloop API', version: '0.1.0' } },
    transform: openApiTransform,
    transformObject: openApiTransformObject,
  });
  // Swagger UI's own page gets its own policy (it shows data: icons); it replaces the app's.
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: policyText(API_DOCS_DIRECTIVES, { https: publicUrl.startsWith('https:') }) });
  await app.register(authPlugin, { secrets: deps.secrets, clock: deps.clock });

  const daemon = projections
    ? new ProjectionDaemon({
        eventStore: deps.eventStore,
        readStore: deps.readStore,
        bus: deps.bus,
        projections: options.projectionDefinitions ?? allProjections,
        retry: options.projectionRetry,
        clock: deps.clock,
        onFeedError: (error) => app.log.warn({ err: error }, 'projection feed failed; subscribing again'),
        onError: (error, { projection, status, attempts, parked }) => {
          const details = { err: error, projection, attempts, parkedPosition: parked?.position };
          if (parked) app.log.error(details, status === 'stopped' ? 'projection stopped before a parked event' : 'projection skipped a parked event');
          else app.log.warn(details, 'projection batch failed; retrying');
        },
      })
    : null;
  const runners = daemon?.runners ?? [];
  const progress = new ProjectionProgress(deps.readStore, allProjections, deps.bus);

  // Searches, job views, cards shown and page views are counted here and flushed in batches: a read never appends (ADR 012).
  const boardActivity =
    queries || commands
      ? new BoardActivityCounter({ eventStore: deps.eventStore, clock: deps.clock, ids: deps.ids, onWarning: (message, details) => app.log.warn(details, message) })
      : null;
  // One store for both sides: the command side writes pictures, the query side serves them.
  const pictures = deps.pictures ?? createMemoryProfilePictures();
  const resumeReader = commands && options.resumeReading ? createResumeReader(options.resumeReading) : undefined;
  if (commands) {
    // Loaded only by a process that serves commands: it is the largest part of the code, and a
    // projections or query process restarted on a busy machine would spend seconds loading it.
    const { registerCommandService } = await import('@hireloop/command-service/app');
    await registerCommandService(app, {
      ai: deps.ai,
      payments: deps.payments,
      resumeReader,
      eventStore: deps.eventStore,
      personalData: deps.personalData,
      secrets: deps.secrets,
      rateLimiter: deps.rateLimiter,
      idempotency: deps.idempotency,
      outbox: deps.outbox,
      bus: deps.bus,
      clock: deps.clock,
      ids: deps.ids,
      sessionTtlMs: options.sessionTtlMs ?? 7 * 24 * 3600 * 1000,
      publicUrl,
      linkedin: deps.linkedin ?? null,
      mailer: deps.mailer,
      pictures,
      onPageView: boardActivity
        ? (route) => {
            boardActivity.hooks.onPageView(route);
            deps.pageViewSink?.pageView(route);
          }
        : undefined,
      assistant: deps.assistant,
      // The built-in assistant searches the board's read model (ADR 043).
      searchBoard: (query) => searchJobs(deps.readStore, jobSearch(query)),
      reactionCheckpoints: deps.reactionCheckpoints,
      // Saved searches and job alerts (ADR 067): the candidate's list from its read model, and the board's own matching rules.
      savedSearches: {
        ownerOf: async (searchId) => (await findSavedSearch(deps.readStore, searchId))?.userId ?? null,
        matches: jobMatchesSavedSearch,
      },
      // The MCP tools read the read models through the query side's queries (ADR 042).
      mcpReads: createMcpReads({ readStore: deps.readStore, progress, timeoutMs: options.readYourWritesTimeoutMs ?? 2000 }),
    });
  }
  if (queries) {
    await registerQueryService(app, {
      readStore: deps.readStore,
      secrets: deps.secrets,
      clock: deps.clock,
      progress,
      readYourWritesTimeoutMs: options.readYourWritesTimeoutMs ?? 2000,
      publicUrl,
      webAnalytics: deps.webAnalytics,
      pictures,
      searchIndexSnapshot: options.searchIndexSnapshot,
      ...boardActivity?.hooks,
    });
  }
  // The admin Projections page (ADR 087): its reading on the query side, its actions on the command side.
  if (queries || commands) {
    await app.register(adminProjectionRoutes, { eventStore: deps.eventStore, readStore: deps.readStore, clock: deps.clock, ids: deps.ids, projections: allProjections, daemon, queries, commands });
  }
  if (spa) {
    await serveSpaFiles(app, spa);
    registerPageRedirects(app);
  }

  // Its dependencies and what it waits for (ADR 050): 503 when it cannot work (the database is
  // away, a read model it runs has stopped: ADR 016), 200 with "degraded" when something is missing.
  app.get('/healthz', { schema: { hide: true } }, async (_request, reply) => {
    const { code, body } = await healthReport({
      pool: deps.pool,
      eventLogApart: deps.eventLogApart,
      bus: deps.bus,
      eventStore: deps.eventStore,
      readStore: deps.readStore,
      daemon,
      readModels: queries && !daemon ? allProjections : [],
    });
    return reply.code(code).header('cache-control', 'no-store').send(body);
  });

  let stopMailWorker: (() => Promise<void>) | null = null;
  let outboxRelay: OutboxRelay | null = null;
  let rebuildWorker: { stop(): Promise<void> } | null = null;
  app.addHook('onReady', async () => {
    // Mail is a side effect of commands (reset links): the command side delivers it.
    if (commands) {
      stopMailWorker = await startMailWorker(deps.bus, deps.mailer, (error, attempt) =>
        app.log.warn({ err: error, attempt, final: attempt >= MAIL_ATTEMPTS }, 'mail delivery failed'),
      );
      // Mail committed with the events that ask for it (ADR 053); the key and topic are logged, never the mail.
      outboxRelay = startOutboxRelay({
        store: deps.outbox,
        handlers: mailHandlers(deps.mailer),
        onFailure: (error, failure) => app.log.warn({ err: error, ...failure }, 'outbox delivery failed'),
        onStoreError: (error) => app.log.warn({ err: error }, 'the outbox could not be read'),
      });
    }
    boardActivity?.start();
    // A query service may start before any projections process has made the read models: it
    // makes them, empty (idempotent; processes starting together take turns), so its reads answer
    // what they hold, not 500 (issue 22).
    if (queries && !daemon) {
      for (const projection of allProjections) await new ProjectionRunner({ eventStore: deps.eventStore, readStore: deps.readStore, projection }).ensureCollections();
    }
    if (queries) await progress.start();
    await daemon?.start();
    // Rebuilds asked for from the console run where the projections run (ADR 087).
    if (daemon) {
      // Not waited for: the app is ready without it (its first read of the log runs in the background).
      const starting = startRebuildWorker({
        eventStore: deps.eventStore,
        readStore: deps.readStore,
        bus: deps.bus,
        clock: deps.clock,
        projections: options.projectionDefinitions ?? allProjections,
        onError: (error) => app.log.warn({ err: error }, 'a rebuild asked for from the admin console failed'),
      }).catch((error: unknown) => {
        app.log.warn({ err: error }, 'the admin console rebuild worker did not start');
        return null;
      });
      rebuildWorker = { stop: async () => (await starting)?.stop() };
    }
  });
  app.addHook('onClose', async () => {
    await rebuildWorker?.stop();
    await daemon?.stop();
    await progress.stop();
    await stopMailWorker?.();
    await outboxRelay?.stop();
    await boardActivity?.close();
    await resumeReader?.close();
  });

  return Object.assign(app, { runners, boardActivity });
}

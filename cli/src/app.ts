import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { analyticsHooks, startAnalyticsRecorder } from '@hireloop/command-service/analytics/recorder';
import { registerCommandService } from '@hireloop/command-service/app';
import type { AccountSecrets } from '@hireloop/platform/accounts/types';
import type { Bus } from '@hireloop/platform/bus/index';
import type { IdentityProvider } from '@hireloop/platform/identity/oidc';
import type { Mailer } from '@hireloop/platform/mailer/types';
import { MAIL_ATTEMPTS, startMailWorker } from '@hireloop/platform/mailer/worker';
import type { RateLimiter } from '@hireloop/platform/rate-limit/types';
import type { EventStore } from '@hireloop/platform/event-store/index';
import { createBaseApp, type BaseAppOptions } from '@hireloop/platform/http/app';
import { authPlugin } from '@hireloop/platform/http/auth';
import { API_DOCS_DIRECTIVES, policyText } from '@hireloop/platform/http/security-headers';
import type { ReadStore } from '@hireloop/platform/read-store/index';
import type { Clock, IdGenerator } from '@hireloop/platform/runtime';
import { findJob, findJobByShareToken } from '@hireloop/projections/job-board/queries';
import { allProjections } from '@hireloop/projections/registry';
import { ProjectionDaemon } from '@hireloop/projections/runner';
import { ProjectionProgress, registerQueryService } from '@hireloop/query-service/app';
import { openApiTransform, openApiTransformObject } from './openapi';
import { renderJobPage } from './seo';

export const DEFAULT_SPA_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../frontend/dist');

export interface AppDeps {
  eventStore: EventStore;
  readStore: ReadStore;
  secrets: AccountSecrets;
  rateLimiter: RateLimiter;
  mailer: Mailer;
  bus: Bus;
  clock: Clock;
  ids: IdGenerator;
  /** LinkedIn sign-in, when configured. */
  linkedin?: IdentityProvider | null;
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
  trustProxy?: boolean;
  readYourWritesTimeoutMs?: number;
  logger?: BaseAppOptions['logger'];
}

/**
 * The composition root: one fastify app with the command routes, the query routes, the
 * projection runners and the SPA — or any subset of them (the services profile).
 */
export async function buildApp(deps: AppDeps, options: AppOptions = {}) {
  const { commands = true, queries = true, projections = true } = options;
  const spaDir = options.spaDir === undefined ? DEFAULT_SPA_DIR : options.spaDir;
  const serveSpa = spaDir !== false && existsSync(path.join(spaDir, 'index.html'));

  const indexHtml = serveSpa ? readFileSync(path.join(spaDir, 'index.html'), 'utf8') : '';
  const publicUrl = options.publicUrl ?? 'http://localhost:3000';

  /** Job pages get their title, description and JSON-LD in the HTML itself (search engines). */
  const jobPage = async (pathname: string): Promise<{ status: number; html: string } | null> => {
    const byId = /^\/job\/([^/]+)$/.exec(pathname);
    const byShare = /^\/share\/job\/([^/]+)$/.exec(pathname);
    if (!byId && !byShare) return null;
    const key = decodeURIComponent((byId ?? byShare)![1]!);
    const job = byId ? await findJob(deps.readStore, key) : await findJobByShareToken(deps.readStore, key);
    return job ? { status: 200, html: renderJobPage(indexHtml, job, publicUrl) } : { status: 404, html: indexHtml };
  };

  const app = createBaseApp({
    logger: options.logger,
    trustProxy: options.trustProxy ?? false,
    publicUrl,
    notFound: serveSpa
      ? async (request, reply) => {
          const pathname = request.url.split('?')[0] ?? '/';
          if (request.method !== 'GET' || pathname.startsWith('/api/') || path.extname(pathname)) {
            return reply.status(404).send({ success: false, error: `No route for ${request.method} ${pathname}` });
          }
          const page = queries ? await jobPage(pathname).catch(() => null) : null;
          if (page) return reply.status(page.status).type('text/html; charset=utf-8').send(page.html);
          return reply.type('text/html; charset=utf-8').send(indexHtml);
        }
      : undefined,
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
        projections: allProjections,
        onError: (error, projection) => app.log.error({ err: error, projection }, 'projection stopped'),
      })
    : null;
  const runners = daemon?.runners ?? [];
  const progress = new ProjectionProgress(deps.readStore, allProjections, deps.bus);

  if (commands) {
    await registerCommandService(app, {
      eventStore: deps.eventStore,
      secrets: deps.secrets,
      rateLimiter: deps.rateLimiter,
      bus: deps.bus,
      clock: deps.clock,
      ids: deps.ids,
      sessionTtlMs: options.sessionTtlMs ?? 7 * 24 * 3600 * 1000,
      publicUrl,
      linkedin: deps.linkedin ?? null,
      mailer: deps.mailer,
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
      ...analyticsHooks(deps.bus, deps.clock, (error) => app.log.warn({ err: error }, 'analytics item not queued')),
    });
  }
  if (serveSpa) await app.register(fastifyStatic, { root: spaDir, wildcard: false, index: 'index.html' });

  app.get('/healthz', { schema: { hide: true } }, async () => ({ ok: true }));

  let stopMailWorker: (() => Promise<void>) | null = null;
  let stopAnalyticsRecorder: (() => Promise<void>) | null = null;
  app.addHook('onReady', async () => {
    // Mail is a side effect of commands (reset links): the command side delivers it.
    if (commands) {
      stopMailWorker = await startMailWorker(deps.bus, deps.mailer, (error, attempt) =>
        app.log.warn({ err: error, attempt, final: attempt >= MAIL_ATTEMPTS }, 'mail delivery failed'),
      );
    }
    if (commands) stopAnalyticsRecorder = await startAnalyticsRecorder(deps.bus, deps.eventStore);
    if (queries) await progress.start();
    await daemon?.start();
  });
  app.addHook('onClose', async () => {
    await daemon?.stop();
    await progress.stop();
    await stopMailWorker?.();
    await stopAnalyticsRecorder?.();
  });

  return Object.assign(app, { runners });
}

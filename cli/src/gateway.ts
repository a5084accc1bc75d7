import type { IncomingHttpHeaders } from 'node:http';
import type { IncomingHttpHeaders as Http2IncomingHttpHeaders } from 'node:http2';
import { PassThrough } from 'node:stream';
import replyFrom from '@fastify/reply-from';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { TrustProxy } from '@hireloop/platform/config';
import { createBaseApp, type BaseAppOptions } from '@hireloop/platform/http/app';
import { DEFAULT_ASSISTANT_PATH, PageStatus, withPageHead } from '@hireloop/contracts';
import { DEFAULT_SPA_DIR } from './app';
import { loadSpa, registerPageRedirects, serveSpaFiles, spaFallback } from './spa';
import { isUnreachable, QueryReplicas, type QueryReplica } from './query-replicas';
import { renderStaticPageFor } from './static-pages';

export interface GatewayOptions {
  /** The query service, or its replicas: reads are spread over them and retried on another when one is down (ADR 051). */
  queryUrl: string | readonly string[];
  commandUrl: string;
  /**
   * Which hops in front of the gateway (a load balancer) may name the client's address; default
   * none: the client is the socket's peer. The gateway sends the address it decided on as the
   * only X-Forwarded-For (ADR 051).
   */
  trustProxy?: TrustProxy;
  /** How long a query replica that could not be reached is avoided (default 5 s). */
  replicaRestMs?: number;
  /** How long `/healthz` waits for each upstream's own /healthz (default 1.5 s). */
  healthTimeoutMs?: number;
  spaDir?: string | false;
  logger?: BaseAppOptions['logger'];
  /** Where people reach the app; https turns on HSTS. */
  publicUrl?: string;
  /** The AI assistant's path segment (its built-in pages are GETs on the command side) and the origins the SPA may frame (ADR 043). */
  assistantPath?: string;
  frameSources?: readonly string[];
}

/** Headers a client could use to name another address or host than the one the gateway decided on. */
const CLIENT_FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', 'x-forwarded-port', 'x-real-ip', 'x-client-ip'];

/**
 * What the services behind learn of the client (ADR 051): its address as the gateway decided it
 * (the socket's peer, or what the hops it trusts said), as the only X-Forwarded-For entry, and the
 * protocol and host it used. Whatever the client sent in these headers is dropped.
 */
export function forwardedHeaders<Headers extends IncomingHttpHeaders | Http2IncomingHttpHeaders>(request: { ip: string; protocol: string; host: string }, headers: Headers): Headers {
  const forwarded: Headers = { ...headers };
  for (const name of CLIENT_FORWARDING_HEADERS) delete forwarded[name];
  forwarded['x-forwarded-for'] = request.ip;
  forwarded['x-forwarded-proto'] = request.protocol;
  if (request.host) forwarded['x-forwarded-host'] = request.host;
  return forwarded;
}

const UNREACHABLE = (service: 'query' | 'command') => `The ${service} service is unreachable. Please try again shortly.`;

/**
 * No second try on the same upstream: @fastify/reply-from would otherwise send a GET answered 503
 * up to 10 times more, Retry-After read as milliseconds. A 503 is the service's answer (its
 * Retry-After is for the client); an unreachable replica is left for another one instead.
 */
const noSameUpstreamRetry = () => null;

type HealthStatus = 'ok' | 'degraded' | 'down';
interface UpstreamCheck {
  status: HealthStatus;
  /** The upstream's /healthz answer status, when it answered. */
  httpStatus?: number;
  error?: string;
}

/** One upstream's own /healthz: 2xx is up (degraded if it says so), anything else or no answer in time is down. */
async function checkUpstream(url: string, timeoutMs: number): Promise<UpstreamCheck> {
  try {
    const response = await fetch(new URL('/healthz', url), { signal: AbortSignal.timeout(timeoutMs), headers: { accept: 'application/json' } });
    const body = (await response.json().catch(() => null)) as { status?: unknown } | null;
    if (!response.ok) return { status: 'down', httpStatus: response.status };
    return { status: body?.status === 'degraded' ? 'degraded' : 'ok', httpStatus: response.status };
  } catch (error) {
    return { status: 'down', error: error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError') ? `no answer within ${timeoutMs} ms` : 'unreachable' };
  }
}

/** How long a page waits for a replica to tell its status (then it goes out as the plain SPA). */
const PAGE_STATUS_TIMEOUT_MS = 2000;

/**
 * The services profile's front door: serves the SPA and sends `/api` reads (GET, HEAD) to the
 * query service replicas and every other method to the command service, so the browser sees one
 * origin. Every proxied request carries the client's address (ADR 051).
 */
export async function buildGateway(options: GatewayOptions) {
  const spa = loadSpa(options.spaDir === undefined ? DEFAULT_SPA_DIR : options.spaDir);
  /**
   * A job page, share link or invitation link answers 404 when it opens nothing, and a job page has
   * the job's head tags (title, description, Open Graph, JSON-LD), as in the app: the gateway holds
   * no read store, so it asks a query replica (`GET /api/page-status`). When none answers in time,
   * the page goes out as the plain SPA with a 200 (its router shows what it finds).
   */
  const pageStatusOf = async (pathname: string, indexHtml: string): Promise<{ status: number; html: string } | null> => {
    if (!/^\/(job|share\/job|invitation)\/[^/]+$/.test(pathname)) return null;
    const replica = replicas.pick();
    if (!replica) return null;
    try {
      const answer = await fetch(new URL(`/api/page-status?path=${encodeURIComponent(pathname)}`, replica.url), { signal: AbortSignal.timeout(PAGE_STATUS_TIMEOUT_MS) });
      if (!answer.ok) return null;
      const { status, head } = PageStatus.parse(await answer.json());
      if (status === 404) return { status: 404, html: indexHtml };
      return head ? { status: 200, html: withPageHead(indexHtml, head) } : null;
    } catch {
      return null;
    }
  };
  const replicas = new QueryReplicas(typeof options.queryUrl === 'string' ? [options.queryUrl] : options.queryUrl, { restMs: options.replicaRestMs });
  const app = createBaseApp({
    logger: options.logger,
    trustProxy: options.trustProxy ?? false,
    publicUrl: options.publicUrl,
    frameSources: options.frameSources,
    notFound: spaFallback(spa, async (pathname) => (spa ? (renderStaticPageFor(pathname, spa.indexHtml, options.publicUrl ?? 'http://localhost:3000') ?? (await pageStatusOf(pathname, spa.indexHtml))) : null)),
  });
  await app.register(replyFrom, { undici: { connections: 64 } });
  // Bodies pass through untouched; the services parse and validate them. Through a stream of its
  // own: when the upstream cannot be reached, undici destroys the body it was given, and that
  // must not be the client's connection (it gets a 503 instead).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, payload, done) => {
    const body = new PassThrough();
    payload.on('error', (error) => body.destroy(error));
    done(null, payload.pipe(body));
  });
  const isRead = (request: FastifyRequest) => {
    const pathname = request.url.split('?')[0] ?? '';
    // Sign-in redirects are GETs with effects (state, sessions); providers, the mail outbox and the
    // simulated checkout page (its sessions live in the command service's memory) are on the command side.
    const commandGet =
      pathname.startsWith('/api/auth/linkedin') ||
      pathname === '/api/auth/providers' ||
      pathname === '/api/admin/outbox' ||
      pathname.startsWith('/api/payments/simulated/') ||
      pathname.startsWith(`/api/${options.assistantPath ?? DEFAULT_ASSISTANT_PATH}/frame/`) ||
      // API keys live in the secrets store, and the MCP endpoint takes every method in one place (ADR 042).
      pathname === '/api/api-keys' ||
      pathname === '/api/mcp';
    return (request.method === 'GET' || request.method === 'HEAD') && !commandGet;
  };

  /**
   * A read on the next replica; one that could not be reached (refused, or reset before any
   * answer) rests and the read goes to another (GET and HEAD are safe to send twice). Once an
   * answer has begun it is the client's, streams included: an event stream cut by a dying
   * replica ends, and the browser's EventSource reconnects through the gateway to another.
   */
  const sendRead = (request: FastifyRequest, reply: FastifyReply, tried: Set<QueryReplica>): FastifyReply => {
    const replica = replicas.pick(tried);
    if (!replica) return reply.code(503).header('retry-after', '1').send({ success: false, error: UNREACHABLE('query') });
    tried.add(replica);
    return reply.from(new URL(request.url, replica.url).toString(), {
      rewriteRequestHeaders: forwardedHeaders,
      retryDelay: noSameUpstreamRetry,
      rewriteHeaders: (headers) => {
        replicas.answeredBy(replica);
        return headers;
      },
      // (The reply handed to onError is `reply` itself.)
      onError: (_reply, { error }) => {
        if (!isUnreachable(error)) return void reply.send(error);
        replicas.failed(replica);
        request.log.warn({ replica: replica.url, code: (error as { code?: string }).code }, 'query replica unreachable; reading from another');
        if (reply.sent) return;
        sendRead(request, reply, tried);
      },
    });
  };
  const sendWrite = (request: FastifyRequest, reply: FastifyReply) =>
    reply.from(new URL(request.url, options.commandUrl).toString(), {
      rewriteRequestHeaders: forwardedHeaders,
      retryDelay: noSameUpstreamRetry,
      onError: (_reply, { error }) => {
        if (!isUnreachable(error)) return void reply.send(error);
        request.log.warn({ code: (error as { code?: string }).code }, 'command service unreachable');
        // Not a 500: nothing failed here, the service is away (a write sent with an Idempotency-Key may be sent again).
        void reply.code(503).header('retry-after', '1').send({ success: false, error: UNREACHABLE('command') });
      },
    });

  // Reads are logged at info by the query service that answers them; here only their errors are.
  app.all('/api/*', { config: { frequent: isRead } }, async (request, reply) => (isRead(request) ? sendRead(request, reply, new Set()) : sendWrite(request, reply)));
  app.get('/sitemap.xml', async (request, reply) => sendRead(request, reply, new Set()));
  app.get('/robots.txt', async (request, reply) => sendRead(request, reply, new Set()));
  if (spa) {
    await serveSpaFiles(app, spa);
    registerPageRedirects(app);
  }

  /**
   * The gateway and what it stands on (ADR 051): the command service and each query replica,
   * by their own /healthz. "degraded" while one is down but reads still work (a query replica is
   * up); "down" (503) when no query replica answers.
   */
  const healthTimeoutMs = options.healthTimeoutMs ?? 1500;
  app.get('/healthz', async (_request, reply) => {
    const [command, ...queries] = await Promise.all([options.commandUrl, ...replicas.replicas.map((replica) => replica.url)].map((url) => checkUpstream(url, healthTimeoutMs)));
    const checks: Record<string, UpstreamCheck & { answered?: number; failures?: number }> = { 'command-service': command! };
    replicas.replicas.forEach((replica, index) => {
      checks[replicas.replicas.length === 1 ? 'query-service' : `query-service-${index + 1}`] = { ...queries[index]!, answered: replica.answered, failures: replica.failures };
    });
    const readsWork = queries.some((check) => check.status !== 'down');
    const status: HealthStatus = !readsWork ? 'down' : [command!, ...queries].every((check) => check.status === 'ok') ? 'ok' : 'degraded';
    // The shape of every process's /healthz (ADR 050): `ok` is "not down".
    return reply.code(status === 'down' ? 503 : 200).header('cache-control', 'no-store').send({ status, ok: status !== 'down', checks });
  });
  return Object.assign(app, { replicas });
}

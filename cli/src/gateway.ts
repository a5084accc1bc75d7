import replyFrom from '@fastify/reply-from';
import type { FastifyRequest } from 'fastify';
import { createBaseApp, type BaseAppOptions } from '@hireloop/platform/http/app';
import { DEFAULT_ASSISTANT_PATH } from '@hireloop/contracts';
import { DEFAULT_SPA_DIR } from './app';
import { loadSpa, registerPageRedirects, serveSpaFiles, spaFallback } from './spa';
import { renderStaticPageFor } from './static-pages';

export interface GatewayOptions {
  queryUrl: string;
  commandUrl: string;
  spaDir?: string | false;
  logger?: BaseAppOptions['logger'];
  /** Where people reach the app; https turns on HSTS. */
  publicUrl?: string;
  /** The AI assistant's path segment (its built-in pages are GETs on the command side) and the origins the SPA may frame (ADR 043). */
  assistantPath?: string;
  frameSources?: readonly string[];
}

/**
 * The services profile's front door: serves the SPA and sends `/api` reads (GET, HEAD) to the
 * query service and every other method to the command service, so the browser sees one origin.
 */
export async function buildGateway(options: GatewayOptions) {
  const spa = loadSpa(options.spaDir === undefined ? DEFAULT_SPA_DIR : options.spaDir);
  const app = createBaseApp({ logger: options.logger, publicUrl: options.publicUrl, frameSources: options.frameSources, notFound: spaFallback(spa, async (pathname) => (spa ? renderStaticPageFor(pathname, spa.indexHtml, options.publicUrl ?? 'http://localhost:3000') : null)) });
  await app.register(replyFrom, { undici: { connections: 64 } });
  // Bodies pass through untouched; the services parse and validate them.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
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
  // Reads are logged at info by the query service that answers them; here only their errors are.
  app.all('/api/*', { config: { frequent: isRead } }, async (request, reply) => {
    const base = isRead(request) ? options.queryUrl : options.commandUrl;
    return reply.from(new URL(request.url, base).toString());
  });
  app.get('/sitemap.xml', async (request, reply) => reply.from(new URL(request.url, options.queryUrl).toString()));
  app.get('/robots.txt', async (request, reply) => reply.from(new URL(request.url, options.queryUrl).toString()));
  if (spa) {
    await serveSpaFiles(app, spa);
    registerPageRedirects(app);
  }
  app.get('/healthz', async () => ({ ok: true }));
  return app;
}

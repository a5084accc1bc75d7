import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import replyFrom from '@fastify/reply-from';
import { createBaseApp, type BaseAppOptions } from '@hireloop/platform/http/app';
import { DEFAULT_SPA_DIR } from './app';

export interface GatewayOptions {
  queryUrl: string;
  commandUrl: string;
  spaDir?: string | false;
  logger?: BaseAppOptions['logger'];
  /** Where people reach the app; https turns on HSTS. */
  publicUrl?: string;
}

/**
 * The services profile's front door: serves the SPA and sends `/api` reads (GET, HEAD) to the
 * query service and every other method to the command service, so the browser sees one origin.
 */
export async function buildGateway(options: GatewayOptions) {
  const spaDir = options.spaDir === undefined ? DEFAULT_SPA_DIR : options.spaDir;
  const serveSpa = spaDir !== false && existsSync(path.join(spaDir, 'index.html'));
  const app = createBaseApp({
    logger: options.logger,
    publicUrl: options.publicUrl,
    notFound: (request, reply) => {
      const pathname = request.url.split('?')[0] ?? '/';
      if (serveSpa && request.method === 'GET' && !pathname.startsWith('/api/') && !path.extname(pathname)) return reply.sendFile('index.html');
      return reply.status(404).send({ success: false, error: `No route for ${request.method} ${pathname}` });
    },
  });
  await app.register(replyFrom, { undici: { connections: 64 } });
  // Bodies pass through untouched; the services parse and validate them.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
  app.all('/api/*', async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    // Sign-in redirects are GETs with effects (state, sessions); providers and the mail outbox live on the command side.
    const commandGet = pathname.startsWith('/api/auth/linkedin') || pathname === '/api/auth/providers' || pathname === '/api/admin/outbox';
    const read = (request.method === 'GET' || request.method === 'HEAD') && !commandGet;
    const base = read ? options.queryUrl : options.commandUrl;
    return reply.from(new URL(request.url, base).toString());
  });
  if (serveSpa) await app.register(fastifyStatic, { root: spaDir, wildcard: false, index: 'index.html' });
  app.get('/healthz', async () => ({ ok: true }));
  return app;
}

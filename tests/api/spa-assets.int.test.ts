import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIN_POSITION_HEADER, POSITION_HEADER } from '@hireloop/contracts';
import { loadConfig } from '@hireloop/platform/config';
import { buildApp } from '../../cli/src/app';
import { buildGateway } from '../../cli/src/gateway';
import { createRuntime, type Runtime } from '../../cli/src/runtime';
import { createTestDatabase, type TestDatabase } from '../support/postgres';

/**
 * The built SPA as the app serves it (over PostgreSQL, for the server-rendered job page) and as
 * the gateway serves it: hashed assets precompressed and cached for a year, pages revalidated on
 * every visit and naming their route's scripts for preloading, the security headers on all.
 */
const ENTRY = '/assets/index-Bx7kq2Lm.js';
const ROUTE_CHUNK = '/assets/jobs-C4pT9wQe.js';
const entrySource = Buffer.from(`import './framework.js';\n${"console.info('Hireloop board');\n".repeat(200)}`);
const brotliCopy = brotliCompressSync(entrySource);
const gzipCopy = gzipSync(entrySource, { level: 9 });
const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <title>Hireloop</title>
    <script type="module" crossorigin src="${ENTRY}"></script>
  </head>
  <body><div id="root"></div></body>
</html>`;

let db: TestDatabase;
let runtime: Runtime;
let app: Awaited<ReturnType<typeof buildApp>>;
let gateway: Awaited<ReturnType<typeof buildGateway>>;
let spaDir: string;
let jobId: string;

beforeAll(async () => {
  spaDir = await mkdtemp(path.join(tmpdir(), 'hireloop-spa-'));
  await mkdir(path.join(spaDir, 'assets'));
  await mkdir(path.join(spaDir, '.vite'));
  await writeFile(path.join(spaDir, 'index.html'), INDEX_HTML);
  await writeFile(path.join(spaDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await writeFile(path.join(spaDir, ENTRY), entrySource);
  await writeFile(path.join(spaDir, `${ENTRY}.br`), brotliCopy);
  await writeFile(path.join(spaDir, `${ENTRY}.gz`), gzipCopy);
  await writeFile(path.join(spaDir, ROUTE_CHUNK), 'export const route = 1;');
  await writeFile(path.join(spaDir, 'routes.json'), JSON.stringify(['/', '/jobs', '/job/$jobId', '/invitation/$token', '/reset-password/']));
  await writeFile(
    path.join(spaDir, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: ENTRY.slice(1), isEntry: true },
      'src/routes/jobs.tsx?tsr-split=component': { file: ROUTE_CHUNK.slice(1), imports: ['index.html'] },
    }),
  );

  db = await createTestDatabase();
  runtime = await createRuntime(loadConfig({ DATABASE_URL: db.url }));
  app = await buildApp(runtime, { spaDir, publicUrl: 'https://hireloop.example', readYourWritesTimeoutMs: 15_000 });
  await app.ready();
  // The gateway's services are never reached: it answers these requests itself.
  gateway = await buildGateway({ queryUrl: 'http://127.0.0.1:9', commandUrl: 'http://127.0.0.1:9', spaDir });
  await gateway.ready();

  const signup = await app.inject({
    method: 'POST',
    url: '/api/auth/company/signup',
    payload: { companyName: 'Northwind', contactName: 'Maya Okafor', email: 'jobs@northwind.example', password: 'company-password' },
  });
  const posted = await app.inject({
    method: 'POST',
    url: '/api/jobs',
    headers: { authorization: `Bearer ${signup.json().token}` },
    payload: { title: 'Senior Data Engineer', location: 'Austin, TX', description: 'Own the pipelines.' },
  });
  jobId = posted.json().job.id;
  // The job page is rendered from the read model: wait until the job is there.
  const read = await app.inject({ url: `/api/jobs/${jobId}`, headers: { [MIN_POSITION_HEADER]: String(posted.headers[POSITION_HEADER]) } });
  expect(read.statusCode).toBe(200);
});

afterAll(async () => {
  await gateway?.close();
  await app?.close();
  await runtime?.close();
  await db?.drop();
  await rm(spaDir, { recursive: true, force: true });
});

const IMMUTABLE = 'public, max-age=31536000, immutable';

describe.each([
  ['the app', () => app],
  ['the gateway', () => gateway],
] as const)('%s', (name, server) => {
  // The app knows whether an invitation link opens an invitation (it reads the read models); the
  // gateway serves the SPA without asking a service, so a link that opens nothing is a page there.
  const knowsInvitations = name === 'the app';
  const get = (url: string, headers: Record<string, string> = {}) => server().inject({ method: 'GET', url, headers });

  it('sends a hashed asset to a browser that accepts brotli as the brotli copy, cached for a year', async () => {
    const response = await get(ENTRY, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    // Typed as the script it is, not as a brotli file.
    expect(response.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe(IMMUTABLE);
    expect(response.rawPayload.equals(brotliCopy)).toBe(true);
    expect(brotliDecompressSync(response.rawPayload).equals(entrySource)).toBe(true);
    // The security headers hold for files too.
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('sends the gzip copy to a browser that accepts gzip but not brotli', async () => {
    const response = await get(ENTRY, { 'accept-encoding': 'gzip, deflate' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe(IMMUTABLE);
    expect(response.rawPayload.equals(gzipCopy)).toBe(true);
    expect(gunzipSync(response.rawPayload).equals(entrySource)).toBe(true);
  });

  it('sends the file as built to a client that accepts no encoding, or when no compressed copy exists', async () => {
    const noEncoding: Array<Record<string, string>> = [{}, { 'accept-encoding': 'identity' }];
    for (const headers of noEncoding) {
      const response = await get(ENTRY, headers);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(response.headers['cache-control']).toBe(IMMUTABLE);
      expect(response.rawPayload.equals(entrySource)).toBe(true);
    }
    const uncompressed = await get(ROUTE_CHUNK, { 'accept-encoding': 'br, gzip' });
    expect(uncompressed.statusCode).toBe(200);
    expect(uncompressed.headers['content-encoding']).toBeUndefined();
    expect(uncompressed.body).toBe('export const route = 1;');
    expect(uncompressed.headers['cache-control']).toBe(IMMUTABLE);
  });

  it('has the browser revalidate index.html and every page of the SPA on each visit', async () => {
    // An invitation link holds a dot (`<id>.<secret>`, ADR 031): still a page, not a missing file.
    const invitation = `/invitation/${'0123456789abcdef'.repeat(2)}.${'Ab3'.repeat(13)}_-Z`;
    for (const url of ['/', '/index.html', '/jobs', '/jobs?search=data&page=2', '/no-such-page', invitation]) {
      const response = await get(url, { 'accept-encoding': 'br, gzip' });
      // An address that is no page of the SPA gets it too (its not-found page), with a 404 for crawlers;
      // so does an invitation link that opens no invitation (issue 24; this one is made up).
      expect(response.statusCode, url).toBe(url === '/no-such-page' || (knowsInvitations && url === invitation) ? 404 : 200);
      expect(response.headers['content-type'], url).toMatch(/^text\/html/);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.body, url).toContain(`<script type="module" crossorigin src="${ENTRY}"></script>`);
      expect(response.headers['content-security-policy'], url).toContain("script-src 'self'");
    }
  });

  it('answers only the SPA’s own page addresses with 200 (routes.json); any other with the SPA and a 404', async () => {
    for (const url of ['/reset-password', '/reset-password/', '/jobs/']) expect((await get(url)).statusCode, url).toBe(200);
    // `/invitation/abc` is an invitation page's address that opens no invitation: the app says so with a 404 (issue 24).
    expect((await get('/invitation/abc')).statusCode).toBe(knowsInvitations ? 404 : 200);
    for (const url of ['/job', '/job/abc/extra', '/jobz', '/admin-console', '/reset-password/a/b']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).toContain(`<script type="module" crossorigin src="${ENTRY}"></script>`);
    }
  });

  it('serves the static pages whole (issue 15) and lists them with the open jobs in /sitemap.xml', async () => {
    const terms = await get('/terms');
    expect(terms.statusCode).toBe(200);
    expect(terms.body).toContain('<title>Terms of Service | Hireloop</title>');
    expect(terms.body).toContain('<div id="root"><main><article><h1>Terms of Service</h1><p>Last updated September 12, 2025</p>');
    expect(terms.body).toMatch(/<link rel="canonical" href="https?:\/\/[^"]+\/terms">/);
    // The company marketing page too, with its plans (ADR 044).
    const forCompanies = await get('/for-companies');
    expect(forCompanies.statusCode).toBe(200);
    expect(forCompanies.body).toContain('<title>For Companies | Hireloop</title>');
    expect(forCompanies.body).toContain('<h1>Find Top Tech Talent Faster Than Ever</h1>');
    expect(forCompanies.body).toContain('<h3>Small Business</h3>');
    // The gateway passes the sitemap to the query service (none runs behind this one).
    if (server() !== app) return;
    const sitemap = await get('/sitemap.xml');
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.headers['content-type']).toMatch(/^application\/xml/);
    expect(sitemap.body).toContain('<loc>https://hireloop.example/privacy</loc>');
    expect(sitemap.body).toContain('<loc>https://hireloop.example/for-companies</loc>');
    expect(sitemap.body).toContain(`<loc>https://hireloop.example/job/${encodeURIComponent(jobId)}</loc>`);
    // robots.txt names the sitemap and keeps crawlers out of people's pages and secret links.
    const robots = await get('/robots.txt');
    expect(robots.statusCode).toBe(200);
    expect(robots.headers['content-type']).toMatch(/^text\/plain/);
    const lines = robots.body.split('\n');
    expect(lines).toContain('Sitemap: https://hireloop.example/sitemap.xml');
    for (const path of ['/api/', '/admin', '/dashboard', '/profile/', '/invitation/', '/reset-password']) expect(lines).toContain(`Disallow: ${path}`);
    expect(lines).toContain('Allow: /');
    expect(lines.some((line) => line === 'Disallow: /jobs' || line === 'Disallow: /job/' || line === 'Disallow: /')).toBe(false);
  });

  it('names the route chunk of the page it serves for preloading, and only that page', async () => {
    const preload = `<link rel="modulepreload" crossorigin href="${ROUTE_CHUNK}">`;
    expect((await get('/jobs')).body).toContain(preload);
    expect((await get('/jobs?type=contract')).body).toContain(preload);
    expect((await get('/')).body).not.toContain(preload);
    expect((await get('/pricing')).body).not.toContain(preload);
  });

  it('gives a file without a hash in its name a short lifetime', async () => {
    const response = await get('/favicon.svg');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('answers a missing asset, a compressed copy by its own name and the build manifest with a JSON 404, not the SPA', async () => {
    for (const url of ['/assets/index-Missing1.js', `${ENTRY}.br`, `${ENTRY}.gz`, '/.vite/manifest.json']) {
      const response = await get(url, { 'accept-encoding': 'br, gzip' });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toMatch(/^application\/json/);
    }
  });
});

describe('the server-rendered job page', () => {
  it('is revalidated on every visit too, and keeps its structured data', async () => {
    const response = await app.inject({ method: 'GET', url: `/job/${jobId}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain('<script type="application/ld+json">');
    expect(response.body).toContain('Senior Data Engineer');
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
  });
});

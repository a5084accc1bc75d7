/**
 * What a browser downloads to show the job board: the JavaScript a first visit to /jobs loads
 * (every script requested from a cold cache until the board shows its jobs and the network is
 * idle), and what a repeat visit still asks the server for.
 *
 * Runs Chromium (playwright-core, /usr/bin/chromium or CHROMIUM_PATH) against the built SPA
 * (`npm run build -w @hireloop/frontend`), served by the app's own static-file code on a bare
 * server whose `GET /api/jobs` answers one job; or against a running app (`baseUrl`).
 *
 *   npx tsx tests/bench/assets.ts
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { Job } from '@hireloop/contracts';
import { createBaseApp } from '@hireloop/platform/http/app';
import type { Browser, BrowserContext } from 'playwright-core';
import { DEFAULT_SPA_DIR } from '../../cli/src/app';
import { loadSpa, serveSpaFiles, spaFallback, type Spa } from '../../cli/src/spa';
import { launchBrowser } from '../e2e/support/browser';

export interface InitialJs {
  /** Scripts requested. */
  files: number;
  /** Their size gzipped (level 9, as the build's `.gz` copies). */
  gzipBytes: number;
  /** Their size as built (minified). */
  rawBytes: number;
}

export interface MeasureOptions {
  /** A running app to measure instead of the bare server; its SPA must be the one in `spaDir`. */
  baseUrl?: string;
  /** The build (default: frontend/dist). */
  spaDir?: string;
}

/** The initial JavaScript of /jobs, for `npm run bench`. */
export async function measureInitialJs(options: MeasureOptions = {}): Promise<InitialJs> {
  const { initialJs } = await measureJobBoardVisits(options);
  return initialJs;
}

export interface JobBoardVisits {
  initialJs: InitialJs & { scripts: string[] };
  /** Requests of a second visit in the same browser that reached the server (not the cache). */
  repeatVisit: { requests: number; assets: number; urls: string[] };
}

export async function measureJobBoardVisits(options: MeasureOptions = {}): Promise<JobBoardVisits> {
  const spa = loadSpa(options.spaDir ?? DEFAULT_SPA_DIR);
  if (!spa) throw new Error(`No built SPA in ${options.spaDir ?? DEFAULT_SPA_DIR}: run npm run build -w @hireloop/frontend`);
  const server = options.baseUrl ? null : await startSpaServer(spa);
  const baseUrl = options.baseUrl ?? server!.url;
  let browser: Browser | undefined;
  try {
    browser = await launchBrowser();
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const first = await visitJobBoard(context, baseUrl);
    const repeat = await visitJobBoard(context, baseUrl);
    const scripts = first.filter((request) => /^\/assets\/[^/]+\.js$/.test(request.pathname)).map((request) => request.pathname);
    const sizes = scripts.map((script) => {
      const content = readFileSync(path.join(spa.root, script));
      return { raw: content.length, gzip: gzipSync(content, { level: 9 }).length };
    });
    const fromServer = repeat.filter((request) => !request.fromCache);
    return {
      initialJs: {
        files: scripts.length,
        gzipBytes: sizes.reduce((sum, size) => sum + size.gzip, 0),
        rawBytes: sizes.reduce((sum, size) => sum + size.raw, 0),
        scripts,
      },
      repeatVisit: {
        requests: fromServer.length,
        assets: fromServer.filter((request) => request.pathname.startsWith('/assets/')).length,
        urls: fromServer.map((request) => request.pathname),
      },
    };
  } finally {
    await browser?.close();
    await server?.close();
  }
}

interface SeenRequest {
  pathname: string;
  /** Answered from the browser's cache, without asking the server. */
  fromCache: boolean;
}

/** Opens /jobs in a new tab and lists its requests until the board shows a job and the network is idle. */
async function visitJobBoard(context: BrowserContext, baseUrl: string): Promise<SeenRequest[]> {
  const page = await context.newPage();
  // The DevTools protocol tells a cache hit from a request that reached the server.
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const requests = new Map<string, SeenRequest>();
  cdp.on('Network.requestWillBeSent', ({ requestId, request }) => {
    const url = new URL(request.url);
    if (url.origin === new URL(baseUrl).origin) requests.set(requestId, { pathname: url.pathname, fromCache: false });
  });
  cdp.on('Network.requestServedFromCache', ({ requestId }) => {
    const request = requests.get(requestId);
    if (request) request.fromCache = true;
  });
  cdp.on('Network.responseReceived', ({ requestId, response }) => {
    const request = requests.get(requestId);
    if (request && (response.fromDiskCache || response.fromPrefetchCache)) request.fromCache = true;
  });
  await page.goto(`${baseUrl}/jobs`);
  await page.getByRole('article').first().waitFor({ state: 'visible', timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  await cdp.detach();
  await page.close();
  return [...requests.values()];
}

const JOB: Job = {
  id: 'job-1',
  shareToken: 'share-1',
  title: 'Senior Data Engineer',
  company: 'Northwind',
  companyId: 'company-1',
  location: 'Austin, TX',
  salary: '$150k - $185k',
  type: 'full-time',
  remote: false,
  description: 'Own the pipelines.',
  requirements: ['Python', 'SQL'],
  skills: ['Python', 'SQL', 'Airflow'],
  benefits: null,
  experience: 'senior',
  createdAt: '2026-01-05T09:00:00.000Z',
  isActive: true,
  source: 'internal',
  externalUrl: null,
  matchScore: null,
  matchReasons: [],
  warnings: [],
  firstSeenAt: null,
  lastSeenAt: null,
  validThrough: null,
};

/** The SPA as the app serves it (same headers and cache rules), with a one-job board. */
async function startSpaServer(spa: Spa) {
  const app = createBaseApp({ notFound: spaFallback(spa) });
  app.get('/api/jobs', async (_request, reply) => reply.header('x-total-count', '1').send([JOB]));
  await serveSpaFiles(app, spa);
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { url, close: () => app.close() };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { initialJs, repeatVisit } = await measureJobBoardVisits({ baseUrl: process.argv[2] });
  const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
  console.info(`/jobs initial JavaScript: ${initialJs.files} files, ${kB(initialJs.gzipBytes)} gzipped (${kB(initialJs.rawBytes)} minified)`);
  for (const script of initialJs.scripts) console.info(`  ${script}`);
  console.info(`/jobs repeat visit: ${repeatVisit.requests} requests to the server (${repeatVisit.assets} for assets): ${repeatVisit.urls.join(' ')}`);
}

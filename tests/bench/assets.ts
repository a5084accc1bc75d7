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
import { loadavg } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { Job } from '@hireloop/contracts';
import { createBaseApp } from '@hireloop/platform/http/app';
import type { Browser, BrowserContext } from 'playwright-core';
import { DEFAULT_SPA_DIR } from '../../cli/src/app';
import { loadSpa, serveSpaFiles, spaFallback, type Spa } from '../../cli/src/spa';
import { launchBrowser } from '../e2e/support/browser';
import { atMost } from './scoreboard';

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

export interface LargestPaint {
  /** When the largest contentful paint happened, ms from navigation start (the last `largest-contentful-paint` entry). */
  lcpMs: number;
  /** First contentful paint, ms. */
  fcpMs: number;
  /** The element painted ("H1: Find your next role", "P: Showing 1-10 of 42"). */
  element: string;
  /** Its painted area, px². */
  size: number;
  /** Every LCP entry the page recorded, in order: `ms element (px²)` (what a failure shows). */
  history: string;
  /** Errors the page threw meanwhile (a pre-rendered screen React could not take over says so here). */
  errors: string[];
  /**
   * When React replaced the pre-rendered screen (the first removal of the root element's children),
   * ms; NaN when nothing was replaced. An LCP before it is the server's screen (ADR 111).
   */
  shellReplacedMs: number;
}

/**
 * Runs in the page before its scripts: notes in `window.__shellReplacedMs` when the root element's
 * children are first removed. A string, so the page gets it as written (no transpiler helpers).
 */
const WATCH_SHELL_REPLACED = `(() => {
  const watch = () => {
    const root = document.getElementById('root');
    if (!root) return;
    new MutationObserver((records, observer) => {
      if (!records.some((record) => record.removedNodes.length > 0)) return;
      window.__shellReplacedMs = performance.now();
      observer.disconnect();
    }).observe(root, { childList: true });
  };
  if (document.readyState === 'loading') document.addEventListener('readystatechange', watch, { once: true });
  else watch();
})()`;

export interface LcpOptions extends MeasureOptions {
  /** CDP `Emulation.setCPUThrottlingRate` (1: none; issue 26 measures at 4). */
  cpuThrottling?: number;
  /** Cold visits (each in a new browser context); the figures are each visit's. */
  visits?: number;
}

/**
 * Largest contentful paint of a cold first visit to /jobs, as the page's own Performance API
 * reports it (a buffered `largest-contentful-paint` PerformanceObserver), with the CPU slowed
 * down by CDP. Read once the board shows a job and the network is idle, before any input.
 */
export async function measureJobBoardLcp(options: LcpOptions = {}): Promise<LargestPaint[]> {
  const spa = loadSpa(options.spaDir ?? DEFAULT_SPA_DIR);
  if (!spa) throw new Error(`No built SPA in ${options.spaDir ?? DEFAULT_SPA_DIR}: run npm run build -w @hireloop/frontend`);
  const server = options.baseUrl ? null : await startSpaServer(spa);
  const baseUrl = options.baseUrl ?? server!.url;
  let browser: Browser | undefined;
  try {
    browser = await launchBrowser();
    const paints: LargestPaint[] = [];
    for (let visit = 0; visit < (options.visits ?? 1); visit++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      try {
        const page = await context.newPage();
        const errors: string[] = [];
        page.on('pageerror', (error) => errors.push(error.message));
        await page.addInitScript({ content: WATCH_SHELL_REPLACED });
        const cdp = await context.newCDPSession(page);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: options.cpuThrottling ?? 4 });
        await page.goto(`${baseUrl}/jobs`);
        await page.getByRole('article').first().waitFor({ state: 'visible', timeout: 60_000 });
        await page.waitForLoadState('networkidle');
        const shellReplacedMs = await page.evaluate(() => (globalThis as { __shellReplacedMs?: number }).__shellReplacedMs ?? Number.NaN);
        paints.push({ ...(await page.evaluate(readLargestPaint)), errors, shellReplacedMs });
      } finally {
        await context.close();
      }
    }
    return paints;
  } finally {
    await browser?.close();
    await server?.close();
  }
}

/**
 * `npm run bench`'s `assets` section: the JavaScript of a first visit to /jobs and its LCP with
 * the CPU slowed down 4× (median of five cold visits; unthrottled beside it), recorded against
 * issue 26's targets; returns the section's lines (markdown).
 */
export async function assetsReport(): Promise<string[]> {
  const figures = await measureInitialJs();
  atMost('assets', '/jobs first-load JS', figures.gzipBytes, 120_000, 'B', `gzip -9; ${figures.files} files, ${figures.rawBytes.toLocaleString('en-US')} B minified`);
  const paints = await measureJobBoardLcp({ visits: 5, cpuThrottling: 4 });
  const unthrottled = await measureJobBoardLcp({ visits: 5, cpuThrottling: 1 });
  const load = loadavg().map((value) => value.toFixed(2)).join(' / ');
  atMost('assets', '/jobs LCP with 4× throttling', medianLcp(paints), 1500, 'ms', `median of 5 cold visits; unthrottled ${medianLcp(unthrottled).toFixed(0)} ms; load ${load}`);
  const lines = ['### Initial JavaScript and largest contentful paint for /jobs (built SPA, headless Chromium)', ''];
  lines.push(`${figures.files} files, ${figures.gzipBytes.toLocaleString('en-US')} B gzipped (${figures.rawBytes.toLocaleString('en-US')} B minified). Load average after the visits: ${load}.`, '');
  lines.push('| Visit | CPU | LCP ms | FCP ms | Element | React replaced the screen, ms | Page errors |', '|---:|---:|---:|---:|---|---:|---:|');
  for (const [rate, list] of [[4, paints], [1, unthrottled]] as const) {
    list.forEach((paint, index) => lines.push(`| ${index + 1} | ×${rate} | ${paint.lcpMs.toFixed(0)} | ${paint.fcpMs.toFixed(0)} | ${paint.element} | ${paint.shellReplacedMs.toFixed(0)} | ${paint.errors.length} |`));
  }
  lines.push('');
  return lines;
}

/** The median LCP of several visits. */
export function medianLcp(paints: readonly LargestPaint[]): number {
  const sorted = paints.map((paint) => paint.lcpMs).sort((a, b) => a - b);
  return sorted.length === 0 ? Number.NaN : sorted[Math.floor((sorted.length - 1) / 2)]!;
}

/** A `largest-contentful-paint` entry, as far as it is read here (the tests' TypeScript has no DOM types). */
interface LargestPaintEntry {
  startTime: number;
  size: number;
  element: { tagName: string; textContent: string | null } | null;
}

/** Runs in the page: the last LCP entry and the FCP, from the buffered performance timeline. */
function readLargestPaint(): Promise<Omit<LargestPaint, 'errors' | 'shellReplacedMs'>> {
  return new Promise((resolve, reject) => {
    new PerformanceObserver((list, observer) => {
      const entries = list.getEntries() as unknown as LargestPaintEntry[];
      const last = entries.at(-1);
      if (!last) return;
      observer.disconnect();
      const fcp = performance.getEntriesByName('first-contentful-paint')[0];
      const name = (entry: LargestPaintEntry) => (entry.element ? `${entry.element.tagName}: ${(entry.element.textContent ?? '').trim().slice(0, 60)}` : '(removed)');
      const history = entries.map((entry) => `${entry.startTime.toFixed(0)} ms ${name(entry).slice(0, 30)} (${entry.size} px²)`).join(', ');
      resolve({ lcpMs: last.startTime, fcpMs: fcp?.startTime ?? Number.NaN, element: name(last), size: last.size, history });
    }).observe({ type: 'largest-contentful-paint' as 'mark', buffered: true });
    setTimeout(() => reject(new Error('no largest-contentful-paint entry')), 10_000);
  });
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
  const paints = await measureJobBoardLcp({ baseUrl: process.argv[2], visits: 5 });
  console.info(`/jobs LCP, CPU ×4, 5 cold visits: ${paints.map((paint) => `${paint.lcpMs.toFixed(0)} ms`).join(', ')} (median ${medianLcp(paints).toFixed(0)} ms; ${paints[0]?.element})`);
}

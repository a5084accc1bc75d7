import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect as assert, it } from 'vitest';
import { DEFAULT_SPA_DIR } from '../../cli/src/app';
import type { ViteManifest } from '../../cli/src/route-preloads';
import { measureJobBoardLcp, measureJobBoardVisits, medianLcp, type JobBoardVisits } from '../bench/assets';
import { removeDataDir, startApp, type AppProcess } from './support/app-process';
import { launchBrowser } from './support/browser';
import { holdBack } from './support/hold-back';
import { expect } from './support/page-expect';

/**
 * What a browser downloads for the job board from the real embedded app (`npm start`): the
 * JavaScript of a first visit to /jobs, held to a budget, and nothing but the page and its data
 * on a repeat visit.
 */

// ADR 014: a ratchet. Lower it when the first page gets lighter, never raise it without a decision (ADR 068 did).
// ADR 086: 146,403 B measured, ~600 B left for the board's "Did you mean" line; issue 26's target, 120,000 B, is not reached yet.
// ADR 095: 131,912 B measured without tailwind-merge, zod and Radix's Slot and Label on the first page; ~500 B of headroom.
// ADR 102: 128,536 B measured (the login return, page-view sender and sign-in rule loaded when used, lucide's
// icons built without its generic Icon, fewer files); ~500 B of headroom.
// ADR 109: 126,953 B measured (the entry in the app chunk, Apply's sending code loaded when used, the framework
// file without the modules only other pages use); ~500 B of headroom.
// ADR 111: 126,430 B measured (import() without Vite's preload helper, one stylesheet, React's render over the
// pre-rendered screen waiting for its paint to be recorded); ~500 B of headroom.
// ADR 122: 118,457 B measured (React Query and its client off the first page: the board and the
// header read by themselves until the client comes with a later chunk); ~500 B of headroom.
const INITIAL_JS_BUDGET_BYTES = 118_950;

/**
 * Issue 26's target is an LCP of 1,500 ms with the CPU slowed down 4×; `npm run bench` records it.
 * Here, on a shared two-core machine running other suites beside this one, a looser bound (ADR 086
 * has the figures: medians of 1.2–1.9 s with the pre-rendered screen at load averages of 21–26,
 * 2.2–2.7 s without it).
 */
const LCP_SANITY_BOUND_MS = 3_000;

/** The board's heading as the server sends it in the page (ADR 086). */
const PRE_RENDERED_HEADING = '<h1 class="text-2xl font-bold tracking-tight sm:text-3xl">Find your next tech job</h1>';

/**
 * Classic zod in a built script: it names its schema classes `ZodObject`, `ZodString`, … (names
 * minifying keeps); zod/mini's are `ZodMiniObject`, …, and their shared core's `$ZodObject`, ….
 */
const CLASSIC_ZOD = /(?<![\w$])Zod(?:Object|String|Type)\b/;

/** Any zod in a built script, classic or mini: the class name of their shared core's object schema. */
const ANY_ZOD = /\$ZodObject\b/;

let app: AppProcess;
let browser: Browser;
let visits: JobBoardVisits;

beforeAll(async () => {
  app = await startApp();
  const signup = await fetch(`${app.url}/api/auth/company/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ companyName: 'Northwind', contactName: 'Maya Okafor', email: 'jobs@northwind.example', password: 'company-password' }),
  });
  const { token } = (await signup.json()) as { token: string };
  await fetch(`${app.url}/api/jobs`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ title: 'Senior Data Engineer', location: 'Austin, TX', description: 'Own the pipelines.' }),
  });
  visits = await measureJobBoardVisits({ baseUrl: app.url });
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  if (app) await removeDataDir(app.dataDir);
});

describe('the job board over the network', () => {
  it('a first visit to /jobs loads no more JavaScript than the budget, and none of the code that waits to be opened', () => {
    assert(visits.initialJs.gzipBytes).toBeLessThanOrEqual(INITIAL_JS_BUDGET_BYTES);
    const manifest = JSON.parse(readFileSync(path.join(DEFAULT_SPA_DIR, '.vite', 'manifest.json'), 'utf8')) as ViteManifest;
    const deferred = [
      'src/features/jobs/components/job-details-dialog.tsx',
      'src/features/jobs/components/share-job-dialog.tsx',
      'src/features/jobs/components/leave-site-dialog.tsx',
      'src/features/auth/components/auth-dialog.tsx',
      'src/components/ui/option-select.tsx',
      'src/components/ui/toast-list.tsx',
      // The candidate profile page, its error and not-found screens and its loader (one lazy chunk of the route, ADR 057, ADR 060).
      'src/routes/profile.$id.tsx?tsr-split=component---errorComponent---loader---notFoundComponent',
      // The profile wizard (Start Here / Edit Profile on the dashboard) and the resume pages.
      'src/features/profiles/components/profile-wizard-dialog.tsx',
      'src/routes/resume-upload.tsx?tsr-split=component---loader',
      'src/routes/resume-demo.tsx?tsr-split=component---loader',
      // The invitation page (issue 13) and its flow machine come with their route only.
      'src/routes/invitation.$token.tsx?tsr-split=component---loader',
      // The AI-assistant connect page (ADR 043); its panel in the sign-in dialog comes with auth-dialog.tsx.
      'src/routes/mysalt-callback.tsx?tsr-split=component---loader',
      // The anonymous candidates side panel (large screens) loads after the board's first load.
      'src/features/candidates/components/candidate-side-panel.tsx',
      // The board's ad slot comes with the aside's extras, after the board (ADR 044).
      'src/routes/-components/board-aside.tsx',
    ];
    for (const source of deferred) {
      assert(manifest[source], source).toBeDefined();
      assert(visits.initialJs.scripts, source).not.toContain(`/${manifest[source]!.file}`);
    }
    // React Query's client, with its caches and observers, comes later too: the board reads without it (ADR 122).
    // A chunk shared by the parts that load it, so named in the manifest by its file only.
    const queryClientChunk = Object.values(manifest).find((chunk) => /^assets\/query-client-[\w-]+\.js$/.test(chunk.file));
    assert(queryClientChunk).toBeDefined();
    assert(visits.initialJs.scripts).not.toContain(`/${queryClientChunk!.file}`);
  });

  it('a first visit to /jobs loads no zod: the routes read their search params and the board its answers without it (ADR 095)', () => {
    const script = (file: string) => readFileSync(path.join(DEFAULT_SPA_DIR, file), 'utf8');
    const withZod = visits.initialJs.scripts.filter((file) => ANY_ZOD.test(script(file)) || CLASSIC_ZOD.test(script(file)));
    assert(withZod).toEqual([]);
    // The forms still use classic zod, and later pages the contracts' zod/mini schemas, loaded with them: the markers are there to be found.
    const assets = readdirSync(path.join(DEFAULT_SPA_DIR, 'assets')).filter((file) => file.endsWith('.js'));
    assert(assets.some((file) => CLASSIC_ZOD.test(script(`/assets/${file}`)))).toBe(true);
    assert(assets.some((file) => ANY_ZOD.test(script(`/assets/${file}`)) && !CLASSIC_ZOD.test(script(`/assets/${file}`)))).toBe(true);
  });

  it('the board\'s first screen comes in the page, and the page paints its largest content within the bound with the CPU slowed down 4×', async () => {
    const page = await (await fetch(`${app.url}/jobs`)).text();
    assert(page).toContain(PRE_RENDERED_HEADING);
    // React's notes on the parts it left to the browser (they name the build machine's files) are not sent.
    assert(page).not.toMatch(/data-(msg|stck|cstck|dgst)=/);
    // The screen shows the default filters: a board asked for with others comes without it.
    assert(await (await fetch(`${app.url}/jobs?search=engineer`)).text()).not.toContain(PRE_RENDERED_HEADING);
    const paints = await measureJobBoardLcp({ baseUrl: app.url, visits: 3, cpuThrottling: 4 });
    console.info(`/jobs LCP with the CPU slowed down 4×: ${paints.map((paint) => `${paint.lcpMs.toFixed(0)} ms`).join(', ')} (median ${medianLcp(paints).toFixed(0)} ms)`);
    for (const paint of paints) assert(paint.errors).toEqual([]);
    // The largest paint is the server's screen: React renders over it only once the browser has
    // recorded its paint (ADR 111). Replaced earlier, the browser often forgot that paint and took
    // React's own paint of the same heading, a second or more later, as the page's LCP.
    for (const paint of paints) assert(paint.lcpMs, `${paint.history}; React replaced the screen at ${paint.shellReplacedMs} ms`).toBeLessThan(paint.shellReplacedMs);
    assert(medianLcp(paints)).toBeLessThanOrEqual(LCP_SANITY_BOUND_MS);
  });

  it('a repeat visit asks the server only for the page and its data: every asset comes from the cache', () => {
    assert(visits.repeatVisit.assets).toBe(0);
    assert(visits.repeatVisit.urls.toSorted()).toEqual(['/api/jobs', '/jobs']);
  });

  it('a filter pressed from the keyboard before its code has arrived opens when it does, with the focus in its list', async () => {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    // A slow network: the select's code is held back until the key has been pressed.
    const selectCode = await holdBack(page, '**/assets/option-select-*.js');
    await page.goto(`${app.url}/jobs`);
    await expect(page.getByRole('article').first()).toBeVisible();
    await page.getByLabel('Location').focus();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await selectCode.requested;
    assert(await page.getByRole('option', { name: 'Contract' }).count()).toBe(0);
    selectCode.release();
    await expect(page.getByRole('option', { name: 'Contract' })).toBeVisible();
    // The list puts the focus on the chosen option once it has placed itself; keys before that go nowhere.
    await expect(page.getByRole('option', { name: 'All types' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    // Enter chooses the option that has the focus: wait until the arrow has moved it (a loaded CI machine pressed Enter first).
    await expect(page.getByRole('option', { name: 'Full-time' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('combobox', { name: 'Job Type' }).filter({ hasText: 'Full-time' })).toBeVisible();
    assert(new URL(page.url()).searchParams.get('type')).toBe('full-time');
  });
});

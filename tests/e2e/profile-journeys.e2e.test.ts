import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect as assert, it } from 'vitest';
import { removeDataDir, startApp, waitForReadModels, type AppProcess } from './support/app-process';
import { seriousAxeViolations } from './support/axe';
import { launchBrowser } from './support/browser';
import { holdBack } from './support/hold-back';
import { expect } from './support/page-expect';

/**
 * Candidate profiles from end to end in Chromium against the real embedded app (issue 10): a
 * candidate signs up, builds the profile with the wizard from a real resume and corrects it, edits
 * it later; the resume upload page turns a real resume into a profile; the demo shows its sample.
 * The three displays of /profile/{id} and Make Private / Public are in profiles.e2e.test.ts.
 *
 * The resumes are the real ones of ../shared/data/resumes; what is asserted of each comes from
 * what platform/src/ai/local.unit.test.ts expects the offline extractor (the embedded default) to
 * read from it.
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const resume = (file: string) => path.join(repoRoot, '../shared/data/resumes', file);

/** MERN Stack Developer, Gotham, USA; MongoDB, React, Node.js, Docker among the skills. */
const BRUCE_WAYNE_PDF = resume('resume-matcher_bruce_wayne_fullstack.pdf');
/** Ebony Moore, emoore@email.com, Certified Public Accountant, Cloverfield College, 3 jobs. */
const ACCOUNTANT_DOCX = resume('soupboss_01-Accountant.docx');

let app: AppProcess;
let browser: Browser;
let scratch: string;

beforeAll(async () => {
  [app, browser, scratch] = await Promise.all([startApp(), launchBrowser(), mkdtemp(path.join(tmpdir(), 'hireloop-journeys-'))]);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  if (app) await removeDataDir(app.dataDir);
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

async function post(route: string, body: unknown, token?: string) {
  const response = await fetch(`${app.url}${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`POST ${route}: ${response.status} ${JSON.stringify(answer)}`);
  return answer;
}

async function candidate(name: string, email: string): Promise<string> {
  const { token } = (await post('/api/auth/candidate/signup', { name, email, password: 'candidate-password' })) as { token: string };
  return token;
}

async function newPage(token?: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  if (token) await context.addInitScript({ content: `localStorage.setItem('auth_token', ${JSON.stringify(token)});` });
  return context.newPage();
}

/** The toast with this title (toasts are announced in a live region; the title is its first line). */
const toastTitled = (page: Page, title: string) => page.getByText(title, { exact: true }).first();

/** What the upload page says of a size: megabytes with two decimals (frontend/src/features/resume/lib/resume-file.ts). */
const megabytes = (bytes: number) => `${Math.max(bytes / (1024 * 1024), 0.01).toFixed(2)} MB`;

describe('the profile wizard', { timeout: 120_000 }, () => {
  it('a candidate signs up, builds the profile from a real PDF resume, corrects it, and sees it on the profile page and the dashboard', async () => {
    const page = await newPage();
    await page.goto(`${app.url}/jobs`);
    await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).click();
    const signUp = page.getByRole('dialog', { name: 'Welcome to Hireloop' });
    await signUp.getByRole('tab', { name: 'For Candidates' }).click();
    await signUp.getByLabel('Full Name').fill('Bruce Wayne');
    await signUp.getByLabel('Email').fill('bruce.wayne@journeys-e2e.example');
    await signUp.getByLabel('Password').fill('gotham-knight-1939');
    await signUp.getByRole('button', { name: 'Next' }).click();
    await signUp.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL('**/dashboard', { timeout: 15_000 });

    await page.getByRole('button', { name: 'Start Here' }).click();
    const wizard = page.getByRole('dialog', { name: 'Create Your Profile' });
    await expect(wizard.getByText('Step 1 of 4: Upload your resume')).toBeVisible();

    // The parse answer held back until the progress has been seen (a slow network, on cue).
    const parse = await holdBack(page, '**/api/parse-resume');
    await wizard.getByLabel('Upload Resume').setInputFiles(BRUCE_WAYNE_PDF);
    await parse.requested;
    await expect(wizard.getByText('Step 2 of 4: Read your resume')).toBeVisible();
    await expect(wizard.getByText('Parsing resume-matcher_bruce_wayne_fullstack.pdf...')).toBeVisible();
    await expect(wizard.getByRole('progressbar', { name: 'Parsing resume' })).toBeVisible();
    parse.release();

    await expect(wizard.getByText('Step 3 of 4: Confirm your details'), 20_000).toBeVisible();
    const form = wizard.getByRole('form', { name: 'Profile details' });
    assert(await form.getByLabel('Job Title').inputValue()).toBe('MERN Stack Developer');
    assert(await form.getByLabel('Location').inputValue()).toBe('Gotham, USA');
    const skills = form.getByRole('list', { name: 'Skill list' });
    for (const skill of ['MongoDB', 'React', 'Node.js', 'Docker']) await expect(skills.getByText(skill, { exact: true })).toBeVisible();
    assert(await seriousAxeViolations(page)).toEqual([]);

    // The candidate corrects what the resume said: a new title and one more skill.
    await form.getByLabel('Job Title').fill('Lead MERN Engineer');
    await form.getByRole('textbox', { name: 'Skills' }).fill('GraphQL');
    await form.getByRole('button', { name: 'Add skill' }).click();
    await expect(skills.getByText('GraphQL', { exact: true })).toBeVisible();
    if (!(await form.getByRole('textbox', { name: 'Experience' }).inputValue())) await form.getByRole('textbox', { name: 'Experience' }).fill('5 years');
    const removeLabels = await skills.getByRole('button', { name: /^Remove / }).evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-label') ?? ''));
    const savedSkills = removeLabels.map((label) => label.replace(/^Remove /, ''));
    assert(savedSkills).toEqual(assert.arrayContaining(['MongoDB', 'GraphQL']));
    await form.getByRole('button', { name: 'Create Profile' }).click();

    // The toast first: it goes after a few seconds, the last step stays.
    await expect(toastTitled(page, 'Profile Created')).toBeVisible();
    await expect(wizard.getByText('Step 4 of 4: All done')).toBeVisible();
    await wizard.getByRole('link', { name: 'View Your Profile' }).click();
    await page.waitForURL(/\/profile\/[^/]+$/);
    const profileUrl = page.url();
    await expect(page.getByRole('heading', { name: 'Bruce Wayne', level: 1 })).toBeVisible();
    await expect(page.getByText('Lead MERN Engineer').first()).toBeVisible();
    assert(await page.getByText('MERN Stack Developer', { exact: true }).count()).toBe(0);

    await page.goto(`${app.url}/dashboard`);
    const topSkills = page.getByRole('list', { name: 'Top skills' });
    await expect(topSkills).toBeVisible();
    // The first three of the saved skills, and jobs found by the corrected title.
    assert((await topSkills.getByRole('listitem').allInnerTexts()).map((text) => text.trim())).toEqual(savedSkills.slice(0, 3));
    // View Suggested Jobs shows the best matches in place, and a board search by the corrected title for more.
    await page.getByRole('button', { name: 'View Suggested Jobs' }).click();
    const more = page.getByRole('link', { name: 'Search the job board for more' });
    await expect(more).toBeVisible();
    assert(new URL((await more.getAttribute('href'))!, app.url).searchParams.get('search')).toBe('Lead MERN Engineer');
    assert(await page.getByRole('button', { name: 'Start Here' }).count()).toBe(0);
    await expect(page.getByRole('button', { name: 'Edit Profile' })).toBeVisible();
    await page.getByRole('link', { name: 'View My Profile' }).click();
    await page.waitForURL(profileUrl);
    await expect(page.getByText('Lead MERN Engineer').first()).toBeVisible();
    await page.context().close();
  });

  it('a file that is not a PDF or Word document stays on step 1 with Invalid File Type', async () => {
    const page = await newPage(await candidate('Selina Kyle', 'selina.kyle@journeys-e2e.example'));
    await page.goto(`${app.url}/dashboard`);
    await page.getByRole('button', { name: 'Start Here' }).click();
    const wizard = page.getByRole('dialog', { name: 'Create Your Profile' });
    await wizard.getByLabel('Upload Resume').setInputFiles({
      name: 'resume.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('Selina Kyle\nCat burglar\n'),
    });
    await expect(toastTitled(page, 'Invalid File Type')).toBeVisible();
    await expect(wizard.getByText('Step 1 of 4: Upload your resume')).toBeVisible();
    await page.context().close();
  });

  it('Edit Profile opens at step 3 with the current values; a new location is saved and shown on the profile page', async () => {
    const token = await candidate('Alfred Pennyworth', 'alfred@journeys-e2e.example');
    await post(
      '/api/profile',
      { jobTitle: 'Operations Manager', experience: '20 years', location: 'Gotham, USA', skills: ['Logistics', 'First Aid'], isActivelyLooking: true, isPublic: true },
      token,
    );
    // The browser never saw that write: wait until the read models have it before the dashboard reads the profile.
    await waitForReadModels(app);
    const page = await newPage(token);
    await page.goto(`${app.url}/dashboard`);
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    const wizard = page.getByRole('dialog', { name: 'Edit Your Profile' });
    await expect(wizard.getByText('Step 3 of 4: Confirm your details')).toBeVisible();
    const form = wizard.getByRole('form', { name: 'Profile details' });
    assert(await form.getByLabel('Job Title').inputValue()).toBe('Operations Manager');
    assert(await form.getByRole('textbox', { name: 'Experience' }).inputValue()).toBe('20 years');
    assert(await form.getByLabel('Location').inputValue()).toBe('Gotham, USA');
    await expect(form.getByRole('list', { name: 'Skill list' }).getByText('First Aid', { exact: true })).toBeVisible();

    await form.getByLabel('Location').fill('London, UK');
    await form.getByRole('button', { name: 'Update Profile' }).click();
    await expect(toastTitled(page, 'Profile Updated')).toBeVisible();
    await expect(wizard.getByText('Step 4 of 4: All done')).toBeVisible();
    await wizard.getByRole('button', { name: 'Done' }).click();
    await expect(wizard).toBeHidden();
    await expect(page.getByText('London, UK').first()).toBeVisible();

    await page.getByRole('link', { name: 'View My Profile' }).click();
    await page.waitForURL(/\/profile\/[^/]+$/);
    await expect(page.getByRole('heading', { name: 'Alfred Pennyworth', level: 1 })).toBeVisible();
    await expect(page.getByText('London, UK').first()).toBeVisible();
    assert(await page.getByText('Gotham, USA').count()).toBe(0);
    await page.context().close();
  });
});

describe('the resume upload page', { timeout: 120_000 }, () => {
  it('a candidate chooses a real resume, reviews what was read, and creates the profile from it', async () => {
    const page = await newPage(await candidate('Ebony Moore', 'ebony.moore@journeys-e2e.example'));
    await page.goto(`${app.url}/resume-upload`);
    await expect(page.getByRole('heading', { name: 'Upload Your Resume' })).toBeVisible();
    const extract = page.getByRole('button', { name: 'Extract Information' });
    assert(await extract.isDisabled()).toBe(true);

    await page.getByLabel('Choose File').setInputFiles(ACCOUNTANT_DOCX);
    await expect(page.getByText('soupboss_01-Accountant.docx', { exact: true })).toBeVisible();
    await expect(page.getByText(megabytes((await stat(ACCOUNTANT_DOCX)).size), { exact: true })).toBeVisible();
    await extract.click();

    await expect(page.getByRole('heading', { name: 'Extracted Information' }), 20_000).toBeVisible();
    const personal = page.getByRole('region', { name: 'Personal Information' });
    await expect(personal.getByText('Ebony Moore')).toBeVisible();
    await expect(personal.getByText('emoore@email.com')).toBeVisible();
    await expect(personal.getByText('Seattle, WA')).toBeVisible();
    const experience = page.getByRole('region', { name: 'Work Experience' });
    assert(await experience.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 4 }) }).count()).toBe(3);
    await expect(page.getByRole('region', { name: 'Education' }).getByText(/Cloverfield College/)).toBeVisible();
    await expect(page.getByRole('region', { name: 'Skills' }).getByText('Accounting', { exact: true })).toBeVisible();
    // Read-only: the review has nothing to type into.
    assert(await page.getByRole('region', { name: 'Personal Information' }).getByRole('textbox').count()).toBe(0);
    assert(await seriousAxeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Create My Profile' }).click();
    await expect(toastTitled(page, 'Registration Successful')).toBeVisible();
    await page.waitForURL(/\/profile\/[^/]+$/, { timeout: 15_000 });
    await expect(page.getByRole('heading', { name: 'Ebony Moore', level: 1 })).toBeVisible();
    await expect(page.getByText('Certified Public Accountant').first()).toBeVisible();
    await page.context().close();
  });

  it('a file over 5 MB is refused on the page, before it is sent', async () => {
    const big = path.join(scratch, 'big-resume.pdf');
    await writeFile(big, Buffer.alloc(5 * 1024 * 1024 + 1, 0x20));
    const page = await newPage(await candidate('Lucius Fox', 'lucius.fox@journeys-e2e.example'));
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/extract-resume')) sent.push(request.url());
    });
    await page.goto(`${app.url}/resume-upload`);
    await page.getByLabel('Choose File').setInputFiles(big);
    await expect(page.getByText('This file cannot be used')).toBeVisible();
    await expect(page.getByText('The resume is larger than 5 MB. Please upload a smaller file.')).toBeVisible();
    assert(await page.getByRole('button', { name: 'Extract Information' }).isDisabled()).toBe(true);
    assert(sent).toEqual([]);
    await page.context().close();
  });

  it('a signed-out visitor is asked to sign in', async () => {
    const page = await newPage();
    await page.goto(`${app.url}/resume-upload`);
    await expect(page.getByRole('heading', { name: 'Sign in to upload your resume' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create a Candidate Account' })).toBeVisible();
    assert(await page.getByLabel('Choose File').count()).toBe(0);
    await page.getByRole('main').getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('dialog', { name: 'Welcome to Hireloop' })).toBeVisible();
    await page.context().close();
  });
});

describe('the resume extraction demo', { timeout: 60_000 }, () => {
  it('Extract with AI shows the sample results after the simulated wait, under four how-it-works steps', async () => {
    const page = await newPage();
    await page.goto(`${app.url}/resume-demo`);
    await expect(page.getByRole('heading', { name: 'Resume Extraction Demo' })).toBeVisible();
    const steps = page.getByRole('region', { name: 'How It Works' }).getByRole('listitem');
    assert(await steps.count()).toBe(4);

    await page.getByRole('button', { name: 'Extract with AI' }).click();
    await expect(page.getByRole('button', { name: 'Extracted' }), 15_000).toBeVisible();
    const personal = page.getByRole('region', { name: 'Personal Information' });
    await expect(personal.getByText('Maya Okafor')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Work Experience' }).getByText('Riverbend Analytics', { exact: false })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Create My Profile with This Data' })).toBeVisible();
    assert(await seriousAxeViolations(page)).toEqual([]);
    await page.context().close();
  });
});

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect as assert, it } from 'vitest';
import { removeDataDir, startApp, type AppProcess } from './support/app-process';
import { seriousAxeViolations } from './support/axe';
import { launchBrowser } from './support/browser';
import { expect } from './support/page-expect';

/**
 * Candidate profiles in Chromium against the real embedded app (issue 10): the three displays of
 * /profile/{id} as the spec describes them, and the owner's Make Private / Make Public.
 */
let app: AppProcess;
let browser: Browser;

interface Person {
  token: string;
  profileId: string;
}

async function post(path: string, body: unknown, token?: string, method = 'POST') {
  const response = await fetch(`${app.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(answer)}`);
  return answer;
}

async function candidateWithProfile(name: string, email: string, profile: Record<string, unknown>): Promise<Person> {
  const { token } = (await post('/api/auth/candidate/signup', { name, email, password: 'candidate-password' })) as { token: string };
  const saved = (await post('/api/profile', profile, token)) as { profile: { id: string } };
  return { token, profileId: saved.profile.id };
}

const base = {
  experience: '6 years',
  bio: 'Builds data platforms that teams trust.',
  phone: '+1 555 0100',
  linkedinUrl: 'https://www.linkedin.com/in/example-person',
  githubUrl: 'https://github.com/example-person',
  education: 'BSc Computer Science - Example University',
  salaryExpectation: '150,000',
};

let lookingNow: Person;
let openOnly: Person;
let hidden: Person;

beforeAll(async () => {
  [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  lookingNow = await candidateWithProfile('Ada Quinn', 'ada.quinn@profiles-e2e.example', {
    ...base,
    jobTitle: 'Senior Data Engineer',
    skills: ['Python', 'Spark', 'Airflow', 'SQL'],
    location: 'Austin, TX',
    isActivelyLooking: true,
    isPublic: true,
  });
  openOnly = await candidateWithProfile('Ben Okoro', 'ben.okoro@profiles-e2e.example', {
    ...base,
    jobTitle: 'Frontend Engineer',
    skills: ['TypeScript', 'React', 'CSS', 'Testing', 'Accessibility', 'Vite', 'Node.js', 'GraphQL', 'Storybook', 'Figma'],
    location: 'Lisbon, Portugal',
    isActivelyLooking: false,
    isPublic: true,
  });
  hidden = await candidateWithProfile('Cleo Marsh', 'cleo.marsh@profiles-e2e.example', {
    ...base,
    jobTitle: 'Site Reliability Engineer',
    skills: ['Kubernetes', 'Go'],
    location: 'Berlin, Germany',
    isActivelyLooking: true,
    isPublic: false,
  });
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  if (app) await removeDataDir(app.dataDir);
});

async function newPage(token?: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  if (token) await context.addInitScript({ content: `localStorage.setItem('auth_token', ${JSON.stringify(token)});` });
  return context.newPage();
}

const robots = (page: Page) => page.locator('meta[name="robots"]').getAttribute('content');

describe('the candidate profile page', { timeout: 90_000 }, () => {
  it('a public, actively looking profile shows a visitor everything but who the candidate is (ADR 066), and is not indexed', async () => {
    const page = await newPage();
    await page.goto(`${app.url}/profile/${lookingNow.profileId}`);
    await expect(page.getByRole('heading', { name: 'Anonymous Candidate' })).toBeVisible();
    await expect(page.getByText('Actively Looking')).toBeVisible();
    await expect(page.getByText('6 years')).toBeVisible();
    await expect(page.getByText(/Hireloop shares them with a company only when this candidate reveals their profile/)).toBeVisible();
    assert(await page.getByRole('link', { name: /LinkedIn/ }).count()).toBe(0);
    assert(await page.locator('body').innerText()).not.toContain('Ada Quinn');
    await expect(page.getByRole('button', { name: 'Share Profile' })).toBeVisible();
    assert(await page.title()).toContain('Candidate Profile');
    assert(await robots(page)).toMatch(/noindex.*nofollow/);
    assert(await seriousAxeViolations(page)).toEqual([]);
    await page.context().close();
  });

  it('a public profile that is only open to opportunities is anonymous: no name, no contact details, 8 skills and +2 more', async () => {
    const page = await newPage(hidden.token);
    await page.goto(`${app.url}/profile/${openOnly.profileId}`);
    await expect(page.getByText('Private Candidate').first()).toBeVisible();
    await expect(page.getByText('Frontend Engineer').first()).toBeVisible();
    await expect(page.getByText('+2 more')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Interested in This Candidate?' })).toBeVisible();
    const text = await page.locator('body').innerText();
    for (const secret of ['Ben', 'Okoro', 'ben.okoro@', '555 0100', 'linkedin.com', 'Example University', '150,000']) assert(text).not.toContain(secret);
    // Another candidate may not regenerate the AI summary.
    assert(await page.getByRole('button', { name: 'Regenerate' }).count()).toBe(0);
    assert(await seriousAxeViolations(page)).toEqual([]);
    await page.context().close();
  });

  it('a private profile is Profile Not Found to others, exactly like an id that does not exist', async () => {
    const page = await newPage(lookingNow.token);
    await page.goto(`${app.url}/profile/${hidden.profileId}`);
    await expect(page.getByRole('heading', { name: 'Profile Not Found' })).toBeVisible();
    const privateText = await page.locator('main').innerText();
    await page.goto(`${app.url}/profile/00000000-0000-0000-0000-000000000000`);
    await expect(page.getByRole('heading', { name: 'Profile Not Found' })).toBeVisible();
    assert(await page.locator('main').innerText()).toBe(privateText);
    await page.context().close();
  });

  it('the owner previews both displays and makes the profile private, then public again', async () => {
    const page = await newPage(lookingNow.token);
    await page.goto(`${app.url}/profile/${lookingNow.profileId}`);
    await expect(page.getByText('Current: Public')).toBeVisible();
    // The preview starts as what others see when the profile is limited, then shows the full one.
    await expect(page.getByText('Private Candidate').first()).toBeVisible();
    await page.getByRole('button', { name: 'View as Public' }).click();
    await expect(page.getByText('Preview: your full public profile')).toBeVisible();
    await expect(page.getByText('Actively Looking').first()).toBeVisible();
    await page.getByRole('button', { name: 'View as Private' }).click();
    await expect(page.getByText('Private Candidate').first()).toBeVisible();

    await page.getByRole('button', { name: 'Make Private' }).click();
    await expect(page.getByText('Current: Private')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Make Public' })).toBeVisible();

    const visitor = await newPage();
    await visitor.goto(`${app.url}/profile/${lookingNow.profileId}`);
    await expect(visitor.getByRole('heading', { name: 'Profile Not Found' })).toBeVisible();

    await page.getByRole('button', { name: 'Make Public' }).click();
    await expect(page.getByText('Current: Public')).toBeVisible();
    await visitor.reload();
    await expect(visitor.getByRole('heading', { name: 'Anonymous Candidate' })).toBeVisible();
    await page.context().close();
    await visitor.context().close();
  });
});

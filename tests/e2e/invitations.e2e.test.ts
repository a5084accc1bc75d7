import nodeIcal, { type VEvent } from 'node-ical';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect as assert, it } from 'vitest';
import { calendarPartOf, decodeQuotedPrintable, startTestSmtpServer } from '../support/smtp';
import { freePort, removeDataDir, startApp, type AppProcess } from './support/app-process';
import { seriousAxeViolations } from './support/axe';
import { launchBrowser } from './support/browser';
import { expect } from './support/page-expect';

/**
 * The marketplace's core loop across both sides, in Chromium against the real embedded app with
 * mail over real SMTP (issue 13): a company with a job asks a candidate to apply from Browse
 * Candidates; the candidate opens the link from the mail, reveals their profile and offers two
 * interview slots; the company gets a calendar request with two events (parsed back with
 * node-ical) and sees the request's state move on the candidate's card and in its list.
 */
let app: AppProcess;
let browser: Browser;
let smtp: Awaited<ReturnType<typeof startTestSmtpServer>>;

const PASSWORD = 'invitations-e2e-password';
const COMPANY = { companyName: 'Northwind Analytics', contactName: 'Maya Okafor', email: 'maya@northwind-e2e.example', password: PASSWORD };
const CANDIDATE = { name: 'Ada Lovelace', email: 'ada@invitations-e2e.example', password: PASSWORD };
const PROFILE = {
  jobTitle: 'Analytical Engine Programmer',
  skills: ['Python', 'Spark', 'SQL'],
  location: 'London, UK',
  experience: '8 years',
  workPreference: 'remote',
  isActivelyLooking: true,
  isPublic: true,
};
const JOB_TITLE = 'Staff Data Engineer';
const MESSAGE = 'Your notes on the engine stood out. We would love to hear from you.';

let company: { token: string };
let nextAddress = 1;

async function call(method: string, route: string, body: unknown, token?: string) {
  const response = await fetch(`${app.url}${route}`, {
    method,
    headers: {
      'content-type': 'application/json',
      // Each caller from an address of its own (the app trusts X-Forwarded-For behind a proxy).
      'x-forwarded-for': `198.51.100.${nextAddress++}`,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${JSON.stringify(answer)}`);
  return { answer, position: response.headers.get('x-position') ?? '' };
}

/** Waits until the read model behind `route` holds everything up to `position` (read-your-writes). */
async function caughtUp(route: string, position: string, token?: string) {
  const response = await fetch(`${app.url}${route}`, { headers: { 'x-min-position': position, ...(token ? { authorization: `Bearer ${token}` } : {}) } });
  await response.body?.cancel();
  if (!response.ok || response.headers.get('x-read-model-stale')) throw new Error(`GET ${route} did not catch up with ${position}: ${response.status}`);
}

beforeAll(async () => {
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  [smtp, browser] = await Promise.all([startTestSmtpServer(), launchBrowser()]);
  app = await startApp({
    port,
    env: { PUBLIC_URL: publicUrl, SMTP_URL: smtp.url, MAIL_FROM: 'Hireloop <no-reply@hireloop.e2e>', TRUST_PROXY: '1' },
    // A loaded machine (load 20 and more) starts the app in over a minute.
    timeoutMs: 170_000,
  });

  const signedUp = await call('POST', '/api/auth/company/signup', COMPANY);
  company = { token: signedUp.answer.token as string };
  await call(
    'PUT',
    '/api/company/profile',
    { name: COMPANY.companyName, website: '', address: '', industry: 'Data & Analytics', size: '51-200', description: 'We turn data into decisions.' },
    company.token,
  );
  const posted = await call(
    'POST',
    '/api/jobs',
    { title: JOB_TITLE, location: 'Remote', remote: true, type: 'Full-time', experience: 'Senior level', skills: 'Python, Spark', description: 'Own the data platform end to end.', requirements: '' },
    company.token,
  );

  const candidateUp = await call('POST', '/api/auth/candidate/signup', CANDIDATE);
  const saved = await call('POST', '/api/profile', PROFILE, candidateUp.answer.token as string);

  await caughtUp('/api/candidates?count=1', saved.position);
  await caughtUp('/api/auth/user', posted.position, company.token);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await smtp?.close();
  if (app) await removeDataDir(app.dataDir);
});

async function newPage(token?: string, viewport = { width: 1280, height: 900 }): Promise<Page> {
  const context = await browser.newContext({ viewport });
  if (token) await context.addInitScript({ content: `localStorage.setItem('auth_token', ${JSON.stringify(token)});` });
  return context.newPage();
}

/** The candidate's card on Browse Candidates, found by the profile's title. */
const cardOf = (page: Page) =>
  page.getByRole('list', { name: 'Candidates', exact: true }).locator(':scope > li').filter({ has: page.getByRole('heading', { name: PROFILE.jobTitle }) });

/** Weekday and hours of `date` in `timeZone`, as a calendar there shows them. */
const localTimes = (date: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'long', hour: 'numeric', minute: '2-digit', hour12: true }).format(date);

describe('request to apply → invitation → reveal → availability', { timeout: 120_000 }, () => {
  let link = '';

  it('a company with a job asks the candidate to apply from Browse Candidates; the card says Email Sent', async () => {
    const page = await newPage(company.token);
    await page.goto(`${app.url}/browse-candidates?search=${encodeURIComponent('Analytical Engine')}`);
    const card = cardOf(page);
    await expect(card.getByRole('heading', { name: PROFILE.jobTitle })).toBeVisible();
    // Anonymous: nothing of who the candidate is.
    assert(await card.innerText()).not.toContain(CANDIDATE.name);

    await card.getByRole('button', { name: 'Request to Apply' }).click();
    const dialog = page.getByRole('dialog', { name: 'Request to Apply' });
    await expect(dialog.getByRole('combobox', { name: 'Job' })).toBeVisible();
    assert(await dialog.getByRole('combobox', { name: 'Job' }).innerText()).toContain(JOB_TITLE);
    await dialog.getByRole('textbox', { name: 'Personal message (optional)' }).fill(MESSAGE);
    await dialog.getByRole('button', { name: 'Send Request' }).click();
    await expect(page.getByText('Job invitation sent successfully', { exact: true })).toBeVisible();
    await expect(dialog).toBeHidden();
    const states = card.getByRole('list', { name: 'Requests to apply' });
    await expect(states.getByText('Email Sent', { exact: true })).toBeVisible();
    await expect(states.getByText(JOB_TITLE)).toBeVisible();
    await page.context().close();

    // The mail reached the candidate over SMTP, with the link.
    const mail = await smtp.waitForMail(CANDIDATE.email);
    const found = new RegExp(`${app.url.replace(/[.:/]/g, '\\$&')}/invitation/[0-9a-f]{32}\\.[A-Za-z0-9_-]{43}`).exec(decodeQuotedPrintable(mail.raw));
    assert(found, 'the invitation link in the mail').not.toBeNull();
    link = found![0];
  });

  it('the candidate opens the link without signing in, reveals, and offers two slots; then the thank-you', async () => {
    assert(link).not.toBe('');
    const page = await newPage();
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: "You're Invited to Apply!" })).toBeVisible();
    await expect(page.getByRole('heading', { name: JOB_TITLE })).toBeVisible();
    await expect(page.getByRole('heading', { name: `About ${COMPANY.companyName}` })).toBeVisible();
    await expect(page.getByText('We turn data into decisions.')).toBeVisible();
    await expect(page.getByText('Data & Analytics')).toBeVisible();
    await expect(page.getByText('51-200 employees')).toBeVisible();
    await expect(page.getByText(MESSAGE)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Confirm Account & Update Resume' })).toBeVisible();
    assert(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex, nofollow');
    assert(await seriousAxeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Reveal My Profile' }).click();
    await expect(page.getByText('Profile Revealed', { exact: true })).toBeVisible();
    // The dialog opens right after the reveal; submit waits for a day and a slot.
    const dialog = page.getByRole('dialog', { name: 'Interview Availability' });
    await expect(dialog).toBeVisible();
    const submit = dialog.getByRole('button', { name: 'Submit Availability' });
    // Opened, nothing chosen yet: a hint, not an error (issue 24).
    await expect(dialog.getByText('Choose at least one day and one time slot.')).toBeVisible();
    assert(await dialog.getByText('Selection Required').count()).toBe(0);
    assert(await submit.isDisabled()).toBe(true);
    // A day without a slot is a choice left incomplete: now it says so.
    await dialog.getByRole('checkbox', { name: 'Monday' }).check();
    await expect(dialog.getByText('Selection Required')).toBeVisible();
    await expect(dialog.getByText('Please select at least one day and time slot.')).toBeVisible();
    assert(await submit.isDisabled()).toBe(true);
    await dialog.getByRole('checkbox', { name: 'Wednesday' }).check();
    await dialog.getByRole('checkbox', { name: '9:00 AM - 12:00 PM' }).check();
    assert(await submit.isDisabled()).toBe(false);
    await expect(dialog.getByText('Selection Required')).toBeHidden();
    await dialog.getByRole('combobox', { name: 'Timezone' }).fill('America/New_York');
    await dialog.getByRole('textbox', { name: 'Additional notes' }).fill('Mornings are best.');
    await submit.click();

    await expect(page.getByText('Thank you!')).toBeVisible();
    await expect(dialog).toBeHidden();
    assert(await page.getByRole('button', { name: 'Reveal My Profile' }).count()).toBe(0);

    // Opened again, the link shows where things stand.
    await page.reload();
    await expect(page.getByText('Thank you!')).toBeVisible();
    await page.context().close();
  });

  it('later the candidate changes the times from the same link: the dialog starts from the times offered, and the page shows the new ones (ADR 118)', async () => {
    assert(link).not.toBe('');
    // On a phone (390 px), from the keyboard.
    const page = await newPage(undefined, { width: 390, height: 844 });
    await page.goto(link);
    const banner = page.getByRole('status').filter({ hasText: 'Thank you!' });
    await expect(banner.getByText('Times offered: Monday, Wednesday · 9:00 AM - 12:00 PM (America/New_York)')).toBeVisible();
    assert(Number(await page.evaluate('document.documentElement.scrollWidth'))).toBeLessThanOrEqual(390);
    const change = banner.getByRole('button', { name: 'Change Availability' });
    await change.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Interview Availability' });
    await expect(dialog).toBeVisible();
    // Escape closes it and gives the focus back to the button; Enter opens it again.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(change).toBeFocused();
    await page.keyboard.press('Enter');

    // Nothing to type again: the dialog holds what was sent.
    await expect(dialog).toBeVisible();
    assert(Number(await page.evaluate('document.documentElement.scrollWidth'))).toBeLessThanOrEqual(390);
    assert(await dialog.getByRole('checkbox', { name: 'Monday' }).isChecked()).toBe(true);
    assert(await dialog.getByRole('checkbox', { name: 'Wednesday' }).isChecked()).toBe(true);
    assert(await dialog.getByRole('checkbox', { name: '9:00 AM - 12:00 PM' }).isChecked()).toBe(true);
    assert(await dialog.getByRole('combobox', { name: 'Timezone' }).inputValue()).toBe('America/New_York');
    assert(await dialog.getByRole('textbox', { name: 'Additional notes' }).inputValue()).toBe('Mornings are best.');

    await dialog.getByRole('checkbox', { name: 'Wednesday' }).uncheck();
    await dialog.getByRole('checkbox', { name: 'Friday' }).check();
    await dialog.getByRole('checkbox', { name: '3:00 PM - 6:00 PM' }).check();
    await dialog.getByRole('combobox', { name: 'Timezone' }).fill('Europe/Lisbon');
    await dialog.getByRole('button', { name: 'Update Availability' }).click();
    await expect(page.getByText('Availability Updated', { exact: true })).toBeVisible();
    await expect(dialog).toBeHidden();
    const changed = 'Times offered: Monday, Friday · 9:00 AM - 12:00 PM, 3:00 PM - 6:00 PM (Europe/Lisbon)';
    await expect(banner.getByText(changed)).toBeVisible();

    // Opened again, the link shows the times as they now stand.
    await page.reload();
    await expect(page.getByRole('status').filter({ hasText: 'Thank you!' }).getByText(changed)).toBeVisible();
    await page.context().close();
  });

  it('the company receives the calendar request with two events, sees the state change on the card and in its list, and moves it to the offer stage', async () => {
    const mail = await smtp.waitForMailWhere(COMPANY.email, (raw) => calendarPartOf(raw) !== null);
    const calendar = calendarPartOf(mail.raw)!;
    assert(calendar).toContain('METHOD:REQUEST');
    const events = Object.values(nodeIcal.sync.parseICS(calendar))
      .filter((component): component is VEvent => component?.type === 'VEVENT')
      .sort((a, b) => a.start.getTime() - b.start.getTime());
    assert(events).toHaveLength(2);
    assert(new Set(events.map((event) => event.uid)).size).toBe(2);
    // The next Monday and Wednesday, 9:00 AM to 12:00 PM in the candidate's time zone, within the coming week.
    assert(events.map((event) => [localTimes(event.start, 'America/New_York'), localTimes(event.end!, 'America/New_York')]).sort()).toEqual([
      ['Monday 9:00 AM', 'Monday 12:00 PM'],
      ['Wednesday 9:00 AM', 'Wednesday 12:00 PM'],
    ]);
    for (const event of events) {
      const days = (event.start.getTime() - Date.now()) / 86_400_000;
      assert(days).toBeGreaterThan(0);
      assert(days).toBeLessThanOrEqual(8);
    }

    // The change reaches the company as a second mail: the times now offered (Monday morning kept, its
    // event moved to Lisbon time), and the withdrawn Wednesday cancelled.
    const change = await smtp.waitForMailWhere(COMPANY.email, (raw) => raw.includes('withdrawn-slots.ics'));
    const changedEvents = Object.values(nodeIcal.sync.parseICS(calendarPartOf(change.raw)!)).filter((component): component is VEvent => component?.type === 'VEVENT');
    assert(changedEvents.map((event) => [localTimes(event.start, 'Europe/Lisbon'), localTimes(event.end!, 'Europe/Lisbon')]).sort()).toEqual([
      ['Friday 3:00 PM', 'Friday 6:00 PM'],
      ['Friday 9:00 AM', 'Friday 12:00 PM'],
      ['Monday 3:00 PM', 'Monday 6:00 PM'],
      ['Monday 9:00 AM', 'Monday 12:00 PM'],
    ]);
    assert(changedEvents.map((event) => event.uid)).toContain(events.find((event) => localTimes(event.start, 'America/New_York') === 'Monday 9:00 AM')!.uid);
    const cancellation = calendarPartOf(change.raw, 1)!;
    assert(cancellation).toContain('METHOD:CANCEL');
    const withdrawn = Object.values(nodeIcal.sync.parseICS(cancellation)).filter((component): component is VEvent => component?.type === 'VEVENT');
    assert(withdrawn.map((event) => [event.uid, localTimes(event.start, 'America/New_York')])).toEqual([
      [events.find((event) => localTimes(event.start, 'America/New_York') === 'Wednesday 9:00 AM')!.uid, 'Wednesday 9:00 AM'],
    ]);

    const page = await newPage(company.token);
    await page.goto(`${app.url}/browse-candidates?search=${encodeURIComponent('Analytical Engine')}`);
    const states = cardOf(page).getByRole('list', { name: 'Requests to apply' });
    await expect(states.getByText('Interview Scheduled', { exact: true })).toBeVisible();

    // The company's list: now with who the candidate is, and the times offered.
    await page.goto(`${app.url}/dashboard`);
    // A company without a plan is offered one once, on its first visit (part 2 §2).
    await page.getByRole('dialog', { name: 'Choose Your Plan' }).getByRole('button', { name: 'Maybe Later' }).click();
    const request = page.getByRole('list', { name: 'Your requests' }).getByRole('listitem', { name: `${CANDIDATE.name}: ${JOB_TITLE}` });
    await expect(request.getByText('Interview Scheduled', { exact: true })).toBeVisible();
    await expect(request.getByRole('link', { name: CANDIDATE.email })).toBeVisible();
    await expect(request.getByText('Available Monday, Friday · 9:00 AM - 12:00 PM, 3:00 PM - 6:00 PM (Europe/Lisbon) · “Mornings are best.”')).toBeVisible();

    // Then the company moves the request to the offer stage, and the card says so.
    await request.getByRole('button', { name: 'Move to Offer Stage' }).click();
    await expect(page.getByText('Moved to Offer Stage', { exact: true })).toBeVisible();
    await expect(request.getByText('Offer Stage', { exact: true })).toBeVisible();
    assert(await request.getByRole('button', { name: 'Move to Offer Stage' }).count()).toBe(0);
    // …and the candidate hears of it by mail, over SMTP.
    const offer = await smtp.waitForMailWhere(CANDIDATE.email, (raw) => raw.includes('moved you to the offer stage'));
    assert(offer.raw).toContain(JOB_TITLE);
    await page.goto(`${app.url}/browse-candidates?search=${encodeURIComponent('Analytical Engine')}`);
    await expect(cardOf(page).getByRole('list', { name: 'Requests to apply' }).getByText('Offer Stage', { exact: true })).toBeVisible();
    await page.context().close();

    // In the offer stage the times are the company's to arrange: the candidate's link shows them, with no change offered.
    const candidatePage = await newPage();
    await candidatePage.goto(link);
    const banner = candidatePage.getByRole('status').filter({ hasText: 'Thank you!' });
    await expect(banner.getByText('Times offered: Monday, Friday')).toBeVisible();
    assert(await banner.getByRole('button', { name: 'Change Availability' }).count()).toBe(0);
    await candidatePage.context().close();
  });
});

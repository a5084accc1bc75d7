import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIN_POSITION_HEADER, jobStreamId } from '@hireloop/contracts';
import { loadConfig } from '@hireloop/platform/config';
import { createTestDatabase, type TestDatabase } from '../../tests/support/postgres';
import { buildApp } from './app';
import { createRuntime, type Runtime } from './runtime';
import { AVAILABILITY_CHANGE, SEED_ADMIN, SEED_PASSWORD, seed, seedPlan } from './seed';
import { SEED_JOB_EDIT } from './seed-job-edits';

const MAPLE_EMAIL = 'hiring@mapleledger.example';

/** `hireloop seed` on PostgreSQL, twice: the demo candidates' profiles and applications, each seeded once. */
let db: TestDatabase;
let runtime: Runtime;

beforeAll(async () => {
  db = await createTestDatabase();
  runtime = await createRuntime(loadConfig({ DATABASE_URL: db.url }));
});

afterAll(async () => {
  await runtime?.close();
  await db?.drop();
});

describe('hireloop seed', () => {
  it('seeds candidates with profiles and applications, and changes nothing the second time', { timeout: 180_000 }, async () => {
    const first = await seed(runtime);
    expect(first).toMatch(/3 candidates with profiles and 5 applications; 4 company profiles, 4 plans on trial \(1 cancelled for the trial's end\), 5 applications answered, 1 full profile opened, 1 candidate contacted \(3 replies in the conversation\) and 3 invitations sent; 3 admin actions by sam.ortiz@hireloop.example \(super admin\); 1 inbox read, 1 assistant key made and 1 saved search with daily job alerts; 1 invitation opened and 1 interview availability changed/);
    expect(await seed(runtime)).toBe('Seed data was already loaded; nothing to do.');

    const app = await buildApp(runtime, { spaDir: false, commands: true, readYourWritesTimeoutMs: 15_000 });
    await app.ready();
    try {
      // One job was edited after posting (ADR 064): the board shows the new text, its history both versions.
      const position = String(await runtime.eventStore.headPosition());
      const board = await app.inject({ method: 'GET', url: `/api/jobs?search=${encodeURIComponent(SEED_JOB_EDIT.title)}&status=all`, headers: { [MIN_POSITION_HEADER]: position } });
      const editedJob = (board.json() as Array<{ id: string; title: string; company: string; salary: string | null; requirements: string[] }>).find((job) => job.title === SEED_JOB_EDIT.title && job.company === SEED_JOB_EDIT.company);
      expect(editedJob).toMatchObject(SEED_JOB_EDIT.changes);
      const history = await runtime.eventStore.readStream(jobStreamId(editedJob!.id));
      expect(history.events.map((event) => event.type)).toEqual(['JobPosted', 'JobEdited']);
      const { candidates } = seedPlan(new Date());
      for (const candidate of candidates) {
        const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: candidate.account.email, password: SEED_PASSWORD } });
        expect(login.statusCode).toBe(200);
        const headers = { authorization: `Bearer ${login.json().token}`, [MIN_POSITION_HEADER]: String(login.headers['x-position']) };
        const profile = await app.inject({ method: 'GET', url: '/api/profile', headers });
        expect(profile.statusCode).toBe(200);
        expect(profile.json()).toMatchObject({ title: candidate.profile.jobTitle, isPublic: candidate.profile.isPublic, availability: candidate.profile.isActivelyLooking ? 'immediate' : 'open' });
        const applications = await app.inject({ method: 'GET', url: '/api/applications', headers });
        expect(applications.json().applications.map((a: { jobTitle: string }) => a.jobTitle).sort()).toEqual(candidate.applications.map((a) => a.job.job.title).sort());
        // Each was answered by its company (issue 13's timeline).
        for (const application of applications.json().applications as Array<{ status: string; timeline: Array<{ at: string }> }>) {
          expect(['viewed', 'interview']).toContain(application.status);
          // Answered after it was sent, never before.
          const times = application.timeline.map((step) => step.at);
          expect(times).toEqual([...times].sort());
        }
        if (candidate.account.email === 'tomas.herrera@example.com') {
          // His saved search with a daily alert (ADR 067).
          const saved = (await app.inject({ method: 'GET', url: '/api/saved-searches', headers })).json().savedSearches;
          expect(saved).toEqual([expect.objectContaining({ keywords: 'react', location: 'remote', frequency: 'daily' })]);
        }
        if (candidate.account.email === 'lena.marsh@example.com') {
          // Her ledger (ADR 037): every company saw her card; Northwind opened her profile and asked her to apply.
          const ledger = (await app.inject({ method: 'GET', url: '/api/profile/ledger', headers })).json().companies as Array<{ companyName: string; entries: Array<{ kind: string }> }>;
          expect(ledger).toHaveLength(4);
          const northwindLine = ledger.find((line) => line.companyName === 'Northwind Analytics');
          // …and she revealed her profile to it and offered interview times (ADR 118).
          expect(northwindLine?.entries.map((entry) => entry.kind).sort()).toEqual(['availability_sent', 'card_shown', 'profile_opened', 'profile_revealed', 'requested_to_apply']);
          // Northwind's request to apply is on her dashboard and in her inbox, openable without the mail (ADR 062).
          const invitations = (await app.inject({ method: 'GET', url: '/api/my-invitations', headers })).json().invitations as Array<{ invitationId: string; jobTitle: string; company: string; status: string }>;
          // She revealed her profile, offered times, and changed them this morning (ADR 118): the latest answer stands.
          expect(invitations.map((row) => [row.jobTitle, row.company, row.status])).toEqual([['Senior Data Engineer', 'Northwind Analytics', 'availability_submitted']]);
          const opened = await app.inject({ method: 'GET', url: `/api/my-invitations/${invitations[0]!.invitationId}`, headers });
          expect(opened.statusCode).toBe(200);
          expect(opened.json()).toMatchObject({ hasRevealed: true, hasSubmittedAvailability: true, availability: AVAILABILITY_CHANGE.changed });
          // She connected her assistant with a key that lasts 90 days.
          const keys = (await app.inject({ method: 'GET', url: '/api/api-keys', headers })).json().keys as Array<{ name: string; createdAt: string; expiresAt: string }>;
          expect(keys.map((key) => [key.name, (Date.parse(key.expiresAt) - Date.parse(key.createdAt)) / 86_400_000])).toEqual([['Claude Desktop', 90]]);
          // Her drawn avatar, kept as a file (ADR 046): her own page shows it; visitors do not get it, since it shows who she is (ADR 066).
          expect((await app.inject({ method: 'GET', url: `/api/profiles/${profile.json().id}` })).json().profile).not.toHaveProperty('profilePicture');
          const picture = (await app.inject({ method: 'GET', url: `/api/profiles/${profile.json().id}`, headers })).json().profile.profilePicture as string;
          const served = await app.inject({ method: 'GET', url: picture });
          expect([served.statusCode, served.headers['content-type'], served.rawPayload.length > 100]).toEqual([200, 'image/webp', true]);
        }
        if (candidate.account.email === 'tomas.herrera@example.com') {
          const inbox = await app.inject({ method: 'GET', url: '/api/inbox', headers });
          expect(JSON.stringify(inbox.json())).toContain('Northwind Analytics');
          // He has read it.
          expect(inbox.json().unreadCount).toBe(0);
          // …and answered: a short conversation with Northwind, all of it read on his side (ADR 069).
          const conversations = (await app.inject({ method: 'GET', url: '/api/conversations', headers })).json();
          expect(conversations.unreadCount).toBe(0);
          expect(conversations.conversations.map((one: { companyName: string; messages: Array<{ from: string }> }) => [one.companyName, one.messages.map((message) => message.from)])).toEqual([
            ['Northwind Analytics', ['company', 'candidate', 'company', 'candidate']],
          ]);
        }
        const seenByVisitor = await app.inject({ method: 'GET', url: `/api/profiles/${profile.json().id}` });
        expect(seenByVisitor.statusCode).toBe(candidate.profile.isPublic ? 200 : 404);
      }
      // The talent side's story: Northwind's profile, its Enterprise trial and its request to Lena Marsh.
      const northwind = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'talent@northwind-analytics.example', password: SEED_PASSWORD } });
      const company = { authorization: `Bearer ${northwind.json().token}`, [MIN_POSITION_HEADER]: String(northwind.headers['x-position']) };
      expect((await app.inject({ method: 'GET', url: '/api/company/profile', headers: company })).json().profile).toMatchObject({ industry: 'Data & Analytics', size: '51-200' });
      expect((await app.inject({ method: 'GET', url: '/api/subscription/current', headers: company })).json()).toMatchObject({ planId: 'enterprise', status: 'trialing' });
      // Maple Ledger cancelled its VC Startup trial in the billing portal: it keeps the plan until the trial ends (ADR 063).
      const maple = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: MAPLE_EMAIL, password: SEED_PASSWORD } });
      const mapleHeaders = { authorization: `Bearer ${maple.json().token}`, [MIN_POSITION_HEADER]: String(maple.headers['x-position']) };
      const mapleSubscription = (await app.inject({ method: 'GET', url: '/api/subscription/current', headers: mapleHeaders })).json();
      expect(mapleSubscription).toMatchObject({ planId: 'vc_startup', status: 'trialing', scheduledPlanId: 'free' });
      expect(mapleSubscription.trialEnd).toEqual(expect.any(String));
      // Its message to Tomás, in its Messages Sent.
      const sent = (await app.inject({ method: 'GET', url: '/api/contacts/sent', headers: company })).json().messages as Array<{ candidateTitle: string; message: string }>;
      expect(sent.map((one) => one.candidateTitle)).toEqual(['Frontend Engineer', 'Frontend Engineer']);
      // Tomás's last reply waits unread in Northwind's inbox (ADR 069).
      const northwindConversations = (await app.inject({ method: 'GET', url: '/api/conversations', headers: company })).json();
      expect(northwindConversations.unreadCount).toBe(1);
      expect(northwindConversations.conversations.at(0).messages.at(-1)).toMatchObject({ from: 'candidate', message: 'Wednesday afternoon (CET) works well for me. Looking forward to it.', unread: true });
      const requests = (await app.inject({ method: 'GET', url: '/api/job-invitations', headers: company })).json().invitations;
      // Lena, asked by Northwind, answered with the times she changed this morning (ADR 118); Noor and Priya, asked by Hireloop's operations team for Northwind's role. Noor has opened hers (ADR 070).
      expect(requests.map((request: { jobTitle: string; candidateTitle: string; status: string }) => [request.jobTitle, request.candidateTitle, request.status]).sort()).toEqual([
        ['Senior Data Engineer', 'Analytics Engineer', 'email_sent'],
        ['Senior Data Engineer', 'Senior Data Engineer', 'interview_scheduled'],
        ['Senior Data Engineer', 'Site Reliability Engineer', 'viewed'],
      ]);
      const lenasRequest = requests.find((request: { candidateTitle: string }) => request.candidateTitle === 'Senior Data Engineer');
      expect(lenasRequest).toMatchObject({ candidate: { name: 'Lena Marsh' }, availability: AVAILABILITY_CHANGE.changed });
      // The operations team's day (issue 14): Sam Ortiz's actions are in the admin console's Activities.
      const sam = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: SEED_ADMIN.email, password: SEED_PASSWORD } });
      expect(sam.statusCode).toBe(200);
      const admin = { authorization: `Bearer ${sam.json().token}`, [MIN_POSITION_HEADER]: String(sam.headers['x-position']) };
      const activities = (await app.inject({ method: 'GET', url: '/api/admin/activities?pageSize=50', headers: admin })).json() as Array<{ action: string; adminName: string }>;
      // (The grant that made Sam a super admin was the operator's, from the command line: not an admin's action.)
      expect(activities.map((entry) => entry.action).sort()).toEqual(['candidate.created', 'company.created', 'invitation.sent', 'invitation.sent']);
      expect(new Set(activities.map((entry) => entry.adminName))).toEqual(new Set(['Sam Ortiz']));
      const added = (await app.inject({ method: 'GET', url: '/api/admin/candidates?search=priya', headers: admin })).json();
      expect(added.candidates.map((row: { firstName: string; userId: string | null }) => [row.firstName, row.userId])).toEqual([['Priya', null]]);
      // The Candidates tab lists the candidates, not Sam: a super admin without a profile is no candidate (ADR 070).
      const everyone = (await app.inject({ method: 'GET', url: '/api/admin/candidates?pageSize=100', headers: admin })).json();
      expect(everyone.candidates.map((row: { firstName: string; lastName: string }) => `${row.firstName} ${row.lastName}`).sort()).toEqual(['Lena Marsh', 'Noor Haddad', 'Priya Raman', 'Tomás Herrera']);
      expect((await app.inject({ method: 'GET', url: '/api/admin/candidates?search=ortiz', headers: admin })).json().total).toBe(0);
    } finally {
      await app.close();
    }
  });
});

/**
 * `npx tsx tests/bench/screen-reads.ts`: p50 and mean of the two screens ADR 071 made screen-shaped,
 * through `app.inject` on the real app over a fresh PostgreSQL database: the admin Activities tab
 * (`GET /api/admin/activities`, a page of 50 of 400 entries naming 100 jobs, 40 candidates and
 * 40 companies) and a company's invitations list (`GET /api/job-invitations`, 120 invitations to
 * 40 candidates for 20 jobs). It asserts nothing. BENCH_CALLS (default 2000) and BENCH_WARMUP
 * (default 200) tune it; it runs against whatever code the checkout has, so the same file
 * measures before and after a change.
 */
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { MIN_POSITION_HEADER, type Role } from '@hireloop/contracts';
import { grantRoleAsSystem } from '@hireloop/command-service/auth/roles';
import { loadConfig } from '@hireloop/platform/config';
import { maxPosition, type Actor } from '@hireloop/platform/event-store';
import { buildApp } from '../../cli/src/app';
import { createRuntime } from '../../cli/src/runtime';
import { createTestDatabase } from '../support/postgres';

const CALLS = Number(process.env.BENCH_CALLS ?? 2000);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 200);
const PUBLIC_URL = 'http://hireloop.test';

const db = await createTestDatabase();
const runtime = await createRuntime(loadConfig({ DATABASE_URL: db.url, PUBLIC_URL }));
const app = await buildApp(runtime, { spaDir: false, publicUrl: PUBLIC_URL, readYourWritesTimeoutMs: 60_000 });
await app.ready();
let position = '';
let addresses = 0;

const signUp = async (kind: 'candidate' | 'company', body: Record<string, string>) => {
  const response = await app.inject({ method: 'POST', url: `/api/auth/${kind}/signup`, payload: { ...body, password: 'bench-password-1' }, remoteAddress: `10.71.0.${++addresses}` });
  if (response.statusCode !== 201) throw new Error(response.body);
  position = maxPosition(position, String(response.headers['x-position']));
  return { token: response.json().token as string, userId: response.json().user.id as string, companyId: response.json().user.companyId as string | null };
};
const grant = async (email: string, role: Role) => {
  const result = await grantRoleAsSystem({ ...runtime, sessionTtlMs: 3600_000, publicUrl: PUBLIC_URL, linkedin: null }, email, role, 'bench');
  position = maxPosition(position, result.position);
};
let n = 0;
const append = async (streamId: string, type: string, data: object, actor: Actor | 'system') => {
  const metadata = { eventId: randomUUID(), occurredAt: new Date(Date.UTC(2026, 10, 1, 0, 0, ++n)).toISOString(), actor, correlationId: 'bench', causationId: null, schemaVersion: 1 };
  position = maxPosition(position, (await runtime.eventStore.append(streamId, [{ type, data, metadata }])).position);
};

const admin = await signUp('candidate', { name: 'Olive Ops', email: 'olive@ops.example' });
await grant('olive@ops.example', 'admin');
const company = await signUp('company', { companyName: 'Northwind', contactName: 'Nora North', email: 'nora@northwind.example', website: 'https://northwind.example', location: 'Austin, TX', industry: 'Data' });
const ops: Actor = { userId: admin.userId, role: 'admin' };

const content = { company: 'Northwind', location: 'Remote', salary: null, type: 'Full-time', remote: true, description: 'Own the pipelines.', requirements: [], skills: ['SQL'], experience: 'Senior level', benefits: null };
const jobs = Array.from({ length: 100 }, (_, i) => `job-${i}`);
for (const [i, jobId] of jobs.entries()) {
  await append(`job-${jobId}`, 'JobPosted', { ...content, title: `Data Engineer ${i}`, jobId, shareToken: randomUUID(), companyId: company.companyId, postedBy: admin.userId, source: 'internal', externalUrl: null }, ops);
}
const profile = { skills: ['SQL'], experience: '5+ years', location: 'London, UK', summary: 'Pipelines.', phone: '', linkedinUrl: '', githubUrl: '', portfolioUrl: '', education: '', salaryExpectation: '', profilePicture: null, coverPhoto: null, availability: 'immediate', workPreference: 'remote', isPublic: true };
const candidates = Array.from({ length: 40 }, (_, i) => ({ userId: `person-${i}`, profileId: `profile-${i}` }));
for (const [i, { userId, profileId }] of candidates.entries()) {
  await append(`candidate-${profileId}`, 'CandidateProfileCreated', { ...profile, firstName: `Ada${i}`, lastName: 'Lovelace', title: 'Data Engineer', email: `ada${i}@example.com`, profileId, userId, source: 'admin', createdAt: '2026-11-20T00:00:00.000Z' }, ops);
}
for (let i = 0; i < 40; i++) {
  const companyId = `company-${i}`;
  await append(`company-${companyId}`, 'CompanyRegistered', { companyId, name: `Company ${i}`, website: 'https://example.com', location: 'Austin', industry: 'Data', ownerUserId: `owner-${i}` }, 'system');
  await append(`company-${companyId}`, 'CompanyProfileUpdated', { companyId, name: `Company ${i} Ltd`, website: 'https://example.com', address: 'Austin', industry: 'Data', size: '11-50', description: 'Data.', updatedBy: admin.userId, updatedAt: '2026-11-21T00:00:00.000Z' }, ops);
}
for (let i = 0; i < 120; i++) {
  const invitationId = `inv-${i}`;
  const { userId, profileId } = candidates[i % candidates.length]!;
  const jobId = jobs[i % 20]!;
  await append(`invitation-${invitationId}`, 'InvitationSent', { invitationId, jobId, companyId: company.companyId, candidateUserId: userId, candidateProfileId: profileId, message: 'Hello', tokenHash: randomUUID(), sentBy: company.userId, sentAt: new Date(Date.UTC(2026, 10, 20, 0, i)).toISOString(), expiresAt: '2026-12-30T00:00:00.000Z' }, { userId: company.userId, role: 'company' });
  if (i % 3 === 0) await append(`invitation-${invitationId}`, 'InvitationRevealed', { invitationId, jobId, companyId: company.companyId, candidateUserId: userId, revealedAt: '2026-11-22T00:00:00.000Z' }, { userId, role: 'candidate' });
}
for (let i = 0; i < 80; i++) await append(`job-${jobs[i]}`, 'JobClosed', { jobId: jobs[i], reason: 'closed_by_admin', closedAt: '2026-11-23T00:00:00.000Z' }, ops);
for (let i = 0; i < 140; i++) await append(`candidate-profile-${i % 40}`, 'CandidateProfileVisibilityChanged', { profileId: `profile-${i % 40}`, userId: `person-${i % 40}`, isPublic: i % 2 === 0, changedAt: '2026-11-23T00:00:00.000Z' }, ops);

const measure = async (label: string, url: string, token: string) => {
  const call = () => app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}`, [MIN_POSITION_HEADER]: position } });
  const first = await call();
  if (first.statusCode !== 200) throw new Error(`${url}: ${first.statusCode} ${first.body}`);
  for (let i = 0; i < WARMUP; i++) await call();
  const times: number[] = [];
  for (let i = 0; i < CALLS; i++) {
    const started = performance.now();
    await call();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const p50 = times[Math.floor(times.length / 2)]!;
  const mean = times.reduce((sum, t) => sum + t, 0) / times.length;
  console.log(`${label}: p50 ${p50.toFixed(2)} ms, mean ${mean.toFixed(2)} ms (${CALLS} calls after ${WARMUP}; load ${loadavg()[0]!.toFixed(1)}; ${first.body.length} B)`);
};

await measure('GET /api/admin/activities?pageSize=50', '/api/admin/activities?pageSize=50', admin.token);
await measure('GET /api/job-invitations', '/api/job-invitations', company.token);
await app.close();
await runtime.close();
await db.drop();

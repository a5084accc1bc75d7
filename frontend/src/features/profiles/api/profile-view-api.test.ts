import type { AiSummaryResponse, CandidateProfile } from '@hireloop/contracts';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, UnexpectedAnswerError } from '../../../lib/api-client';
import {
  AI_SUMMARY_POLL_MS,
  AI_SUMMARY_RETRIES,
  AI_SUMMARY_STALE_TIME_MS,
  aiSummaryQueryKey,
  aiSummaryQueryOptions,
  getAiSummary,
  regenerateAiSummary,
} from './ai-summary';
import { changePrivacy } from './change-privacy';
import { downloadJsonResume } from './export-json-resume';
import { getProfileView, profileViewQueryKey, profileViewsKey } from './get-profile-view';
import { jsonAnswer, stubFetch } from '../../../testing/fetch-stub';

const { calls, answers } = stubFetch();
const json = jsonAnswer;

const profile: CandidateProfile = {
  id: 'p1',
  userId: 'u1',
  firstName: 'Ada',
  lastName: 'Lovelace',
  title: 'Staff Engineer',
  skills: ['TypeScript'],
  experience: '10',
  location: 'London',
  summary: '',
  phone: '',
  email: 'ada@example.com',
  linkedinUrl: '',
  githubUrl: '',
  portfolioUrl: '',
  education: '',
  salaryExpectation: '',
  profilePicture: null,
  coverPhoto: null,
  availability: 'immediate',
  workPreference: 'remote',
  isPublic: true,
  isPrivate: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

describe('a profile view', () => {
  it('asks for the profile by its id and reads which display to show', async () => {
    answers.push(json(200, { view: 'owner', profile }));
    await expect(getProfileView('p 1')).resolves.toMatchObject({ view: 'owner', profile: { id: 'p1' } });
    expect(calls[0]?.url).toBe('/api/profiles/p%201');
    expect(calls[0]?.init.method).toBe('GET');
  });

  it('keys the answer by the profile and by who asks, under one prefix per profile', () => {
    expect(profileViewQueryKey('p1', 'u1')).toEqual(['/api/profiles/p1', 'u1']);
    expect(profileViewQueryKey('p1', null)).not.toEqual(profileViewQueryKey('p1', 'u1'));
    expect(profileViewQueryKey('p1', 'u2').slice(0, 1)).toEqual(profileViewsKey('p1'));
  });

  it('fails with 404 for a profile that is missing or private', async () => {
    answers.push(json(404, { success: false, error: 'Profile not found' }));
    const error = await getProfileView('nope').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404 });
  });

  it('fails on an answer that is no profile view', async () => {
    answers.push(json(200, { view: 'admin', profile }));
    await expect(getProfileView('p1')).rejects.toBeInstanceOf(UnexpectedAnswerError);
    answers.push(json(200, { success: true }));
    await expect(getProfileView('p1')).rejects.toBeInstanceOf(UnexpectedAnswerError);
  });
});

describe('the privacy toggle', () => {
  it('PATCHes the flipped value and reads the new visibility', async () => {
    answers.push(json(200, { success: true, isPublic: false, isPrivate: true }));
    await expect(changePrivacy(false)).resolves.toEqual({ success: true, isPublic: false, isPrivate: true });
    expect(calls[0]?.url).toBe('/api/profile/privacy');
    expect(calls[0]?.init.method).toBe('PATCH');
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual({ isPublic: false });
  });

  it("raises the server's refusal", async () => {
    answers.push(json(403, { success: false, error: 'Only candidate accounts can have a profile.' }));
    await expect(changePrivacy(true)).rejects.toMatchObject({ status: 403 });
  });
});

describe('the JSON Resume download', () => {
  it('GETs the owner’s JSON Resume and saves it as resume.json', async () => {
    const resume = { basics: { name: 'Ada Lovelace' }, skills: [{ name: 'TypeScript' }] };
    answers.push(json(200, resume));
    const saved: Array<{ fileName: string; contents: Blob }> = [];
    await downloadJsonResume({ save: (fileName, contents) => saved.push({ fileName, contents }) });
    expect(calls[0]?.url).toBe('/api/profile/json-resume');
    expect(saved).toHaveLength(1);
    expect(saved[0]?.fileName).toBe('resume.json');
    expect(saved[0]?.contents.type).toBe('application/json');
    expect(JSON.parse(await saved[0]!.contents.text())).toEqual(resume);
  });

  it('saves nothing when the server refuses', async () => {
    answers.push(json(404, { success: false, error: 'You have not created a profile yet.' }));
    const save = vi.fn();
    await expect(downloadJsonResume({ save })).rejects.toMatchObject({ status: 404 });
    expect(save).not.toHaveBeenCalled();
  });
});

describe('the AI summary', () => {
  const ready: AiSummaryResponse = {
    status: 'ready',
    summaryText: 'An engineer.',
    strengths: ['TypeScript'],
    fitRoles: ['Staff Engineer'],
    cached: true,
    generatedAt: '2026-03-01T00:00:00.000Z',
  };

  it('reads the summary of a candidate', async () => {
    answers.push(json(200, ready));
    await expect(getAiSummary('p1')).resolves.toEqual(ready);
    expect(calls[0]?.url).toBe('/api/candidates/p1/ai-summary');
  });

  it('asks for a new summary with a POST without a body, and hears that it is pending', async () => {
    answers.push(json(202, { status: 'pending' }));
    await expect(regenerateAiSummary('p1')).resolves.toEqual({ status: 'pending' });
    expect(calls[0]?.url).toBe('/api/candidates/p1/ai-summary/regenerate');
    expect(calls[0]?.init.method).toBe('POST');
  });

  it('fails on an unknown status', async () => {
    answers.push(json(200, { status: 'thinking' }));
    await expect(getAiSummary('p1')).rejects.toThrow('Unexpected answer from /api/candidates/p1/ai-summary');
  });

  it('is cached for 5 minutes with one retry, and polled only while pending', async () => {
    const options = aiSummaryQueryOptions('p1');
    expect(options.queryKey).toEqual(aiSummaryQueryKey('p1'));
    expect(options.staleTime).toBe(AI_SUMMARY_STALE_TIME_MS);
    expect(AI_SUMMARY_STALE_TIME_MS).toBe(300_000);
    expect(AI_SUMMARY_RETRIES).toBe(1);
    // One retry of a failure; a refusal (403: a plan without summaries, ADR 070) is not asked again.
    const retry = options.retry as (failures: number, error: unknown) => boolean;
    expect(retry(0, new ApiError(500, '{"success":false,"error":"Database unavailable"}', 'Internal Server Error'))).toBe(true);
    expect(retry(1, new ApiError(500, '{"success":false,"error":"Database unavailable"}', 'Internal Server Error'))).toBe(false);
    expect(retry(0, new ApiError(403, '{"success":false,"error":"Upgrade","requiresUpgrade":true}', 'Forbidden'))).toBe(false);

    const queryClient = new QueryClient();
    const interval = options.refetchInterval as (query: unknown) => number | false;
    queryClient.setQueryData(aiSummaryQueryKey('p1'), { status: 'pending' });
    const query = queryClient.getQueryCache().find({ queryKey: aiSummaryQueryKey('p1') });
    expect(interval(query)).toBe(AI_SUMMARY_POLL_MS);
    queryClient.setQueryData(aiSummaryQueryKey('p1'), ready);
    expect(interval(query)).toBe(false);
  });
});

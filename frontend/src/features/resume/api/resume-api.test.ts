import { candidateFromExtraction, PROFILE_MESSAGES, type CandidateProfile } from '@hireloop/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NETWORK_ERROR_MESSAGE, resetPositionForTests, UnexpectedAnswerError } from '../../../lib/api-client';
import { SAMPLE_RESUME } from '../lib/sample-resume';
import { createCandidate, registrationErrorText } from './create-candidate';
import { extractionErrorText, extractResume, ResumeExtractionError } from './extract-resume';

interface Call {
  url: string;
  method: string;
  headers: Headers;
  body: BodyInit | null | undefined;
}

let calls: Call[];
let answers: Array<() => Response>;

beforeEach(() => {
  calls = [];
  answers = [];
  vi.stubGlobal('localStorage', undefined);
  vi.stubGlobal('sessionStorage', undefined);
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    calls.push({ url, method: init.method ?? 'GET', headers: new Headers(init.headers), body: init.body });
    const next = answers.shift();
    if (!next) throw new TypeError('fetch failed');
    return next();
  });
  resetPositionForTests();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const json = (status: number, body: unknown) => () =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const pdf = () => new File(['%PDF-1.7 resume'], 'maya-okafor.pdf', { type: 'application/pdf' });

const profile = (overrides: Partial<CandidateProfile> = {}): CandidateProfile => ({
  id: 'p-41',
  userId: 'u-7',
  firstName: 'Maya',
  lastName: 'Okafor',
  title: 'Senior Full-Stack Engineer',
  skills: ['TypeScript'],
  experience: '7+ years',
  location: 'Portland, OR',
  summary: '',
  phone: '',
  email: 'maya.okafor@example.com',
  linkedinUrl: '',
  githubUrl: '',
  portfolioUrl: '',
  education: '',
  salaryExpectation: '',
  profilePicture: null,
  coverPhoto: null,
  availability: 'immediate',
  workPreference: 'hybrid',
  isPublic: true,
  isPrivate: false,
  createdAt: '2026-11-23T10:00:00.000Z',
  updatedAt: '2026-11-23T10:00:00.000Z',
  ...overrides,
});

describe('extracting a resume', () => {
  it('posts the file as multipart form data in the field "resume" and gives back the extraction', async () => {
    answers.push(json(200, { success: true, data: SAMPLE_RESUME, error: null }));
    const file = pdf();

    await expect(extractResume(file)).resolves.toEqual(SAMPLE_RESUME);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ url: '/api/extract-resume', method: 'POST' });
    const body = calls[0]?.body;
    expect(body).toBeInstanceOf(FormData);
    const sent = (body as FormData).get('resume');
    expect(sent).toBeInstanceOf(File);
    expect((sent as File).name).toBe('maya-okafor.pdf');
    expect(await (sent as File).text()).toBe('%PDF-1.7 resume');
    expect(calls[0]?.headers.has('content-type')).toBe(false);
  });

  it('shows the server’s reason for a refused file (413, 415, 422)', async () => {
    for (const [status, error] of [
      [413, PROFILE_MESSAGES.resumeTooLarge],
      [415, PROFILE_MESSAGES.resumeTypeMismatch],
      [422, PROFILE_MESSAGES.resumeImageTooLarge],
    ] as const) {
      answers.push(json(status, { success: false, data: null, error }));
      const failure = await extractResume(pdf()).catch((e: unknown) => e);
      expect(extractionErrorText(failure)).toBe(error);
    }
  });

  it('an ok answer that says it failed is a failure with its reason, or the spec’s default', async () => {
    answers.push(json(200, { success: false, data: null, error: 'Nothing to read.' }));
    const failure = await extractResume(pdf()).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ResumeExtractionError);
    expect(extractionErrorText(failure)).toBe('Nothing to read.');

    answers.push(json(200, { success: false, data: null, error: null }));
    expect(extractionErrorText(await extractResume(pdf()).catch((e: unknown) => e))).toBe(
      'Failed to parse resume. Please try again.',
    );
  });

  it('keeps a server error’s details to itself and says the default, and names a network failure', async () => {
    answers.push(json(500, { success: false, data: null, error: 'worker crashed at 0x1f' }));
    expect(extractionErrorText(await extractResume(pdf()).catch((e: unknown) => e))).toBe(
      PROFILE_MESSAGES.parseFailedDetail,
    );
    expect(extractionErrorText(await extractResume(pdf()).catch((e: unknown) => e))).toBe(NETWORK_ERROR_MESSAGE);
  });

  it('refuses an answer that is not the contract’s shape', async () => {
    answers.push(json(200, ['not', 'an', 'object']));
    await expect(extractResume(pdf())).rejects.toBeInstanceOf(UnexpectedAnswerError);
  });
});

describe('creating a profile from an extraction', () => {
  it('posts the spec’s mapping of the extraction as JSON and gives back the new profile', async () => {
    answers.push(json(201, { success: true, message: 'Profile created', profile: profile() }));
    const body = candidateFromExtraction(SAMPLE_RESUME);

    const answer = await createCandidate(body);
    expect(answer.profile.id).toBe('p-41');
    expect(calls[0]).toMatchObject({ url: '/api/candidates', method: 'POST' });
    expect(JSON.parse(calls[0]?.body as string)).toEqual({
      firstName: 'Maya',
      lastName: 'Okafor',
      email: 'maya.okafor@example.com',
      phone: '+1 (555) 014-2398',
      location: 'Portland, OR',
      title: 'Senior Full-Stack Engineer',
      experience: '7+ years',
      skills: [...SAMPLE_RESUME.skills.technical, ...SAMPLE_RESUME.skills.soft],
      summary: SAMPLE_RESUME.summary,
      education: 'B.S. Computer Science - Cascade State University',
      linkedinUrl: '',
      githubUrl: '',
      portfolioUrl: '',
      workPreference: 'hybrid',
      salaryExpectation: '',
      availability: 'immediate',
    });
  });

  it('says the server’s reason for a refusal (409, 401), else the spec’s default', async () => {
    answers.push(json(409, { success: false, error: PROFILE_MESSAGES.profileExists }));
    expect(registrationErrorText(await createCandidate({}).catch((e: unknown) => e))).toBe(
      'You already have a profile. Edit it from your dashboard.',
    );

    answers.push(json(401, { success: false, error: 'Authentication required' }));
    expect(registrationErrorText(await createCandidate({}).catch((e: unknown) => e))).toBe('Authentication required');

    answers.push(json(500, { success: false, error: 'Internal Server Error' }));
    expect(registrationErrorText(await createCandidate({}).catch((e: unknown) => e))).toBe(
      'Failed to create your profile. Please try again.',
    );

    expect(registrationErrorText(await createCandidate({}).catch((e: unknown) => e))).toBe(
      PROFILE_MESSAGES.registrationFailedDetail,
    );
  });

  it('refuses an answer without the created profile', async () => {
    answers.push(json(201, { success: true, message: 'ok', profile: null }));
    await expect(createCandidate({})).rejects.toBeInstanceOf(UnexpectedAnswerError);
  });
});

import type { CandidateProfile, ProfileFormBody } from '@hireloop/contracts';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { ApiError, serverErrorText, UnexpectedAnswerError } from '../../../lib/api-client';
import { getMyApplications, myApplicationsQueryKey } from './get-my-applications';
import { getMyProfile, myProfileQueryKey } from './get-my-profile';
import { isWizardResumeFile, parseResume } from './parse-resume';
import { profileViewQueryKey, rememberSavedProfile, saveProfile } from './save-profile';
import { jsonAnswer, stubFetch } from '../../../testing/fetch-stub';

const { calls, answers } = stubFetch();
const json = jsonAnswer;

const profile = (overrides: Partial<CandidateProfile> = {}): CandidateProfile => ({
  id: 'p1',
  userId: 'u1',
  firstName: 'Ana',
  lastName: 'Silva',
  title: 'Backend Engineer',
  skills: ['Go'],
  experience: '5 years',
  location: 'Lisbon',
  summary: '',
  phone: '',
  email: '',
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
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

const body: ProfileFormBody = {
  jobTitle: 'Backend Engineer',
  skills: ['Go'],
  experience: '5 years',
  location: 'Lisbon',
  isActivelyLooking: true,
  isPublic: true,
};

describe('my profile', () => {
  it('reads the signed-in candidate’s profile', async () => {
    answers.push(json(200, profile()));
    await expect(getMyProfile()).resolves.toMatchObject({ id: 'p1', title: 'Backend Engineer' });
    expect(calls[0]).toMatchObject({ url: '/api/profile' });
    expect(myProfileQueryKey('u1')).toEqual(['/api/profile', 'u1']);
  });

  it('answers null when the candidate has no profile yet (the server says null)', async () => {
    answers.push(json(200, null));
    await expect(getMyProfile()).resolves.toBeNull();
  });

  it('reads an older server’s 404 for no profile yet as null too', async () => {
    answers.push(json(404, { success: false, error: 'You have not created a profile yet.' }));
    await expect(getMyProfile()).resolves.toBeNull();
  });

  it('throws any other failure, and an answer that is not a profile', async () => {
    answers.push(json(403, { success: false, error: 'Only candidate accounts can have a profile.' }));
    const error = await getMyProfile().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(serverErrorText(error)).toBe('Only candidate accounts can have a profile.');
    answers.push(json(200, { success: true }));
    await expect(getMyProfile()).rejects.toBeInstanceOf(UnexpectedAnswerError);
  });

  it('sends the last write’s position with the read (read-your-writes)', async () => {
    answers.push(json(201, { success: true, profile: profile() }, { 'x-position': '00000000000000000042' }));
    answers.push(json(200, profile()));
    await saveProfile({ mode: 'create', body });
    await getMyProfile();
    expect(new Headers(calls[1]?.init.headers).get('x-min-position')).toBe('00000000000000000042');
  });
});

describe('saving the profile', () => {
  it('creates with POST and updates with PUT, sending the form as JSON', async () => {
    answers.push(json(201, { success: true, profile: profile() }), json(200, { success: true, profile: profile() }));
    await expect(saveProfile({ mode: 'create', body })).resolves.toMatchObject({ profile: { id: 'p1' } });
    await saveProfile({ mode: 'edit', body });
    expect(calls.map((c) => `${c.init.method} ${c.url}`)).toEqual(['POST /api/profile', 'PUT /api/profile']);
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual(body);
  });

  it('raises the server’s reason when it refuses', async () => {
    answers.push(json(409, { success: false, error: 'You already have a profile. Edit it from your dashboard.' }));
    const error = await saveProfile({ mode: 'create', body }).catch((e: unknown) => e);
    expect(serverErrorText(error)).toBe('You already have a profile. Edit it from your dashboard.');
  });

  it('updates exactly the owner’s profile and that profile’s page in the cache', async () => {
    const queryClient = new QueryClient();
    const untouched = ['/api/applications', 'u1'];
    queryClient.setQueryData(myProfileQueryKey('u1'), null);
    queryClient.setQueryData(profileViewQueryKey('p1'), { view: 'owner', profile: profile({ title: 'Old' }) });
    queryClient.setQueryData(profileViewQueryKey('p2'), { view: 'limited' });
    queryClient.setQueryData(untouched, { applications: [] });

    await rememberSavedProfile(queryClient, 'u1', profile({ title: 'New' }));
    expect(queryClient.getQueryData<CandidateProfile>(myProfileQueryKey('u1'))?.title).toBe('New');
    expect(queryClient.getQueryState(myProfileQueryKey('u1'))?.isInvalidated).toBe(false);
    expect(queryClient.getQueryState(profileViewQueryKey('p1'))?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(profileViewQueryKey('p2'))?.isInvalidated).toBe(false);
    expect(queryClient.getQueryState(untouched)?.isInvalidated).toBe(false);
  });
});

describe('parsing a resume', () => {
  it('takes only the .pdf, .docx and .doc the server reads in the wizard', () => {
    expect(['a.pdf', 'B.PDF', 'd.docx', 'e.doc', 'F.DOC'].map((name) => isWizardResumeFile({ name }))).toEqual([true, true, true, true, true]);
    expect(['a.png', 'b.txt', 'docx', 'c.pdf.zip', 'c.doc.exe'].map((name) => isWizardResumeFile({ name }))).toEqual([false, false, false, false, false]);
  });

  it('sends the file as the multipart field "resume" and reads what it found', async () => {
    const parsed = {
      jobTitle: 'Engineer',
      skills: ['Go'],
      experience: '5 years',
      location: 'Lisbon',
      bio: '',
      phone: '',
      email: '',
      education: '',
      workHistory: [],
    };
    answers.push(json(200, parsed));
    const file = new File(['%PDF-1.7'], 'cv.pdf', { type: 'application/pdf' });
    await expect(parseResume(file)).resolves.toEqual(parsed);
    expect(calls[0]).toMatchObject({ url: '/api/parse-resume', init: { method: 'POST' } });
    const sent = calls[0]?.init.body;
    expect(sent).toBeInstanceOf(FormData);
    expect((sent as FormData).get('resume')).toBeInstanceOf(File);
    expect(((sent as FormData).get('resume') as File).name).toBe('cv.pdf');
    // The browser sets the multipart boundary: no JSON content type.
    expect(new Headers(calls[0]?.init.headers).get('content-type')).toBeNull();
  });

  it('raises the server’s reason for a refused file', async () => {
    answers.push(json(413, { success: false, error: 'The resume is larger than 5 MB. Please upload a smaller file.' }));
    const error = await parseResume(new File(['x'], 'big.pdf')).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 413 });
    expect(serverErrorText(error)).toBe('The resume is larger than 5 MB. Please upload a smaller file.');
  });
});

describe('my applications', () => {
  it('reads the candidate’s applications', async () => {
    const applications = [
      {
        applicationId: 'a1',
        jobId: 'j1',
        jobTitle: 'Go Engineer',
        company: 'Acme',
        location: 'Remote',
        appliedAt: '2026-03-01T00:00:00.000Z',
        jobIsOpen: false,
        changedSinceApplied: [],
        status: 'applied',
        timeline: [{ status: 'applied', at: '2026-03-01T00:00:00.000Z' }],
      },
    ];
    answers.push(json(200, { applications }));
    await expect(getMyApplications()).resolves.toEqual({ applications });
    expect(calls[0]?.url).toBe('/api/applications');
    expect(myApplicationsQueryKey('u1')).toEqual(['/api/applications', 'u1']);
  });

  it('fails on an answer that is not a list of applications', async () => {
    answers.push(json(200, { applications: 'none' }));
    await expect(getMyApplications()).rejects.toBeInstanceOf(UnexpectedAnswerError);
    answers.push(json(200, []));
    await expect(getMyApplications()).rejects.toBeInstanceOf(UnexpectedAnswerError);
  });
});

import type { CandidateProfile, ProfileFormBody, ProfileSaved, ResumeParseResult } from '@hireloop/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError, NetworkError } from '../../../lib/api-client';
import type { SaveProfileInput } from '../api/save-profile';
import { emptyProfileForm, type ProfileFormValues } from '../lib/profile-form';
import {
  COMPLETION_CALLBACK_DELAY_MS,
  profileWizardMachine,
  wizardProgress,
  wizardStep,
  type ProfileWizardInput,
  type WizardNotice,
} from './profile-wizard-machine';

const parsed: ResumeParseResult = {
  jobTitle: 'Senior Backend Engineer',
  skills: ['Go', 'PostgreSQL', ' Kafka '],
  experience: '8+ years',
  location: 'Lisbon, Portugal',
  bio: 'Builds payment systems.',
  phone: '+351 912 345 678',
  email: 'ana@example.com',
  education: 'BSc Computer Science - University of Porto',
  workHistory: [],
};

const profile = (overrides: Partial<CandidateProfile> = {}): CandidateProfile => ({
  id: 'p1',
  userId: 'u1',
  firstName: 'Ana',
  lastName: 'Silva',
  title: 'Staff Engineer',
  skills: ['Go', 'Rust'],
  experience: '10 years',
  location: 'Porto',
  summary: 'Payments.',
  phone: '',
  email: 'ana@example.com',
  linkedinUrl: 'https://linkedin.com/in/ana',
  githubUrl: 'https://github.com/ana',
  portfolioUrl: '',
  education: 'MSc - Porto',
  salaryExpectation: '90k',
  profilePicture: null,
  coverPhoto: null,
  availability: 'immediate',
  workPreference: 'remote',
  isPublic: true,
  isPrivate: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

const resume = (name = 'resume.pdf') => new File(['%PDF-1.7'], name, { type: 'application/pdf' });

interface Overrides {
  parseResume?: (file: File) => Promise<ResumeParseResult>;
  saveProfile?: (input: SaveProfileInput) => Promise<ProfileSaved>;
}

function start(overrides: Overrides = {}, input: ProfileWizardInput = {}) {
  const calls = { parse: [] as File[], save: [] as SaveProfileInput[] };
  const notices: WizardNotice[] = [];
  const completed = vi.fn();
  const machine = profileWizardMachine.provide({
    actors: {
      parseResume: fromPromise<ResumeParseResult, { file: File }>(async ({ input }) => {
        calls.parse.push(input.file);
        return (overrides.parseResume ?? (async () => parsed))(input.file);
      }),
      saveProfile: fromPromise<ProfileSaved, SaveProfileInput>(async ({ input }) => {
        calls.save.push(input);
        return (overrides.saveProfile ?? (async () => ({ success: true as const, profile: profile() })))(input);
      }),
    },
    actions: {
      notify: (_, notice: WizardNotice) => {
        notices.push(notice);
      },
      completed,
    },
  });
  const actor = createActor(machine, { input }).start();
  return { actor, calls, notices, completed };
}

type Actor = ReturnType<typeof start>['actor'];

const step = (actor: Actor) => wizardStep(actor.getSnapshot());
const serverError = (status: number, error: string, details?: unknown) =>
  new ApiError(status, JSON.stringify({ success: false, error, details }), 'Bad Request');

const filledValues = (): ProfileFormValues => ({
  ...emptyProfileForm(),
  jobTitle: 'Backend Engineer',
  skills: ['Go'],
  experience: '5 years',
  location: 'Lisbon',
});
const submit = (actor: Actor, values = filledValues()) =>
  actor.send({ type: 'wizard.submit', values, body: values satisfies ProfileFormBody });

afterEach(() => {
  vi.useRealTimers();
});

describe('profile wizard machine', () => {
  it('starts on step 1 of 4 (upload) in create mode with an empty form', () => {
    const { actor } = start();
    expect(actor.getSnapshot().value).toBe('upload');
    expect(step(actor)).toBe(1);
    expect(actor.getSnapshot().context).toMatchObject({ mode: 'create', values: emptyProfileForm(), saved: null });
  });

  it('counts the steps 1 to 4 as 25, 50, 75 and 100 percent', () => {
    expect([1, 2, 3, 4].map((n) => wizardProgress(n as 1 | 2 | 3 | 4))).toEqual([25, 50, 75, 100]);
  });

  it('goes from upload to parse on a PDF or a .docx, and parses that file', async () => {
    for (const name of ['cv.pdf', 'CV.PDF', 'resume.docx']) {
      const { actor, calls } = start({ parseResume: () => new Promise(() => {}) });
      const file = resume(name);
      actor.send({ type: 'wizard.selectFile', file });
      expect(actor.getSnapshot().matches({ parse: 'parsing' })).toBe(true);
      expect(step(actor)).toBe(2);
      await waitFor(actor, () => calls.parse.length === 1);
      expect(calls.parse[0]).toBe(file);
    }
  });

  it('refuses any other file type with the spec’s toast and stays on upload', () => {
    for (const name of ['photo.png', 'resume.txt', 'pdf', 'resume.pdf.exe', 'legacy.doc.txt']) {
      const { actor, notices, calls } = start();
      actor.send({ type: 'wizard.selectFile', file: new File(['x'], name) });
      expect(actor.getSnapshot().value).toBe('upload');
      expect(notices).toEqual([
        { title: 'Invalid File Type', description: 'Please upload a PDF or Word document.', variant: 'destructive' },
      ]);
      expect(calls.parse).toEqual([]);
    }
  });

  it('goes on to confirm with every field the resume gave prefilled, skills trimmed', async () => {
    const { actor, notices } = start();
    actor.send({ type: 'wizard.selectFile', file: resume() });
    const snapshot = await waitFor(actor, (s) => s.matches('confirm'));
    expect(step(actor)).toBe(3);
    expect(snapshot.context.values).toMatchObject({
      jobTitle: 'Senior Backend Engineer',
      skills: ['Go', 'PostgreSQL', 'Kafka'],
      experience: '8+ years',
      location: 'Lisbon, Portugal',
      bio: 'Builds payment systems.',
      phone: '+351 912 345 678',
      email: 'ana@example.com',
      education: 'BSc Computer Science - University of Porto',
      isActivelyLooking: true,
      isPublic: true,
    });
    expect(notices).toEqual([]);
  });

  it('stays on parse with the server’s message in a toast when parsing fails', async () => {
    const { actor, notices } = start({
      parseResume: async () => {
        throw serverError(422, 'We could not read any text from this file.');
      },
    });
    actor.send({ type: 'wizard.selectFile', file: resume() });
    const snapshot = await waitFor(actor, (s) => s.matches({ parse: 'failed' }));
    expect(step(actor)).toBe(2);
    expect(snapshot.context.parseError).toBe('We could not read any text from this file.');
    expect(notices).toEqual([
      { title: 'Resume Parsing Failed', description: 'We could not read any text from this file.', variant: 'destructive' },
    ]);
  });

  it('falls back to the spec’s words when the failure carries no message', async () => {
    const { actor, notices } = start({
      parseResume: async () => {
        throw new ApiError(500, '', 'Internal Server Error');
      },
    });
    actor.send({ type: 'wizard.selectFile', file: resume() });
    await waitFor(actor, (s) => s.matches({ parse: 'failed' }));
    expect(notices[0]).toMatchObject({ title: 'Resume Parsing Failed', description: 'Failed to parse resume. Please try again.' });
  });

  it('says a network failure as such', async () => {
    const { actor, notices } = start({
      parseResume: async () => {
        throw new NetworkError();
      },
    });
    actor.send({ type: 'wizard.selectFile', file: resume() });
    await waitFor(actor, (s) => s.matches({ parse: 'failed' }));
    expect(notices[0]?.description).toBe('Network error. Please try again.');
  });

  it('tries the same file again after a failure, and goes on when it works', async () => {
    let attempts = 0;
    const { actor, calls } = start({
      parseResume: async () => {
        attempts += 1;
        if (attempts === 1) throw serverError(503, 'Busy');
        return parsed;
      },
    });
    const file = resume();
    actor.send({ type: 'wizard.selectFile', file });
    await waitFor(actor, (s) => s.matches({ parse: 'failed' }));
    actor.send({ type: 'wizard.retry' });
    expect(actor.getSnapshot().context.parseError).toBeNull();
    await waitFor(actor, (s) => s.matches('confirm'));
    expect(calls.parse).toEqual([file, file]);
  });

  it('skips from upload, from a failed parse and from a parse still running to an empty confirm form', async () => {
    const fromUpload = start().actor;
    fromUpload.send({ type: 'wizard.skip' });
    expect(fromUpload.getSnapshot().matches({ confirm: 'editing' })).toBe(true);
    expect(fromUpload.getSnapshot().context.values).toEqual(emptyProfileForm());

    const failing = start({
      parseResume: async () => {
        throw serverError(400, 'Nope');
      },
    }).actor;
    failing.send({ type: 'wizard.selectFile', file: resume() });
    await waitFor(failing, (s) => s.matches({ parse: 'failed' }));
    failing.send({ type: 'wizard.skip' });
    expect(failing.getSnapshot().matches('confirm')).toBe(true);
    expect(failing.getSnapshot().context.parseError).toBeNull();

    const slow = start({ parseResume: () => new Promise(() => {}) }).actor;
    slow.send({ type: 'wizard.selectFile', file: resume() });
    slow.send({ type: 'wizard.skip' });
    expect(slow.getSnapshot().matches('confirm')).toBe(true);
  });

  it('goes back to upload from parse and from confirm, keeping what was typed in the form', async () => {
    const { actor } = start({ parseResume: () => new Promise(() => {}) });
    actor.send({ type: 'wizard.selectFile', file: resume() });
    actor.send({ type: 'wizard.back' });
    expect(actor.getSnapshot().value).toBe('upload');

    actor.send({ type: 'wizard.skip' });
    const typed = { ...emptyProfileForm(), jobTitle: 'Data Engineer' };
    actor.send({ type: 'wizard.back', values: typed });
    expect(actor.getSnapshot().value).toBe('upload');
    actor.send({ type: 'wizard.skip' });
    expect(actor.getSnapshot().context.values.jobTitle).toBe('Data Engineer');
  });

  it('creates the profile (POST) and completes, toasting Profile Created, then calls back after 1 s', async () => {
    vi.useFakeTimers();
    const { actor, calls, notices, completed } = start();
    actor.send({ type: 'wizard.skip' });
    submit(actor);
    expect(actor.getSnapshot().matches({ confirm: 'saving' })).toBe(true);
    // The save answers at once: let its promise settle without moving the clock.
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('complete');
    expect(step(actor)).toBe(4);
    expect(calls.save).toEqual([{ mode: 'create', body: filledValues() }]);
    expect(actor.getSnapshot().context.saved?.id).toBe('p1');
    expect(notices).toEqual([{ title: 'Profile Created', variant: 'success' }]);

    await vi.advanceTimersByTimeAsync(COMPLETION_CALLBACK_DELAY_MS - 1);
    expect(completed).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(completed).toHaveBeenCalledTimes(1);
  });

  it('keeps the form and says why when creating fails, with the field reasons for the form', async () => {
    const { actor, notices } = start({
      saveProfile: async () => {
        throw serverError(400, 'Invalid profile', [{ path: 'linkedinUrl', message: 'Links must start with http:// or https://' }]);
      },
    });
    actor.send({ type: 'wizard.skip' });
    const values = { ...filledValues(), linkedinUrl: 'linkedin.com/in/ana' };
    submit(actor, values);
    const snapshot = await waitFor(actor, (s) => s.context.fieldIssues.length > 0);
    expect(snapshot.matches({ confirm: 'editing' })).toBe(true);
    expect(snapshot.context.values).toEqual(values);
    expect(snapshot.context.fieldIssues).toEqual([{ path: 'linkedinUrl', message: 'Links must start with http:// or https://' }]);
    expect(notices).toEqual([{ title: 'Profile Creation Failed', description: 'Invalid profile', variant: 'destructive' }]);
  });

  it('uses the spec’s fallback when creating fails without a message', async () => {
    const { actor, notices } = start({
      saveProfile: async () => {
        throw new ApiError(502, '', 'Bad Gateway');
      },
    });
    actor.send({ type: 'wizard.skip' });
    submit(actor);
    await waitFor(actor, () => notices.length > 0);
    expect(notices[0]).toMatchObject({ title: 'Profile Creation Failed', description: 'Failed to create profile. Please try again.' });
  });

  it('starts edit mode at confirm with the profile’s values (immediate availability = actively looking)', () => {
    const { actor } = start({}, { profile: profile({ availability: 'immediate' }) });
    expect(actor.getSnapshot().matches({ confirm: 'editing' })).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({
      mode: 'edit',
      values: {
        jobTitle: 'Staff Engineer',
        skills: ['Go', 'Rust'],
        bio: 'Payments.',
        githubUrl: 'https://github.com/ana',
        workPreference: 'remote',
        isActivelyLooking: true,
        isPublic: true,
      },
    });
    const other = start({}, { profile: profile({ availability: 'open', isPublic: false }) });
    expect(other.actor.getSnapshot().context.values).toMatchObject({ isActivelyLooking: false, isPublic: false });
  });

  it('updates in edit mode (PUT) with Profile Updated, and Profile Update Failed on failure', async () => {
    const ok = start({}, { profile: profile() });
    submit(ok.actor);
    await waitFor(ok.actor, (s) => s.matches('complete'));
    expect(ok.calls.save[0]?.mode).toBe('edit');
    expect(ok.notices).toEqual([{ title: 'Profile Updated', variant: 'success' }]);

    const failing = start(
      {
        saveProfile: async () => {
          throw new ApiError(500, 'oops', 'Internal Server Error');
        },
      },
      { profile: profile() },
    );
    submit(failing.actor);
    await waitFor(failing.actor, () => failing.notices.length > 0);
    expect(failing.actor.getSnapshot().matches({ confirm: 'editing' })).toBe(true);
    expect(failing.notices[0]).toMatchObject({
      title: 'Profile Update Failed',
      description: 'Failed to update profile. Please try again.',
    });
  });

  it('opens in edit mode on request, and closing starts again in create mode', async () => {
    const { actor } = start();
    actor.send({ type: 'wizard.edit', profile: profile() });
    expect(actor.getSnapshot().matches('confirm')).toBe(true);
    expect(actor.getSnapshot().context.mode).toBe('edit');

    submit(actor);
    await waitFor(actor, (s) => s.matches('complete'));
    const revision = actor.getSnapshot().context.revision;
    actor.send({ type: 'wizard.close' });
    expect(actor.getSnapshot().value).toBe('upload');
    expect(actor.getSnapshot().context).toMatchObject({
      mode: 'create',
      values: emptyProfileForm(),
      file: null,
      saved: null,
      parseError: null,
    });
    expect(actor.getSnapshot().context.revision).toBeGreaterThan(revision);
  });

  it('closing while parsing stops the parse', async () => {
    let aborted = false;
    const machine = profileWizardMachine.provide({
      actors: {
        parseResume: fromPromise<ResumeParseResult, { file: File }>(
          ({ signal }) =>
            new Promise((_, reject) => {
              signal.addEventListener('abort', () => {
                aborted = true;
                reject(new Error('aborted'));
              });
            }),
        ),
      },
      actions: { notify: () => {} },
    });
    const actor = createActor(machine, { input: {} }).start();
    actor.send({ type: 'wizard.selectFile', file: resume() });
    actor.send({ type: 'wizard.close' });
    expect(actor.getSnapshot().value).toBe('upload');
    await vi.waitFor(() => expect(aborted).toBe(true));
  });
});

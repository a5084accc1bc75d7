import {
  candidateFromExtraction,
  PROFILE_MESSAGES,
  RESUME_MAX_BYTES,
  type CandidateFromExtractionBody,
  type ExtractedResume,
} from '@hireloop/contracts';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../../../lib/api-client';
import type { CandidateCreatedAnswer } from '../api/create-candidate';
import { UNSUPPORTED_RESUME_FILE } from '../lib/resume-file';
import { SAMPLE_RESUME } from '../lib/sample-resume';
import { resumeUploadMachine } from './resume-upload-machine';

interface Overrides {
  extractResume?: (file: File) => Promise<ExtractedResume>;
  createCandidate?: (body: CandidateFromExtractionBody) => Promise<CandidateCreatedAnswer>;
}

const created = (id = 'p-41') => ({ success: true, message: 'Profile created', profile: { id } }) as CandidateCreatedAnswer;

function start(overrides: Overrides = {}) {
  const calls = { extract: [] as File[], create: [] as CandidateFromExtractionBody[] };
  const announceProfileCreated = vi.fn();
  const announceRegistrationFailed = vi.fn();
  const openProfile = vi.fn();
  const machine = resumeUploadMachine.provide({
    actors: {
      extractResume: fromPromise<ExtractedResume, { file: File }>(async ({ input }) => {
        calls.extract.push(input.file);
        return overrides.extractResume ? overrides.extractResume(input.file) : SAMPLE_RESUME;
      }),
      createCandidate: fromPromise<CandidateCreatedAnswer, CandidateFromExtractionBody>(async ({ input }) => {
        calls.create.push(input);
        return overrides.createCandidate ? overrides.createCandidate(input) : created();
      }),
    },
    actions: {
      announceProfileCreated,
      announceRegistrationFailed: (_, params) => announceRegistrationFailed(params),
      openProfile: (_, params) => openProfile(params),
    },
  });
  const actor = createActor(machine).start();
  return { actor, calls, announceProfileCreated, announceRegistrationFailed, openProfile };
}

const pdf = (name = 'resume.pdf', size?: number) =>
  new File([size === undefined ? '%PDF-1.7' : new Uint8Array(size)], name, { type: 'application/pdf' });

type Actor = ReturnType<typeof start>['actor'];

async function reachReview(actor: Actor, file = pdf()) {
  actor.send({ type: 'resume.select', file });
  actor.send({ type: 'resume.extract' });
  return waitFor(actor, (snapshot) => snapshot.matches('review'));
}

describe('resume upload machine', () => {
  it('starts on selecting, with nothing chosen, and will not extract without a file', () => {
    const { actor, calls } = start();
    expect(actor.getSnapshot().value).toBe('selecting');
    actor.send({ type: 'resume.extract' });
    expect(actor.getSnapshot().value).toBe('selecting');
    expect(calls.extract).toEqual([]);
  });

  it('keeps a chosen file and extracts that file', async () => {
    const { actor, calls } = start();
    const file = pdf('maya.pdf');
    actor.send({ type: 'resume.select', file });
    expect(actor.getSnapshot().context.file).toBe(file);

    actor.send({ type: 'resume.extract' });
    expect(actor.getSnapshot().value).toBe('extracting');
    const snapshot = await waitFor(actor, (s) => s.matches('review'));
    expect(calls.extract).toEqual([file]);
    expect(snapshot.context.resume).toEqual(SAMPLE_RESUME);
    expect(snapshot.context.extractError).toBeNull();
  });

  it('refuses a file over 5 MB before sending it, with the server’s words', () => {
    const { actor, calls } = start();
    actor.send({ type: 'resume.select', file: pdf('big.pdf', RESUME_MAX_BYTES + 1) });
    expect(actor.getSnapshot().context).toMatchObject({ file: null, fileProblem: PROFILE_MESSAGES.resumeTooLarge });
    actor.send({ type: 'resume.extract' });
    expect(actor.getSnapshot().value).toBe('selecting');
    expect(calls.extract).toEqual([]);
  });

  it('refuses a file of another kind, and a good file afterwards clears the refusal', () => {
    const { actor } = start();
    actor.send({ type: 'resume.select', file: new File(['hi'], 'notes.txt', { type: 'text/plain' }) });
    expect(actor.getSnapshot().context.fileProblem).toBe(UNSUPPORTED_RESUME_FILE);
    const file = pdf();
    actor.send({ type: 'resume.select', file });
    expect(actor.getSnapshot().context).toMatchObject({ file, fileProblem: null });
  });

  it('a cancelled picker keeps the file already chosen', () => {
    const { actor } = start();
    const file = pdf();
    actor.send({ type: 'resume.select', file });
    actor.send({ type: 'resume.select', file: null });
    expect(actor.getSnapshot().context.file).toBe(file);
  });

  it('returns to selecting with the server’s reason when extraction fails, keeping the file to retry', async () => {
    let fail = true;
    const { actor, calls } = start({
      extractResume: async () => {
        if (fail) throw new ApiError(422, JSON.stringify({ success: false, data: null, error: PROFILE_MESSAGES.resumeImageTooLarge }), '');
        return SAMPLE_RESUME;
      },
    });
    const file = pdf();
    actor.send({ type: 'resume.select', file });
    actor.send({ type: 'resume.extract' });
    const failed = await waitFor(actor, (s) => s.context.extractError !== null);
    expect(failed.value).toBe('selecting');
    expect(failed.context).toMatchObject({ file, extractError: PROFILE_MESSAGES.resumeImageTooLarge, resume: null });

    fail = false;
    actor.send({ type: 'resume.extract' });
    expect(actor.getSnapshot().context.extractError).toBeNull();
    await waitFor(actor, (s) => s.matches('review'));
    expect(calls.extract).toEqual([file, file]);
  });

  it('creates the profile from the spec’s mapping of the extraction, announces it and opens it', async () => {
    const { actor, calls, announceProfileCreated, openProfile, announceRegistrationFailed } = start({
      createCandidate: async () => created('p-99'),
    });
    await reachReview(actor);
    actor.send({ type: 'resume.createProfile' });
    expect(actor.getSnapshot().value).toBe('creatingProfile');

    const snapshot = await waitFor(actor, (s) => s.matches('profileCreated'));
    expect(calls.create).toEqual([candidateFromExtraction(SAMPLE_RESUME)]);
    expect(snapshot.context.profileId).toBe('p-99');
    expect(snapshot.status).toBe('done');
    expect(announceProfileCreated).toHaveBeenCalledTimes(1);
    expect(openProfile).toHaveBeenCalledWith({ profileId: 'p-99' });
    expect(announceRegistrationFailed).not.toHaveBeenCalled();
  });

  it('stays on review with the server’s reason when creation fails, and can try again', async () => {
    let attempts = 0;
    const { actor, announceRegistrationFailed, openProfile } = start({
      createCandidate: async () => {
        attempts += 1;
        if (attempts === 1) throw new ApiError(409, JSON.stringify({ success: false, error: PROFILE_MESSAGES.profileExists }), '');
        if (attempts === 2) throw new ApiError(500, '', 'Internal Server Error');
        return created();
      },
    });
    await reachReview(actor);

    actor.send({ type: 'resume.createProfile' });
    await waitFor(actor, (s) => s.matches('review') && announceRegistrationFailed.mock.calls.length === 1);
    expect(announceRegistrationFailed).toHaveBeenLastCalledWith({ description: PROFILE_MESSAGES.profileExists });
    expect(actor.getSnapshot().context.resume).toEqual(SAMPLE_RESUME);

    actor.send({ type: 'resume.createProfile' });
    await waitFor(actor, (s) => s.matches('review') && announceRegistrationFailed.mock.calls.length === 2);
    expect(announceRegistrationFailed).toHaveBeenLastCalledWith({
      description: 'Failed to create your profile. Please try again.',
    });
    expect(openProfile).not.toHaveBeenCalled();

    actor.send({ type: 'resume.createProfile' });
    await waitFor(actor, (s) => s.matches('profileCreated'));
    expect(openProfile).toHaveBeenCalledTimes(1);
  });

  it('choosing another file during review starts over from that file', async () => {
    const { actor } = start();
    await reachReview(actor);
    const other = pdf('other.pdf');
    actor.send({ type: 'resume.select', file: other });
    expect(actor.getSnapshot().value).toBe('selecting');
    expect(actor.getSnapshot().context).toMatchObject({ file: other, resume: null });
  });

  it('ignores new files while extracting', async () => {
    let finish: (resume: ExtractedResume) => void = () => {};
    const { actor } = start({ extractResume: () => new Promise((resolve) => (finish = resolve)) });
    const file = pdf();
    actor.send({ type: 'resume.select', file });
    actor.send({ type: 'resume.extract' });
    actor.send({ type: 'resume.select', file: pdf('late.pdf') });
    expect(actor.getSnapshot().context.file).toBe(file);
    finish(SAMPLE_RESUME);
    await waitFor(actor, (s) => s.matches('review'));
  });
});

import { candidateFromExtraction, type CandidateFromExtractionBody, type ExtractedResume } from '@hireloop/contracts';
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { createCandidate, registrationErrorText, type CandidateCreatedAnswer } from '../api/create-candidate';
import { extractionErrorText, extractResume } from '../api/extract-resume';
import { resumeFileProblem } from '../lib/resume-file';

export interface ResumeUploadContext {
  /** The file chosen (or dropped) and accepted by the browser's checks. */
  file: File | null;
  /** Why the last file chosen was refused before sending (too large, not a resume). */
  fileProblem: string | null;
  /** Why the last extraction failed: the server's reason or the default text. */
  extractError: string | null;
  /** The extraction under review, read-only. */
  resume: ExtractedResume | null;
  /** The profile created from it. */
  profileId: string | null;
}

export type ResumeUploadEvent =
  /** A file chosen in the picker or dropped on the page (null: the picker was cancelled). */
  | { type: 'resume.select'; file: File | null }
  /** Extract Information. */
  | { type: 'resume.extract' }
  /** Create My Profile. */
  | { type: 'resume.createProfile' };

/**
 * The resume upload page's flow (spec part 2 §4 "Resume flow: select file, extract, review,
 * create profile"): selecting → extracting → review → creatingProfile → profileCreated. A failed
 * extraction returns to selecting with the reason, keeping the file; a failed creation returns to
 * review, with the 'Registration Failed' toast. Choosing another file in review starts over.
 * The page provides `announceProfileCreated`, `announceRegistrationFailed` and `openProfile`.
 */
export const resumeUploadMachine = setup({
  types: {
    context: {} as ResumeUploadContext,
    events: {} as ResumeUploadEvent,
  },
  actors: {
    extractResume: fromPromise<ExtractedResume, { file: File }>(({ input, signal }) => extractResume(input.file, { signal })),
    createCandidate: fromPromise<CandidateCreatedAnswer, CandidateFromExtractionBody>(({ input }) => createCandidate(input)),
  },
  guards: {
    hasFile: ({ context }) => context.file !== null,
    fileRefused: ({ event }) => {
      assertEvent(event, 'resume.select');
      return event.file !== null && resumeFileProblem(event.file) !== null;
    },
    pickerCancelled: ({ event }) => {
      assertEvent(event, 'resume.select');
      return event.file === null;
    },
  },
  actions: {
    refuseFile: assign({
      file: null,
      resume: null,
      extractError: null,
      fileProblem: ({ event }) => {
        assertEvent(event, 'resume.select');
        return event.file ? resumeFileProblem(event.file) : null;
      },
    }),
    acceptFile: assign({
      resume: null,
      extractError: null,
      fileProblem: null,
      file: ({ event }) => {
        assertEvent(event, 'resume.select');
        return event.file;
      },
    }),
    /** The page's toast 'Registration Successful'. */
    announceProfileCreated: () => {},
    /** The page's toast 'Registration Failed' with `description`. */
    announceRegistrationFailed: (_, _params: { description: string }) => {},
    /** The page's way to the new profile (`/profile/{id}`). */
    openProfile: (_, _params: { profileId: string }) => {},
  },
}).createMachine({
  id: 'resumeUpload',
  context: { file: null, fileProblem: null, extractError: null, resume: null, profileId: null },
  initial: 'selecting',
  states: {
    selecting: {
      on: {
        'resume.select': [
          // A cancelled picker keeps the file already chosen.
          { guard: 'pickerCancelled' },
          { guard: 'fileRefused', actions: 'refuseFile' },
          { actions: 'acceptFile' },
        ],
        'resume.extract': { guard: 'hasFile', target: 'extracting' },
      },
    },
    extracting: {
      entry: assign({ extractError: null }),
      invoke: {
        src: 'extractResume',
        input: ({ context }) => ({ file: context.file as File }),
        onDone: {
          target: 'review',
          actions: assign({ resume: ({ event }) => event.output }),
        },
        onError: {
          target: 'selecting',
          actions: assign({ extractError: ({ event }) => extractionErrorText(event.error) }),
        },
      },
    },
    review: {
      on: {
        'resume.select': [
          { guard: 'pickerCancelled' },
          { guard: 'fileRefused', target: 'selecting', actions: 'refuseFile' },
          { target: 'selecting', actions: 'acceptFile' },
        ],
        'resume.createProfile': { target: 'creatingProfile' },
      },
    },
    creatingProfile: {
      invoke: {
        src: 'createCandidate',
        input: ({ context }) => candidateFromExtraction(context.resume as ExtractedResume),
        onDone: {
          target: 'profileCreated',
          actions: [
            assign({ profileId: ({ event }) => event.output.profile.id }),
            'announceProfileCreated',
            { type: 'openProfile', params: ({ event }) => ({ profileId: event.output.profile.id }) },
          ],
        },
        onError: {
          target: 'review',
          actions: {
            type: 'announceRegistrationFailed',
            params: ({ event }) => ({ description: registrationErrorText(event.error) }),
          },
        },
      },
    },
    profileCreated: { type: 'final' },
  },
});

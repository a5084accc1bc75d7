import {
  PROFILE_MESSAGES,
  type CandidateProfile,
  type ProfileFormBody,
  type ProfileSaved,
  type ResumeParseResult,
} from '@hireloop/contracts';
import { assertEvent, assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { toast, type ToastOptions } from '../../../components/ui/toast';
import { displayError } from '../../../lib/api-client';
import { fieldIssuesOf, type FieldIssue } from '../../../lib/forms';
import { isWizardResumeFile, parseResume } from '../api/parse-resume';
import { saveProfile, type ProfileSaveMode, type SaveProfileInput } from '../api/save-profile';
import {
  emptyProfileForm,
  profileFormFromProfile,
  profileFormWithParsed,
  type ProfileFormValues,
} from '../lib/profile-form';

/** Spec part 2, §9: the completion callback runs 1 second after the profile is saved. */
export const COMPLETION_CALLBACK_DELAY_MS = 1000;

/** The four steps (spec part 2, "Profile wizard"): Step N of 4, N × 25 percent. */
export const WIZARD_STEP_COUNT = 4;
export type WizardStep = 1 | 2 | 3 | 4;

export interface ProfileWizardContext {
  /** Create (`POST /api/profile`) or edit (`PUT /api/profile`). */
  mode: ProfileSaveMode;
  /** The form's values: empty, prefilled from the resume, or the saved profile's (edit). */
  values: ProfileFormValues;
  /** The resume being parsed (step 2). */
  file: File | null;
  /** Why the last parse failed, shown on step 2 with Try Again and Skip. */
  parseError: string | null;
  /** The server's reasons about single fields of the last refused save, for the form to show. */
  fieldIssues: FieldIssue[];
  /** The profile as saved (step 4 links to it). */
  saved: CandidateProfile | null;
  /** Changes whenever `values` are replaced from outside the form, so the form starts again from them. */
  revision: number;
  /** Create mode started from a draft kept in this tab (a reload mid-wizard, ADR 110). */
  fromDraft: boolean;
}

export interface ProfileWizardInput {
  /** Edit mode: starts at confirm with the profile's values. */
  profile?: CandidateProfile | null;
  /** Create mode: the draft kept in this tab before a reload; starts at confirm with its values. */
  draft?: ProfileFormValues | null;
}

export type ProfileWizardEvent =
  /** A file chosen or dropped on step 1 (only .pdf, .doc, .docx go on to parsing). */
  | { type: 'wizard.selectFile'; file: File }
  /** 'Skip and Fill Manually': to the form without (or without waiting for) a resume. */
  | { type: 'wizard.skip' }
  /** Parse the same file again after a failure. */
  | { type: 'wizard.retry' }
  /** Back to step 1; from the form it carries what is typed there, so nothing is lost. */
  | { type: 'wizard.back'; values?: ProfileFormValues }
  /** The form's Save, with what it holds and the body its resolver checked. */
  | { type: 'wizard.submit'; values: ProfileFormValues; body: ProfileFormBody }
  /** Open in edit mode on the confirm step with the saved profile's values. */
  | { type: 'wizard.edit'; profile: CandidateProfile }
  /** The dialog closed: start again, in create mode. */
  | { type: 'wizard.close' };

/** What a toast of the wizard says (the spec's words, §8). */
export type WizardNotice = Pick<ToastOptions, 'title' | 'description' | 'variant'>;

const SAVE_TEXTS: Record<ProfileSaveMode, { done: string; failed: string; fallback: string }> = {
  create: {
    done: PROFILE_MESSAGES.profileCreated,
    failed: PROFILE_MESSAGES.profileCreationFailed,
    fallback: PROFILE_MESSAGES.profileCreationFailedDetail,
  },
  edit: {
    done: PROFILE_MESSAGES.profileUpdated,
    failed: PROFILE_MESSAGES.profileUpdateFailed,
    fallback: PROFILE_MESSAGES.profileUpdateFailedDetail,
  },
};

function createContext(
  profile: CandidateProfile | null | undefined,
  revision = 0,
  draft: ProfileFormValues | null = null,
): ProfileWizardContext {
  return {
    mode: profile ? 'edit' : 'create',
    values: profile ? profileFormFromProfile(profile) : (draft ?? emptyProfileForm()),
    fromDraft: !profile && draft !== null,
    file: null,
    parseError: null,
    fieldIssues: [],
    saved: null,
    revision,
  };
}

/**
 * The profile wizard (spec part 2, "Profile wizard"): upload → parse → confirm → complete. The
 * dialog shows the steps and owns the form; parsing and saving are invoked actors (the dialog
 * provides a save that also refreshes the cache; tests provide their own), and the toasts and the
 * completion callback are actions the dialog provides.
 */
export const profileWizardMachine = setup({
  types: {
    context: {} as ProfileWizardContext,
    events: {} as ProfileWizardEvent,
    input: {} as ProfileWizardInput,
  },
  actors: {
    parseResume: fromPromise<ResumeParseResult, { file: File }>(({ input, signal }) => parseResume(input.file, { signal })),
    saveProfile: fromPromise<ProfileSaved, SaveProfileInput>(({ input }) => saveProfile(input)),
  },
  delays: {
    completionDelay: COMPLETION_CALLBACK_DELAY_MS,
  },
  guards: {
    isEditing: ({ context }) => context.mode === 'edit',
    hasDraft: ({ context }) => context.fromDraft,
    isResumeFile: ({ event }) => event.type === 'wizard.selectFile' && isWizardResumeFile(event.file),
  },
  actions: {
    /** A toast; the default shows it, tests provide a spy. */
    notify: (_, notice: WizardNotice) => {
      toast(notice);
    },
    /** The optional completion callback (the dialog's `onComplete`). */
    completed: () => {},
    clearFailures: assign({ parseError: null, fieldIssues: [] }),
  },
}).createMachine({
  id: 'profileWizard',
  context: ({ input }) => createContext(input.profile, 0, input.draft ?? null),
  initial: 'start',
  on: {
    'wizard.close': {
      target: '.upload',
      actions: assign(({ context }) => createContext(null, context.revision + 1)),
    },
    'wizard.edit': {
      target: '.confirm',
      actions: assign(({ context, event }) => createContext(event.profile, context.revision + 1)),
    },
  },
  states: {
    start: {
      always: [{ guard: 'isEditing', target: 'confirm' }, { guard: 'hasDraft', target: 'confirm' }, { target: 'upload' }],
    },
    upload: {
      on: {
        'wizard.selectFile': [
          {
            guard: 'isResumeFile',
            target: 'parse',
            actions: ['clearFailures', assign({ file: ({ event }) => event.file })],
          },
          {
            actions: {
              type: 'notify',
              params: {
                title: PROFILE_MESSAGES.invalidFileType,
                description: PROFILE_MESSAGES.invalidFileTypeDetail,
                variant: 'destructive',
              },
            },
          },
        ],
        'wizard.skip': { target: 'confirm', actions: 'clearFailures' },
      },
    },
    parse: {
      initial: 'parsing',
      on: {
        'wizard.skip': { target: 'confirm', actions: 'clearFailures' },
        'wizard.back': { target: 'upload', actions: 'clearFailures' },
      },
      states: {
        parsing: {
          invoke: {
            src: 'parseResume',
            input: ({ context }) => {
              if (!context.file) throw new Error('No resume to parse');
              return { file: context.file };
            },
            onDone: {
              target: '#profileWizard.confirm',
              actions: assign({
                values: ({ context, event }) => profileFormWithParsed(context.values, event.output),
                revision: ({ context }) => context.revision + 1,
                parseError: null,
              }),
            },
            onError: {
              target: 'failed',
              actions: [
                assign({ parseError: ({ event }) => displayError(event.error, PROFILE_MESSAGES.parseFailedDetail) }),
                {
                  type: 'notify',
                  params: ({ context }) => ({
                    title: PROFILE_MESSAGES.parseFailed,
                    description: context.parseError ?? PROFILE_MESSAGES.parseFailedDetail,
                    variant: 'destructive' as const,
                  }),
                },
              ],
            },
          },
        },
        failed: {
          on: {
            'wizard.retry': { target: 'parsing', actions: 'clearFailures' },
          },
        },
      },
    },
    confirm: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'wizard.submit': {
              target: 'saving',
              actions: ['clearFailures', assign({ values: ({ event }) => event.values })],
            },
            'wizard.back': {
              target: '#profileWizard.upload',
              actions: ['clearFailures', assign({ values: ({ context, event }) => event.values ?? context.values })],
            },
          },
        },
        saving: {
          invoke: {
            src: 'saveProfile',
            input: ({ context, event }) => {
              assertEvent(event, 'wizard.submit');
              return { mode: context.mode, body: event.body };
            },
            onDone: {
              target: '#profileWizard.complete',
              actions: [
                assign({ saved: ({ event }) => event.output.profile }),
                {
                  type: 'notify',
                  params: ({ context }) => ({ title: SAVE_TEXTS[context.mode].done, variant: 'success' as const }),
                },
              ],
            },
            onError: {
              target: 'editing',
              actions: [
                assign({ fieldIssues: ({ event }) => fieldIssuesOf(event.error) }),
                {
                  type: 'notify',
                  params: ({ context, event }) => ({
                    title: SAVE_TEXTS[context.mode].failed,
                    description: displayError(event.error, SAVE_TEXTS[context.mode].fallback),
                    variant: 'destructive' as const,
                  }),
                },
              ],
            },
          },
        },
      },
    },
    complete: {
      after: { completionDelay: { actions: 'completed' } },
    },
  },
});

export type ProfileWizardSnapshot = SnapshotFrom<typeof profileWizardMachine>;

/** The step a snapshot is on (1 to 4). */
export function wizardStep(snapshot: ProfileWizardSnapshot): WizardStep {
  if (snapshot.matches('complete')) return 4;
  if (snapshot.matches('confirm')) return 3;
  if (snapshot.matches('parse')) return 2;
  return 1;
}

/** The progress bar's percentage: 25, 50, 75, 100. */
export const wizardProgress = (step: WizardStep): number => (step / WIZARD_STEP_COUNT) * 100;

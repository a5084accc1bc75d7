import { assign, fromPromise, setup } from 'xstate';
import { writeToClipboard } from '../../../lib/clipboard';

/** Spec part 1, §9: the Copied state lasts 2000 ms. */
export const COPIED_STATE_MS = 2000;
/** Spec part 1, §9: the copy toast shows 3 s; the fallback (copy it yourself) 5 s. */
export const COPY_TOAST_MS = 3000;
export const COPY_FALLBACK_TOAST_MS = 5000;

/** Spec part 1, §8. */
export const COPY_MESSAGES = {
  copied: 'Link copied!',
  failed: 'Failed to copy link',
} as const;


export interface CopyLinkContext {
  /** The link being (or last) copied. */
  url: string;
}

export type CopyLinkEvent = { type: 'copy'; url: string };

/**
 * A Copy Link button: idle → copying → copied (for {@link COPIED_STATE_MS}) → idle; a failed copy
 * goes back to idle. The page provides `announceCopied` and `announceCopyFailed` (toasts).
 */
export const copyLinkMachine = setup({
  types: {
    context: {} as CopyLinkContext,
    events: {} as CopyLinkEvent,
  },
  actors: {
    writeToClipboard: fromPromise<void, { text: string }>(({ input }) => writeToClipboard(input.text)),
  },
  delays: {
    copiedDuration: COPIED_STATE_MS,
  },
  actions: {
    rememberUrl: assign({ url: (_, params: { url: string }) => params.url }),
    /** The page's toast 'Link copied!'. */
    announceCopied: () => {},
    /** The page's toast 'Failed to copy link' (with the link, to copy by hand). */
    announceCopyFailed: (_, _params: { url: string }) => {},
  },
}).createMachine({
  id: 'copyLink',
  context: { url: '' },
  initial: 'idle',
  states: {
    idle: {
      on: {
        copy: { target: 'copying', actions: { type: 'rememberUrl', params: ({ event }) => ({ url: event.url }) } },
      },
    },
    copying: {
      invoke: {
        src: 'writeToClipboard',
        input: ({ context }) => ({ text: context.url }),
        onDone: { target: 'copied', actions: 'announceCopied' },
        onError: {
          target: 'idle',
          actions: { type: 'announceCopyFailed', params: ({ context }) => ({ url: context.url }) },
        },
      },
    },
    copied: {
      after: { copiedDuration: 'idle' },
      on: {
        // Copying again restarts the 2 seconds.
        copy: { target: 'copying', actions: { type: 'rememberUrl', params: ({ event }) => ({ url: event.url }) } },
      },
    },
  },
});

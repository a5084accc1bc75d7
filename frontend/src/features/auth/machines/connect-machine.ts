import { ASSISTANT_MESSAGES, type AssistantAuthBody, type AssistantUser } from '@hireloop/contracts';
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { connectAssistant } from '../api/assistant';

/** Spec part 2, §9: after connecting, go to / after 2 seconds. */
export const CONNECT_REDIRECT_DELAY_MS = 2000;

export interface ConnectContext {
  /** The `{assistant}` path segment the server named. */
  path: string;
  error: string | null;
  user: AssistantUser | null;
}

export interface ConnectInput {
  path: string;
  /**
   * A failure the page already knows of when it opens: the assistant sent the person back with an
   * error (they denied the connection), or with credentials that cannot be read. Shown at once,
   * as a refused connect is, until the person edits a field.
   */
  error?: string | null;
}

export type ConnectEvent =
  /** The person edited a field: a failure shown goes. */
  | { type: 'connect.edit' }
  /** The form's submit, with its values parsed by `AssistantAuthBody` (both required, trimmed). */
  | { type: 'connect.submit'; values: AssistantAuthBody };

/**
 * The connect page (spec part 2, "/mysalt-callback"): idle → connecting → success, then
 * `redirectHome` after {@link CONNECT_REDIRECT_DELAY_MS}. The fields are the page's form (the
 * contract's `AssistantAuthBody` checks them: 'Please provide both your user token and API
 * key'); a failure goes back to idle with the server's error, 'Authentication failed', or the
 * network text. The page provides `storeUser` (keeps the assistant user) and `redirectHome`.
 */
export const connectMachine = setup({
  types: {
    context: {} as ConnectContext,
    events: {} as ConnectEvent,
    input: {} as ConnectInput,
  },
  actors: {
    connect: fromPromise<AssistantUser, { path: string; body: AssistantAuthBody }>(({ input }) => connectAssistant(input.path, input.body)),
  },
  delays: { redirectDelay: CONNECT_REDIRECT_DELAY_MS },
  actions: {
    storeUser: (_, _user: AssistantUser) => {},
    redirectHome: () => {},
  },
}).createMachine({
  id: 'connect',
  context: ({ input }) => ({ path: input.path, error: input.error ?? null, user: null }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'connect.edit': { actions: assign({ error: null }) },
        'connect.submit': { target: 'connecting' },
      },
    },
    connecting: {
      entry: assign({ error: null }),
      invoke: {
        src: 'connect',
        input: ({ context, event }) => {
          assertEvent(event, 'connect.submit');
          return { path: context.path, body: event.values };
        },
        onDone: {
          target: 'success',
          actions: [assign({ user: ({ event }) => event.output }), { type: 'storeUser', params: ({ event }) => event.output }],
        },
        onError: {
          target: 'idle',
          actions: assign({ error: ({ event }) => (event.error instanceof Error && event.error.message ? event.error.message : ASSISTANT_MESSAGES.authFailed) }),
        },
      },
    },
    success: {
      after: { redirectDelay: 'redirected' },
    },
    redirected: {
      type: 'final',
      entry: 'redirectHome',
    },
  },
});

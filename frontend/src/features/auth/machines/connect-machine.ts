import { ASSISTANT_MESSAGES, type AssistantAuthBody, type AssistantUser } from '@hireloop/contracts';
import { assign, fromPromise, setup } from 'xstate';
import { connectAssistant } from '../api/assistant';

/** Spec part 2, §9: after connecting, go to / after 2 seconds. */
export const CONNECT_REDIRECT_DELAY_MS = 2000;

export interface ConnectContext {
  /** The `{assistant}` path segment the server named. */
  path: string;
  userToken: string;
  apiKey: string;
  error: string | null;
  user: AssistantUser | null;
}

export interface ConnectInput {
  path: string;
  /** From the query parameters `user_token` and `api_key`. */
  userToken?: string;
  apiKey?: string;
}

export type ConnectEvent =
  | { type: 'connect.edit'; field: 'userToken' | 'apiKey'; value: string }
  | { type: 'connect.submit' };

/**
 * The connect page (spec part 2, "/mysalt-callback"): idle → connecting → success, then
 * `redirectHome` after {@link CONNECT_REDIRECT_DELAY_MS}. Both fields are required
 * ('Please provide both your user token and API key'); a failure goes back to idle with the
 * server's error, 'Authentication failed', or the network text. The page provides
 * `storeUser` (keeps the assistant user) and `redirectHome`.
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
  guards: {
    hasBoth: ({ context }) => context.userToken.trim() !== '' && context.apiKey.trim() !== '',
  },
  actions: {
    storeUser: (_, _user: AssistantUser) => {},
    redirectHome: () => {},
  },
}).createMachine({
  id: 'connect',
  context: ({ input }) => ({ path: input.path, userToken: input.userToken ?? '', apiKey: input.apiKey ?? '', error: null, user: null }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'connect.edit': {
          actions: assign(({ event }) => ({ [event.field]: event.value, error: null })),
        },
        'connect.submit': [
          { guard: 'hasBoth', target: 'connecting' },
          { actions: assign({ error: ASSISTANT_MESSAGES.missingCredentials }) },
        ],
      },
    },
    connecting: {
      entry: assign({ error: null }),
      invoke: {
        src: 'connect',
        input: ({ context }) => ({ path: context.path, body: { user_token: context.userToken.trim(), api_key: context.apiKey.trim() } }),
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

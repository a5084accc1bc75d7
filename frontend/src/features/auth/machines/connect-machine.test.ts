import { ASSISTANT_MESSAGES, type AssistantAuthBody, type AssistantUser } from '@hireloop/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { CONNECT_REDIRECT_DELAY_MS, connectMachine, type ConnectInput } from './connect-machine';

const ADA: AssistantUser = { id: 'u-1', email: 'ada@example.com', name: 'Ada' };

function start(connect: (body: AssistantAuthBody, path: string) => Promise<AssistantUser>, input: ConnectInput = { path: 'mysalt' }) {
  const calls: Array<{ path: string; body: AssistantAuthBody }> = [];
  const storeUser = vi.fn();
  const redirectHome = vi.fn();
  const machine = connectMachine.provide({
    actors: {
      connect: fromPromise<AssistantUser, { path: string; body: AssistantAuthBody }>(async ({ input }) => {
        calls.push(input);
        return connect(input.body, input.path);
      }),
    },
    actions: { storeUser: (_, user) => storeUser(user), redirectHome },
  });
  const actor = createActor(machine, { input }).start();
  return { actor, calls, storeUser, redirectHome };
}

afterEach(() => vi.useRealTimers());

describe('the connect machine', () => {
  it('starts idle, with no failure and no user', () => {
    const { actor } = start(async () => ADA, { path: 'mysalt' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context).toEqual({ path: 'mysalt', error: null, user: null });
  });

  it('connects, keeps the user, and goes home 2 seconds later', async () => {
    vi.useFakeTimers();
    const { actor, calls, storeUser, redirectHome } = start(async () => ADA, { path: 'helper' });
    actor.send({ type: 'connect.submit', values: { user_token: 'ut-1', api_key: 'ak-1' } });
    expect(actor.getSnapshot().value).toBe('connecting');
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('success');
    expect(calls).toEqual([{ path: 'helper', body: { user_token: 'ut-1', api_key: 'ak-1' } }]);
    expect(storeUser).toHaveBeenCalledWith(ADA);
    expect(actor.getSnapshot().context.user).toEqual(ADA);
    await vi.advanceTimersByTimeAsync(CONNECT_REDIRECT_DELAY_MS - 1);
    expect(redirectHome).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(redirectHome).toHaveBeenCalledOnce();
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('goes back to idle with the failure, which an edit clears', async () => {
    const { actor, storeUser } = start(async () => {
      throw new Error(ASSISTANT_MESSAGES.authFailed);
    }, { path: 'mysalt' });
    actor.send({ type: 'connect.submit', values: { user_token: 'ut', api_key: 'bad' } });
    const snapshot = await waitFor(actor, (s) => s.matches('idle') && s.context.error !== null);
    expect(snapshot.context.error).toBe(ASSISTANT_MESSAGES.authFailed);
    expect(storeUser).not.toHaveBeenCalled();
    actor.send({ type: 'connect.edit' });
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('shows the network text when the server cannot be reached', async () => {
    const { actor } = start(async () => {
      throw new Error(ASSISTANT_MESSAGES.connectNetworkFailure);
    }, { path: 'mysalt' });
    actor.send({ type: 'connect.submit', values: { user_token: 'ut', api_key: 'ak' } });
    const snapshot = await waitFor(actor, (s) => s.context.error !== null);
    expect(snapshot.context.error).toBe('Failed to connect to MySALT AI. Please check your credentials.');
  });
});

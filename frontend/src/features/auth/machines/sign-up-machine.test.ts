import type { AuthSuccess, User } from '@hireloop/contracts';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../../../lib/api-client';
import { signUpMachine, type SignUpKind, type SignUpSubmission } from './sign-up-machine';

const userOf = (type: SignUpKind): User => ({
  id: 'u1',
  userId: 'u1',
  name: 'Grace Hopper',
  email: 'grace@example.com',
  type,
  role: type,
  isAdmin: false,
  companyId: type === 'company' ? 'c1' : null,
  companyName: type === 'company' ? 'Compilers Inc' : null,
  createdAt: '2026-01-01T00:00:00.000Z',
});

const sessionOf = (type: SignUpKind): AuthSuccess => ({ success: true, user: userOf(type), token: `token-${type}` });

const candidate: SignUpSubmission = {
  kind: 'candidate',
  body: {
    name: 'Grace Hopper',
    email: 'grace@example.com',
    password: 'cobol-rules',
    phone: '555-0100',
    location: 'Arlington, VA',
    currentRole: 'Rear Admiral',
    skills: ['COBOL', 'compilers'],
  },
};

function start(kind: SignUpKind, submit?: (submission: SignUpSubmission) => Promise<AuthSuccess>) {
  const submissions: SignUpSubmission[] = [];
  const machine = signUpMachine.provide({
    actors: {
      submitSignUp: fromPromise<AuthSuccess, SignUpSubmission>(async ({ input }) => {
        submissions.push(input);
        return submit ? submit(input) : sessionOf(input.kind);
      }),
    },
  });
  const actor = createActor(machine, { input: { kind } }).start();
  return { actor, submissions };
}

describe('sign-up wizard machine', () => {
  it('goes from step 1 to step 2 when the form says step 1 is valid, and Back returns', () => {
    const { actor } = start('candidate');
    expect(actor.getSnapshot().value).toBe('stepOne');
    actor.send({ type: 'signUp.next' });
    expect(actor.getSnapshot().matches({ stepTwo: 'editing' })).toBe(true);
    actor.send({ type: 'signUp.back' });
    expect(actor.getSnapshot().value).toBe('stepOne');
  });

  it('does not create an account from step 1', () => {
    const { actor, submissions } = start('candidate');
    actor.send({ type: 'signUp.submit', submission: candidate });
    expect(actor.getSnapshot().value).toBe('stepOne');
    expect(submissions).toEqual([]);
  });

  it('creates the account with the body the form parsed and ends with the session', async () => {
    const { actor, submissions } = start('candidate');
    actor.send({ type: 'signUp.next' });
    actor.send({ type: 'signUp.submit', submission: candidate });
    expect(actor.getSnapshot().matches({ stepTwo: 'submitting' })).toBe(true);

    const done = await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(done.value).toBe('signedUp');
    expect(done.output).toEqual({ session: sessionOf('candidate'), kind: 'candidate' });
    expect(submissions).toEqual([candidate]);
  });

  it('creates a company account', async () => {
    const { actor, submissions } = start('company');
    const company: SignUpSubmission = {
      kind: 'company',
      body: { companyName: 'Compilers Inc', contactName: 'Grace Hopper', email: 'grace@example.com', password: '12345678' },
    };
    actor.send({ type: 'signUp.next' });
    actor.send({ type: 'signUp.submit', submission: company });

    const done = await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(done.output).toEqual({ session: sessionOf('company'), kind: 'company' });
    expect(submissions).toEqual([company]);
  });

  it('shows why the account could not be created and lets the person try again', async () => {
    const { actor } = start('candidate', async () => {
      throw new Error('An account with this email already exists. Please sign in instead.');
    });
    actor.send({ type: 'signUp.next' });
    actor.send({ type: 'signUp.submit', submission: candidate });

    const snapshot = await waitFor(actor, (s) => s.context.error !== null);
    expect(snapshot.matches({ stepTwo: 'editing' })).toBe(true);
    expect(snapshot.context.error).toBe('An account with this email already exists. Please sign in instead.');
    actor.send({ type: 'signUp.edit' });
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('keeps the reasons a refusal gives about single fields, for the form to show at them', async () => {
    const refusal = new ApiError(
      400,
      JSON.stringify({ success: false, error: 'At most 200 characters', details: [{ path: 'location', message: 'At most 200 characters' }] }),
      'Bad Request',
    );
    const { actor } = start('candidate', async () => {
      throw new Error('At most 200 characters', { cause: refusal });
    });
    actor.send({ type: 'signUp.next' });
    actor.send({ type: 'signUp.submit', submission: candidate });

    const snapshot = await waitFor(actor, (s) => s.context.error !== null);
    expect(snapshot.context.fieldIssues).toEqual([{ path: 'location', message: 'At most 200 characters' }]);
    actor.send({ type: 'signUp.back' });
    expect(actor.getSnapshot().context.fieldIssues).toEqual([]);
  });
});

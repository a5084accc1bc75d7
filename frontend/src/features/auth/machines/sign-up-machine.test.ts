import type { AuthSuccess, User } from '@hireloop/contracts';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import {
  signUpMachine,
  toCandidateSignupBody,
  type SignUpField,
  type SignUpKind,
  type SignUpSubmission,
} from './sign-up-machine';

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

const ALL_FIELDS: readonly SignUpField[] = [
  'name',
  'companyName',
  'contactName',
  'email',
  'password',
  'phone',
  'website',
  'location',
  'currentRole',
  'industry',
  'skills',
];

const sessionOf = (type: SignUpKind): AuthSuccess => ({ success: true, user: userOf(type), token: `token-${type}` });

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
  const fill = (values: Partial<Record<SignUpField, string>>) => {
    for (const field of ALL_FIELDS) {
      const value = values[field];
      if (value !== undefined) actor.send({ type: 'signUp.change', field, value });
    }
  };
  return { actor, fill, submissions };
}

describe('candidate sign-up wizard', () => {
  it('stays on step 1 until name, email and a password of 8 or more characters are given', () => {
    const { actor, fill } = start('candidate');
    expect(actor.getSnapshot().value).toBe('stepOne');

    actor.send({ type: 'signUp.next' });
    expect(actor.getSnapshot().value).toBe('stepOne');

    fill({ name: 'Grace Hopper', email: 'grace@example.com', password: 'short' });
    expect(actor.getSnapshot().can({ type: 'signUp.next' })).toBe(false);
    actor.send({ type: 'signUp.next' });
    expect(actor.getSnapshot().value).toBe('stepOne');

    fill({ password: '12345678' });
    expect(actor.getSnapshot().can({ type: 'signUp.next' })).toBe(true);
    actor.send({ type: 'signUp.next' });
    expect(actor.getSnapshot().matches({ stepTwo: 'editing' })).toBe(true);
  });

  it('does not accept a name of only spaces', () => {
    const { actor, fill } = start('candidate');
    fill({ name: '   ', email: 'grace@example.com', password: '12345678' });
    expect(actor.getSnapshot().can({ type: 'signUp.next' })).toBe(false);
  });

  it('Back on step 2 returns to step 1 with what was typed', () => {
    const { actor, fill } = start('candidate');
    fill({ name: 'Grace Hopper', email: 'grace@example.com', password: '12345678' });
    actor.send({ type: 'signUp.next' });
    actor.send({ type: 'signUp.back' });
    expect(actor.getSnapshot().value).toBe('stepOne');
    expect(actor.getSnapshot().context.candidate.name).toBe('Grace Hopper');
  });

  it('creates the account with the details of both steps and ends with the session', async () => {
    const { actor, fill, submissions } = start('candidate');
    fill({ name: 'Grace Hopper', email: 'grace@example.com', password: 'cobol-rules' });
    actor.send({ type: 'signUp.next' });
    fill({ phone: '555-0100', location: 'Arlington, VA', currentRole: 'Rear Admiral', skills: 'COBOL, compilers' });
    actor.send({ type: 'signUp.submit' });
    expect(actor.getSnapshot().matches({ stepTwo: 'submitting' })).toBe(true);

    const done = await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(done.value).toBe('signedUp');
    expect(done.output).toEqual({ session: sessionOf('candidate'), kind: 'candidate' });
    expect(submissions).toEqual([
      {
        kind: 'candidate',
        values: {
          name: 'Grace Hopper',
          email: 'grace@example.com',
          password: 'cobol-rules',
          phone: '555-0100',
          location: 'Arlington, VA',
          currentRole: 'Rear Admiral',
          skills: 'COBOL, compilers',
        },
      },
    ]);
  });

  it('shows why the account could not be created and lets the person try again', async () => {
    const { actor, fill } = start('candidate', async () => {
      throw new Error('An account with this email already exists. Please sign in instead.');
    });
    fill({ name: 'Grace Hopper', email: 'grace@example.com', password: 'cobol-rules' });
    actor.send({ type: 'signUp.next' });
    actor.send({ type: 'signUp.submit' });

    const snapshot = await waitFor(actor, (s) => s.context.error !== null);
    expect(snapshot.matches({ stepTwo: 'editing' })).toBe(true);
    expect(snapshot.context.error).toBe('An account with this email already exists. Please sign in instead.');
  });
});

describe('company sign-up wizard', () => {
  it('needs company name, contact name, email and password on step 1', () => {
    const { actor, fill } = start('company');
    fill({ companyName: 'Compilers Inc', email: 'grace@example.com', password: '12345678' });
    actor.send({ type: 'signUp.next' });
    expect(actor.getSnapshot().value).toBe('stepOne');

    fill({ contactName: 'Grace Hopper' });
    actor.send({ type: 'signUp.next' });
    expect(actor.getSnapshot().matches('stepTwo')).toBe(true);
  });

  it('ignores candidate-only fields', () => {
    const { actor, fill } = start('company');
    fill({ currentRole: 'Engineer' });
    expect(actor.getSnapshot().context.company).not.toHaveProperty('currentRole');
  });

  it('creates the company account', async () => {
    const { actor, fill, submissions } = start('company');
    fill({
      companyName: 'Compilers Inc',
      contactName: 'Grace Hopper',
      email: 'grace@example.com',
      password: '12345678',
    });
    actor.send({ type: 'signUp.next' });
    fill({ website: 'https://compilers.example', industry: 'Software' });
    actor.send({ type: 'signUp.submit' });

    const done = await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(done.output).toEqual({ session: sessionOf('company'), kind: 'company' });
    expect(submissions[0]).toMatchObject({
      kind: 'company',
      values: { companyName: 'Compilers Inc', website: 'https://compilers.example', industry: 'Software' },
    });
  });
});

describe('candidate sign-up payload', () => {
  it('sends skills as a list: comma-split, trimmed, without empties', () => {
    const body = toCandidateSignupBody({
      name: ' Grace ',
      email: ' grace@example.com ',
      password: ' keep spaces ',
      phone: '',
      location: '',
      currentRole: '',
      skills: 'COBOL, , compilers ,',
    });
    expect(body).toEqual({
      name: 'Grace',
      email: 'grace@example.com',
      password: ' keep spaces ',
      phone: '',
      location: '',
      currentRole: '',
      skills: ['COBOL', 'compilers'],
    });
  });
});

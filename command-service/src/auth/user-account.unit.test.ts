import { describe, it } from 'vitest';
import { AUTH_MESSAGES, type UserRegistered } from '@hireloop/contracts';
import { deciderSpec } from '../shared/decider-spec';
import { userAccountDecider } from './user-account';

const spec = deciderSpec(userAccountDecider);
const registration: UserRegistered = {
  userId: 'user-1',
  type: 'candidate',
  role: 'candidate',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  phone: '',
  location: 'London, UK',
  currentRole: 'Engineer',
  skills: ['TypeScript'],
  companyId: null,
  registeredAt: '2026-11-22T10:00:00.000Z',
};

describe('user account', () => {
  it('a new account is registered', () => {
    spec.given([]).when({ type: 'RegisterUser', data: registration }).then([{ type: 'UserRegistered', data: registration }]);
  });

  it('an account cannot be registered twice', () => {
    spec.given([{ type: 'UserRegistered', data: registration }]).when({ type: 'RegisterUser', data: registration }).thenThrows('already exists');
  });

  it('a sign-in is recorded for an existing account', () => {
    spec
      .given([{ type: 'UserRegistered', data: registration }])
      .when({ type: 'RecordSignIn', data: { userId: 'user-1', method: 'password' } })
      .then([{ type: 'UserSignedIn', data: { userId: 'user-1', method: 'password' } }]);
  });

  it('nobody signs in to an account that does not exist', () => {
    spec.given([]).when({ type: 'RecordSignIn', data: { userId: 'user-1', method: 'password' } }).thenThrows('No such account');
  });

  it('a sign-out is recorded', () => {
    spec
      .given([{ type: 'UserRegistered', data: registration }])
      .when({ type: 'RecordSignOut', data: { userId: 'user-1' } })
      .then([{ type: 'UserSignedOut', data: { userId: 'user-1' } }]);
  });

  it('a wrong password is recorded against the account, without the password', () => {
    spec
      .given([{ type: 'UserRegistered', data: registration }])
      .when({ type: 'RecordFailedSignIn', data: { userId: 'user-1' } })
      .then([{ type: 'SignInFailed', data: { userId: 'user-1', reason: 'wrong_password' } }]);
  });

  it('a reset request and a password change are recorded', () => {
    const given = spec.given([{ type: 'UserRegistered', data: registration }]);
    given
      .when({ type: 'RequestPasswordReset', data: { userId: 'user-1', expiresAt: '2026-11-22T11:00:00.000Z' } })
      .then([{ type: 'PasswordResetRequested', data: { userId: 'user-1', expiresAt: '2026-11-22T11:00:00.000Z' } }]);
    given.when({ type: 'ChangePassword', data: { userId: 'user-1', method: 'reset' } }).then([{ type: 'PasswordChanged', data: { userId: 'user-1', method: 'reset' } }]);
  });

  it('a super admin makes a user an admin', () => {
    spec
      .given([{ type: 'UserRegistered', data: registration }])
      .when({ type: 'ChangeRole', data: { userId: 'user-1', role: 'admin', by: 'super_admin' } })
      .then([{ type: 'UserRoleChanged', data: { userId: 'user-1', from: 'candidate', to: 'admin' } }]);
  });

  it.each(['admin', 'company', 'candidate'] as const)('an %s cannot change roles', (by) => {
    spec
      .given([{ type: 'UserRegistered', data: registration }])
      .when({ type: 'ChangeRole', data: { userId: 'user-1', role: 'admin', by } })
      .thenThrows(AUTH_MESSAGES.onlySuperAdmins);
  });

  it('giving a user the role they have changes nothing', () => {
    spec
      .given([
        { type: 'UserRegistered', data: registration },
        { type: 'UserRoleChanged', data: { userId: 'user-1', from: 'candidate', to: 'admin' } },
      ])
      .when({ type: 'ChangeRole', data: { userId: 'user-1', role: 'admin', by: 'system' } })
      .then([]);
  });

  it('the role of a missing user cannot be changed', () => {
    spec.given([]).when({ type: 'ChangeRole', data: { userId: 'user-9', role: 'admin', by: 'super_admin' } }).thenThrows('User not found');
  });
});

describe('erasing a person', () => {
  const at = '2026-11-23T09:00:00.000Z';

  it('an account is erased once, with no personal data in the event', () => {
    spec.given([{ type: 'UserRegistered', data: registration }]).when({ type: 'ErasePerson', data: { userId: 'user-1', at } }).then([{ type: 'PersonErased', data: { userId: 'user-1', erasedAt: at } }]);
  });

  it('erasing again changes nothing, so an interrupted erasure can be run again', () => {
    spec
      .given([
        { type: 'UserRegistered', data: registration },
        { type: 'PersonErased', data: { userId: 'user-1', erasedAt: at } },
      ])
      .when({ type: 'ErasePerson', data: { userId: 'user-1', at } })
      .then([]);
  });

  it('an erased account cannot be signed in to', () => {
    spec
      .given([
        { type: 'UserRegistered', data: registration },
        { type: 'PersonErased', data: { userId: 'user-1', erasedAt: at } },
      ])
      .when({ type: 'RecordSignIn', data: { userId: 'user-1', method: 'password' } })
      .thenThrows('No such account.');
  });

  it('an account that does not exist cannot be erased', () => {
    spec.given([]).when({ type: 'ErasePerson', data: { userId: 'user-9', at } }).thenThrows('User not found');
  });
});

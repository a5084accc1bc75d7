import { describe, it } from 'vitest';
import type { UserRegistered } from '@hireloop/contracts';
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
});

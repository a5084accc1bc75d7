import { describe, it } from 'vitest';
import { deciderSpec } from '../shared/decider-spec';
import { identityDecider } from './social-sign-in';

const spec = deciderSpec(identityDecider);
const link = { provider: 'linkedin', subject: 'sub-123', userId: 'user-1' };

describe('linking an external identity', () => {
  it('an identity seen for the first time is linked to the account', () => {
    spec.given([]).when({ type: 'LinkIdentity', data: link }).then([{ type: 'IdentityLinked', data: link }]);
  });

  it('an identity belongs to one account: linking it again is refused', () => {
    spec.given([{ type: 'IdentityLinked', data: link }]).when({ type: 'LinkIdentity', data: { ...link, userId: 'user-2' } }).thenThrows('This identity is already linked to an account.');
  });
});

describe('an erased account lets go of its identity', () => {
  it('the identity of an erased account is unlinked, so it may sign up anew', () => {
    spec
      .given([{ type: 'IdentityLinked', data: link }])
      .when({ type: 'UnlinkErasedAccount', data: { provider: 'linkedin', userId: 'user-1' } })
      .then([{ type: 'IdentityUnlinked', data: { provider: 'linkedin', userId: 'user-1', reason: 'person_erased' } }]);
  });

  it('an identity linked to another account is left alone', () => {
    spec.given([{ type: 'IdentityLinked', data: link }]).when({ type: 'UnlinkErasedAccount', data: { provider: 'linkedin', userId: 'user-2' } }).then([]);
  });

  it('after the unlink the identity can be linked again', () => {
    spec
      .given([
        { type: 'IdentityLinked', data: link },
        { type: 'IdentityUnlinked', data: { provider: 'linkedin', userId: 'user-1', reason: 'person_erased' } },
      ])
      .when({ type: 'LinkIdentity', data: { ...link, userId: 'user-9' } })
      .then([{ type: 'IdentityLinked', data: { ...link, userId: 'user-9' } }]);
  });
});

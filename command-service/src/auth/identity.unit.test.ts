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

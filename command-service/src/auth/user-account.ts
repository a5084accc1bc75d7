import { AUTH_MESSAGES, DomainError, INVITATION_MESSAGES, type Role, type UserEvent, type UserRegistered, type UserType, UserEventSchemas } from '@hireloop/contracts';
import { assertNever, type Decider } from '../shared/decider';

/** Stream `user-<userId>`. */
export type UserAccountState =
  | { status: 'none' }
  | {
      status: 'registered';
      userId: string;
      type: UserType;
      role: Role;
      name: string;
      email: string;
      companyId: string | null;
      registration: UserRegistered;
    }
  /**
   * Forgotten (ADR 019): nothing can be done with the account any more. `email` is what the
   * registration reads as: the address until the person's key is deleted, then erased.
   */
  | { status: 'erased'; userId: string; email: string | null };

export type UserAccountCommand =
  | { type: 'RegisterUser'; data: UserRegistered }
  | { type: 'RecordSignIn'; data: { userId: string; method: 'password' | 'signup' | 'linkedin' } }
  | { type: 'RecordSignOut'; data: { userId: string } }
  | { type: 'RecordFailedSignIn'; data: { userId: string } }
  | { type: 'RequestPasswordReset'; data: { userId: string; expiresAt: string } }
  | { type: 'ChangePassword'; data: { userId: string; method: 'reset' } }
  /** `by` is the acting user's role, or 'system' for the command line. */
  | { type: 'ChangeRole'; data: { userId: string; role: Role; by: Role | 'system' } }
  /**
   * A candidate an admin added makes their account from an invitation (ADR 038): registered under
   * their person id, with their profile's facts. Only while the person has no account and was not
   * erased.
   */
  | { type: 'ClaimAddedProfile'; data: { registration: UserRegistered; profileId: string; invitationId: string } }
  /** Forgets the person; only the command line (an operator answering a request) may. */
  | { type: 'ErasePerson'; data: { userId: string; at: string } };

export const userAccountDecider: Decider<UserAccountCommand, UserEvent, UserAccountState> = {
  schemas: UserEventSchemas,
  initialState: () => ({ status: 'none' }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'UserRegistered': {
        const { userId, type, role, name, email, companyId } = event.data;
        return { status: 'registered', userId, type, role, name, email, companyId, registration: event.data };
      }
      case 'UserRoleChanged':
        return state.status === 'registered' ? { ...state, role: event.data.to } : state;
      case 'PersonErased':
        return { status: 'erased', userId: event.data.userId, email: state.status === 'registered' ? state.email : null };
      case 'UserSignedIn':
      case 'UserSignedOut':
      case 'SignInFailed':
      case 'PasswordResetRequested':
      case 'PasswordChanged':
      case 'AddedProfileClaimed':
        return state;
      default:
        return assertNever(event);
    }
  },
  decide: (command, state) => {
    switch (command.type) {
      case 'RegisterUser':
        if (state.status !== 'none') throw new DomainError('conflict', 'This account already exists.');
        return [{ type: 'UserRegistered', data: command.data }];
      case 'RecordSignIn':
        if (state.status !== 'registered') throw new DomainError('not_found', 'No such account.');
        return [{ type: 'UserSignedIn', data: command.data }];
      case 'RecordSignOut':
        if (state.status !== 'registered') throw new DomainError('not_found', 'No such account.');
        return [{ type: 'UserSignedOut', data: command.data }];
      case 'RecordFailedSignIn':
        if (state.status !== 'registered') throw new DomainError('not_found', 'No such account.');
        return [{ type: 'SignInFailed', data: { userId: command.data.userId, reason: 'wrong_password' } }];
      case 'RequestPasswordReset':
        if (state.status !== 'registered') throw new DomainError('not_found', 'No such account.');
        return [{ type: 'PasswordResetRequested', data: command.data }];
      case 'ChangePassword':
        if (state.status !== 'registered') throw new DomainError('not_found', 'No such account.');
        return [{ type: 'PasswordChanged', data: command.data }];
      case 'ChangeRole': {
        const { userId, role, by } = command.data;
        if (by !== 'system' && by !== 'super_admin') throw new DomainError('forbidden', AUTH_MESSAGES.onlySuperAdmins);
        if (state.status !== 'registered') throw new DomainError('not_found', 'User not found');
        if (state.role === role) return [];
        return [{ type: 'UserRoleChanged', data: { userId, from: state.role, to: role } }];
      }
      case 'ClaimAddedProfile': {
        const { registration, profileId, invitationId } = command.data;
        // An erased person is no candidate any more: their invitation answers as any dead link.
        if (state.status === 'erased') throw new DomainError('not_found', INVITATION_MESSAGES.notFound);
        if (state.status === 'registered') throw new DomainError('conflict', INVITATION_MESSAGES.claimAccountExists);
        if (registration.type !== 'candidate' || registration.role !== 'candidate' || registration.companyId !== null) {
          throw new Error('a claimed account is a candidate’s');
        }
        return [
          { type: 'UserRegistered', data: registration },
          { type: 'AddedProfileClaimed', data: { userId: registration.userId, profileId, invitationId, claimedAt: registration.registeredAt } },
        ];
      }
      case 'ErasePerson':
        if (state.status === 'none') throw new DomainError('not_found', 'User not found');
        if (state.status === 'erased') return [];
        return [{ type: 'PersonErased', data: { userId: command.data.userId, erasedAt: command.data.at } }];
      default:
        return assertNever(command);
    }
  },
};

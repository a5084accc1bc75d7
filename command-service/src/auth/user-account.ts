import { DomainError, type Role, type UserEvent, type UserRegistered, type UserType } from '@hireloop/contracts';
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
    };

export type UserAccountCommand =
  | { type: 'RegisterUser'; data: UserRegistered }
  | { type: 'RecordSignIn'; data: { userId: string; method: 'password' | 'signup' } }
  | { type: 'RecordSignOut'; data: { userId: string } };

export const userAccountDecider: Decider<UserAccountCommand, UserEvent, UserAccountState> = {
  initialState: () => ({ status: 'none' }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'UserRegistered': {
        const { userId, type, role, name, email, companyId } = event.data;
        return { status: 'registered', userId, type, role, name, email, companyId, registration: event.data };
      }
      case 'UserSignedIn':
      case 'UserSignedOut':
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
      default:
        return assertNever(command);
    }
  },
};

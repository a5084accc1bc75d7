import { DomainError, type CompanyEvent, type CompanyRegistered, CompanyEventSchemas } from '@hireloop/contracts';
import { assertNever, type Decider } from '../shared/decider';

/** Stream `company-<companyId>`. */
export type CompanyState = { status: 'none' } | { status: 'registered'; companyId: string; name: string; ownerUserId: string | null };

export type CompanyCommand = { type: 'RegisterCompany'; data: CompanyRegistered };

export const companyDecider: Decider<CompanyCommand, CompanyEvent, CompanyState> = {
  schemas: CompanyEventSchemas,
  initialState: () => ({ status: 'none' }),
  evolve: (_state, event) => {
    switch (event.type) {
      case 'CompanyRegistered':
        return { status: 'registered', companyId: event.data.companyId, name: event.data.name, ownerUserId: event.data.ownerUserId };
      default:
        return assertNever(event.type);
    }
  },
  decide: (command, state) => {
    switch (command.type) {
      case 'RegisterCompany':
        if (state.status !== 'none') throw new DomainError('conflict', 'This company already exists.');
        return [{ type: 'CompanyRegistered', data: command.data }];
      default:
        return assertNever(command.type);
    }
  },
};

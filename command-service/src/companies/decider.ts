import {
  COMPANY_PROFILE_MESSAGES,
  DomainError,
  isAdminRole,
  type CompanyEvent,
  type CompanyProfile,
  type CompanyProfileBody,
  type CompanyRegistered,
  CompanyEventSchemas,
  type Role,
  type UserType,
} from '@hireloop/contracts';
import { assertNever, type Decider } from '../shared/decider';

/** Stream `company-<companyId>`. */
export type CompanyState =
  | { status: 'none' }
  | { status: 'registered'; companyId: string; name: string; ownerUserId: string | null; profile: CompanyProfile };

/** Who asks: a company user of this company, or an admin (support acting for a company). */
export type CompanyActor = { userId: string; type: UserType; role: Role; companyId: string | null };

export type CompanyCommand =
  | { type: 'RegisterCompany'; data: CompanyRegistered }
  | { type: 'UpdateCompanyProfile'; data: { companyId: string; profile: CompanyProfileBody; by: CompanyActor; at: string } };

/** The profile as a company stream stands: sign-up's fields until the profile form is first saved. */
export const companyProfileFromState = (state: CompanyState): CompanyProfile | null => (state.status === 'registered' ? state.profile : null);

export const companyDecider: Decider<CompanyCommand, CompanyEvent, CompanyState> = {
  schemas: CompanyEventSchemas,
  initialState: () => ({ status: 'none' }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'CompanyRegistered': {
        const { companyId, name, website, location, industry, ownerUserId, description = '' } = event.data;
        return {
          status: 'registered',
          companyId,
          name,
          ownerUserId,
          profile: { companyId, name, website, address: location, industry, size: '', description, updatedAt: null },
        };
      }
      case 'CompanyProfileUpdated': {
        if (state.status !== 'registered') return state;
        const { updatedBy: _updatedBy, updatedAt, ...profile } = event.data;
        return { ...state, name: profile.name, profile: { ...profile, updatedAt } };
      }
      default:
        return assertNever(event);
    }
  },
  decide: (command, state) => {
    switch (command.type) {
      case 'RegisterCompany':
        if (state.status !== 'none') throw new DomainError('conflict', 'This company already exists.');
        return [{ type: 'CompanyRegistered', data: command.data }];
      case 'UpdateCompanyProfile': {
        const { companyId, profile, by, at } = command.data;
        const ownCompany = by.type === 'company' && by.companyId === companyId;
        if (!ownCompany && !isAdminRole(by.role)) throw new DomainError('forbidden', COMPANY_PROFILE_MESSAGES.notYourCompany);
        if (state.status !== 'registered') throw new DomainError('not_found', COMPANY_PROFILE_MESSAGES.notFound);
        return [{ type: 'CompanyProfileUpdated', data: { companyId, ...profile, updatedBy: by.userId, updatedAt: at } }];
      }
      default:
        return assertNever(command);
    }
  },
};

import { CompanyProfileUpdated, CompanyRegistered, type CompanyProfile } from '@hireloop/contracts';
import { evolvingProjection, slice, unhandled, type ProjectedEvent } from '../shared/evolve';

export type CompanyDocument = CompanyProfile & { _id: string };

const schemas = { CompanyRegistered, CompanyProfileUpdated };
type CompaniesEvent = ProjectedEvent<typeof schemas>;

/** Pure: a company's profile after an event. */
export function evolveCompany(_doc: CompanyDocument | null, event: CompaniesEvent): CompanyDocument {
  switch (event.type) {
    case 'CompanyRegistered': {
      const { companyId, name, website, location, industry, description = '' } = event.data;
      return { _id: companyId, companyId, name, website, address: location, industry, size: '', description, updatedAt: null };
    }
    case 'CompanyProfileUpdated': {
      const { updatedBy: _updatedBy, ...profile } = event.data;
      return { _id: profile.companyId, ...profile };
    }
    default:
      return unhandled(event);
  }
}

/** `companies`: each company's profile (ADR 028), by company id: sign-up's fields, then the profile as last saved. */
export const companiesProjection = evolvingProjection({
  name: 'companies',
  version: 1,
  collections: { companies: {} },
  schemas,
  slices: [slice('companies', { documents: (event: CompaniesEvent) => event.data.companyId, evolve: evolveCompany })],
});

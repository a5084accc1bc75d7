import { CompanyProfileUpdated, CompanyRegistered, type CompanyProfile } from '@hireloop/contracts';
import type { ProjectionDefinition } from '../shared/projection';

export type CompanyDocument = CompanyProfile & { _id: string };

/** `companies`: each company's profile (ADR 028), by company id: sign-up's fields, then the profile as last saved. */
export const companiesProjection: ProjectionDefinition = {
  name: 'companies',
  version: 1,
  collections: { companies: {} },
  eventTypes: ['CompanyRegistered', 'CompanyProfileUpdated'],
  async apply(event, tx) {
    const companies = tx.collection<CompanyDocument>('companies');
    switch (event.type) {
      case 'CompanyRegistered': {
        const { companyId, name, website, location, industry, description = '' } = CompanyRegistered.parse(event.data);
        await companies.put({ _id: companyId, companyId, name, website, address: location, industry, size: '', description, updatedAt: null });
        return;
      }
      case 'CompanyProfileUpdated': {
        const { updatedBy: _updatedBy, ...profile } = CompanyProfileUpdated.parse(event.data);
        await companies.put({ _id: profile.companyId, ...profile });
        return;
      }
    }
  },
};

import { describe, it } from 'vitest';
import type { CompanyProfileUpdated, CompanyRegistered } from '@hireloop/contracts';
import { projectionSpec } from '../shared/projection-spec';
import { companiesProjection } from './projection';

const spec = projectionSpec(companiesProjection);

const registered: CompanyRegistered = { companyId: 'company-1', name: 'Northwind', website: 'https://northwind.example', location: 'Austin, TX', industry: 'Data', ownerUserId: 'user-1' };
const updated: CompanyProfileUpdated = {
  companyId: 'company-1',
  name: 'Northwind Analytics',
  website: 'https://northwind.io',
  address: '1 Congress Ave, Austin, TX',
  industry: 'Analytics',
  size: '11-50',
  description: 'We count things.',
  updatedBy: 'user-1',
  updatedAt: '2026-11-23T10:00:00.000Z',
};

describe('companies read model', () => {
  it('a registered company has sign-up’s fields and no saved profile yet', async () => {
    await spec
      .given([{ streamId: 'company-company-1', type: 'CompanyRegistered', data: registered }])
      .then('companies', [
        { _id: 'company-1', companyId: 'company-1', name: 'Northwind', website: 'https://northwind.example', address: 'Austin, TX', industry: 'Data', size: '', description: '', updatedAt: null },
      ]);
  });

  it('a saved profile replaces it whole; the last save wins', async () => {
    await spec
      .given([
        { streamId: 'company-company-1', type: 'CompanyRegistered', data: registered },
        { streamId: 'company-company-1', type: 'CompanyProfileUpdated', data: { ...updated, description: 'first' } },
        { streamId: 'company-company-1', type: 'CompanyProfileUpdated', data: updated },
      ])
      .then('companies', [
        {
          _id: 'company-1',
          companyId: 'company-1',
          name: 'Northwind Analytics',
          website: 'https://northwind.io',
          address: '1 Congress Ave, Austin, TX',
          industry: 'Analytics',
          size: '11-50',
          description: 'We count things.',
          updatedAt: '2026-11-23T10:00:00.000Z',
        },
      ]);
  });
});

import { describe, expect, it } from 'vitest';
import type { CompanyRegistered } from '@hireloop/contracts';
import { deciderSpec } from '../shared/decider-spec';
import { companyDecider } from './decider';

const spec = deciderSpec(companyDecider);
const northwind: CompanyRegistered = { companyId: 'company-1', name: 'Northwind Analytics', website: 'https://northwind.example', location: 'Austin, TX', industry: 'Data', ownerUserId: 'user-1' };

describe('registering a company', () => {
  it('a new company is registered with its owner', () => {
    spec.given([]).when({ type: 'RegisterCompany', data: northwind }).then([{ type: 'CompanyRegistered', data: northwind }]);
  });

  it('a company id cannot be registered twice', () => {
    spec.given([{ type: 'CompanyRegistered', data: northwind }]).when({ type: 'RegisterCompany', data: { ...northwind, name: 'Someone Else' } }).thenThrows('This company already exists.');
  });
});

describe('updating a company profile', () => {
  const profile = { name: 'Northwind Analytics GmbH', website: 'https://northwind.example', address: '1 Main St, Austin, TX', industry: 'Data', size: '51-200' as const, description: 'We count things.' };
  const at = '2026-11-23T10:00:00.000Z';
  const owner = { userId: 'user-1', type: 'company' as const, role: 'company' as const, companyId: 'company-1' };
  const updated = { type: 'CompanyProfileUpdated' as const, data: { companyId: 'company-1', ...profile, updatedBy: 'user-1', updatedAt: at } };

  it('a company user of the company records the whole profile', () => {
    spec.given([{ type: 'CompanyRegistered', data: northwind }]).when({ type: 'UpdateCompanyProfile', data: { companyId: 'company-1', profile, by: owner, at } }).then([updated]);
  });

  it('an admin may update it for the company (support)', () => {
    const admin = { userId: 'admin-1', type: 'candidate' as const, role: 'admin' as const, companyId: null };
    spec
      .given([{ type: 'CompanyRegistered', data: northwind }])
      .when({ type: 'UpdateCompanyProfile', data: { companyId: 'company-1', profile, by: admin, at } })
      .then([{ ...updated, data: { ...updated.data, updatedBy: 'admin-1' } }]);
  });

  it('a user of another company is refused', () => {
    spec
      .given([{ type: 'CompanyRegistered', data: northwind }])
      .when({ type: 'UpdateCompanyProfile', data: { companyId: 'company-1', profile, by: { ...owner, userId: 'user-2', companyId: 'company-2' }, at } })
      .thenThrows('You can only change your own company’s profile.');
  });

  it('a candidate is refused', () => {
    spec
      .given([{ type: 'CompanyRegistered', data: northwind }])
      .when({ type: 'UpdateCompanyProfile', data: { companyId: 'company-1', profile, by: { userId: 'user-3', type: 'candidate', role: 'candidate', companyId: null }, at } })
      .thenThrows('You can only change your own company’s profile.');
  });

  it('a company that was never registered is not found', () => {
    spec.given([]).when({ type: 'UpdateCompanyProfile', data: { companyId: 'company-1', profile, by: owner, at } }).thenThrows('Company not found.');
  });

  it('the state carries the profile as last saved, the name with it', () => {
    const state = [{ type: 'CompanyRegistered' as const, data: northwind }, updated].reduce(companyDecider.evolve, companyDecider.initialState());
    expect(state).toMatchObject({ status: 'registered', name: 'Northwind Analytics GmbH', profile: { ...profile, companyId: 'company-1', updatedAt: at } });
  });

  it('before any save the profile is what sign-up recorded', () => {
    const state = companyDecider.evolve(companyDecider.initialState(), { type: 'CompanyRegistered', data: northwind });
    expect(state).toMatchObject({ profile: { name: 'Northwind Analytics', website: 'https://northwind.example', address: 'Austin, TX', industry: 'Data', size: '', description: '', updatedAt: null } });
  });
});

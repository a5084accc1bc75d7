import { describe, it } from 'vitest';
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

import { describe, it } from 'vitest';
import type { CompanyRegistered, UserRegistered } from '@hireloop/contracts';
import { projectionSpec } from '../shared/projection-spec';
import { usersProjection } from './projection';

const spec = projectionSpec(usersProjection);

const company: CompanyRegistered = {
  companyId: 'company-1',
  name: 'Northwind',
  website: 'https://northwind.example',
  location: 'Austin, TX',
  industry: 'Data',
  ownerUserId: 'user-1',
};
const companyUser: UserRegistered = {
  userId: 'user-1',
  type: 'company',
  role: 'company',
  name: 'Maya Okafor',
  email: 'maya@northwind.example',
  phone: '',
  location: 'Austin, TX',
  currentRole: null,
  skills: [],
  companyId: 'company-1',
  registeredAt: '2026-11-22T10:00:00.000Z',
};

describe('users read model', () => {
  it('a company user is shown with the name of their company', async () => {
    await spec
      .given([
        { streamId: 'company-company-1', type: 'CompanyRegistered', data: company },
        { streamId: 'user-user-1', type: 'UserRegistered', data: companyUser },
        { streamId: 'user-user-1', type: 'UserSignedIn', data: { userId: 'user-1', method: 'signup' } },
      ])
      .then('users', [
        {
          _id: 'user-1',
          id: 'user-1',
          userId: 'user-1',
          name: 'Maya Okafor',
          email: 'maya@northwind.example',
          type: 'company',
          role: 'company',
          isAdmin: false,
          companyId: 'company-1',
          companyName: 'Northwind',
          createdAt: '2026-11-22T10:00:00.000Z',
        },
      ]);
  });

  it('a candidate has no company', async () => {
    await spec
      .given([
        {
          streamId: 'user-user-2',
          type: 'UserRegistered',
          data: { ...companyUser, userId: 'user-2', type: 'candidate', role: 'candidate', companyId: null, name: 'Ada', email: 'ada@example.com' },
        },
      ])
      .then('users', [
        {
          _id: 'user-2',
          id: 'user-2',
          userId: 'user-2',
          name: 'Ada',
          email: 'ada@example.com',
          type: 'candidate',
          role: 'candidate',
          isAdmin: false,
          companyId: null,
          companyName: null,
          createdAt: '2026-11-22T10:00:00.000Z',
        },
      ]);
  });

  it('a promoted user becomes an admin', async () => {
    await spec
      .given([
        { streamId: 'user-user-1', type: 'UserRegistered', data: { ...companyUser, companyId: null } },
        { streamId: 'user-user-1', type: 'UserRoleChanged', data: { userId: 'user-1', from: 'company', to: 'admin' } },
      ])
      .then('users', [
        {
          _id: 'user-1',
          id: 'user-1',
          userId: 'user-1',
          name: 'Maya Okafor',
          email: 'maya@northwind.example',
          type: 'company',
          role: 'admin',
          isAdmin: true,
          companyId: null,
          companyName: null,
          createdAt: '2026-11-22T10:00:00.000Z',
        },
      ]);
  });

  it('a company renamed in its profile shows the new name on its users, and on users who join later', async () => {
    const shown = (id: string, email: string) => ({
      _id: id,
      id,
      userId: id,
      name: 'Maya Okafor',
      email,
      type: 'company',
      role: 'company',
      isAdmin: false,
      companyId: 'company-1',
      createdAt: '2026-11-22T10:00:00.000Z',
    });
    const renamed = { companyId: 'company-1', name: 'Northwind Analytics', website: '', address: '', industry: '', size: '', description: '', updatedBy: 'user-1', updatedAt: '2026-11-23T10:00:00.000Z' };
    await spec
      .given([
        { streamId: 'company-company-1', type: 'CompanyRegistered', data: company },
        { streamId: 'user-user-1', type: 'UserRegistered', data: companyUser },
        { streamId: 'user-user-3', type: 'UserRegistered', data: { ...companyUser, userId: 'user-3', companyId: null, email: 'other@example.com' } },
        { streamId: 'company-company-1', type: 'CompanyProfileUpdated', data: renamed },
        { streamId: 'user-user-2', type: 'UserRegistered', data: { ...companyUser, userId: 'user-2', email: 'jo@northwind.example' } },
      ])
      .then('users', [
        { ...shown('user-1', 'maya@northwind.example'), companyName: 'Northwind Analytics' },
        { ...shown('user-2', 'jo@northwind.example'), companyName: 'Northwind Analytics' },
        { ...shown('user-3', 'other@example.com'), companyId: null, companyName: null },
      ]);
  });
});

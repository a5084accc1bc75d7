import { CompanyProfileUpdated, CompanyRegistered, PERSONAL_DATA_RULES, PersonErased, UserRegistered, UserRoleChanged, isAdminRole, userFromRegistration, type User } from '@hireloop/contracts';
import type { ProjectionDefinition } from '../shared/projection';

/** `erasedAt`: the person was forgotten (ADR 019); the document stays, scrubbed, so counts hold. */
export type UserDocument = User & { _id: string; erasedAt?: string };
export type CompanyNameDocument = { _id: string; name: string };

/** `users`: the signed-in user as `GET /api/auth/user` shows it, by id. */
export const usersProjection: ProjectionDefinition = {
  name: 'users',
  version: 2,
  collections: {
    users: { indexes: [{ fields: ['email'] }], documentIndex: true },
    'user-companies': {},
  },
  eventTypes: ['UserRegistered', 'CompanyRegistered', 'CompanyProfileUpdated', 'UserRoleChanged', 'PersonErased'],
  async apply(event, tx) {
    switch (event.type) {
      case 'CompanyRegistered': {
        const data = CompanyRegistered.parse(event.data);
        await tx.collection<CompanyNameDocument>('user-companies').put({ _id: data.companyId, name: data.name });
        return;
      }
      case 'CompanyProfileUpdated': {
        // A renamed company (ADR 028): its users show the new name (documentIndex serves the filter).
        const data = CompanyProfileUpdated.parse(event.data);
        await tx.collection<CompanyNameDocument>('user-companies').put({ _id: data.companyId, name: data.name });
        const users = tx.collection<UserDocument>('users');
        for (const user of await users.find({ companyId: data.companyId })) {
          if (user.companyName !== data.name) await users.put({ ...user, companyName: data.name });
        }
        return;
      }
      case 'UserRegistered': {
        const data = UserRegistered.parse(event.data);
        const company = data.companyId ? await tx.collection<CompanyNameDocument>('user-companies').get(data.companyId) : null;
        await tx.collection<UserDocument>('users').put({ _id: data.userId, ...userFromRegistration(data, company?.name ?? null) });
        return;
      }
      case 'UserRoleChanged': {
        const data = UserRoleChanged.parse(event.data);
        const users = tx.collection<UserDocument>('users');
        const user = await users.get(data.userId);
        if (user) await users.put({ ...user, role: data.to, isAdmin: isAdminRole(data.to) });
        return;
      }
      case 'PersonErased': {
        const data = PersonErased.parse(event.data);
        const users = tx.collection<UserDocument>('users');
        const user = await users.get(data.userId);
        const { name, email } = PERSONAL_DATA_RULES.UserRegistered.erased;
        if (user) await users.put({ ...user, name: name!, email: email!, erasedAt: data.erasedAt });
        return;
      }
    }
  },
};

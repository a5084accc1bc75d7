import { CompanyProfileUpdated, CompanyRegistered, PERSONAL_DATA_RULES, PersonErased, UserRegistered, UserRoleChanged, isAdminRole, userFromRegistration, type User } from '@hireloop/contracts';
import { evolvingProjection, slice, unhandled, type EvolveAt, type ProjectedEvent } from '../shared/evolve';

/** `erasedAt`: the person was forgotten (ADR 019); the document stays, scrubbed, so counts hold. */
export type UserDocument = User & { _id: string; erasedAt?: string };
export type CompanyNameDocument = { _id: string; name: string };

const schemas = { UserRegistered, CompanyRegistered, CompanyProfileUpdated, UserRoleChanged, PersonErased };
type UsersEvent = ProjectedEvent<typeof schemas>;

/** The company a registering user belongs to, as it was named before the event. */
type Known = { company: readonly CompanyNameDocument[] };

/** Pure: a user after an event; `known.company`: the name of the company a new user belongs to. */
export function evolveUser(user: UserDocument | null, event: UsersEvent, known: Known): UserDocument | null {
  switch (event.type) {
    case 'UserRegistered': {
      const { data } = event;
      return { _id: data.userId, ...userFromRegistration(data, known.company[0]?.name ?? null) };
    }
    case 'CompanyProfileUpdated':
      // A renamed company (ADR 028): its users show the new name.
      return user && user.companyName !== event.data.name ? { ...user, companyName: event.data.name } : user;
    case 'UserRoleChanged':
      return user && { ...user, role: event.data.to, isAdmin: isAdminRole(event.data.to) };
    case 'PersonErased': {
      const { name, email } = PERSONAL_DATA_RULES.UserRegistered.erased;
      return user && { ...user, name: name!, email: email!, erasedAt: event.data.erasedAt };
    }
    case 'CompanyRegistered':
      return user;
    default:
      return unhandled(event);
  }
}

/** Pure: a company's name after an event. */
export function evolveCompanyName(doc: CompanyNameDocument | null, event: UsersEvent): CompanyNameDocument | null {
  switch (event.type) {
    case 'CompanyRegistered':
    case 'CompanyProfileUpdated':
      return { _id: event.data.companyId, name: event.data.name };
    case 'UserRegistered':
    case 'UserRoleChanged':
    case 'PersonErased':
      return doc;
    default:
      return unhandled(event);
  }
}

/** `users`: the signed-in user as `GET /api/auth/user` shows it, by id. */
export const usersProjection = evolvingProjection<typeof schemas, Known>({
  name: 'users',
  version: 2,
  collections: {
    users: { indexes: [{ fields: ['email'] }], documentIndex: true },
    'user-companies': {},
  },
  schemas,
  lookups: (event) => ({
    company: event.type === 'UserRegistered' && event.data.companyId ? { collection: 'user-companies', ids: [event.data.companyId] } : null,
  }),
  slices: [
    slice('user-companies', {
      documents: (event: UsersEvent) => (event.type === 'CompanyRegistered' || event.type === 'CompanyProfileUpdated' ? event.data.companyId : null),
      evolve: evolveCompanyName,
    }),
    slice('users', {
      documents: (event: UsersEvent) => {
        switch (event.type) {
          case 'UserRegistered':
          case 'UserRoleChanged':
          case 'PersonErased':
            return event.data.userId;
          // documentIndex serves the filter.
          case 'CompanyProfileUpdated':
            return { where: { companyId: event.data.companyId } };
          case 'CompanyRegistered':
            return null;
          default:
            return unhandled(event);
        }
      },
      evolve: (user: UserDocument | null, event: UsersEvent, { context }: EvolveAt<Known>) => evolveUser(user, event, context),
    }),
  ],
});

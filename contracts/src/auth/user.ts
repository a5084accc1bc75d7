import { isAdminRole, type User } from './api';
import type { UserRegistered } from './events';

/** The signed-in user as the API shows it, from the registration event. */
export const userFromRegistration = (data: UserRegistered, companyName: string | null): User => ({
  id: data.userId,
  userId: data.userId,
  name: data.name,
  email: data.email,
  type: data.type,
  role: data.role,
  isAdmin: isAdminRole(data.role),
  companyId: data.companyId,
  companyName,
  createdAt: data.registeredAt,
});

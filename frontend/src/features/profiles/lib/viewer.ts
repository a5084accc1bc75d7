import type { User } from '@hireloop/contracts';

/** Who is looking at a profile: what the profiles feature needs to know of the signed-in person. */
export type ProfileViewer = Pick<User, 'userId' | 'type'> & { isAdmin?: boolean };

import type { User } from '@hireloop/contracts';

/** Who is looking at a job: what the jobs feature needs to know of the signed-in person. */
export type JobViewer = Pick<User, 'userId' | 'type' | 'isAdmin' | 'companyId'>;


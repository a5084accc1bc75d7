import type { User } from '@hireloop/contracts';

/** Who is looking at a job: what the jobs feature needs to know of the signed-in person. */
export type JobViewer = Pick<User, 'userId' | 'type' | 'isAdmin' | 'companyId'>;

/** Spec part 1, §6: candidates apply; a visitor is asked to sign in first. */
export const isCandidate = (viewer: JobViewer | null): boolean => viewer?.type === 'candidate';

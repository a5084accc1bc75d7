import type { User } from '@hireloop/contracts';

/** Who looks at a candidate card: what the candidates feature needs of the signed-in person. */
export type CandidateViewer = Pick<User, 'type'>;

/** Visitors and candidates are offered to sign up as a company (part 1 §2). */
export const offersCompanySignUp = (viewer: CandidateViewer | null): boolean => viewer?.type !== 'company';

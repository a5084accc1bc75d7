import { isAdminRole, type User } from '@hireloop/contracts';
import type { ReadStore } from '@hireloop/platform/read-store';
import { findApplicationsOfCandidate } from '@hireloop/projections/applications/queries';
import { candidateRevealedTo } from '@hireloop/projections/invitations/queries';
import { findJob } from '@hireloop/projections/job-board/queries';

/** The company whose users a candidate could have made themselves known to: a company's user, not an admin (admins read people in the admin console). */
export const companyOfViewer = (user: User | null): string | null => (user && user.type === 'company' && !isAdminRole(user.role) && user.companyId ? user.companyId : null);

/**
 * Whether a candidate made themselves known to a company (ADR 066): they revealed their profile
 * to it from one of its invitations, or applied to one of its jobs (an application hands the
 * company the applicant's name). Only then does the company see their name, contact details,
 * links and picture on their profile.
 */
export async function candidateKnownTo(readStore: ReadStore, companyId: string, candidateUserId: string): Promise<boolean> {
  return (await howCandidateIsKnownTo(readStore, companyId, candidateUserId)) !== null;
}

/** Why a candidate is known to a company (ADR 066): they revealed their profile to it, or applied to one of its jobs; null: they are not. */
export async function howCandidateIsKnownTo(readStore: ReadStore, companyId: string, candidateUserId: string): Promise<'revealed' | 'applied' | null> {
  if (await candidateRevealedTo(readStore, companyId, candidateUserId)) return 'revealed';
  const applications = await findApplicationsOfCandidate(readStore, candidateUserId);
  for (const application of applications) {
    if ((await findJob(readStore, application.jobId))?.companyId === companyId) return 'applied';
  }
  return null;
}

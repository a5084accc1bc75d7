import { ADMIN_ACTIVITY_ACTIONS, type AdminActivity } from '@hireloop/contracts';
import type { ReadStore } from '@hireloop/platform/read-store';
import type { AdminActivityDocument } from '@hireloop/projections/admin-activities/projection';
import { profilesCollection } from '@hireloop/projections/candidate-profiles/queries';
import { companiesProjection, type CompanyDocument } from '@hireloop/projections/companies/projection';
import { jobsCollection } from '@hireloop/projections/job-board/queries';
import { physicalCollection } from '@hireloop/projections/shared/projection';
import { usersCollection } from '@hireloop/projections/users/queries';

const ROLE_TEXT = { candidate: 'candidate', company: 'company', admin: 'admin', super_admin: 'super admin' } as const;

const byIds = async <T extends { _id: string }>(find: (ids: string[]) => Promise<T[]>, ids: Iterable<string>): Promise<Map<string, T>> => {
  const unique = [...new Set(ids)];
  return new Map(unique.length ? (await find(unique)).map((doc) => [doc._id, doc]) : []);
};

/**
 * The entries as the Activities tab shows them (ADR 035). The log keeps ids only; names and
 * titles are read now, in one query per read model for the whole page: the admin's name and a
 * user's from `users`, a job's title from the board, a company's name, a candidate's name from
 * their profile. An erased person reads as erased, a subject gone reads as no label.
 */
export async function describeActivities(readStore: ReadStore, docs: readonly AdminActivityDocument[]): Promise<AdminActivity[]> {
  const of = (type: AdminActivityDocument['entityType']) => docs.filter((doc) => doc.entityType === type).map((doc) => doc.entityId);
  const jobIds = [...of('job'), ...docs.flatMap((doc) => (doc.details.jobId ? [doc.details.jobId] : []))];
  const companies = readStore.collection<CompanyDocument>(physicalCollection(companiesProjection, 'companies'));
  const [users, jobs, companyDocs, profiles] = await Promise.all([
    byIds((ids) => usersCollection(readStore).find({ _id: { $in: ids } }), [...docs.map((doc) => doc.adminId), ...of('user')]),
    byIds((ids) => jobsCollection(readStore).find({ _id: { $in: ids } }), jobIds),
    byIds((ids) => companies.find({ _id: { $in: ids } }), of('company')),
    byIds((ids) => profilesCollection(readStore).find({ _id: { $in: ids } }), of('candidate')),
  ]);
  const jobTitle = (jobId: string | undefined) => (jobId ? (jobs.get(jobId)?.title ?? null) : null);

  return docs.map((doc): AdminActivity => {
    const { label: actionLabel, entityType } = ADMIN_ACTIVITY_ACTIONS[doc.action];
    let entityLabel: string | null = null;
    let link: string | null = null;
    switch (entityType) {
      case 'job':
        entityLabel = jobTitle(doc.entityId);
        link = `/job/${encodeURIComponent(doc.entityId)}`;
        break;
      case 'company':
        entityLabel = companyDocs.get(doc.entityId)?.name || null;
        break;
      case 'candidate': {
        const profile = profiles.get(doc.entityId);
        entityLabel = profile ? [profile.firstName, profile.lastName].filter(Boolean).join(' ') || profile.title || null : null;
        link = `/profile/${encodeURIComponent(doc.entityId)}`;
        break;
      }
      case 'user':
        entityLabel = users.get(doc.entityId)?.name || null;
        break;
      case 'invitation':
      case 'application':
        entityLabel = jobTitle(doc.details.jobId);
        link = doc.details.jobId ? `/job/${encodeURIComponent(doc.details.jobId)}` : null;
        break;
    }
    const { fromRole, toRole, visibility } = doc.details;
    const extra = fromRole && toRole ? ` (${ROLE_TEXT[fromRole]} → ${ROLE_TEXT[toRole]})` : visibility ? ` (${visibility})` : '';
    return {
      id: doc._id,
      description: `${actionLabel}${entityLabel ? `: ${entityLabel}` : ''}${extra}`,
      action: doc.action,
      actionLabel,
      entityType,
      entityId: doc.entityId,
      entityLabel,
      link,
      details: doc.details,
      adminId: doc.adminId,
      adminName: users.get(doc.adminId)?.name || 'Unknown admin',
      adminRole: doc.adminRole,
      createdAt: doc.occurredAt,
      position: doc.position,
    };
  });
}

import { ADMIN_ACTIVITY_ACTIONS, type AdminActivity } from '@hireloop/contracts';
import type { AdminActivityDocument } from '@hireloop/projections/admin-activities/projection';

const ROLE_TEXT = { candidate: 'candidate', company: 'company', admin: 'admin', super_admin: 'super admin' } as const;

/**
 * The entries as the Activities tab shows them (ADR 035). Each row of the read model holds the
 * names it shows as they are now (ADR 071: the admin's name, the job's title, the company's name,
 * the candidate's name or title, the user's name), so this only words them: an erased person reads
 * as erased, a subject gone reads as no label.
 */
export function describeActivities(docs: readonly AdminActivityDocument[]): AdminActivity[] {
  return docs.map((doc): AdminActivity => {
    const { label: actionLabel, entityType } = ADMIN_ACTIVITY_ACTIONS[doc.action];
    // A read model is named by its id (ADR 087): no document labels it.
    const entityLabel = entityType === 'projection' ? doc.entityId : doc.entityLabel;
    let link: string | null = null;
    switch (entityType) {
      case 'job':
        link = `/job/${encodeURIComponent(doc.entityId)}`;
        break;
      case 'candidate':
        link = `/profile/${encodeURIComponent(doc.entityId)}`;
        break;
      case 'invitation':
      case 'application':
        link = doc.details.jobId ? `/job/${encodeURIComponent(doc.details.jobId)}` : null;
        break;
      case 'projection':
      case 'company':
      case 'user':
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
      adminName: doc.adminName || 'Unknown admin',
      adminRole: doc.adminRole,
      createdAt: doc.occurredAt,
      position: doc.position,
    };
  });
}

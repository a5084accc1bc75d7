import type { AdminActivityListQuery } from '@hireloop/contracts';
import type { Filter, ReadStore } from '@hireloop/platform/read-store';
import { physicalCollection } from '../shared/projection';
import { adminActivitiesProjection, type AdminActivityDocument } from './projection';

export const adminActivitiesCollection = (readStore: ReadStore) =>
  readStore.collection<AdminActivityDocument>(physicalCollection(adminActivitiesProjection, 'activities'));

/** The filter of `GET /api/admin/activities`: by admin, action, and `from` ≤ occurredAt < `to`. */
export const adminActivityFilter = ({
  admin,
  action,
  from,
  to,
}: Pick<AdminActivityListQuery, 'admin' | 'action' | 'from' | 'to'>): Filter => {
  const filter: Filter = {};
  if (admin) filter.adminId = admin;
  if (action) filter.action = action;
  if (from || to) filter.occurredAt = { ...(from ? { $gte: from } : {}), ...(to ? { $lt: to } : {}) };
  return filter;
};

/** One page of the log, newest first (by log position), and the total of matches. */
export async function listAdminActivities(
  readStore: ReadStore,
  query: AdminActivityListQuery,
): Promise<{ activities: AdminActivityDocument[]; total: number }> {
  const collection = adminActivitiesCollection(readStore);
  const filter = adminActivityFilter(query);
  const [activities, total] = await Promise.all([
    collection.find(filter, { sort: { position: -1 }, skip: (query.page - 1) * query.pageSize, limit: query.pageSize }),
    collection.count(filter),
  ]);
  return { activities, total };
}

/** The entries after `position`, oldest first (the live stream's next news). */
export async function adminActivitiesAfter(readStore: ReadStore, position: string, limit = 200): Promise<AdminActivityDocument[]> {
  return adminActivitiesCollection(readStore).find(position ? { position: { $gt: position } } : {}, { sort: { position: 1 }, limit });
}

/** The position of the newest entry, or '' when there is none. */
export async function lastAdminActivityPosition(readStore: ReadStore): Promise<string> {
  return (await adminActivitiesCollection(readStore).findOne({}, { sort: { position: -1 } }))?.position ?? '';
}

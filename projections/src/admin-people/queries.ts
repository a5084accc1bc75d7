import type { AdminCandidate, AdminCandidateListQuery, AdminCompany, AdminCompanyListQuery } from '@hireloop/contracts';
import { escapeRegex, type Filter, type ReadStore, type SortSpec } from '@hireloop/platform/read-store';
import { physicalCollection } from '../shared/projection';
import { adminPeopleProjection, toAdminCandidate, toAdminCompany, type AdminCandidateDocument, type AdminCompanyDocument } from './projection';

/** Every candidate row, erased people's tombstones included, with positions: what the query service's table follows. */
export const adminCandidatesCollection = (readStore: ReadStore) =>
  readStore.collection<AdminCandidateDocument>(physicalCollection(adminPeopleProjection, 'admin-candidates'));
export const adminCompaniesCollection = (readStore: ReadStore) => readStore.collection<AdminCompanyDocument>(physicalCollection(adminPeopleProjection, 'admin-companies'));

export type AdminSort = AdminCandidateListQuery['sort'];

/** The three orders; the id breaks ties, so pages never overlap. `name` is A→Z, newest first among equal names. */
export const ADMIN_SORTS: Record<AdminSort, SortSpec> = {
  newest: { createdAt: -1, _id: 1 },
  oldest: { createdAt: 1, _id: 1 },
  name: { nameKey: 1, createdAt: -1, _id: 1 },
};

/** A page of `total` rows: the page asked for, clamped to the last one (part 2 §5), and the count of pages. */
export function clampPage(total: number, page: number, pageSize: number) {
  const totalPages = Math.ceil(total / pageSize);
  return { page: Math.max(1, Math.min(page, totalPages)), totalPages };
}

/** Case-insensitive substring of a lower-cased text: both sides lower-cased by JavaScript. */
const contains = (field: string, text: string): Filter => ({ [field]: { $regex: escapeRegex(text.toLowerCase()), $options: '' } });

/** The search of part 2 §5: first name, last name or email holds the text, ignoring case; listed rows only (ADR 070). */
export function adminCandidateFilter(search: string): Filter {
  const live: Filter = { listed: true };
  if (!search) return live;
  return { $and: [live, { $or: [contains('firstNameText', search), contains('lastNameText', search), contains('emailText', search)] }] };
}

/**
 * The reference answer of `GET /api/admin/candidates`, from the read store: the query service's
 * in-memory table answers the same, and this answers while it is not ready. A count, then the
 * clamped page.
 */
export async function listAdminCandidates(
  readStore: ReadStore,
  query: AdminCandidateListQuery,
): Promise<{ candidates: AdminCandidate[]; total: number; page: number; pageSize: number; totalPages: number }> {
  const collection = adminCandidatesCollection(readStore);
  const filter = adminCandidateFilter(query.search);
  const total = await collection.count(filter);
  const { page, totalPages } = clampPage(total, query.page, query.pageSize);
  const docs = total === 0 ? [] : await collection.find(filter, { sort: ADMIN_SORTS[query.sort], skip: (page - 1) * query.pageSize, limit: query.pageSize });
  return { candidates: docs.map(toAdminCandidate), total, page, pageSize: query.pageSize, totalPages };
}

/** `GET /api/admin/companies`: the search on the company name, the same paging and orders. */
export async function listAdminCompanies(
  readStore: ReadStore,
  query: AdminCompanyListQuery,
): Promise<{ companies: AdminCompany[]; total: number; page: number; pageSize: number; totalPages: number }> {
  const collection = adminCompaniesCollection(readStore);
  const filter = query.search ? contains('nameText', query.search) : {};
  const total = await collection.count(filter);
  const { page, totalPages } = clampPage(total, query.page, query.pageSize);
  const docs = total === 0 ? [] : await collection.find(filter, { sort: ADMIN_SORTS[query.sort], skip: (page - 1) * query.pageSize, limit: query.pageSize });
  return { companies: docs.map(toAdminCompany), total, page, pageSize: query.pageSize, totalPages };
}

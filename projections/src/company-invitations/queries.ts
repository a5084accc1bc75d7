import type { ReadStore } from '@hireloop/platform/read-store';
import { physicalCollection } from '../shared/projection';
import { companyInvitationsProjection, type CompanyInvitationRow } from './projection';

/** A company's invitations list, newest first (ADR 071): one indexed query, the rows as the list shows them. */
export async function findCompanyInvitationRows(readStore: ReadStore, companyId: string, limit = 500): Promise<CompanyInvitationRow[]> {
  return readStore.collection<CompanyInvitationRow>(physicalCollection(companyInvitationsProjection, 'company-invitations')).find({ companyId }, { sort: { sentAt: -1, _id: 1 }, limit });
}

import type { CompanyProfile, CompanyPublicProfile } from '@hireloop/contracts';
import type { ReadStore } from '@hireloop/platform/read-store';
import { physicalCollection } from '../shared/projection';
import { companiesProjection, type CompanyDocument } from './projection';

const companiesCollection = (readStore: ReadStore) => readStore.collection<CompanyDocument>(physicalCollection(companiesProjection, 'companies'));

/** A company's own view of its profile. */
export async function findCompanyProfile(readStore: ReadStore, companyId: string): Promise<CompanyProfile | null> {
  const doc = await companiesCollection(readStore).get(companyId);
  if (!doc) return null;
  const { _id, ...profile } = doc;
  return profile;
}

/** What anyone may see of a company (its job pages): no address. */
export async function findCompanyPublicProfile(readStore: ReadStore, companyId: string): Promise<CompanyPublicProfile | null> {
  const profile = await findCompanyProfile(readStore, companyId);
  if (!profile) return null;
  const { companyId: id, name, website, industry, size, description } = profile;
  return { companyId: id, name, website, industry, size, description };
}

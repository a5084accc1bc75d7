import {
  CompanyProfileResponse,
  CompanyPublicProfileResponse,
  type CompanyProfile,
  type CompanyProfileBody,
  type CompanyPublicProfile,
} from '@hireloop/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getJson, sendJson } from '../../../lib/api-client';

/** `GET|PUT /api/company/profile`: the signed-in company user's own company (ADR 028). */
export const COMPANY_PROFILE_PATH = '/api/company/profile';
export const companyProfileQueryKey = [COMPANY_PROFILE_PATH] as const;

/** `GET /api/companies/{companyId}`: what anyone sees of a company on its job pages. */
export const companyPath = (companyId: string) => `/api/companies/${encodeURIComponent(companyId)}`;
export const companyQueryKey = (companyId: string) => [companyPath(companyId)] as const;

export async function getCompanyProfile({ signal }: { signal?: AbortSignal } = {}): Promise<CompanyProfile> {
  return CompanyProfileResponse.parse(await getJson(COMPANY_PROFILE_PATH, { signal })).profile;
}

export async function updateCompanyProfile(body: CompanyProfileBody): Promise<CompanyProfile> {
  return CompanyProfileResponse.parse(await sendJson('PUT', COMPANY_PROFILE_PATH, body)).profile;
}

export async function getCompanyPublicProfile(companyId: string, { signal }: { signal?: AbortSignal } = {}): Promise<CompanyPublicProfile> {
  return CompanyPublicProfileResponse.parse(await getJson(companyPath(companyId), { signal })).company;
}

export const companyProfileQueryOptions = () =>
  queryOptions({
    queryKey: companyProfileQueryKey,
    queryFn: ({ signal }) => getCompanyProfile({ signal }),
  });

/** The own company's profile; only fetched while `enabled` (the modal is open). */
export function useCompanyProfile({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...companyProfileQueryOptions(), enabled });
}

export function useUpdateCompanyProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCompanyProfile,
    onSuccess: (profile) => {
      queryClient.setQueryData(companyProfileQueryKey, profile);
      return queryClient.invalidateQueries({
        queryKey: companyQueryKey(profile.companyId),
      });
    },
  });
}

/** The public profile of a job's company; none for a job without one (imported jobs). A failure shows nothing. */
export function useCompanyPublicProfile(companyId: string | null) {
  return useQuery({
    queryKey: companyQueryKey(companyId ?? ''),
    queryFn: ({ signal }) => getCompanyPublicProfile(companyId!, { signal }),
    enabled: companyId !== null && companyId !== '',
    retry: false,
    staleTime: 60_000,
  });
}

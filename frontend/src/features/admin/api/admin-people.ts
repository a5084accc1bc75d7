import {
  AdminUpdateResponse,
  type UpdateAdminCandidateBody,
  type UpdateAdminCompanyBody,
  AdminCandidateList,
  AdminCompanyList,
  CreateAdminCandidateResponse,
  CreateAdminCompanyResponse,
  type AdminCandidate,
  type AdminCompany,
  type AdminListSort,
  type CreateAdminCandidateBody,
  type CreateAdminCompanyBody,
} from '@hireloop/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getJson, parseAnswer, sendJson } from '../../../lib/api-client';

/** What a people table asks the server for (part 2 §5: search, page, page size; the server clamps the page), and its order. */
export interface AdminListParams {
  search: string;
  page: number;
  pageSize: number;
  /** Default `newest` (then left out of the address). */
  sort?: AdminListSort;
}

const listPath = (base: string, { search, page, pageSize, sort = 'newest' }: AdminListParams) => {
  const query = new URLSearchParams();
  if (search.trim()) query.set('search', search.trim());
  query.set('page', String(page));
  query.set('pageSize', String(pageSize));
  if (sort !== 'newest') query.set('sort', sort);
  return `${base}?${query.toString()}`;
};

export const ADMIN_CANDIDATES_PATH = '/api/admin/candidates';
export const ADMIN_COMPANIES_PATH = '/api/admin/companies';
export const adminCandidatesKey = [ADMIN_CANDIDATES_PATH] as const;
export const adminCompaniesKey = [ADMIN_COMPANIES_PATH] as const;

/** `GET /api/admin/candidates?search=&page=&pageSize=`: one page of candidates, searched on the server. */
export async function getAdminCandidates(params: AdminListParams, { signal }: { signal?: AbortSignal } = {}): Promise<AdminCandidateList> {
  const path = listPath(ADMIN_CANDIDATES_PATH, params);
  return parseAnswer(AdminCandidateList, await getJson(path, { signal }), ADMIN_CANDIDATES_PATH);
}

/** `GET /api/admin/companies?search=&page=&pageSize=`: one page of companies, searched on their name. */
export async function getAdminCompanies(params: AdminListParams, { signal }: { signal?: AbortSignal } = {}): Promise<AdminCompanyList> {
  const path = listPath(ADMIN_COMPANIES_PATH, params);
  return parseAnswer(AdminCompanyList, await getJson(path, { signal }), ADMIN_COMPANIES_PATH);
}

export const adminCandidatesQueryOptions = (params: AdminListParams) =>
  queryOptions({
    queryKey: [...adminCandidatesKey, params] as const,
    queryFn: ({ signal }) => getAdminCandidates(params, { signal }),
    placeholderData: keepPreviousData,
  });

export const adminCompaniesQueryOptions = (params: AdminListParams) =>
  queryOptions({
    queryKey: [...adminCompaniesKey, params] as const,
    queryFn: ({ signal }) => getAdminCompanies(params, { signal }),
    placeholderData: keepPreviousData,
  });

export const useAdminCandidates = (params: AdminListParams) => useQuery(adminCandidatesQueryOptions(params));
export const useAdminCompanies = (params: AdminListParams, { enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...adminCompaniesQueryOptions(params), enabled });

/** `POST /api/admin/candidates` (part 2 §7). */
export async function createAdminCandidate(body: CreateAdminCandidateBody): Promise<AdminCandidate> {
  const answer = parseAnswer(CreateAdminCandidateResponse, await sendJson('POST', ADMIN_CANDIDATES_PATH, body), ADMIN_CANDIDATES_PATH);
  return answer.candidate;
}

/** `POST /api/admin/companies` (part 2 §7). */
export async function createAdminCompany(body: CreateAdminCompanyBody): Promise<AdminCompany> {
  const answer = parseAnswer(CreateAdminCompanyResponse, await sendJson('POST', ADMIN_COMPANIES_PATH, body), ADMIN_COMPANIES_PATH);
  return answer.company;
}

export function useCreateAdminCandidate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAdminCandidate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminCandidatesKey }),
  });
}

export function useCreateAdminCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAdminCompany,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminCompaniesKey }),
  });
}

/** `PUT /api/admin/candidates/{id}` (Manage, ADR 064). */
export async function updateAdminCandidate(id: string, body: UpdateAdminCandidateBody): Promise<AdminUpdateResponse> {
  const path = `${ADMIN_CANDIDATES_PATH}/${encodeURIComponent(id)}`;
  return parseAnswer(AdminUpdateResponse, await sendJson('PUT', path, body), path);
}

/** `PUT /api/admin/companies/{id}` (Manage, ADR 064). */
export async function updateAdminCompany(id: string, body: UpdateAdminCompanyBody): Promise<AdminUpdateResponse> {
  const path = `${ADMIN_COMPANIES_PATH}/${encodeURIComponent(id)}`;
  return parseAnswer(AdminUpdateResponse, await sendJson('PUT', path, body), path);
}

export function useUpdateAdminCandidate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateAdminCandidateBody }) => updateAdminCandidate(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminCandidatesKey }),
  });
}

export function useUpdateAdminCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateAdminCompanyBody }) => updateAdminCompany(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminCompaniesKey }),
  });
}

import type { ObjectKind } from './world';

/**
 * Who may call each route of the API, declared route by route (issue 27, ADR 089): the
 * authorisation matrix of `npm run prove` calls every route here as a visitor, two candidates,
 * two companies, an admin and a super admin against objects of each, and expects exactly these
 * statuses. `access-table.unit.test.ts` fails when a route of the app has no line here (or a line
 * here names no route): a new route is declared when it is added.
 *
 * - `object`: the route takes an id of (or acts on) an object someone owns. Expected status by how
 *   the caller stands to the object: its `owner`, the other `party` to it (the company of an
 *   application, the candidate of an invitation or a thread), a stranger of the owner's kind
 *   (`sameKind`), a stranger of the other kind (`otherKind`), `visitor`, `admin`, `superAdmin`.
 *   `fresh`: the call changes or ends the object, so each call gets a new one.
 * - `role`: no object id; acts on the caller's own things or on the whole board. Expected status
 *   by who calls.
 * - several lines for one route: the same route also on the private profile of a third candidate
 *   (no caller's): only its owner (and, where they may, Hireloop admins) learn it exists (ADR 077).
 * - `none`: not in the matrix, and why (public forms whose answer depends on what is typed, not on
 *   who asks; they are fuzzed, and their rules tested in their own files).
 */
export type Relation = 'visitor' | 'owner' | 'party' | 'sameKind' | 'otherKind' | 'admin' | 'superAdmin';
export type Who = 'visitor' | 'candidate' | 'company' | 'admin' | 'superAdmin';

export interface ObjectAccess {
  object: ObjectKind;
  expect: Partial<Record<Relation, number>> & Record<Exclude<Relation, 'party'>, number>;
  /** The body sent (from the object's parameters); none when the route takes none. */
  body?: (params: Record<string, string>) => unknown;
  /** The query string sent (from the object's parameters). */
  query?: (params: Record<string, string>) => string;
  fresh?: boolean;
}
export interface RoleAccess {
  role: true;
  expect: Record<Who, number>;
  /** The body sent, from the world's ids (`profileA`, `profileB`, `privateProfile`). */
  body?: (params: Record<string, string>) => unknown;
  query?: string;
  /** Path parameters from the world's ids (a private profile no caller owns). */
  params?: (params: Record<string, string>) => Record<string, string>;
  /** What this line checks, when a route has more than one. */
  case?: string;
}
export interface NotInMatrix {
  none: string;
}
export type Access = ObjectAccess | RoleAccess | NotInMatrix;
/** A route's line, or several (the same route on a public and on a private profile). */
export type Declaration = Access | readonly (ObjectAccess | RoleAccess)[];

const job = { title: 'Matrix Engineer', location: 'Austin, TX', description: 'Checks who may do what.' };
const PUBLIC_FORM = 'a public form: who asks does not matter, what is typed does (fuzzed; tested in its own files)';
const everyone = (status: number) => ({ visitor: status, owner: status, sameKind: status, otherKind: status, admin: status, superAdmin: status });
const signedIn = (status: number, visitor = 401) => ({ visitor, candidate: status, company: status, admin: status, superAdmin: status });
const adminsOnly = (status: number) => ({ visitor: 401, candidate: 403, company: 403, admin: status, superAdmin: status });
const candidatesOnly = (status: number, staff = 403) => ({ visitor: 401, candidate: status, company: 403, admin: staff, superAdmin: staff });
const companiesOnly = (status: number, staff = 403) => ({ visitor: 401, candidate: 403, company: status, admin: staff, superAdmin: staff });

export const ACCESS: Record<string, Declaration> = {
  'POST /api/auth/candidate/signup': { none: PUBLIC_FORM },
  'POST /api/auth/company/signup': { none: PUBLIC_FORM },
  'POST /api/auth/login': { none: PUBLIC_FORM },
  'POST /api/auth/signin': { none: PUBLIC_FORM },
  'POST /api/auth/logout': { none: 'ends the session it is sent with; any token or none (tested in auth/routes.int.test.ts)' },
  'POST /api/auth/forgot-password': { none: PUBLIC_FORM },
  'POST /api/auth/validate-reset-token': { none: PUBLIC_FORM },
  'POST /api/auth/reset-password': { none: PUBLIC_FORM },
  'POST /api/auth/exchange-code': { none: PUBLIC_FORM },
  'GET /api/auth/providers': { role: true, expect: signedIn(200, 200) },
  'GET /api/auth/linkedin': { none: 'a redirect to the identity provider (302 for all; not configured here)' },
  'GET /api/auth/linkedin/callback': { none: 'the identity provider returns here with its own state (tested in its own files)' },
  'PATCH /api/admin/users/role': { none: 'super admin only, on a user id in the body: tested in admin-manage and roles tests (it would change the matrix’s own callers)' },
  'POST /api/jobs': { role: true, expect: { visitor: 401, candidate: 403, company: 201, admin: 201, superAdmin: 201 }, body: () => job },
  'GET /api/jobs': { role: true, expect: signedIn(200, 200) },
  'POST /api/admin/jobs': { role: true, expect: adminsOnly(201), body: () => job },
  'PUT /api/jobs/{jobId}': { object: 'job', expect: { visitor: 401, owner: 200, sameKind: 403, otherKind: 403, admin: 200, superAdmin: 200 }, body: () => job },
  'GET /api/jobs/{jobId}': { object: 'job', expect: everyone(200) },
  'POST /api/jobs/{jobId}/close': { object: 'job', fresh: true, expect: { visitor: 401, owner: 200, sameKind: 403, otherKind: 403, admin: 200, superAdmin: 200 } },
  'POST /api/jobs/{jobId}/reopen': { object: 'job', expect: { visitor: 401, owner: 200, sameKind: 403, otherKind: 403, admin: 200, superAdmin: 200 } },
  'GET /api/admin/outbox': { role: true, expect: adminsOnly(200) },
  'POST /api/jobs/{jobId}/apply': { object: 'job', fresh: true, expect: { visitor: 401, owner: 403, sameKind: 403, otherKind: 201, admin: 201, superAdmin: 201 }, body: () => ({}) },
  'POST /api/jobs/{jobId}/applicants/{candidateUserId}/status': {
    object: 'application',
    expect: { visitor: 401, owner: 403, party: 200, sameKind: 403, otherKind: 403, admin: 200, superAdmin: 200 },
    body: () => ({ status: 'viewed' }),
  },
  'POST /api/jobs/{jobId}/application/withdraw': { object: 'application', fresh: true, expect: { visitor: 401, owner: 200, party: 404, sameKind: 404, otherKind: 404, admin: 404, superAdmin: 404 }, body: () => ({}) },
  'POST /api/extract-resume': { none: 'multipart upload of the caller’s own resume (fuzzed with garbage bodies; upload-attacks.int.test.ts)' },
  'POST /api/parse-resume': { none: 'multipart upload of the caller’s own resume (fuzzed with garbage bodies; upload-attacks.int.test.ts)' },
  'POST /api/candidates/{id}/ai-summary/regenerate': { object: 'profile', expect: { visitor: 401, owner: 202, sameKind: 403, otherKind: 202, admin: 403, superAdmin: 403 }, body: () => ({}) },
  'POST /api/profile': { none: 'makes the caller’s one profile (each matrix candidate has one already; profiles tests)' },
  'PUT /api/profile': { role: true, expect: candidatesOnly(200, 404), body: () => ({ firstName: 'Ada', lastName: 'Matrix', jobTitle: 'Data Engineer', skills: ['SQL'], experience: '7 years', location: 'Lisbon, Portugal', isActivelyLooking: true, isPublic: true }) },
  'GET /api/profile': { role: true, expect: candidatesOnly(200, 200) },
  'PATCH /api/profile/privacy': { role: true, expect: candidatesOnly(200, 404), body: () => ({ isPublic: true }) },
  'POST /api/candidates': { none: 'a company or admin adds a candidate from a resume (admin-people tests)' },
  'GET /api/candidates': { role: true, expect: signedIn(200, 200) },
  'POST /api/profile-pictures': { none: 'multipart upload of the caller’s own picture (profile-pictures tests)' },
  'PUT /api/company/profile': { role: true, expect: companiesOnly(200), body: () => ({ name: 'Matrix Co', website: 'https://matrix.example', address: '1 Main St', industry: 'Data', size: '11-50', description: 'We check.' }) },
  'GET /api/company/profile': { role: true, expect: companiesOnly(200) },
  'POST /api/subscription/create': { none: 'changes the caller’s plan (subscriptions tests)' },
  'POST /api/subscription/portal': { none: 'opens the billing portal of the caller’s plan (billing-portal tests)' },
  'POST /api/stripe/webhook': { none: 'signed by the payment provider, not by a session (webhook tests)' },
  'POST /api/job-invitations/send': [
    {
      object: 'job',
      fresh: true,
      expect: { visitor: 401, owner: 201, sameKind: 403, otherKind: 403, admin: 201, superAdmin: 201 },
      body: (params) => ({ jobId: params.jobId, candidateId: params.profileA }),
    },
    {
      object: 'job',
      fresh: true,
      expect: { visitor: 401, owner: 404, sameKind: 403, otherKind: 403, admin: 201, superAdmin: 201 },
      body: (params) => ({ jobId: params.jobId, candidateId: params.privateProfile }),
    },
  ],
  'POST /api/job-invitations/bulk': {
    object: 'job',
    fresh: true,
    expect: { visitor: 401, owner: 200, sameKind: 403, otherKind: 403, admin: 200, superAdmin: 200 },
    body: (params) => ({ jobId: params.jobId, candidateIds: [params.profileA] }),
  },
  'POST /api/job-invitations/{invitationId}/offer-stage': { object: 'invitation', fresh: true, expect: { visitor: 401, owner: 409, party: 403, sameKind: 403, otherKind: 403, admin: 409, superAdmin: 409 }, body: () => ({}) },
  'POST /api/invitations/{token}/reveal': { object: 'invitation', fresh: true, expect: everyone(200), body: () => ({}) },
  'POST /api/my-invitations/{invitationId}/reveal': { object: 'invitation', fresh: true, expect: { visitor: 401, owner: 404, party: 200, sameKind: 404, otherKind: 404, admin: 404, superAdmin: 404 }, body: () => ({}) },
  'POST /api/invitations/{token}/view': { object: 'invitation', expect: everyone(200), body: () => ({}) },
  'POST /api/my-invitations/{invitationId}/view': { object: 'invitation', expect: { visitor: 401, owner: 404, party: 200, sameKind: 404, otherKind: 404, admin: 404, superAdmin: 404 }, body: () => ({}) },
  // The link is the credential: whoever holds it answers for the candidate. Availability is kept per
  // candidate and company, so the first holder (the visitor, first in the matrix) gives it and the rest
  // give the same times again: 200, nothing recorded (a change would be recorded, ADR 118).
  'POST /api/invitations/{token}/availability': { object: 'invitation', fresh: true, expect: everyone(200), body: () => availability },
  'POST /api/invitations/{token}/decline': { object: 'invitation', fresh: true, expect: everyone(200), body: () => ({}) },
  'POST /api/my-invitations/{invitationId}/decline': { object: 'invitation', fresh: true, expect: { visitor: 401, owner: 404, party: 200, sameKind: 404, otherKind: 404, admin: 404, superAdmin: 404 }, body: () => ({}) },
  'POST /api/my-invitations/{invitationId}/availability': { object: 'invitation', fresh: true, expect: { visitor: 401, owner: 404, party: 409, sameKind: 404, otherKind: 404, admin: 404, superAdmin: 404 }, body: () => availability },
  'POST /api/invitations/{token}/claim': { object: 'invitation', expect: everyone(409), body: () => ({ password: 'a-new-password-1' }) },
  'POST /api/candidates/contact': [
    { object: 'profile', expect: { visitor: 401, owner: 403, sameKind: 403, otherKind: 201, admin: 403, superAdmin: 403 }, body: (params) => ({ candidateId: params.id, message: 'Hello from the matrix.' }) },
    { role: true, case: 'a private profile', expect: { visitor: 401, candidate: 403, company: 404, admin: 403, superAdmin: 403 }, body: (ids) => ({ candidateId: ids.privateProfile, message: 'Hello from the matrix.' }) },
  ],
  'POST /api/inbox/read': { role: true, expect: { ...signedIn(200), company: 403 }, body: () => ({ upTo: '2026-11-27T10:00:00.000Z' }) },
  'POST /api/conversations/{threadId}/messages': { object: 'thread', expect: { visitor: 401, owner: 201, party: 201, sameKind: 404, otherKind: 404, admin: 404, superAdmin: 404 }, body: () => ({ message: 'A reply from the matrix.' }) },
  'POST /api/conversations/{threadId}/read': { object: 'thread', expect: { visitor: 401, owner: 200, party: 403, sameKind: 404, otherKind: 404, admin: 404, superAdmin: 404 }, body: () => ({ upTo: '2026-11-27T10:00:00.000Z' }) },
  'POST /api/profiles/{id}/views': { object: 'profile', expect: { visitor: 401, owner: 403, sameKind: 403, otherKind: 200, admin: 403, superAdmin: 403 } },
  'POST /api/analytics/page-views': { none: 'anonymous page views with consent: nothing owned (page-views tests)' },
  'POST /api/admin/candidates': { none: 'admin only; adds a person by e-mail (admin-people tests)' },
  'GET /api/admin/candidates': { role: true, expect: adminsOnly(200) },
  'POST /api/admin/companies': { none: 'admin only; adds a company by name (admin-people tests)' },
  'GET /api/admin/companies': { role: true, expect: adminsOnly(200) },
  'PUT /api/admin/candidates/{id}': { object: 'profile', expect: { visitor: 401, owner: 403, sameKind: 403, otherKind: 403, admin: 200, superAdmin: 200 }, body: () => ({ firstName: 'Ada', lastName: 'Edited' }) },
  'PUT /api/admin/companies/{id}': { object: 'company', expect: { visitor: 401, owner: 403, sameKind: 403, otherKind: 403, admin: 200, superAdmin: 200 }, body: () => ({ name: 'Edited Co' }) },
  'POST /api/api-keys': { role: true, expect: candidatesOnly(201), body: () => ({ name: 'matrix' }) },
  'GET /api/api-keys': { role: true, expect: candidatesOnly(200) },
  'DELETE /api/api-keys/{keyId}': { object: 'apiKey', fresh: true, expect: { visitor: 401, owner: 200, sameKind: 404, otherKind: 403, admin: 403, superAdmin: 403 } },
  'GET /api/mcp': { none: 'the MCP endpoint signs in with an API key, not a session (mcp tests)' },
  'DELETE /api/mcp': { none: 'the MCP endpoint signs in with an API key, not a session (mcp tests)' },
  'POST /api/mcp': { none: 'the MCP endpoint signs in with an API key, not a session (mcp tests)' },
  'POST /api/mysalt/auth': { none: 'the assistant’s frames sign in with the assistant’s own tokens (assistant tests)' },
  'POST /api/mysalt/job-search': { none: 'the assistant’s frames sign in with the assistant’s own tokens (assistant tests)' },
  'POST /api/mysalt/apply-job': { none: 'the assistant’s frames sign in with the assistant’s own tokens (assistant tests)' },
  'POST /api/mysalt/auto-auth': { none: 'the assistant’s frames sign in with the assistant’s own tokens (assistant tests)' },
  'POST /api/public/generate-invite': { none: 'the assistant’s frames sign in with the assistant’s own tokens (assistant tests)' },
  'GET /api/mysalt/frame/{page}': { none: 'a static page of the assistant by name, the same for all' },
  'POST /api/saved-searches': { role: true, expect: candidatesOnly(201), body: () => ({ keywords: 'matrix', frequency: 'daily' }) },
  'GET /api/saved-searches': { role: true, expect: candidatesOnly(200) },
  'PATCH /api/saved-searches/{searchId}': { object: 'savedSearch', expect: { visitor: 401, owner: 200, sameKind: 404, otherKind: 403, admin: 403, superAdmin: 403 }, body: () => ({ frequency: 'off' }) },
  'DELETE /api/saved-searches/{searchId}': { object: 'savedSearch', fresh: true, expect: { visitor: 401, owner: 200, sameKind: 404, otherKind: 403, admin: 403, superAdmin: 403 } },
  'POST /api/saved-searches/unsubscribe': { none: 'a signed link from a job-alert mail, not a session (saved-searches tests)' },
  'POST /api/me/data-export': { role: true, expect: signedIn(200) },
  'DELETE /api/me': { role: true, expect: signedIn(400), body: () => ({ confirmEmail: 'not-my-address@matrix.example' }) },
  'GET /api/auth/user': { role: true, expect: signedIn(200) },
  'GET /api/candidates/{id}/ai-summary': [
    { object: 'profile', expect: { visitor: 401, owner: 200, sameKind: 403, otherKind: 200, admin: 200, superAdmin: 200 } },
    { role: true, case: 'a private profile', params: (ids) => ({ id: ids.privateProfile! }), expect: { visitor: 404, candidate: 404, company: 404, admin: 404, superAdmin: 404 } },
  ],
  'GET /api/jobs/suggested': { role: true, expect: candidatesOnly(200, 404) },
  'GET /api/jobs/rss': { role: true, expect: signedIn(200, 200) },
  'GET /api/jobs/share/{shareToken}': { object: 'job', expect: everyone(200) },
  'GET /api/jobs/{jobId}/application': { object: 'application', expect: { visitor: 401, owner: 200, party: 200, sameKind: 200, otherKind: 200, admin: 200, superAdmin: 200 } },
  'GET /api/jobs/{jobId}/history': { object: 'job', expect: everyone(200) },
  'GET /api/profile/json-resume': { role: true, expect: candidatesOnly(200, 404) },
  'GET /api/profiles/{id}': [
    { object: 'profile', expect: everyone(200) },
    { role: true, case: 'a private profile', params: (ids) => ({ id: ids.privateProfile! }), expect: { visitor: 404, candidate: 404, company: 404, admin: 404, superAdmin: 404 } },
  ],
  'GET /api/profile-pictures/{id}': { none: 'public image files by an unguessable id (profile-pictures tests)' },
  'GET /api/applications': { role: true, expect: candidatesOnly(200, 200) },
  'GET /api/jobs/{jobId}/applicants': { object: 'job', expect: { visitor: 401, owner: 200, sameKind: 403, otherKind: 403, admin: 200, superAdmin: 200 } },
  'GET /api/companies/{companyId}': { object: 'company', expect: everyone(200) },
  'GET /api/subscription/plans': { role: true, expect: signedIn(200, 200) },
  'GET /api/subscription/current': { role: true, expect: companiesOnly(200) },
  'GET /api/candidates/matches': {
    object: 'job',
    expect: { visitor: 401, owner: 200, sameKind: 403, otherKind: 403, admin: 403, superAdmin: 403 },
    query: (params) => `jobId=${params.jobId}&ids=${params.profileA}`,
  },
  'GET /api/candidates/events': { none: 'an event stream of the public board, the same for all (fuzzed over HTTP)' },
  'GET /api/invitations/{token}': { object: 'invitation', expect: everyone(200) },
  'GET /api/job-invitations': { role: true, expect: companiesOnly(200) },
  'GET /api/my-invitations': { role: true, expect: candidatesOnly(200, 200) },
  'GET /api/my-invitations/{invitationId}': { object: 'invitation', expect: { visitor: 401, owner: 404, party: 200, sameKind: 404, otherKind: 404, admin: 404, superAdmin: 404 } },
  'GET /api/inbox': { role: true, expect: { ...signedIn(200), company: 403 } },
  'GET /api/contacts/sent': { role: true, expect: companiesOnly(200) },
  'GET /api/conversations': { role: true, expect: signedIn(200) },
  'GET /api/profile/ledger': { role: true, expect: candidatesOnly(200, 200) },
  'GET /api/admin/activities': { role: true, expect: adminsOnly(200) },
  'GET /api/admin/projections': { role: true, expect: adminsOnly(200) },
  'POST /api/admin/projections/{name}/rebuild': { none: 'super admin only; rebuilds a whole read model, and a second ask answers 409 while one runs (every caller tested in admin-projections.int.test.ts)' },
  'POST /api/admin/projections/{name}/retry': { none: 'super admin only; retries the parked events of a read model (every caller tested in admin-projections.int.test.ts)' },
  'GET /api/page-status': { role: true, expect: signedIn(200, 200), query: 'path=%2Fjob%2Fno-such-job' },
  'GET /api/admin/activities/stream': { none: 'an event stream (never ends under inject): admins only, tested in admin-activities tests and fuzzed over HTTP' },
  'GET /api/admin/analytics/summary': { role: true, expect: adminsOnly(200) },
  'GET /api/admin/analytics/top-jobs': { role: true, expect: adminsOnly(200) },
  'GET /api/admin/analytics/daily-metrics': { role: true, expect: adminsOnly(200) },
  'GET /api/admin/analytics/ga4/overview': { role: true, expect: adminsOnly(200) },
  'GET /api/admin/analytics/ga4/top-pages': { role: true, expect: adminsOnly(200) },
  'GET /api/admin/analytics/ga4/daily': { role: true, expect: adminsOnly(200) },
  'GET /api/admin/analytics/ga4/traffic-sources': { role: true, expect: adminsOnly(200) },
};

/**
 * The routes the app answers that its OpenAPI document leaves out (`hide: true`), declared the same
 * way (ADR 119): fastify's own route table is compared with the document and these lines, so a
 * hidden route is declared too. The simulated payment pages take their session id as the
 * capability, as Stripe's links do: any caller with an unknown one gets 404.
 */
const unknownSession = (prefix: string) => () => ({ sessionId: `${prefix}_matrix_unknown` });
const sameForAll = (status: number) => ({ visitor: status, candidate: status, company: status, admin: status, superAdmin: status });
export const HIDDEN: Record<string, Declaration> = {
  'GET /api/docs': { role: true, expect: sameForAll(200) },
  'GET /api/docs/': { role: true, expect: sameForAll(200) },
  'GET /api/docs/static/index.html': { role: true, expect: sameForAll(302) },
  'GET /api/docs/static/swagger-initializer.js': { role: true, expect: sameForAll(200) },
  'GET /api/docs/*': { none: 'the API reference page’s static files by name, the same for all (swagger-ui)' },
  'GET /api/docs/json': { role: true, expect: sameForAll(200) },
  'GET /api/docs/yaml': { role: true, expect: sameForAll(200) },
  'GET /api/payments/simulated/checkout/{sessionId}': { role: true, params: unknownSession('cs'), expect: sameForAll(404) },
  'POST /api/payments/simulated/checkout/{sessionId}/confirm': { role: true, params: unknownSession('cs'), expect: sameForAll(404) },
  'GET /api/payments/simulated/portal/{sessionId}': { role: true, params: unknownSession('bps'), expect: sameForAll(404) },
  'POST /api/payments/simulated/portal/{sessionId}': { role: true, params: unknownSession('bps'), body: () => ({ action: 'cancel' }), expect: sameForAll(404) },
  'GET /sitemap.xml': { role: true, expect: sameForAll(200) },
  'GET /robots.txt': { role: true, expect: sameForAll(200) },
  'GET /healthz': { role: true, expect: sameForAll(200) },
};

const availability = { availableDays: ['Monday'], availableTimes: ['9:00 AM - 12:00 PM'], timezone: 'Europe/Lisbon', additionalNotes: '' };

import { ACCESS, HIDDEN, type Access, type ObjectAccess, type Relation, type RoleAccess, type Who } from './access-table';
import type { ProveOptions, ProvePart, ProveRow } from './part';
import { CALLERS, OWNER_KIND, makeObject, openWorld, type CallerName, type ObjectKind, type OwnedObject, type World } from './world';

/**
 * Issue 27's authorisation matrix (ADR 089): every route the app has (from its route table, the
 * OpenAPI document) is declared in access-table.ts; each declared route is called as a visitor,
 * two candidates, two companies, an admin and a super admin — against objects of both candidates
 * or both companies when it takes one — and every status must be the one declared.
 */

export interface MatrixCell {
  route: string;
  caller: CallerName;
  relation: Relation | Who;
  owner: CallerName | null;
  expected: number;
  actual: number;
  body: string;
}

const isObject = (access: Access): access is ObjectAccess => 'object' in access;
const isRole = (access: Access): access is RoleAccess => 'role' in access;

/** How `caller` stands to an object owned by `object.owner` (with `object.party` on the other side). */
export function relationOf(world: World, caller: CallerName, object: OwnedObject, kind: ObjectKind): Relation {
  if (caller === 'visitor') return 'visitor';
  if (caller === 'admin') return 'admin';
  if (caller === 'superAdmin') return 'superAdmin';
  if (caller === object.owner) return 'owner';
  if (caller === object.party) return 'party';
  return world.account(caller).kind === OWNER_KIND[kind] ? 'sameKind' : 'otherKind';
}

const whoIs = (world: World, caller: CallerName): Who => (caller === 'visitor' || caller === 'admin' || caller === 'superAdmin' ? caller : world.account(caller).kind!);

/**
 * The routes of the app that the table does not declare, and the table's lines that name no route
 * of the app: `documented` (the OpenAPI document's) against ACCESS and, given fastify's whole route
 * `table`, the routes hidden from the document against HIDDEN.
 */
export function undeclared(documented: readonly string[], table?: readonly string[]): { missing: string[]; stale: string[] } {
  const hidden = table?.filter((route) => !documented.includes(route)) ?? [];
  return {
    missing: [...documented.filter((route) => !(route in ACCESS)), ...hidden.filter((route) => !(route in HIDDEN))],
    stale: [...Object.keys(ACCESS).filter((route) => !documented.includes(route)), ...(table ? Object.keys(HIDDEN).filter((route) => !hidden.includes(route)) : [])],
  };
}

export const routesOf = (world: World) =>
  Object.entries((world.app.swagger() as unknown as { paths: Record<string, Record<string, unknown>> }).paths).flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`));

/**
 * Every route the app answers, from fastify's own route table (`printRoutes`), whether the OpenAPI
 * document lists it or not (a route with `hide: true` is left out of the document, so of the
 * table above): `METHOD /path/{param}`, HEAD left out (fastify adds one to every GET).
 */
export function routeTableOf(app: { printRoutes(options: { commonPrefix: boolean }): string }): string[] {
  const routes: string[] = [];
  const prefixes: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (.*?)(?: \(([A-Z, -]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    prefixes.length = depth;
    const path = (prefixes.join('') + match[2]!).replace(/:([A-Za-z0-9_]+)/g, '{$1}');
    prefixes.push(match[2]!);
    for (const method of (match[3] ?? '').split(', ')) if (method && method !== '-' && method !== 'HEAD') routes.push(`${method} ${path}`);
  }
  return routes;
}

/** Runs the matrix over `routes` (default: every declared route); answers every cell. */
export async function runMatrix(world: World, options: { routes?: readonly string[]; callers?: readonly CallerName[]; log: (line: string) => void }) {
  const callers = options.callers ?? CALLERS;
  const profiles = { candidateA: await world.createProfile('candidateA'), candidateB: await world.createProfile('candidateB') };
  // A third candidate's private profile: no caller owns it, so only Hireloop admins may learn it exists.
  await world.signUpCandidate('candidateC');
  const extra: Record<string, string> = { profileA: profiles.candidateA, profileB: profiles.candidateB, privateProfile: await world.createProfile('candidateC', false) };
  const shared = new Map<string, OwnedObject>();
  const objectOf = async (kind: ObjectKind, owner: CallerName, fresh: boolean) => {
    if (fresh) return makeObject(world, kind, owner, profiles);
    const key = `${kind}:${owner}`;
    if (!shared.has(key)) shared.set(key, await makeObject(world, kind, owner, profiles));
    return shared.get(key)!;
  };
  const cells: MatrixCell[] = [];
  const routes = options.routes ?? [...Object.keys(ACCESS), ...Object.keys(HIDDEN)];
  for (const route of routes) {
    const declaration = ACCESS[route] ?? HIDDEN[route]!;
    for (const access of Array.isArray(declaration) ? declaration : [declaration as Access]) cells.push(...(await callRoute(route, access)));
  }
  async function callRoute(route: string, access: Access): Promise<MatrixCell[]> {
    const found: MatrixCell[] = [];
    const [method, template] = route.split(' ') as [string, string];
    const fill = (params: Record<string, string>) => template.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? `missing-${name}`));
    if (isObject(access)) {
      const owners: CallerName[] = OWNER_KIND[access.object] === 'company' ? ['companyA', 'companyB'] : ['candidateA', 'candidateB'];
      for (const owner of owners) {
        for (const caller of callers) {
          const object = await objectOf(access.object, owner, access.fresh === true);
          const params = { ...extra, ...object.params };
          const relation = relationOf(world, caller, object, access.object);
          const expected = access.expect[relation] ?? access.expect.otherKind;
          const query = access.query ? `?${access.query(params)}` : '';
          const answer = await world.send({ method, url: fill(params) + query, caller, ...(access.body ? { payload: access.body(params) } : {}) });
          found.push({ route, caller, relation, owner, expected, actual: answer.statusCode, body: answer.body.slice(0, 200) });
        }
      }
    } else if (isRole(access)) {
      for (const caller of callers) {
        const who = whoIs(world, caller);
        const url = (access.params ? fill(access.params(extra)) : template) + (access.query ? `?${access.query}` : '');
        const answer = await world.send({ method, url, caller, ...(access.body ? { payload: access.body(extra) } : {}) });
        found.push({ route: access.case ? `${route} (${access.case})` : route, caller, relation: who, owner: null, expected: access.expect[who], actual: answer.statusCode, body: answer.body.slice(0, 200) });
      }
    }
    return found;
  }
  const differences = cells.filter((cell) => cell.actual !== cell.expected);
  for (const cell of differences) options.log(`authorisation: ${cell.route} as ${cell.caller} (${cell.relation}${cell.owner ? ` of ${cell.owner}'s` : ''}): expected ${cell.expected}, got ${cell.actual} ${cell.body}`);
  return { cells, differences };
}

/** The small slice `npm test` runs: routes of each sort (an owned object read and written, a role route, a private profile), all callers. */
export const SHORT_ROUTES = ['GET /api/jobs/{jobId}/applicants', 'PUT /api/jobs/{jobId}', 'POST /api/jobs/{jobId}/applicants/{candidateUserId}/status', 'PATCH /api/saved-searches/{searchId}', 'GET /api/admin/candidates', 'GET /api/my-invitations/{invitationId}', 'GET /api/profiles/{id}'];

export const authzMatrixPart: ProvePart = {
  name: 'authorisation',
  async run(options: ProveOptions): Promise<ProveRow[]> {
    // The matrix asks who may do what, not how often: no rate limits (the fuzzer keeps them).
    const world = await openWorld({ rateLimited: false, log: options.log });
    try {
      const routes = routesOf(world);
      const table = routeTableOf(world.app);
      const { missing, stale } = undeclared(routes, table);
      const { cells, differences } = await runMatrix(world, { routes: options.short ? SHORT_ROUTES : undefined, log: options.log });
      const inMatrix = new Set(cells.map((cell) => cell.route.replace(/ \(.*\)$/, ''))).size;
      return [
        {
          part: 'authorisation',
          check: 'every route of the app (its OpenAPI document, and fastify’s route table for the routes hidden from it) declares who may call it (access-table.ts)',
          measured: `${table.length} routes (${table.length - routes.length} hidden from the document), ${missing.length} undeclared${missing.length ? ` (${missing.slice(0, 3).join(', ')})` : ''}, ${stale.length} stale`,
          expected: '0 undeclared, 0 stale',
          pass: missing.length === 0 && stale.length === 0,
        },
        {
          part: 'authorisation',
          check: `${inMatrix} routes × visitor, 2 candidates, 2 companies, admin, super admin × objects of each`,
          measured: `${cells.length} cells, ${differences.length} differences`,
          expected: '0 differences',
          pass: differences.length === 0 && cells.length > 0,
        },
      ];
    } finally {
      await world.close();
    }
  },
};

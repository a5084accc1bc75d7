import { beforeAll, describe, expect, it } from 'vitest';
import { CANDIDATES_CHANGED_EVENT, MIN_POSITION_HEADER, TOTAL_COUNT_HEADER, type Role } from '@hireloop/contracts';
import { erasePerson } from '@hireloop/command-service/erase-person/erasure';
import { grantRoleAsSystem } from '@hireloop/command-service/auth/roles';
import { maxPosition } from '@hireloop/platform/event-store';
import { useApiApp } from '../support/api-app';

/**
 * The anonymous candidate cards (issue 11, ADR 026) on the real app with PostgreSQL:
 * `GET /api/candidates` (every filter, paging and total, random samples, bad input) read by a
 * visitor, an owner, another candidate, a company user, an admin and a super admin — private
 * profiles never appear and no card carries anything personal — and the live feed
 * `GET /api/candidates/events` over a real socket.
 */
const api = useApiApp();
let position = '';

let addresses = 0;
const send = async (url: string, payload: unknown, token?: string, method: 'POST' | 'PUT' | 'PATCH' = 'POST') => {
  const response = await api.app().inject({
    method,
    url,
    payload: payload as object,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    remoteAddress: `10.11.${Math.floor(++addresses / 250)}.${(addresses % 250) + 1}`,
  });
  if (response.headers['x-position']) position = maxPosition(position, String(response.headers['x-position']));
  return response;
};
const get = (url: string, token?: string) =>
  api.app().inject({ method: 'GET', url, headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), [MIN_POSITION_HEADER]: position } });
const grant = async (email: string, role: Role) => {
  const result = await grantRoleAsSystem({ ...api.runtime(), sessionTtlMs: 3600_000, publicUrl: 'http://hireloop.test', linkedin: null }, email, role, 'test');
  position = maxPosition(position, result.position);
};

interface Seeded {
  key: string;
  title: string;
  skills: string[];
  location: string;
  active: boolean;
  isPublic: boolean;
  workPreference: 'remote' | 'hybrid' | 'onsite';
}
/** Oldest first; each one's personal texts are unique to it. */
const SEEDED: Seeded[] = [
  { key: 'fern', title: 'Frontend Developer', skills: ['React', 'TypeScript'], location: 'Berlin, Germany', active: true, isPublic: true, workPreference: 'remote' },
  { key: 'dara', title: 'Data Engineer', skills: ['Python', 'SQL', 'dbt'], location: 'Lisbon, Portugal', active: false, isPublic: true, workPreference: 'hybrid' },
  { key: 'bo', title: 'Backend Engineer', skills: ['Go', 'SQL', 'Kubernetes'], location: 'berlin', active: true, isPublic: true, workPreference: 'onsite' },
  { key: 'priv', title: 'Platform Engineer', skills: ['Go', 'Terraform'], location: 'Berlin', active: true, isPublic: false, workPreference: 'remote' },
  { key: 'quinn', title: 'QA Analyst', skills: ['Cypress'], location: 'Porto, Portugal', active: false, isPublic: true, workPreference: 'remote' },
];
const personal = (key: string) => ({
  name: `Zed${key} Quillfeather${key}`,
  email: `${key}@cards.example`,
  profileEmail: `${key}.contact@cards.example`,
  phone: `+1 555 0199 ${key.length}${key.charCodeAt(0)}`,
  linkedinUrl: `https://linkedin.example/in/${key}-zz`,
  githubUrl: `https://github.example/${key}-zz`,
  portfolioUrl: `https://${key}-zz.portfolio.example`,
  // A real picture (ADR 046: re-encoded and kept as a file); its saved address is in `picturePaths`.
  picture: 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  cover: null,
  education: `MSc Cardcraft - University of ${key}ford`,
  salary: `${key.length}77k-${key.length}88k`,
  bio: `Bio of ${key}: sourdough and queues.`,
});
const personalTexts = (key: string) => {
  const p = personal(key);
  return [...p.name.split(' '), p.email, p.profileEmail, p.phone, p.linkedinUrl, p.githubUrl, p.portfolioUrl, ...(picturePaths[key] ? [picturePaths[key]] : []), p.education, p.salary, p.bio];
};
/** Each seeded profile's picture address, once saved. */
const picturePaths: Record<string, string> = {};
const CARD_KEYS = ['availability', 'experience', 'id', 'location', 'lookingStatus', 'skills', 'title', 'workPreference'];

const owners: Record<string, { token: string; profileId: string; userId: string }> = {};
const tokens: Record<string, string> = {};
const form = (s: Seeded) => {
  const p = personal(s.key);
  return {
    jobTitle: s.title,
    skills: s.skills,
    experience: '3-5 years',
    location: s.location,
    bio: p.bio,
    phone: p.phone,
    email: p.profileEmail,
    linkedinUrl: p.linkedinUrl,
    githubUrl: p.githubUrl,
    portfolioUrl: p.portfolioUrl,
    education: p.education,
    salaryExpectation: p.salary,
    workPreference: s.workPreference,
    profilePicture: p.picture,
    coverPhoto: p.cover,
    isActivelyLooking: s.active,
    isPublic: s.isPublic,
  };
};

beforeAll(async () => {
  for (const seeded of SEEDED) {
    const p = personal(seeded.key);
    const signup = await send('/api/auth/candidate/signup', { name: p.name, email: p.email, password: 'cards-password-1' });
    expect(signup.statusCode).toBe(201);
    const token = signup.json().token as string;
    const created = await send('/api/profile', form(seeded), token);
    expect(created.statusCode).toBe(201);
    owners[seeded.key] = { token, profileId: created.json().profile.id, userId: signup.json().user.id };
    picturePaths[seeded.key] = String(created.json().profile.profilePicture).replace(/\?.*$/, '');
    // Distinct creation times: newest first is then one order.
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  tokens['another candidate'] = (await send('/api/auth/candidate/signup', { name: 'Casey Other', email: 'casey@cards.example', password: 'cards-password-1' })).json().token;
  tokens.company = (await send('/api/auth/company/signup', { companyName: 'Cards Hiring', contactName: 'Hiring Team', email: 'hiring@cards.example', password: 'cards-password-1' })).json().token;
  tokens.admin = (await send('/api/auth/candidate/signup', { name: 'Ada Admin', email: 'admin@cards.example', password: 'cards-password-1' })).json().token;
  await grant('admin@cards.example', 'admin');
  tokens.super_admin = (await send('/api/auth/company/signup', { companyName: 'Cards Ops', contactName: 'Ops', email: 'boss@cards.example', password: 'cards-password-1' })).json().token;
  await grant('boss@cards.example', 'super_admin');
});

const idsOf = (key: string[]) => key.map((k) => owners[k]!.profileId);
const list = async (query: string, token?: string) => {
  const response = await get(`/api/candidates${query}`, token);
  expect(response.statusCode, response.body).toBe(200);
  return { ids: response.json<Array<{ id: string }>>().map((card) => card.id), total: Number(response.headers[TOTAL_COUNT_HEADER]), response };
};

describe('GET /api/candidates', () => {
  it('answers the public profiles’ cards, newest first, with the total', async () => {
    const { ids, total, response } = await list('');
    expect(ids).toEqual(idsOf(['quinn', 'bo', 'dara', 'fern']));
    expect(total).toBe(4);
    expect(response.json()[1]).toEqual({
      id: owners.bo!.profileId,
      title: 'Backend Engineer',
      location: 'berlin',
      experience: '3-5 years',
      availability: 'immediate',
      lookingStatus: 'active',
      workPreference: 'onsite',
      skills: ['Go', 'SQL', 'Kubernetes'],
    });
    expect(response.json()[2]).toMatchObject({ availability: 'open', lookingStatus: 'passive' });
  });

  it.each([
    ['?search=engineer', ['bo', 'dara']],
    ['?search=ENGINEER', ['bo', 'dara']],
    ['?search=sql', ['bo', 'dara']],
    ['?search=script', ['fern']],
    ['?search=%20develop%20', ['fern']],
    ['?search=nobody', []],
    ['?location=BERLIN', ['bo', 'fern']],
    ['?location=portugal', ['quinn', 'dara']],
    ['?skills=sql', ['bo', 'dara']],
    ['?skills=engineer', []],
    ['?skills=kube', ['bo']],
    ['?lookingStatus=active', ['bo', 'fern']],
    ['?lookingStatus=passive', ['quinn', 'dara']],
    ['?lookingStatus=all', ['quinn', 'bo', 'dara', 'fern']],
    ['?lookingStatus=', ['quinn', 'bo', 'dara', 'fern']],
    ['?search=engineer&location=berlin&lookingStatus=active', ['bo']],
    ['?search=e&location=portugal&skills=s&lookingStatus=passive', ['quinn', 'dara']],
    ['?search=e&location=portugal&skills=sq&lookingStatus=passive', ['dara']],
    // Regex characters are literal text.
    ['?search=.*', []],
    ['?search=%5E(', []],
  ])('%s', async (query, keys) => {
    const { ids, total } = await list(query);
    expect(ids).toEqual(idsOf(keys));
    expect(total).toBe(keys.length);
  });

  it('pages by count, the total staying the number of matches', async () => {
    expect(await list('?count=3&page=1')).toMatchObject({ ids: idsOf(['quinn', 'bo', 'dara']), total: 4 });
    expect(await list('?count=3&page=2')).toMatchObject({ ids: idsOf(['fern']), total: 4 });
    expect(await list('?count=3&page=3')).toMatchObject({ ids: [], total: 4 });
    expect(await list('?count=1&page=2&location=berlin')).toMatchObject({ ids: idsOf(['fern']), total: 2 });
  });

  it('random=true answers count random public cards, ignoring filters and page', async () => {
    const publicIds = idsOf(['quinn', 'bo', 'dara', 'fern']);
    const seen = new Set<string>();
    for (let i = 0; i < 20; i++) {
      const response = await get('/api/candidates?random=true&count=2&search=nobody&page=9');
      expect(response.statusCode).toBe(200);
      const ids = response.json<Array<{ id: string }>>().map((card) => card.id);
      expect(ids).toHaveLength(2);
      expect(new Set(ids).size).toBe(2);
      for (const id of ids) expect(publicIds).toContain(id);
      ids.forEach((id) => seen.add(id));
    }
    expect(seen.size).toBeGreaterThan(2);
    const all = await get('/api/candidates?random=true&count=5');
    expect(all.json<Array<{ id: string }>>().map((card) => card.id).sort()).toEqual([...publicIds].sort());
  });

  it.each([
    ['?count=0', 'count must be a whole number from 1 to 100'],
    ['?count=101', 'count must be a whole number from 1 to 100'],
    ['?count=abc', 'count must be a whole number from 1 to 100'],
    ['?count=1.5', 'count must be a whole number from 1 to 100'],
    ['?page=0', 'page must be a whole number from 1'],
    ['?page=x', 'page must be a whole number from 1'],
    ['?lookingStatus=maybe', 'lookingStatus must be active, passive or all'],
    ['?random=yes', 'random must be true or false'],
    [`?search=${'a'.repeat(201)}`, 'At most 200 characters'],
    ['?search=engineer%0Asql', 'single line'],
  ])('bad query %s → 400', async (query, message) => {
    const response = await get(`/api/candidates${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false });
    expect(response.body).toContain(message);
  });

  it('a bad X-Min-Position is a 400', async () => {
    const response = await api.app().inject({ method: 'GET', url: '/api/candidates', headers: { [MIN_POSITION_HEADER]: 'yesterday' } });
    expect(response.statusCode).toBe(400);
  });
});

describe('the candidate cards privacy matrix', () => {
  const callers = ['visitor', 'owner', 'another candidate', 'company', 'admin', 'super_admin'] as const;
  const tokenOf = (caller: (typeof callers)[number]) => (caller === 'visitor' ? undefined : caller === 'owner' ? owners.priv!.token : tokens[caller]);

  it.each(callers.flatMap((caller) => [[caller, 'list'] as const, [caller, 'random'] as const]))('%s (%s): public cards only, nothing personal', async (caller, kind) => {
    const response = await get(kind === 'list' ? '/api/candidates?count=100' : '/api/candidates?random=true&count=100', tokenOf(caller));
    expect(response.statusCode).toBe(200);
    const cards = response.json<Array<Record<string, unknown>>>();
    // Even its owner does not find a private profile among the cards.
    expect(cards.map((card) => card.id).sort()).toEqual(idsOf(['quinn', 'bo', 'dara', 'fern']).sort());
    for (const card of cards) expect(Object.keys(card).sort()).toEqual(CARD_KEYS);
    for (const seeded of SEEDED) for (const text of personalTexts(seeded.key)) expect(response.body).not.toContain(text);
    for (const { userId } of Object.values(owners)) expect(response.body).not.toContain(userId);
    expect(response.body).not.toContain('Platform Engineer');
    expect(response.body).not.toContain('Terraform');
  });

  it('made private, a card disappears for every caller at once; made public, it comes back; an edit replaces it', async () => {
    expect((await send('/api/profile/privacy', { isPublic: false }, owners.fern!.token, 'PATCH')).statusCode).toBe(200);
    for (const caller of callers) expect((await list('?count=100', caller === 'owner' ? owners.fern!.token : tokenOf(caller))).ids).not.toContain(owners.fern!.profileId);
    expect((await send('/api/profile/privacy', { isPublic: true }, owners.fern!.token, 'PATCH')).statusCode).toBe(200);
    expect((await list('?count=100', tokens.company)).ids).toContain(owners.fern!.profileId);
    // An edit replaces the card.
    expect((await send('/api/profile', { ...form(SEEDED[0]!), jobTitle: 'Frontend Lead', isActivelyLooking: false }, owners.fern!.token, 'PUT')).statusCode).toBe(200);
    const edited = (await get('/api/candidates?search=frontend')).json();
    expect(edited).toEqual([expect.objectContaining({ id: owners.fern!.profileId, title: 'Frontend Lead', lookingStatus: 'passive', availability: 'open' })]);
  });

  it('erasing a person removes their card', async () => {
    expect((await list('?count=100')).ids).toContain(owners.quinn!.profileId);
    const erased = await erasePerson({ ...api.runtime(), sessionTtlMs: 3600_000, publicUrl: 'http://hireloop.test', linkedin: null }, owners.quinn!.userId, 'test-erase-quinn');
    position = maxPosition(position, erased.position);
    const after = await list('?count=100');
    expect(after.ids).not.toContain(owners.quinn!.profileId);
    expect(after.total).toBe(3);
    const sample = await get('/api/candidates?random=true&count=100');
    expect(sample.json<Array<{ id: string }>>().map((card) => card.id)).not.toContain(owners.quinn!.profileId);
  });
});

describe('GET /api/candidates/events (Server-Sent Events)', () => {
  it('tells an open stream within a second or two that the pool changed, and nothing personal', async () => {
    const address = await api.app().listen({ port: 0, host: '127.0.0.1' });
    const controller = new AbortController();
    const response = await fetch(`${address}/api/candidates/events`, { signal: controller.signal });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    const readUntil = async (pattern: RegExp, ms: number) => {
      const deadline = Date.now() + ms;
      while (!pattern.test(text)) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no ${pattern} within ${ms} ms; got ${JSON.stringify(text)}`);
        const chunk = await Promise.race([reader.read(), new Promise<null>((resolve) => setTimeout(() => resolve(null), left))]);
        if (chunk === null) continue;
        if (chunk.done) throw new Error(`stream ended; got ${JSON.stringify(text)}`);
        text += decoder.decode(chunk.value, { stream: true });
      }
    };
    try {
      // The stream says `retry:` once it listens to the feed (ADR 072): the change after it is heard.
      await readUntil(/retry: \d+\n\n/, 2000);
      const started = Date.now();
      const hide = await send('/api/profile/privacy', { isPublic: false }, owners.dara!.token, 'PATCH');
      expect(hide.statusCode).toBe(200);
      await readUntil(new RegExp(`event: ${CANDIDATES_CHANGED_EVENT}\\ndata: \\{"position":"[^"]+"\\}\\n\\n`), 3000);
      expect(Date.now() - started).toBeLessThan(3000);
      const data = JSON.parse(/data: (.*)\n/.exec(text)![1]!) as { position: string };
      // The position is one the list can be read at (read-your-writes).
      const after = await api.app().inject({ method: 'GET', url: '/api/candidates?count=100', headers: { [MIN_POSITION_HEADER]: data.position } });
      expect(after.json<Array<{ id: string }>>().map((card) => card.id)).not.toContain(owners.dara!.profileId);
      text = '';
      expect((await send('/api/profile/privacy', { isPublic: true }, owners.dara!.token, 'PATCH')).statusCode).toBe(200);
      await readUntil(new RegExp(`event: ${CANDIDATES_CHANGED_EVENT}`), 3000);
      for (const text2 of personalTexts('dara')) expect(text).not.toContain(text2);
    } finally {
      controller.abort();
      await reader.cancel().catch(() => undefined);
    }
  });
});

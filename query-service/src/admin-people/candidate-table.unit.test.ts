import { describe, expect, it } from 'vitest';
import type { AdminCandidate, AdminCandidateListQuery } from '@hireloop/contracts';
import { encodePosition } from '@hireloop/platform/event-store';
import { candidateRow, erasedCandidateRow, type AdminCandidateDocument } from '@hireloop/projections/admin-people/projection';
import { AdminCandidateTableData } from './candidate-table';

/** A small seeded generator: the same run every time. */
const random = (seed: number) => () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
  return seed / 2_147_483_648;
};

const NAMES = ['Ada', 'ada', 'Émile', 'Bo', 'Zoë', 'Li', 'Ann', 'anna', 'Østen', 'Chidi'];

describe('the admin candidates table in memory', () => {
  it('rows changed one by one (renamed, re-dated, erased, unlisted, added) are where sorting everything again puts them', () => {
    const next = random(38);
    let position = 0;
    const doc = (i: number): AdminCandidateDocument =>
      candidateRow(
        `person-${i}`,
        {
          id: `profile-${i}`,
          userId: `user-${i}`,
          firstName: NAMES[Math.floor(next() * NAMES.length)]!,
          lastName: NAMES[Math.floor(next() * NAMES.length)]!,
          email: `p${i}@x.example`,
          phone: '',
          title: '',
          location: '',
          experience: '',
          skills: [],
          visaStatus: '',
          isPrivate: false,
          verified: false,
          summary: '',
          // Many ties on creation.
          createdAt: new Date(Date.UTC(2026, 0, 1, 0, Math.floor(next() * 50))).toISOString(),
        },
        encodePosition(0, ++position),
        true,
      );
    const live = new AdminCandidateTableData();
    const latest = new Map<string, AdminCandidateDocument>();
    const put = (document: AdminCandidateDocument) => {
      live.upsert(document);
      latest.set(document._id, document);
    };
    for (let i = 0; i < 1500; i++) put(doc(i));
    live.warm();
    const queries: AdminCandidateListQuery[] = [];
    for (const sort of ['newest', 'oldest', 'name'] as const) {
      for (const search of ['', 'a', 'ë', 'p1']) queries.push({ search, sort, page: 3, pageSize: 50 }, { search, sort, page: 1, pageSize: 100 });
    }
    const check = () => {
      const fresh = new AdminCandidateTableData();
      for (const document of latest.values()) fresh.upsert(document);
      for (const query of queries) expect(live.list(query), JSON.stringify(query)).toEqual(fresh.list(query));
    };
    // 2,500 changes: past the point where the orders are sorted whole again, then moved again.
    for (let n = 0; n < 2500; n++) {
      const i = Math.floor(next() * 1800);
      const change = next();
      if (change < 0.1) put(erasedCandidateRow(`person-${i}`, encodePosition(0, ++position)));
      // A staff account without a profile is kept but not listed (ADR 070), and may be listed again.
      else if (change < 0.2) put({ ...doc(i), staff: true, listed: false });
      else put(doc(i));
      if (n % 500 === 0) check();
    }
    check();
  });
});

describe('an added candidate who claims their profile (ADR 038)', () => {
  it('stays one row: the kept matches of a search give the claimed row, with the user id and verified', () => {
    const shown: AdminCandidate = {
      id: 'profile-1',
      userId: null,
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@people.example',
      phone: '',
      title: 'Analyst',
      location: '',
      experience: '',
      skills: [],
      visaStatus: '',
      isPrivate: false,
      verified: false,
      summary: '',
      createdAt: '2026-11-20T10:00:00.000Z',
    };
    const table = new AdminCandidateTableData();
    table.upsert(candidateRow('person-1', shown, encodePosition(0, 1), true));
    table.upsert(candidateRow('person-2', { ...shown, id: 'profile-2', userId: 'person-2', firstName: 'Bo', lastName: 'Brook', email: 'bo@x.example' }, encodePosition(0, 2), true));
    table.warm();
    const query: AdminCandidateListQuery = { search: 'lovelace', sort: 'name', page: 1, pageSize: 25 };
    expect(table.list(query).candidates.map((row) => [row.id, row.userId, row.verified])).toEqual([['profile-1', null, false]]);
    // The projection's two writes of the claim: the account's row, then the proof.
    table.upsert(candidateRow('person-1', { ...shown, userId: 'person-1' }, encodePosition(0, 3), true));
    table.upsert(candidateRow('person-1', { ...shown, userId: 'person-1', verified: true }, encodePosition(0, 4), true));
    const answer = table.list(query);
    expect(answer.total).toBe(1);
    expect(answer.candidates.map((row) => [row.id, row.userId, row.verified])).toEqual([['profile-1', 'person-1', true]]);
    expect(table.list({ search: '', sort: 'newest', page: 1, pageSize: 25 }).total).toBe(2);
  });
});

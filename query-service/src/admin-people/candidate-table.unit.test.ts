import { describe, expect, it } from 'vitest';
import type { AdminCandidateListQuery } from '@hireloop/contracts';
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
  it('rows changed one by one (renamed, re-dated, erased, added) are where sorting everything again puts them', () => {
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
      if (next() < 0.1) put(erasedCandidateRow(`person-${i}`, encodePosition(0, ++position)));
      else put(doc(i));
      if (n % 500 === 0) check();
    }
    check();
  });
});

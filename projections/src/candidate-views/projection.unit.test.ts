import { describe, it } from 'vitest';
import type { CandidateViewCounted } from '@hireloop/contracts';
import { projectionSpec } from '../shared/projection-spec';
import { candidateViewsProjection } from './projection';

const spec = projectionSpec(candidateViewsProjection);
const viewed = (companyId: string, profileId: string, month: string): CandidateViewCounted => ({
  companyId,
  profileId,
  candidateUserId: `user-${profileId}`,
  month,
  planId: 'free',
  viewedBy: 'user-1',
  countedAt: `${month}-15T10:00:00.000Z`,
});
const event = (data: CandidateViewCounted) => ({ streamId: `candidate-views-${data.companyId}-${data.month}`, type: 'CandidateViewCounted', data });
const row = (data: CandidateViewCounted) => ({
  _id: `${data.companyId}:${data.profileId}:${data.month}`,
  companyId: data.companyId,
  profileId: data.profileId,
  candidateUserId: data.candidateUserId,
  month: data.month,
  countedAt: data.countedAt,
});

describe('candidate-views read model', () => {
  it('keeps each company’s opened profiles per month, and counts them per month', async () => {
    const a = viewed('co-1', 'p1', '2026-11');
    const b = viewed('co-1', 'p2', '2026-11');
    const c = viewed('co-1', 'p1', '2026-12');
    const d = viewed('co-2', 'p1', '2026-11');
    const given = spec.given([event(a), event(b), event(c), event(d)]);
    await given.then('views', [row(a), row(c), row(b), row(d)]);
    await given.then('usage', [
      { _id: 'co-1:2026-11', companyId: 'co-1', month: '2026-11', used: 2 },
      { _id: 'co-1:2026-12', companyId: 'co-1', month: '2026-12', used: 1 },
      { _id: 'co-2:2026-11', companyId: 'co-2', month: '2026-11', used: 1 },
    ]);
  });

  it('a delivery seen again is not counted twice', async () => {
    const a = viewed('co-1', 'p1', '2026-11');
    await spec.given([event(a), event(a)]).then('usage', [{ _id: 'co-1:2026-11', companyId: 'co-1', month: '2026-11', used: 1 }]);
  });

  it('erasing the candidate removes their rows; the month’s count stays (the views were used)', async () => {
    const a = viewed('co-1', 'p1', '2026-11');
    const b = viewed('co-1', 'p2', '2026-11');
    const given = spec.given([event(a), event(b), { streamId: 'user-user-p1', type: 'PersonErased', data: { userId: 'user-p1', erasedAt: '2026-11-27T00:00:00.000Z' } }]);
    await given.then('views', [row(b)]);
    await given.then('usage', [{ _id: 'co-1:2026-11', companyId: 'co-1', month: '2026-11', used: 2 }]);
  });
});

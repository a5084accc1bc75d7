import { CandidateViewCounted, PersonErased } from '@hireloop/contracts';
import type { ProjectionDefinition } from '../shared/projection';

/** One full profile a company opened in one month (`_id`: `<companyId>:<profileId>:<month>`). */
export type CandidateViewDocument = {
  _id: string;
  companyId: string;
  profileId: string;
  candidateUserId: string;
  month: string;
  countedAt: string;
};

/** How many full profiles a company opened in one month (`_id`: `<companyId>:<month>`): the usage the pricing page shows. */
export type CandidateViewUsageDocument = {
  _id: string;
  companyId: string;
  month: string;
  used: number;
};

export const candidateViewId = (companyId: string, profileId: string, month: string) => `${companyId}:${profileId}:${month}`;
export const candidateViewUsageId = (companyId: string, month: string) => `${companyId}:${month}`;

/**
 * `candidate-views` (plan limits, ADR 030): which candidates' full profiles each company opened,
 * per month, for the profile page (a company that has not counted a profile this month is asked
 * to), and how many, for the usage shown with the plan. Erasing a candidate removes their rows;
 * the month's count stays, as the views were used.
 */
export const candidateViewsProjection: ProjectionDefinition = {
  name: 'candidate-views',
  version: 1,
  collections: { views: { indexes: [{ fields: ['candidateUserId'] }] }, usage: {} },
  eventTypes: ['CandidateViewCounted', 'PersonErased'],
  async apply(event, tx) {
    const views = tx.collection<CandidateViewDocument>('views');
    switch (event.type) {
      case 'CandidateViewCounted': {
        const { companyId, profileId, candidateUserId, month, countedAt } = CandidateViewCounted.parse(event.data);
        const _id = candidateViewId(companyId, profileId, month);
        // The decider records a profile once a month; a replayed delivery is not counted twice.
        if (await views.get(_id)) return;
        await views.put({ _id, companyId, profileId, candidateUserId, month, countedAt });
        const usage = tx.collection<CandidateViewUsageDocument>('usage');
        const usageId = candidateViewUsageId(companyId, month);
        const current = await usage.get(usageId);
        await usage.put({ _id: usageId, companyId, month, used: (current?.used ?? 0) + 1 });
        return;
      }
      case 'PersonErased': {
        const { userId } = PersonErased.parse(event.data);
        await views.deleteMany({ candidateUserId: userId });
        return;
      }
    }
  },
};

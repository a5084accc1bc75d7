import { CandidateViewCounted, PersonErased } from '@hireloop/contracts';
import { evolvingProjection, slice, unhandled, type EvolveAt, type ProjectedEvent } from '../shared/evolve';

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

const schemas = { CandidateViewCounted, PersonErased };
type CandidateViewsEvent = ProjectedEvent<typeof schemas>;

/** The view an event counts, as it was before the event: usage counts a view only the first time. */
type Known = { view: readonly CandidateViewDocument[] };

const viewIdOf = ({ companyId, profileId, month }: CandidateViewCounted) => candidateViewId(companyId, profileId, month);

/** Pure: one company's view of one profile in one month after an event (an erased candidate's go). */
export function evolveView(doc: CandidateViewDocument | null, event: CandidateViewsEvent): CandidateViewDocument | null {
  switch (event.type) {
    case 'CandidateViewCounted': {
      // The decider records a profile once a month; a replayed delivery is not counted twice.
      if (doc) return doc;
      const { companyId, profileId, candidateUserId, month, countedAt } = event.data;
      return { _id: viewIdOf(event.data), companyId, profileId, candidateUserId, month, countedAt };
    }
    case 'PersonErased':
      return null;
    default:
      return unhandled(event);
  }
}

/** Pure: a company's usage of a month after an event; `known.view`: the view was counted before. */
export function evolveUsage(current: CandidateViewUsageDocument | null, event: CandidateViewsEvent, known: Known): CandidateViewUsageDocument | null {
  switch (event.type) {
    case 'CandidateViewCounted': {
      if (known.view.length > 0) return current;
      const { companyId, month } = event.data;
      return { _id: candidateViewUsageId(companyId, month), companyId, month, used: (current?.used ?? 0) + 1 };
    }
    // The month's count stays: the views were used.
    case 'PersonErased':
      return current;
    default:
      return unhandled(event);
  }
}

/**
 * `candidate-views` (plan limits, ADR 030): which candidates' full profiles each company opened,
 * per month, for the profile page (a company that has not counted a profile this month is asked
 * to), and how many, for the usage shown with the plan. Erasing a candidate removes their rows;
 * the month's count stays, as the views were used.
 */
export const candidateViewsProjection = evolvingProjection<typeof schemas, Known>({
  name: 'candidate-views',
  version: 1,
  collections: { views: { indexes: [{ fields: ['candidateUserId'] }] }, usage: {} },
  schemas,
  lookups: (event) => ({ view: event.type === 'CandidateViewCounted' ? { collection: 'views', ids: [viewIdOf(event.data)] } : null }),
  slices: [
    slice('views', {
      documents: (event: CandidateViewsEvent) =>
        event.type === 'CandidateViewCounted' ? viewIdOf(event.data) : { where: { candidateUserId: event.data.userId } },
      evolve: evolveView,
    }),
    slice('usage', {
      documents: (event: CandidateViewsEvent) => (event.type === 'CandidateViewCounted' ? candidateViewUsageId(event.data.companyId, event.data.month) : null),
      evolve: (current: CandidateViewUsageDocument | null, event: CandidateViewsEvent, { context }: EvolveAt<Known>) => evolveUsage(current, event, context),
    }),
  ],
});

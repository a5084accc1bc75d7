import {
  CandidateProfileCreated,
  CandidateProfileUpdated,
  CandidateProfileVisibilityChanged,
  CandidateSummaryFailed,
  CandidateSummaryGenerated,
  CandidateSummaryRequested,
  PersonErased,
  type Availability,
} from '@hireloop/contracts';
import { evolvingProjection, slice, unhandled, type ProjectedEvent } from '../shared/evolve';

/**
 * `candidate-summaries`: the AI summary of each profile, by profile id, with the profile's own
 * non-personal facts its route needs to decide who may read it (owner, public, availability), so
 * `GET /api/candidates/:id/ai-summary` reads this one document and nothing else.
 */
export type CandidateSummaryDocument = {
  _id: string;
  userId: string;
  isPublic: boolean;
  availability: Availability;
  /** Profile stream version of its last content change; a summary of an older one is stale. */
  contentVersion: number;
  summary: { summaryText: string; strengths: string[]; fitRoles: string[]; model: string; generatedAt: string } | null;
  /** Profile version of the last outcome (summary or failure), or null. */
  outcomeVersion: number | null;
  outcome: 'generated' | 'failed' | null;
  /** Regenerate requests since the last outcome. */
  openRequests: number;
};

const schemas = {
  CandidateProfileCreated,
  CandidateProfileUpdated,
  CandidateProfileVisibilityChanged,
  CandidateSummaryRequested,
  CandidateSummaryGenerated,
  CandidateSummaryFailed,
  PersonErased,
};
type CandidateSummariesEvent = ProjectedEvent<typeof schemas>;

/** Pure: a profile's summary document after an event (null: no profile, or its person erased). */
export function evolveCandidateSummary(current: CandidateSummaryDocument | null, event: CandidateSummariesEvent): CandidateSummaryDocument | null {
  switch (event.type) {
    case 'CandidateProfileCreated':
    case 'CandidateProfileUpdated': {
      const { data } = event;
      const base = current ?? { summary: null, outcomeVersion: null, outcome: null, openRequests: 0 };
      return { ...base, _id: data.profileId, userId: data.userId, isPublic: data.isPublic, availability: data.availability, contentVersion: event.streamVersion };
    }
    case 'CandidateProfileVisibilityChanged':
      return current && { ...current, isPublic: event.data.isPublic };
    case 'CandidateSummaryRequested':
      return current && event.data.reason === 'regenerate' ? { ...current, openRequests: current.openRequests + 1 } : current;
    case 'CandidateSummaryGenerated': {
      if (!current) return null;
      const { summaryText, strengths, fitRoles, model, generatedAt, profileVersion } = event.data;
      return { ...current, summary: { summaryText, strengths, fitRoles, model, generatedAt }, outcomeVersion: profileVersion, outcome: 'generated', openRequests: 0 };
    }
    case 'CandidateSummaryFailed':
      return current && { ...current, outcomeVersion: event.data.profileVersion, outcome: 'failed', openRequests: 0 };
    case 'PersonErased':
      // The person is forgotten: their summaries go (ADR 019).
      return null;
    default:
      return unhandled(event);
  }
}

export const candidateSummariesProjection = evolvingProjection({
  name: 'candidate-summaries',
  version: 1,
  collections: { 'candidate-summaries': { indexes: [{ fields: ['userId'] }] } },
  schemas,
  slices: [
    slice('candidate-summaries', {
      documents: (event: CandidateSummariesEvent) => (event.type === 'PersonErased' ? { where: { userId: event.data.userId } } : event.data.profileId),
      evolve: evolveCandidateSummary,
    }),
  ],
});

/** The spec's three states (§3 "AI summary"): the summary, the waiting text or the error. */
export type SummaryStatus = 'ready' | 'pending' | 'failed';

export const summaryStatus = (doc: CandidateSummaryDocument): SummaryStatus => {
  if (doc.openRequests > 0 || doc.outcomeVersion === null || doc.outcomeVersion < doc.contentVersion) return 'pending';
  return doc.outcome === 'generated' && doc.summary ? 'ready' : 'failed';
};

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
import type { ProjectionDefinition } from '../shared/projection';

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

export const candidateSummariesProjection: ProjectionDefinition = {
  name: 'candidate-summaries',
  version: 1,
  collections: { 'candidate-summaries': { indexes: [{ fields: ['userId'] }] } },
  eventTypes: [
    'CandidateProfileCreated',
    'CandidateProfileUpdated',
    'CandidateProfileVisibilityChanged',
    'CandidateSummaryRequested',
    'CandidateSummaryGenerated',
    'CandidateSummaryFailed',
    'PersonErased',
  ],
  async apply(event, tx) {
    const summaries = tx.collection<CandidateSummaryDocument>('candidate-summaries');
    switch (event.type) {
      case 'CandidateProfileCreated':
      case 'CandidateProfileUpdated': {
        const data = (event.type === 'CandidateProfileCreated' ? CandidateProfileCreated : CandidateProfileUpdated).parse(event.data);
        const current = await summaries.get(data.profileId);
        const base = current ?? { summary: null, outcomeVersion: null, outcome: null, openRequests: 0 };
        await summaries.put({ ...base, _id: data.profileId, userId: data.userId, isPublic: data.isPublic, availability: data.availability, contentVersion: event.streamVersion });
        return;
      }
      case 'CandidateProfileVisibilityChanged': {
        const data = CandidateProfileVisibilityChanged.parse(event.data);
        const current = await summaries.get(data.profileId);
        if (current) await summaries.put({ ...current, isPublic: data.isPublic });
        return;
      }
      case 'CandidateSummaryRequested': {
        const data = CandidateSummaryRequested.parse(event.data);
        const current = await summaries.get(data.profileId);
        if (current && data.reason === 'regenerate') await summaries.put({ ...current, openRequests: current.openRequests + 1 });
        return;
      }
      case 'CandidateSummaryGenerated': {
        const data = CandidateSummaryGenerated.parse(event.data);
        const current = await summaries.get(data.profileId);
        if (!current) return;
        const { summaryText, strengths, fitRoles, model, generatedAt } = data;
        await summaries.put({ ...current, summary: { summaryText, strengths, fitRoles, model, generatedAt }, outcomeVersion: data.profileVersion, outcome: 'generated', openRequests: 0 });
        return;
      }
      case 'CandidateSummaryFailed': {
        const data = CandidateSummaryFailed.parse(event.data);
        const current = await summaries.get(data.profileId);
        if (current) await summaries.put({ ...current, outcomeVersion: data.profileVersion, outcome: 'failed', openRequests: 0 });
        return;
      }
      case 'PersonErased': {
        // The person is forgotten: their summaries go (ADR 019).
        await summaries.deleteMany({ userId: PersonErased.parse(event.data).userId });
        return;
      }
    }
  },
};

/** The spec's three states (§3 "AI summary"): the summary, the waiting text or the error. */
export type SummaryStatus = 'ready' | 'pending' | 'failed';

export const summaryStatus = (doc: CandidateSummaryDocument): SummaryStatus => {
  if (doc.openRequests > 0 || doc.outcomeVersion === null || doc.outcomeVersion < doc.contentVersion) return 'pending';
  return doc.outcome === 'generated' && doc.summary ? 'ready' : 'failed';
};

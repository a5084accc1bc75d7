import { describe, expect, it } from 'vitest';
import { candidateStreamId, candidateSummaryStreamId, type CandidateProfileCreated } from '@hireloop/contracts';
import { sampleProfileContent } from '@hireloop/contracts/testing/profiles';
import { projectionSpec } from '../shared/projection-spec';
import { candidateSummariesProjection, summaryStatus, type CandidateSummaryDocument } from './projection';

const spec = projectionSpec(candidateSummariesProjection);
const at = '2026-11-23T10:00:00.000Z';
const content: CandidateProfileCreated = { ...sampleProfileContent({ location: 'London' }), profileId: 'p1', userId: 'u1', source: 'wizard', createdAt: at };
const profile = (type: string, data: object) => ({ streamId: candidateStreamId('p1'), type, data });
const summaryEvent = (type: string, data: object) => ({ streamId: candidateSummaryStreamId('p1'), type, data: { profileId: 'p1', userId: 'u1', ...data } });
const generated = (profileVersion: number) =>
  summaryEvent('CandidateSummaryGenerated', { profileVersion, summaryText: 'Text', strengths: ['TypeScript'], fitRoles: ['Software Engineer'], model: 'local', generatedAt: at });
const base: CandidateSummaryDocument = {
  _id: 'p1',
  userId: 'u1',
  isPublic: true,
  availability: 'immediate',
  contentVersion: 0,
  summary: null,
  outcomeVersion: null,
  outcome: null,
  openRequests: 0,
};
const summary = { summaryText: 'Text', strengths: ['TypeScript'], fitRoles: ['Software Engineer'], model: 'local', generatedAt: at };

describe('candidate-summaries', () => {
  it('keeps only the profile facts access needs, never its personal fields', async () => {
    await spec.given([profile('CandidateProfileCreated', content)]).then('candidate-summaries', [base]);
  });

  it('holds the summary once generated, and follows visibility and content changes', async () => {
    await spec
      .given([
        profile('CandidateProfileCreated', content),
        generated(0),
        profile('CandidateProfileVisibilityChanged', { profileId: 'p1', userId: 'u1', isPublic: false, changedAt: at }),
        profile('CandidateProfileUpdated', { ...content, availability: 'open', updatedAt: at }),
      ])
      .then('candidate-summaries', [{ ...base, isPublic: true, availability: 'open', contentVersion: 2, summary, outcomeVersion: 0, outcome: 'generated' }]);
  });

  it('counts regenerate requests until an outcome, and records failures', async () => {
    await spec
      .given([
        profile('CandidateProfileCreated', content),
        generated(0),
        summaryEvent('CandidateSummaryRequested', { profileVersion: 0, reason: 'regenerate', requestedBy: 'c1', requestedAt: at }),
      ])
      .then('candidate-summaries', [{ ...base, summary, outcomeVersion: 0, outcome: 'generated', openRequests: 1 }]);
    await spec
      .given([profile('CandidateProfileCreated', content), summaryEvent('CandidateSummaryFailed', { profileVersion: 0, reason: 'HTTP 500', failedAt: at })])
      .then('candidate-summaries', [{ ...base, outcomeVersion: 0, outcome: 'failed' }]);
  });

  it("forgets an erased person's summaries", async () => {
    await spec
      .given([profile('CandidateProfileCreated', content), generated(0), { streamId: 'user-u1', type: 'PersonErased', data: { userId: 'u1', erasedAt: at } }])
      .then('candidate-summaries', []);
  });

  it('says pending until the current content is summarised, then ready or failed', () => {
    expect(summaryStatus(base)).toBe('pending');
    expect(summaryStatus({ ...base, summary, outcomeVersion: 0, outcome: 'generated' })).toBe('ready');
    expect(summaryStatus({ ...base, contentVersion: 2, summary, outcomeVersion: 0, outcome: 'generated' })).toBe('pending');
    expect(summaryStatus({ ...base, summary, outcomeVersion: 0, outcome: 'generated', openRequests: 1 })).toBe('pending');
    expect(summaryStatus({ ...base, summary, outcomeVersion: 1, outcome: 'failed' })).toBe('failed');
  });
});

import { describe, it } from 'vitest';
import type { CandidateSummaryEvent, CandidateSummaryFailed, CandidateSummaryGenerated, CandidateSummaryRequested } from '@hireloop/contracts';
import { deciderSpec } from '../shared/decider-spec';
import { summaryDecider } from './decider';

const spec = deciderSpec(summaryDecider);
const at = '2026-11-23T10:00:00.000Z';
const generated = (profileVersion: number): CandidateSummaryGenerated => ({
  profileId: 'p1',
  userId: 'u1',
  profileVersion,
  summaryText: 'Software Engineer with 5+ years of experience.',
  strengths: ['TypeScript'],
  fitRoles: ['Software Engineer'],
  model: 'local',
  generatedAt: at,
});
const failed = (profileVersion: number): CandidateSummaryFailed => ({ profileId: 'p1', userId: 'u1', profileVersion, reason: 'The AI service answered with HTTP 500.', failedAt: at });
const requested = (profileVersion: number): CandidateSummaryRequested => ({ profileId: 'p1', userId: 'u1', profileVersion, reason: 'regenerate', requestedBy: 'c1', requestedAt: at });
const event = {
  generated: (version: number): CandidateSummaryEvent => ({ type: 'CandidateSummaryGenerated', data: generated(version) }),
  failed: (version: number): CandidateSummaryEvent => ({ type: 'CandidateSummaryFailed', data: failed(version) }),
  requested: (version: number): CandidateSummaryEvent => ({ type: 'CandidateSummaryRequested', data: requested(version) }),
};

describe('the AI summary of a profile', () => {
  it('is written for a new profile', () => {
    spec
      .given([])
      .when({ type: 'RecordSummary', data: { trigger: { kind: 'profile_changed', contentVersion: 0 }, outcome: generated(0) } })
      .then([event.generated(0)]);
  });

  it('is not written twice for the same profile version (a replayed event)', () => {
    spec
      .given([event.generated(0)])
      .when({ type: 'RecordSummary', data: { trigger: { kind: 'profile_changed', contentVersion: 0 }, outcome: generated(0) } })
      .then([]);
  });

  it('is written again when the profile changed after it', () => {
    spec
      .given([event.generated(0)])
      .when({ type: 'RecordSummary', data: { trigger: { kind: 'profile_changed', contentVersion: 2 }, outcome: generated(2) } })
      .then([event.generated(2)]);
  });

  it('a failure counts as the answer for its version: a replay does not retry it', () => {
    spec
      .given([event.failed(0)])
      .when({ type: 'RecordFailure', data: { trigger: { kind: 'profile_changed', contentVersion: 0 }, outcome: failed(0) } })
      .then([]);
  });

  it('a regenerate request is answered once', () => {
    spec.given([event.generated(0)]).when({ type: 'RequestSummary', data: requested(0) }).then([event.requested(0)]);
    spec
      .given([event.generated(0), event.requested(0)])
      .when({ type: 'RecordSummary', data: { trigger: { kind: 'regenerate' }, outcome: generated(0) } })
      .then([event.generated(0)]);
    spec
      .given([event.generated(0), event.requested(0), event.generated(0)])
      .when({ type: 'RecordSummary', data: { trigger: { kind: 'regenerate' }, outcome: generated(0) } })
      .then([]);
  });

  it('a failed regenerate is recorded', () => {
    spec
      .given([event.generated(0), event.requested(0)])
      .when({ type: 'RecordFailure', data: { trigger: { kind: 'regenerate' }, outcome: failed(0) } })
      .then([event.failed(0)]);
  });
});

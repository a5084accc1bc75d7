import { describe, expect, it } from 'vitest';
import type { ApplicationSubmitted, ApplicationViewed } from '@hireloop/contracts';
import { projectedEvent, projectionSpec } from '../shared/projection-spec';
import { applicationKey, applicationsProjection, evolveApplication, type ApplicationDocument } from './projection';

const spec = projectionSpec(applicationsProjection);
const stream = 'application-1';
const submitted: ApplicationSubmitted = { applicationId: 'application-1', jobId: 'job-1', candidateUserId: 'user-ada', submittedAt: '2026-11-20T10:00:00.000Z' };
const move = (at: string): ApplicationViewed => ({ applicationId: 'application-1', jobId: 'job-1', candidateUserId: 'user-ada', at, by: 'user-owner' });
const applied: ApplicationDocument = {
  _id: applicationKey('job-1', 'user-ada'),
  ...submitted,
  status: 'applied',
  timeline: [{ status: 'applied', at: submitted.submittedAt }],
  lastMovedAt: submitted.submittedAt,
};

describe('applications read model', () => {
  it('an application moves along its timeline, every step kept', async () => {
    await spec
      .given([
        { streamId: stream, type: 'ApplicationSubmitted', data: submitted },
        { streamId: stream, type: 'ApplicationViewed', data: move('2026-11-21T10:00:00.000Z') },
        { streamId: stream, type: 'ApplicationInterviewInvited', data: move('2026-11-22T10:00:00.000Z') },
      ])
      .then('applications', [
        {
          ...applied,
          status: 'interview',
          timeline: [
            { status: 'applied', at: '2026-11-20T10:00:00.000Z' },
            { status: 'viewed', at: '2026-11-21T10:00:00.000Z' },
            { status: 'interview', at: '2026-11-22T10:00:00.000Z' },
          ],
          lastMovedAt: '2026-11-22T10:00:00.000Z',
        },
      ]);
  });

  it('a move of an application it does not have makes none', async () => {
    await spec.given([{ streamId: stream, type: 'ApplicationWithdrawn', data: move('2026-11-21T10:00:00.000Z') }]).then('applications', []);
  });
});

describe('evolveApplication (pure)', () => {
  it('a submission makes the applied document, whatever was there', () => {
    expect(evolveApplication(null, projectedEvent('ApplicationSubmitted', submitted))).toEqual(applied);
  });

  it('a move returns a new document and leaves the one it was given as it was', () => {
    const before = structuredClone(applied);
    const after = evolveApplication(applied, projectedEvent('ApplicationDeclined', move('2026-11-23T10:00:00.000Z')));
    expect(after).toMatchObject({ status: 'declined', lastMovedAt: '2026-11-23T10:00:00.000Z' });
    expect(applied).toEqual(before);
  });

  it('a move without an application is none', () => {
    expect(evolveApplication(null, projectedEvent('ApplicationDeclined', move('2026-11-23T10:00:00.000Z')))).toBeNull();
  });
});

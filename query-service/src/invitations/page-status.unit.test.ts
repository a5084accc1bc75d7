import { describe, expect, it } from 'vitest';
import type { JobPosted } from '@hireloop/contracts';
import { hashToken } from '@hireloop/platform/accounts/tokens';
import { createMemoryEventStore } from '@hireloop/platform/event-store';
import { createMemoryReadStore } from '@hireloop/platform/read-store';
import { invitationsProjection } from '@hireloop/projections/invitations/projection';
import { jobBoardProjection } from '@hireloop/projections/job-board/projection';
import { ProjectionRunner } from '@hireloop/projections/runner';
import { renderInvitationPageFor } from './page-status';

const html = '<html><head><title>Hireloop</title></head><body></body></html>';
const invitationId = '0123456789abcdef0123456789abcdef';
const token = `${invitationId}.${'A'.repeat(43)}`;
const job: JobPosted = {
  jobId: 'job-1',
  shareToken: 'share-job-1',
  companyId: 'company-1',
  postedBy: 'user-1',
  title: 'Data Engineer',
  company: 'Northwind',
  location: 'Austin, TX',
  salary: null,
  type: 'Full-time',
  remote: false,
  description: 'Own the pipelines.',
  requirements: [],
  skills: [],
  experience: 'Senior level',
  benefits: null,
  source: 'internal',
  externalUrl: null,
};

async function withOneInvitation() {
  const eventStore = createMemoryEventStore();
  const readStore = createMemoryReadStore();
  const metadata = (n: number) => ({ eventId: `event-${n}`, occurredAt: '2026-11-25T10:00:00.000Z', actor: 'system' as const, correlationId: 'test', causationId: null, schemaVersion: 1 });
  await eventStore.append('job-job-1', [{ type: 'JobPosted', data: job, metadata: metadata(1) }]);
  await eventStore.append(`invitation-${invitationId}`, [
    {
      type: 'InvitationSent',
      data: { invitationId, jobId: 'job-1', companyId: 'company-1', candidateUserId: 'user-ada', candidateProfileId: 'profile-ada', message: '', tokenHash: hashToken(token), sentBy: 'user-1', sentAt: '2026-11-25T10:00:00.000Z', expiresAt: '2026-12-25T10:00:00.000Z' },
      metadata: metadata(2),
    },
  ]);
  for (const projection of [jobBoardProjection, invitationsProjection]) await new ProjectionRunner({ eventStore, readStore, projection }).catchUp();
  return readStore;
}

describe('invitation links for the SPA fallback', () => {
  const now = new Date('2026-11-26T10:00:00.000Z');

  it('leaves other paths to the SPA', async () => {
    expect(await renderInvitationPageFor(createMemoryReadStore(), '/jobs', html, now)).toBeNull();
  });

  it('answers a link that opens an invitation with 200, and an unknown, wrong, malformed or expired one with the app and a 404', async () => {
    const readStore = await withOneInvitation();
    expect(await renderInvitationPageFor(readStore, `/invitation/${token}`, html, now)).toEqual({ status: 200, html });
    expect(await renderInvitationPageFor(readStore, `/invitation/${invitationId}.${'B'.repeat(43)}`, html, now)).toEqual({ status: 404, html });
    expect(await renderInvitationPageFor(readStore, '/invitation/not-a-token', html, now)).toEqual({ status: 404, html });
    expect(await renderInvitationPageFor(readStore, '/invitation/%E0%A4%A', html, now)).toEqual({ status: 404, html });
    expect(await renderInvitationPageFor(readStore, `/invitation/${token}`, html, new Date('2026-12-26T00:00:00.000Z'))).toEqual({ status: 404, html });
  });
});

import { ApplicationSubmitted } from '@hireloop/contracts';
import type { ProjectionDefinition } from '../shared/projection';

export type ApplicationDocument = { _id: string; applicationId: string; jobId: string; candidateUserId: string; submittedAt: string };

export const applicationKey = (jobId: string, candidateUserId: string) => `${jobId}:${candidateUserId}`;

/** `applications`: who applied to which job, for "Applied" states and the admin analytics. */
export const applicationsProjection: ProjectionDefinition = {
  name: 'applications',
  version: 1,
  collections: { applications: { indexes: [{ fields: ['jobId'] }, { fields: ['candidateUserId', 'submittedAt'] }], documentIndex: true } },
  eventTypes: ['ApplicationSubmitted'],
  async apply(event, tx) {
    const data = ApplicationSubmitted.parse(event.data);
    await tx.collection<ApplicationDocument>('applications').put({ _id: applicationKey(data.jobId, data.candidateUserId), ...data });
  },
};

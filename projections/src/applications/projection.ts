import { APPLICATION_EVENT_STATUS, ApplicationEventSchemas, ApplicationSubmitted, type ApplicationEvent, type ApplicationStatus, type ApplicationStep } from '@hireloop/contracts';
import type { ProjectionDefinition } from '../shared/projection';

export type ApplicationDocument = {
  _id: string;
  applicationId: string;
  jobId: string;
  candidateUserId: string;
  submittedAt: string;
  /** Where it is on its timeline (issue 13), and every step to it, oldest first. */
  status: ApplicationStatus;
  timeline: ApplicationStep[];
  lastMovedAt: string;
};

export const applicationKey = (jobId: string, candidateUserId: string) => `${jobId}:${candidateUserId}`;

const MOVES = ['ApplicationViewed', 'ApplicationInterviewInvited', 'ApplicationDeclined', 'ApplicationWithdrawn', 'ApplicationMarkedNoResponse'] as const;

/**
 * `applications`: who applied to which job and where each application is on its timeline, for
 * the candidate's list, the company's applicants, the "Applied" states and the admin analytics.
 * Version 2 added the timeline.
 */
export const applicationsProjection: ProjectionDefinition = {
  name: 'applications',
  version: 2,
  collections: { applications: { indexes: [{ fields: ['jobId'] }, { fields: ['candidateUserId', 'submittedAt'] }], documentIndex: true } },
  eventTypes: ['ApplicationSubmitted', ...MOVES],
  async apply(event, tx) {
    const applications = tx.collection<ApplicationDocument>('applications');
    if (event.type === 'ApplicationSubmitted') {
      const data = ApplicationSubmitted.parse(event.data);
      await applications.put({
        _id: applicationKey(data.jobId, data.candidateUserId),
        ...data,
        status: 'applied',
        timeline: [{ status: 'applied', at: data.submittedAt }],
        lastMovedAt: data.submittedAt,
      });
      return;
    }
    const type = event.type as (typeof MOVES)[number];
    const data = ApplicationEventSchemas[type].parse(event.data);
    const key = applicationKey(data.jobId, data.candidateUserId);
    const doc = await applications.get(key);
    if (!doc) return;
    const status = APPLICATION_EVENT_STATUS[type satisfies ApplicationEvent['type']];
    await applications.put({ ...doc, status, timeline: [...doc.timeline, { status, at: data.at }], lastMovedAt: data.at });
  },
};

import { APPLICATION_EVENT_STATUS, ApplicationEventSchemas, type ApplicationStatus, type ApplicationStep } from '@hireloop/contracts';
import { evolvingProjection, slice, unhandled, type ProjectedEvent } from '../shared/evolve';

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

type ApplicationsEvent = ProjectedEvent<typeof ApplicationEventSchemas>;

/** Pure: an application after an event; a move of an application the read model does not have leaves it so. */
export function evolveApplication(doc: ApplicationDocument | null, event: ApplicationsEvent): ApplicationDocument | null {
  switch (event.type) {
    case 'ApplicationSubmitted': {
      const { data } = event;
      return {
        _id: applicationKey(data.jobId, data.candidateUserId),
        ...data,
        status: 'applied',
        timeline: [{ status: 'applied', at: data.submittedAt }],
        lastMovedAt: data.submittedAt,
      };
    }
    case 'ApplicationViewed':
    case 'ApplicationInterviewInvited':
    case 'ApplicationDeclined':
    case 'ApplicationWithdrawn':
    case 'ApplicationMarkedNoResponse': {
      if (!doc) return null;
      const status = APPLICATION_EVENT_STATUS[event.type];
      const { at } = event.data;
      return { ...doc, status, timeline: [...doc.timeline, { status, at }], lastMovedAt: at };
    }
    default:
      return unhandled(event);
  }
}

/**
 * `applications`: who applied to which job and where each application is on its timeline, for
 * the candidate's list, the company's applicants, the "Applied" states and the admin analytics.
 * Version 2 added the timeline.
 */
export const applicationsProjection = evolvingProjection({
  name: 'applications',
  version: 2,
  collections: { applications: { indexes: [{ fields: ['jobId'] }, { fields: ['candidateUserId', 'submittedAt'] }], documentIndex: true } },
  schemas: ApplicationEventSchemas,
  slices: [
    slice('applications', {
      documents: (event: ApplicationsEvent) => applicationKey(event.data.jobId, event.data.candidateUserId),
      evolve: evolveApplication,
    }),
  ],
});

import {
  ADMIN_ACTIVITY_ACTIONS,
  ADMIN_ACTIVITY_EVENTS,
  Role,
  type AdminActivityAction,
  type AdminActivityDetails,
  type AdminActivityEntityType,
} from '@hireloop/contracts';
import type { RecordedEvent } from '@hireloop/platform/event-store';
import { z } from 'zod';
import { evolvingProjection, slice, type ProjectedEvent } from '../shared/evolve';

/**
 * One admin action: ids and enumerated values only (ADR 035). The admin's and the subject's names
 * are not here: the query reads them from their own read models when it answers, so an erased
 * person is erased here too without this read model doing anything.
 */
export type AdminActivityDocument = {
  /** The event's id. */
  _id: string;
  position: string;
  occurredAt: string;
  adminId: string;
  adminRole: 'admin' | 'super_admin';
  eventType: string;
  action: AdminActivityAction;
  entityType: AdminActivityEntityType;
  entityId: string;
  details: AdminActivityDetails;
};

type Subject = { entityId: string; details: AdminActivityDetails };

/** A field that must be a string id: an event without it is a broken event (the runner parks it). */
const text = (data: unknown, field: string): string => {
  const value = (data as Record<string, unknown> | null)?.[field];
  if (typeof value !== 'string') throw new Error(`admin-activities: the event has no ${field}`);
  return value;
};

/** Only the ids each event names its subject by, and enumerated values: the rest of the payload is never read. */
const id =
  (field: string) =>
  (data: unknown): Subject => ({ entityId: text(data, field), details: {} });
const withJob =
  (field: string) =>
  (data: unknown): Subject => ({ entityId: text(data, field), details: { jobId: text(data, 'jobId') } });

const SUBJECTS: Record<keyof typeof ADMIN_ACTIVITY_EVENTS, (data: unknown) => Subject> = {
  JobPosted: id('jobId'),
  JobEdited: id('jobId'),
  JobClosed: id('jobId'),
  JobReopened: id('jobId'),
  UserRegistered: id('userId'),
  UserRoleChanged: (data) => ({
    entityId: text(data, 'userId'),
    details: { fromRole: Role.parse(text(data, 'from')), toRole: Role.parse(text(data, 'to')) },
  }),
  PersonErased: id('userId'),
  CompanyRegistered: id('companyId'),
  CompanyProfileUpdated: id('companyId'),
  CandidateProfileCreated: id('profileId'),
  CandidateProfileUpdated: id('profileId'),
  CandidateProfileVisibilityChanged: (data) => ({
    entityId: text(data, 'profileId'),
    details: { visibility: (data as { isPublic?: unknown }).isPublic === true ? 'public' : 'private' },
  }),
  CandidateSummaryRequested: id('profileId'),
  CandidateContacted: id('candidateProfileId'),
  InvitationSent: withJob('invitationId'),
  InvitationMovedToOfferStage: withJob('invitationId'),
  ApplicationSubmitted: withJob('applicationId'),
  ApplicationViewed: withJob('applicationId'),
  ApplicationInterviewInvited: withJob('applicationId'),
  ApplicationDeclined: withJob('applicationId'),
  ApplicationWithdrawn: withJob('applicationId'),
};

const isAdminActor = (actor: RecordedEvent['metadata']['actor']): actor is { userId: string; role: 'admin' | 'super_admin' } =>
  actor !== 'system' && (actor.role === 'admin' || actor.role === 'super_admin');

/** The entry an event makes, or null when its actor is not an admin (or it is no admin action). */
export function activityOf(event: RecordedEvent): AdminActivityDocument | null {
  const actor = event.metadata.actor;
  if (!isAdminActor(actor)) return null;
  const type = event.type as keyof typeof ADMIN_ACTIVITY_EVENTS;
  const action = ADMIN_ACTIVITY_EVENTS[type];
  if (!action) return null;
  const { entityId, details } = SUBJECTS[type](event.data);
  return {
    _id: event.metadata.eventId,
    position: event.position,
    occurredAt: event.metadata.occurredAt,
    adminId: actor.userId,
    adminRole: actor.role,
    eventType: event.type,
    action,
    entityType: ADMIN_ACTIVITY_ACTIONS[action].entityType,
    entityId,
    details,
  };
}

/** Only the ids each event names its subject by are read (`SUBJECTS`), so the payload is not parsed as a whole. */
const schemas = Object.fromEntries(Object.keys(ADMIN_ACTIVITY_EVENTS).map((type) => [type, z.unknown()])) as Record<keyof typeof ADMIN_ACTIVITY_EVENTS, z.ZodUnknown>;
type AdminActivityEvent = ProjectedEvent<typeof schemas>;

/**
 * `admin-activities` (issue 14, ADR 035): the admin activity log, one document per event whose
 * actor is an admin or a super admin, by event id. The full audit trail is the log itself; this
 * is what the Activities tab lists, filters by admin, action and date, and streams live.
 */
export const adminActivitiesProjection = evolvingProjection({
  name: 'admin-activities',
  version: 1,
  collections: {
    activities: {
      indexes: [
        { fields: ['position'] },
        { fields: ['adminId', 'position'] },
        { fields: ['action', 'position'] },
        { fields: ['occurredAt'] },
      ],
    },
  },
  schemas,
  slices: [
    slice('activities', {
      // An event an admin did not make touches nothing.
      documents: (event: AdminActivityEvent) => (isAdminActor(event.metadata.actor) ? event.metadata.eventId : null),
      // Every event type has its subject in `SUBJECTS` (a Record over them all: one missing fails to compile).
      evolve: (doc: AdminActivityDocument | null, event: AdminActivityEvent) => activityOf(event) ?? doc,
    }),
  ],
});

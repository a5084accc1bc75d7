import {
  ADMIN_ACTIVITY_ACTIONS,
  ADMIN_ACTIVITY_EVENTS,
  CandidateProfileCreated,
  CandidateProfileUpdated,
  CompanyProfileUpdated,
  CompanyRegistered,
  ImportedJobRevised,
  JobEdited,
  JobImported,
  JobPosted,
  PERSONAL_DATA_RULES,
  PersonErased,
  Role,
  UserRegistered,
  type AdminActivityAction,
  type AdminActivityDetails,
  type AdminActivityEntityType,
} from '@hireloop/contracts';
import type { RecordedEvent } from '@hireloop/platform/event-store';
import { z } from 'zod';
import { evolveCompany, type CompanyDocument } from '../companies/projection';
import { evolvingProjection, slice, type EvolveAt, type ProjectedEvent, type Touched } from '../shared/evolve';

/**
 * One admin action as the Activities tab lists it: ids and enumerated values from the event (ADR
 * 035), and, since ADR 071, the names the tab shows as they are now (the admin's, the subject's
 * label), kept by this read model and rewritten when they change or their person is erased.
 */
export type AdminActivityEntry = {
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

export type AdminActivityDocument = AdminActivityEntry & {
  /** The admin's name as `users` has it now; null while `users` does not know them. */
  adminName: string | null;
  /** The id of what names the subject: the job (of a job, invitation or application), company, profile or user; null: nothing does. */
  labelId: string | null;
  /** What the tab shows of the subject: a job's title, a company's or a user's name, a candidate's name or title; null: none. */
  entityLabel: string | null;
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
  // The read model's name is the subject (ADR 087); the counts of a retry are not kept.
  ProjectionRebuildRequested: id('projection'),
  ProjectionParkedRetried: id('projection'),
};

const isAdminActor = (actor: RecordedEvent['metadata']['actor']): actor is { userId: string; role: 'admin' | 'super_admin' } =>
  actor !== 'system' && (actor.role === 'admin' || actor.role === 'super_admin');

/** The entry an event makes, or null when its actor is not an admin (or it is no admin action). */
export function activityOf(event: RecordedEvent): AdminActivityEntry | null {
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


/** A user's name as `users` has it (the erased person's reads as ADR 019's rule says). */
export type ActivityUserDocument = { _id: string; name: string };
/** A job's title as `job-board` has it (posted or imported). */
export type ActivityJobDocument = { _id: string; title: string };
/** A profile's label (its person's name, else its title) and whose it is, while `candidate-profiles` has it. */
export type ActivityProfileDocument = { _id: string; userId: string; label: string | null };

/** The events whose data names what the tab shows: parsed with the contracts' schemas. */
const jobSchemas = { JobPosted, JobImported, ImportedJobRevised, JobEdited };
const companySchemas = { CompanyRegistered, CompanyProfileUpdated };
const profileSchemas = { CandidateProfileCreated, CandidateProfileUpdated };
const labelSchemas = { ...jobSchemas, ...companySchemas, ...profileSchemas, UserRegistered, PersonErased };
/** The other activities: only the ids each event names its subject by are read (`SUBJECTS`), so their payload is not parsed as a whole. */
const activitySchemas = Object.fromEntries(Object.keys(ADMIN_ACTIVITY_EVENTS).map((type) => [type, z.unknown()])) as Record<
  Exclude<keyof typeof ADMIN_ACTIVITY_EVENTS, keyof typeof labelSchemas>,
  z.ZodUnknown
>;
const schemas = { ...activitySchemas, ...labelSchemas };
export type AdminActivityEvent = ProjectedEvent<typeof schemas>;
type JobEvent = Extract<AdminActivityEvent, { type: keyof typeof jobSchemas }>;
type CompanyEvent = Extract<AdminActivityEvent, { type: keyof typeof companySchemas }>;
type ProfileEvent = Extract<AdminActivityEvent, { type: keyof typeof profileSchemas }>;
type PersonEvent = Extract<AdminActivityEvent, { type: 'UserRegistered' | 'PersonErased' }>;
const isJobEvent = (event: AdminActivityEvent): event is JobEvent => Object.hasOwn(jobSchemas, event.type);
const isCompanyEvent = (event: AdminActivityEvent): event is CompanyEvent => Object.hasOwn(companySchemas, event.type);
const isProfileEvent = (event: AdminActivityEvent): event is ProfileEvent => Object.hasOwn(profileSchemas, event.type);
const isPersonEvent = (event: AdminActivityEvent): event is PersonEvent => event.type === 'UserRegistered' || event.type === 'PersonErased';

/** Before the event: the names this read model keeps that the event's rows need. */
type Known = {
  users: readonly ActivityUserDocument[];
  jobs: readonly ActivityJobDocument[];
  companies: readonly CompanyDocument[];
  profiles: readonly ActivityProfileDocument[];
};

const ERASED_NAME = PERSONAL_DATA_RULES.UserRegistered.erased.name!;

/** Pure: user `id`'s name after an event (as `users`' `evolveUser` names them: registered, then erased). */
export function evolveActivityUser(doc: ActivityUserDocument | null, event: AdminActivityEvent, id: string): ActivityUserDocument | null {
  if (!isPersonEvent(event) || event.data.userId !== id) return doc;
  if (event.type === 'UserRegistered') return { _id: id, name: event.data.name };
  return doc && (doc.name === ERASED_NAME ? doc : { ...doc, name: ERASED_NAME });
}

/** Pure: job `id`'s title after an event (as `job-board`'s `evolveJob` keeps it: posted or imported, then edited or revised). */
export function evolveActivityJob(doc: ActivityJobDocument | null, event: AdminActivityEvent, id: string): ActivityJobDocument | null {
  if (!isJobEvent(event) || event.data.jobId !== id) return doc;
  if (event.type === 'JobPosted' || event.type === 'JobImported') return { _id: id, title: event.data.title };
  return doc && (doc.title === event.data.title ? doc : { ...doc, title: event.data.title });
}

/** Pure: company `id` after an event, by `companies`' own `evolveCompany`. */
export function evolveActivityCompany(doc: CompanyDocument | null, event: AdminActivityEvent, id: string): CompanyDocument | null {
  return isCompanyEvent(event) && event.data.companyId === id ? evolveCompany(doc, event) : doc;
}

/** What the tab showed of a candidate: their name, else their profile's title. */
const profileLabel = ({ firstName, lastName, title }: { firstName: string; lastName: string; title: string }) => [firstName, lastName].filter(Boolean).join(' ') || title || null;

/** Pure: profile `id`'s label after an event (as `candidate-profiles` keeps the profile: created, updated, deleted with its person). */
export function evolveActivityProfile(doc: ActivityProfileDocument | null, event: AdminActivityEvent, id: string): ActivityProfileDocument | null {
  if (event.type === 'PersonErased') return doc && doc.userId === event.data.userId ? null : doc;
  if (!isProfileEvent(event) || event.data.profileId !== id) return doc;
  const label = profileLabel(event.data);
  if (event.type === 'CandidateProfileCreated') return { _id: id, userId: event.data.userId, label };
  return doc && (doc.label === label ? doc : { ...doc, label });
}

/** Where a row's label comes from: which kept document, by id. */
const labelSource = ({ entityType, entityId, details }: AdminActivityEntry): { kind: 'job' | 'company' | 'profile' | 'user'; id: string } | null => {
  switch (entityType) {
    case 'job':
      return { kind: 'job', id: entityId };
    case 'invitation':
    case 'application':
      return details.jobId ? { kind: 'job', id: details.jobId } : null;
    case 'company':
      return { kind: 'company', id: entityId };
    case 'candidate':
      return { kind: 'profile', id: entityId };
    case 'user':
      return { kind: 'user', id: entityId };
    case 'projection':
      return null;
  }
};

/** The kept documents as they are after the event, from the lookups made before it. */
const after = (event: AdminActivityEvent, context: Known) => {
  const of = <D extends { _id: string }>(docs: readonly D[], id: string, evolve: (doc: D | null, event: AdminActivityEvent, id: string) => D | null) =>
    evolve(docs.find((doc) => doc._id === id) ?? null, event, id);
  return {
    user: (id: string) => of(context.users, id, evolveActivityUser),
    job: (id: string) => of(context.jobs, id, evolveActivityJob),
    company: (id: string) => of(context.companies, id, evolveActivityCompany),
    profile: (id: string) => of(context.profiles, id, evolveActivityProfile),
  };
};

/** The label of a row's subject after the event (the same rules the tab applied to the read models it joined before ADR 071). */
function labelAfter(entry: AdminActivityEntry, event: AdminActivityEvent, context: Known): string | null {
  const source = labelSource(entry);
  if (!source) return null;
  const now = after(event, context);
  switch (source.kind) {
    case 'job':
      return now.job(source.id)?.title ?? null;
    case 'company':
      return now.company(source.id)?.name || null;
    case 'profile':
      return now.profile(source.id)?.label ?? null;
    case 'user':
      return now.user(source.id)?.name || null;
  }
}

/** Whether the event can change the label from `source` (so a row it does not concern keeps its own). */
const concerns = (event: AdminActivityEvent, context: Known, source: ReturnType<typeof labelSource>): boolean => {
  if (!source) return false;
  switch (source.kind) {
    case 'job':
      return isJobEvent(event) && event.data.jobId === source.id;
    case 'company':
      return isCompanyEvent(event) && event.data.companyId === source.id;
    case 'profile':
      return (isProfileEvent(event) && event.data.profileId === source.id) || (event.type === 'PersonErased' && context.profiles.some((profile) => profile._id === source.id));
    case 'user':
      return isPersonEvent(event) && event.data.userId === source.id;
  }
};

/** Pure: a row after an event: made by the admin's own event, its names rewritten by the events that change them. */
export function evolveActivity(doc: AdminActivityDocument | null, event: AdminActivityEvent, context: Known): AdminActivityDocument | null {
  if (!doc) {
    const entry = activityOf(event);
    if (!entry) return null;
    return { ...entry, adminName: after(event, context).user(entry.adminId)?.name ?? null, labelId: labelSource(entry)?.id ?? null, entityLabel: labelAfter(entry, event, context) };
  }
  let row = doc;
  if (isPersonEvent(event) && event.data.userId === doc.adminId) {
    const adminName = after(event, context).user(doc.adminId)?.name ?? null;
    if (adminName !== row.adminName) row = { ...row, adminName };
  }
  if (concerns(event, context, labelSource(doc))) {
    const entityLabel = labelAfter(doc, event, context);
    if (entityLabel !== row.entityLabel) row = { ...row, entityLabel };
  }
  return row;
}

/** The rows whose names an event changes (by the indexed `adminId` and `labelId`). */
function rowsNamedBy(event: AdminActivityEvent, context: Known): Touched {
  if (isJobEvent(event)) return { where: { labelId: event.data.jobId } };
  if (isCompanyEvent(event)) return { where: { labelId: event.data.companyId } };
  if (isProfileEvent(event)) return { where: { labelId: event.data.profileId } };
  if (isPersonEvent(event)) {
    const { userId } = event.data;
    return { where: { $or: [{ adminId: userId }, { labelId: { $in: [userId, ...context.profiles.map((profile) => profile._id)] } }] } };
  }
  return null;
}

const ids = (...values: Array<string | null | undefined>) => [...new Set(values.filter((value): value is string => typeof value === 'string'))];

/**
 * `admin-activities` (issue 14, ADR 035; ADR 071): the admin activity log, one document per event
 * whose actor is an admin or a super admin, by event id, holding what the Activities tab shows, so
 * the tab and its live stream read one indexed query. The full audit trail is the log itself; this
 * is what the tab lists, filters by admin, action and date, and streams live. Its own small
 * collections keep what a new row needs (users' names, jobs' titles, companies, profiles' labels);
 * a rename, a job edit or a profile change rewrites the rows it names, and an erasure (ADR 019)
 * turns the person's name into the erased text and deletes their profiles' labels.
 */
export const adminActivitiesProjection = evolvingProjection<typeof schemas, Known>({
  name: 'admin-activities',
  // 2: the names the tab shows are kept on each row (ADR 071).
  version: 2,
  collections: {
    activities: {
      indexes: [
        { fields: ['position'] },
        { fields: ['adminId', 'position'] },
        { fields: ['action', 'position'] },
        { fields: ['occurredAt'] },
        { fields: ['labelId'] },
      ],
    },
    'activity-users': {},
    'activity-jobs': {},
    'activity-companies': {},
    'activity-profiles': { indexes: [{ fields: ['userId'] }] },
  },
  schemas,
  lookups: (event) => {
    const entry = activityOf(event);
    const source = entry && labelSource(entry);
    const named = (kind: NonNullable<typeof source>['kind']) => (source?.kind === kind ? source.id : null);
    return {
      users: { collection: 'activity-users', ids: ids(entry?.adminId, named('user'), isPersonEvent(event) ? event.data.userId : null) },
      jobs: { collection: 'activity-jobs', ids: ids(named('job'), isJobEvent(event) ? event.data.jobId : null) },
      companies: { collection: 'activity-companies', ids: ids(named('company'), isCompanyEvent(event) ? event.data.companyId : null) },
      profiles:
        event.type === 'PersonErased'
          ? { collection: 'activity-profiles', where: { userId: event.data.userId } }
          : { collection: 'activity-profiles', ids: ids(named('profile'), isProfileEvent(event) ? event.data.profileId : null) },
    };
  },
  slices: [
    slice('activity-users', {
      documents: (event: AdminActivityEvent) => (isPersonEvent(event) ? event.data.userId : null),
      evolve: (doc: ActivityUserDocument | null, event: AdminActivityEvent, { id }: EvolveAt<Known>) => evolveActivityUser(doc, event, id),
    }),
    slice('activity-jobs', {
      documents: (event: AdminActivityEvent) => (isJobEvent(event) ? event.data.jobId : null),
      evolve: (doc: ActivityJobDocument | null, event: AdminActivityEvent, { id }: EvolveAt<Known>) => evolveActivityJob(doc, event, id),
    }),
    slice('activity-companies', {
      documents: (event: AdminActivityEvent) => (isCompanyEvent(event) ? event.data.companyId : null),
      evolve: (doc: CompanyDocument | null, event: AdminActivityEvent, { id }: EvolveAt<Known>) => evolveActivityCompany(doc, event, id),
    }),
    slice('activity-profiles', {
      documents: (event: AdminActivityEvent) => (event.type === 'PersonErased' ? { where: { userId: event.data.userId } } : isProfileEvent(event) ? event.data.profileId : null),
      evolve: (doc: ActivityProfileDocument | null, event: AdminActivityEvent, { id }: EvolveAt<Known>) => evolveActivityProfile(doc, event, id),
    }),
    // The rows the event renames, then the row the event makes (an admin's action: a fresh id).
    slice('activities', {
      documents: rowsNamedBy,
      evolve: (doc: AdminActivityDocument | null, event: AdminActivityEvent, { context }: EvolveAt<Known>) => evolveActivity(doc, event, context),
    }),
    slice('activities', {
      documents: (event: AdminActivityEvent) => (isAdminActor(event.metadata.actor) ? event.metadata.eventId : null),
      evolve: (doc: AdminActivityDocument | null, event: AdminActivityEvent, { context }: EvolveAt<Known>) => doc ?? evolveActivity(null, event, context),
    }),
  ],
});

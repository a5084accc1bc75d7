import {
  APPLICATION_EVENT_STATUS,
  APPLICATION_MESSAGES,
  DomainError,
  isAdminRole,
  JOB_MESSAGES,
  NO_RESPONSE_AFTER_DAYS,
  type ApplicationEvent,
  type ApplicationMoveData,
  type ApplicationStatus,
  type ApplicationSubmitted,
  ApplicationEventSchemas,
  type Role,
} from '@hireloop/contracts';
import { assertNever, type Decider } from '../shared/decider';
import type { JobState } from '../jobs/decider';

export type ApplicationState =
  | { status: 'none' }
  | { status: ApplicationStatus; applicationId: string; jobId: string; candidateUserId: string; lastMovedAt: string };

/** Who moves an application, as the route knows them. */
export interface ApplicationMover {
  userId: string;
  role: Role;
  type: 'candidate' | 'company';
  companyId: string | null;
}

export type ApplicationCommand =
  | { type: 'SubmitApplication'; data: ApplicationSubmitted & { candidateType: 'candidate' | 'company'; job: JobState } }
  /** The company (or an admin) moves it: `viewed` when it opens it, `interview`, `declined`. */
  | { type: 'MoveApplication'; data: { to: 'viewed' | 'interview' | 'declined'; by: ApplicationMover; job: JobState; at: string } }
  | { type: 'WithdrawApplication'; data: { by: ApplicationMover; at: string } }
  /** The system, for one left without a move: nothing unless it is due. */
  | { type: 'MarkNoResponse'; data: { at: string } };

const DAY = 24 * 3600 * 1000;
const CLOSED: readonly ApplicationStatus[] = ['declined', 'withdrawn'];
/** Statuses in which the company owes an answer: after 30 days in one of them, `no_response`. */
export const AWAITING_COMPANY: readonly ApplicationStatus[] = ['applied', 'viewed'];

/** Whether an application in this state is due to be marked `no_response` at `at`. */
export const noResponseDue = (state: ApplicationState, at: string) =>
  state.status !== 'none' && AWAITING_COMPANY.includes(state.status) && new Date(at).getTime() - new Date(state.lastMovedAt).getTime() >= NO_RESPONSE_AFTER_DAYS * DAY;

const MOVE_EVENT = { viewed: 'ApplicationViewed', interview: 'ApplicationInterviewInvited', declined: 'ApplicationDeclined' } as const;

/**
 * A candidate applies once to an open job posted on Hireloop (external jobs are applied to on
 * their site); then the application moves along its timeline (issue 13): the company that posted
 * the job (or an admin) marks it viewed, invites to interview or declines; the candidate may
 * withdraw; and the system marks one left 30 days without an answer `no_response`. Declined and
 * withdrawn are final; a move to where the application already is changes nothing; viewing
 * one that got further changes nothing; the company may still answer one marked `no_response`.
 */
export const applicationDecider: Decider<ApplicationCommand, ApplicationEvent, ApplicationState> = {
  schemas: ApplicationEventSchemas,
  initialState: () => ({ status: 'none' }),
  evolve: (state, event) => {
    if (event.type === 'ApplicationSubmitted') {
      const { applicationId, jobId, candidateUserId, submittedAt } = event.data;
      return { status: 'applied', applicationId, jobId, candidateUserId, lastMovedAt: submittedAt };
    }
    if (state.status === 'none') return state;
    return { ...state, status: APPLICATION_EVENT_STATUS[event.type], lastMovedAt: event.data.at };
  },
  decide: (command, state) => {
    switch (command.type) {
      case 'SubmitApplication': {
        const { candidateType, job, ...application } = command.data;
        if (candidateType !== 'candidate') throw new DomainError('forbidden', JOB_MESSAGES.candidatesOnly);
        if (job.status === 'none') throw new DomainError('not_found', JOB_MESSAGES.notFound);
        if (job.source !== 'internal') throw new DomainError('validation', JOB_MESSAGES.external);
        if (job.status === 'closed') throw new DomainError('conflict', JOB_MESSAGES.closed);
        if (state.status !== 'none') throw new DomainError('conflict', JOB_MESSAGES.alreadyApplied);
        return [{ type: 'ApplicationSubmitted', data: application }];
      }
      case 'MoveApplication': {
        const { to, by, job, at } = command.data;
        if (!isAdminRole(by.role)) {
          if (by.type !== 'company') throw new DomainError('forbidden', APPLICATION_MESSAGES.companiesOnly);
          if (job.status === 'none' || job.companyId === null || job.companyId !== by.companyId) throw new DomainError('forbidden', APPLICATION_MESSAGES.notYourJob);
        }
        if (state.status === 'none') throw new DomainError('not_found', APPLICATION_MESSAGES.notFound);
        if (CLOSED.includes(state.status)) {
          if (state.status === to) return [];
          throw new DomainError('conflict', APPLICATION_MESSAGES.closed);
        }
        if (state.status === to) return [];
        // Viewing is the first step only: an application invited to interview stays there when opened again.
        if (to === 'viewed' && state.status !== 'applied') return [];
        return [{ type: MOVE_EVENT[to], data: moveData(state, at, by.userId) }];
      }
      case 'WithdrawApplication': {
        const { by, at } = command.data;
        // Someone else's application is as unknown to them as none at all.
        if (state.status === 'none' || state.candidateUserId !== by.userId) throw new DomainError('not_found', APPLICATION_MESSAGES.notFound);
        if (state.status === 'withdrawn') return [];
        if (state.status === 'declined') throw new DomainError('conflict', APPLICATION_MESSAGES.closed);
        return [{ type: 'ApplicationWithdrawn', data: moveData(state, at, by.userId) }];
      }
      case 'MarkNoResponse': {
        if (!noResponseDue(state, command.data.at) || state.status === 'none') return [];
        return [{ type: 'ApplicationMarkedNoResponse', data: moveData(state, command.data.at, null) }];
      }
      default:
        return assertNever(command);
    }
  },
};

const moveData = (state: Exclude<ApplicationState, { status: 'none' }>, at: string, by: string | null): ApplicationMoveData => ({
  applicationId: state.applicationId,
  jobId: state.jobId,
  candidateUserId: state.candidateUserId,
  at,
  by,
});

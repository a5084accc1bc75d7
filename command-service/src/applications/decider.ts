import { DomainError, JOB_MESSAGES, type ApplicationEvent, type ApplicationSubmitted, ApplicationEventSchemas } from '@hireloop/contracts';
import { assertNever, type Decider } from '../shared/decider';
import type { JobState } from '../jobs/decider';

export type ApplicationState = { status: 'none' } | { status: 'submitted'; applicationId: string };

export type ApplicationCommand = {
  type: 'SubmitApplication';
  data: ApplicationSubmitted & { candidateType: 'candidate' | 'company'; job: JobState };
};

/** A candidate applies once to an open job posted on Hireloop (external jobs are applied to on their site). */
export const applicationDecider: Decider<ApplicationCommand, ApplicationEvent, ApplicationState> = {
  schemas: ApplicationEventSchemas,
  initialState: () => ({ status: 'none' }),
  evolve: (_state, event) => {
    switch (event.type) {
      case 'ApplicationSubmitted':
        return { status: 'submitted', applicationId: event.data.applicationId };
      default:
        return assertNever(event.type);
    }
  },
  decide: (command, state) => {
    switch (command.type) {
      case 'SubmitApplication': {
        const { candidateType, job, ...application } = command.data;
        if (candidateType !== 'candidate') throw new DomainError('forbidden', JOB_MESSAGES.candidatesOnly);
        if (job.status === 'none') throw new DomainError('not_found', JOB_MESSAGES.notFound);
        if (job.source !== 'internal') throw new DomainError('validation', JOB_MESSAGES.external);
        if (job.status === 'closed') throw new DomainError('conflict', JOB_MESSAGES.closed);
        if (state.status === 'submitted') throw new DomainError('conflict', JOB_MESSAGES.alreadyApplied);
        return [{ type: 'ApplicationSubmitted', data: application }];
      }
      default:
        return assertNever(command.type);
    }
  },
};

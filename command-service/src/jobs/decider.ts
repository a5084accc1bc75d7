import { DomainError, MESSAGES, isAdminRole, type JobEvent, type PostJobCommandData, type Role, type UserType } from '@hireloop/contracts';
import { assertNever, type Decider } from '../shared/decider';

/** Stream `job-<jobId>`. */
export type JobState = { status: 'none' } | { status: 'open'; jobId: string; companyId: string | null };

export interface JobPoster {
  userId: string;
  type: UserType;
  role: Role;
  companyId: string | null;
  companyName: string | null;
}

export type JobCommand = {
  type: 'PostJob';
  data: { jobId: string; shareToken: string; job: PostJobCommandData; poster: JobPoster };
};

export const DEFAULT_COMPANY_NAME = 'Your Company';

export const jobDecider: Decider<JobCommand, JobEvent, JobState> = {
  initialState: () => ({ status: 'none' }),
  evolve: (_state, event) => {
    switch (event.type) {
      case 'JobPosted':
        return { status: 'open', jobId: event.data.jobId, companyId: event.data.companyId };
      default:
        return assertNever(event.type);
    }
  },
  decide: (command, state) => {
    switch (command.type) {
      case 'PostJob': {
        const { jobId, shareToken, job, poster } = command.data;
        if (poster.type !== 'company' && !isAdminRole(poster.role)) throw new DomainError('forbidden', MESSAGES.companyOnly);
        if (state.status !== 'none') throw new DomainError('conflict', 'This job already exists.');
        return [
          {
            type: 'JobPosted',
            data: {
              jobId,
              shareToken,
              companyId: poster.companyId,
              postedBy: poster.userId,
              title: job.title,
              company: job.company ?? poster.companyName ?? DEFAULT_COMPANY_NAME,
              location: job.location,
              salary: job.salary,
              type: job.type,
              remote: job.remote,
              description: job.description,
              requirements: job.requirements,
              skills: job.skills,
              experience: job.experience,
              benefits: job.benefits,
              source: 'internal',
              externalUrl: null,
            },
          },
        ];
      }
      default:
        return assertNever(command.type);
    }
  },
};

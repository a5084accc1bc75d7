import { describe, it } from 'vitest';
import { APPLICATION_MESSAGES, JOB_MESSAGES, type ApplicationSubmitted, type JobEvent } from '@hireloop/contracts';
import { jobDecider, type JobState } from '../jobs/decider';
import { fold } from '../shared/decider';
import { deciderSpec } from '../shared/decider-spec';
import { applicationDecider, type ApplicationMover } from './decider';

const spec = deciderSpec(applicationDecider);
const application: ApplicationSubmitted = { applicationId: 'application-1', jobId: 'job-1', candidateUserId: 'user-2', submittedAt: '2026-11-22T10:00:00.000Z' };

const content = {
  title: 'Senior Data Engineer',
  company: 'Northwind',
  location: 'Austin, TX',
  salary: null,
  type: 'Full-time',
  remote: false,
  description: 'Pipelines.',
  requirements: [],
  skills: [],
  experience: 'Senior level',
  benefits: null,
};
const postedHere: JobEvent = { type: 'JobPosted', data: { ...content, jobId: 'job-1', shareToken: 's', companyId: 'company-1', postedBy: 'user-1', source: 'internal', externalUrl: null } };
const importedJob: JobEvent = {
  type: 'JobImported',
  data: { ...content, jobId: 'job-1', shareToken: 's', source: 'remoteok', externalId: 'r1', externalUrl: 'https://remoteok.example/1', feed: 'f', postedAt: null, validThrough: null, seenAt: '2026-11-20T00:00:00.000Z' },
};
const closed: JobEvent = { type: 'JobClosed', data: { jobId: 'job-1', reason: 'closed_by_owner', closedAt: '2026-11-21T00:00:00.000Z' } };
const job = (...events: JobEvent[]): JobState => fold(jobDecider, events);
const apply = (state: JobState, candidateType: 'candidate' | 'company' = 'candidate') => ({
  type: 'SubmitApplication' as const,
  data: { ...application, candidateType, job: state },
});

describe('applying to a job', () => {
  it('a candidate applies to an open job posted on Hireloop', () => {
    spec.given([]).when(apply(job(postedHere))).then([{ type: 'ApplicationSubmitted', data: application }]);
  });

  it('a company account cannot apply', () => {
    spec.given([]).when(apply(job(postedHere), 'company')).thenThrows(JOB_MESSAGES.candidatesOnly);
  });

  it('a job that does not exist cannot be applied to', () => {
    spec.given([]).when(apply(job())).thenThrows(JOB_MESSAGES.notFound);
  });

  it('an imported job is applied to on its own site', () => {
    spec.given([]).when(apply(job(importedJob))).thenThrows(JOB_MESSAGES.external);
  });

  it('a closed job takes no more applications', () => {
    spec.given([]).when(apply(job(postedHere, closed))).thenThrows(JOB_MESSAGES.closed);
  });

  it('a candidate applies once', () => {
    spec.given([{ type: 'ApplicationSubmitted', data: application }]).when(apply(job(postedHere))).thenThrows(JOB_MESSAGES.alreadyApplied);
  });
});

describe("an application's timeline (issue 13)", () => {
  const submitted = { type: 'ApplicationSubmitted' as const, data: application };
  const owner: ApplicationMover = { userId: 'user-1', role: 'company', type: 'company', companyId: 'company-1' };
  const otherCompany: ApplicationMover = { userId: 'user-9', role: 'company', type: 'company', companyId: 'company-9' };
  const admin: ApplicationMover = { userId: 'user-7', role: 'admin', type: 'candidate', companyId: null };
  const applicant: ApplicationMover = { userId: 'user-2', role: 'candidate', type: 'candidate', companyId: null };
  const someoneElse: ApplicationMover = { userId: 'user-3', role: 'candidate', type: 'candidate', companyId: null };
  const at = '2026-11-25T10:00:00.000Z';
  const move = (to: 'viewed' | 'interview' | 'declined', by: ApplicationMover = owner) => ({ type: 'MoveApplication' as const, data: { to, by, job: job(postedHere), at } });
  const withdraw = (by: ApplicationMover = applicant) => ({ type: 'WithdrawApplication' as const, data: { by, at } });
  const moved = (type: 'ApplicationViewed' | 'ApplicationInterviewInvited' | 'ApplicationDeclined' | 'ApplicationWithdrawn' | 'ApplicationMarkedNoResponse', by: string | null, when = at) => ({
    type,
    data: { applicationId: application.applicationId, jobId: application.jobId, candidateUserId: application.candidateUserId, at: when, by },
  });

  it.each([
    ['viewed', 'ApplicationViewed'],
    ['interview', 'ApplicationInterviewInvited'],
    ['declined', 'ApplicationDeclined'],
  ] as const)('the company that posted the job moves an applied application to %s', (to, type) => {
    spec.given([submitted]).when(move(to)).then([moved(type, 'user-1')]);
  });

  it('an admin moves any application', () => {
    spec.given([submitted]).when(move('interview', admin)).then([moved('ApplicationInterviewInvited', 'user-7')]);
  });

  it('another company, or a candidate, may not', () => {
    spec.given([submitted]).when(move('declined', otherCompany)).thenThrows(APPLICATION_MESSAGES.notYourJob);
    spec.given([submitted]).when(move('declined', applicant)).thenThrows(APPLICATION_MESSAGES.companiesOnly);
  });

  it('an application that does not exist cannot be moved', () => {
    spec.given([]).when(move('viewed')).thenThrows(APPLICATION_MESSAGES.notFound);
  });

  it('a move to where it already is, or viewing one that got further, records nothing', () => {
    spec.given([submitted, moved('ApplicationViewed', 'user-1')]).when(move('viewed')).then([]);
    spec.given([submitted, moved('ApplicationInterviewInvited', 'user-1')]).when(move('viewed')).then([]);
    spec.given([submitted, moved('ApplicationInterviewInvited', 'user-1')]).when(move('interview')).then([]);
  });

  it('declined and withdrawn are final', () => {
    spec.given([submitted, moved('ApplicationDeclined', 'user-1')]).when(move('interview')).thenThrows(APPLICATION_MESSAGES.closed);
    spec.given([submitted, moved('ApplicationDeclined', 'user-1')]).when(move('declined')).then([]);
    spec.given([submitted, moved('ApplicationWithdrawn', 'user-2')]).when(move('viewed')).thenThrows(APPLICATION_MESSAGES.closed);
    spec.given([submitted, moved('ApplicationDeclined', 'user-1')]).when(withdraw()).thenThrows(APPLICATION_MESSAGES.closed);
  });

  it('the candidate withdraws their own application, once; nobody else can', () => {
    spec.given([submitted, moved('ApplicationInterviewInvited', 'user-1')]).when(withdraw()).then([moved('ApplicationWithdrawn', 'user-2')]);
    spec.given([submitted, moved('ApplicationWithdrawn', 'user-2')]).when(withdraw()).then([]);
    spec.given([submitted]).when(withdraw(someoneElse)).thenThrows(APPLICATION_MESSAGES.notFound);
    spec.given([]).when(withdraw()).thenThrows(APPLICATION_MESSAGES.notFound);
  });

  it('one left applied or viewed for 30 days is marked no_response, not a day sooner; the company may still answer it', () => {
    const day = (n: number) => new Date(Date.parse(application.submittedAt) + n * 24 * 3600 * 1000).toISOString();
    const mark = (when: string) => ({ type: 'MarkNoResponse' as const, data: { at: when } });
    spec.given([submitted]).when(mark(day(29.9))).then([]);
    spec.given([submitted]).when(mark(day(30))).then([moved('ApplicationMarkedNoResponse', null, day(30))]);
    // Counted from the last move.
    spec.given([submitted, moved('ApplicationViewed', 'user-1', day(10))]).when(mark(day(35))).then([]);
    spec.given([submitted, moved('ApplicationViewed', 'user-1', day(10))]).when(mark(day(40))).then([moved('ApplicationMarkedNoResponse', null, day(40))]);
    // Invited to interview, declined or withdrawn: answered, never marked.
    spec.given([submitted, moved('ApplicationInterviewInvited', 'user-1', day(1))]).when(mark(day(90))).then([]);
    spec.given([submitted, moved('ApplicationWithdrawn', 'user-2', day(1))]).when(mark(day(90))).then([]);
    spec.given([submitted, moved('ApplicationMarkedNoResponse', null, day(30))]).when(mark(day(90))).then([]);
    spec.given([submitted, moved('ApplicationMarkedNoResponse', null, day(30))]).when(move('interview')).then([moved('ApplicationInterviewInvited', 'user-1')]);
  });
});

import { JOB_SOURCES, type ApplyResponse, type Job, type JobList, type MyApplication } from '@hireloop/contracts';
import { answerCheck, array, boolean, integer, literal, nullable, object, oneOf, string } from '../../../lib/answer-checks';

/**
 * The board's answers (`contracts/src/jobs/board-answers.ts`) as the board checks them, without
 * zod (ADR 095); each is typed by its contract, and `answer-checks.test.ts` compares the two.
 */
const job = object<Job>({
  id: string,
  shareToken: string,
  title: string,
  company: string,
  companyId: nullable(string),
  location: string,
  salary: nullable(string),
  type: string,
  remote: boolean,
  description: string,
  requirements: array(string),
  skills: array(string),
  benefits: nullable(string),
  experience: string,
  createdAt: string,
  isActive: boolean,
  source: oneOf(JOB_SOURCES),
  externalUrl: nullable(string),
  matchScore: nullable(integer(0, 100)),
  matchReasons: array(string),
  warnings: array(string),
  firstSeenAt: nullable(string),
  lastSeenAt: nullable(string),
  validThrough: nullable(string),
});

export const JobListCheck = answerCheck<JobList>(array(job));
export const ApplyResponseCheck = answerCheck<ApplyResponse>(object<ApplyResponse>({ success: literal(true), applicationId: string, appliedAt: string }));
export const MyApplicationCheck = answerCheck<MyApplication>(object<MyApplication>({ applied: boolean, appliedAt: nullable(string) }));

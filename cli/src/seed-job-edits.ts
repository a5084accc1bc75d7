import type { PostJobBody } from '@hireloop/contracts';

/**
 * The seed's edited job (issue 24, ADR 064): a day ago Northwind Analytics raised the Analytics
 * Engineer's salary range and added Looker to what it asks for, after candidates had seen the
 * first version. The job's stream shows `JobPosted` then `JobEdited`; the board shows the new text.
 */
export const SEED_JOB_EDIT = {
  company: 'Northwind Analytics',
  title: 'Analytics Engineer',
  changes: {
    salary: '$130k - $150k',
    requirements: ['3+ years with dbt or similar', 'Comfort with stakeholders', 'Dashboards in Looker or a peer'],
  },
} as const satisfies { company: string; title: string; changes: Partial<PostJobBody> };

type Inject = (request: { method: 'PUT'; url: string; headers: Record<string, string>; payload: object }) => Promise<{ statusCode: number; body: string }>;

/** Edits the job named by `SEED_JOB_EDIT` if this company posted it in this run; answers how many jobs it edited. */
export async function seedJobEdit(inject: Inject, companyName: string, token: string, posted: ReadonlyArray<{ job: PostJobBody; jobId: string }>): Promise<number> {
  if (companyName !== SEED_JOB_EDIT.company) return 0;
  const found = posted.find(({ job }) => job.title === SEED_JOB_EDIT.title);
  if (!found) return 0;
  const edited = await inject({ method: 'PUT', url: `/api/jobs/${found.jobId}`, headers: { authorization: `Bearer ${token}` }, payload: { ...found.job, ...SEED_JOB_EDIT.changes } });
  if (edited.statusCode !== 200) throw new Error(`Seeding the edit of ${SEED_JOB_EDIT.title} failed: ${edited.statusCode} ${edited.body}`);
  return 1;
}

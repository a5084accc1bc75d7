import { describe, expect, it } from 'vitest';
import { subscribeToPlan } from '@hireloop/command-service/shared/test-app';
import { useApiApp } from '../support/api-app';

/*
 * Issue 27's attack saw 412 Precondition Failed when one company posted jobs in parallel: every
 * post also counts a posting on the company's subscription stream (ADR 030), so parallel posts
 * race on that one stream. In the app as shipped (commands, queries and projections in one
 * process, on PostgreSQL), 20 parallel posts on a paid plan all succeed, each counted once.
 */
const api = useApiApp();

describe('a company posting jobs in parallel', () => {
  it('20 posts at once on a paid plan: 20 × 201, no 412, each counted once on the subscription stream', async () => {
    const company = await api.signUpCompany('parallel');
    await subscribeToPlan(api.app(), company.token, 'enterprise');
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, n) => api.post('/api/jobs', company.token, { title: `Parallel job ${n}`, location: 'Austin, TX', description: 'Posted at the same time as 19 others.' })),
    );
    expect(answers.filter((answer) => answer.statusCode !== 201).map((answer) => `${answer.statusCode} ${answer.body}`)).toEqual([]);
    const { events } = await api.runtime().eventStore.readStream(`subscription-${company.companyId}`);
    const counted = events.filter((event) => event.type === 'JobPostingCounted').map((event) => (event.data as { jobId: string }).jobId);
    expect(new Set(counted)).toEqual(new Set(answers.map((answer) => answer.json().job.id)));
    expect(counted).toHaveLength(20);
  });
});

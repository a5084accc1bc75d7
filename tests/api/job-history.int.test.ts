import { describe, expect, it } from 'vitest';
import { JobHistory } from '@hireloop/contracts';
import { useApiApp } from '../support/api-app';

/**
 * A job page's public history (issue 27, ADR 079): posted, its terms changed, closed, reopened,
 * with dates, for anyone who may open the job page, and nothing about who made the change.
 */
const api = useApiApp();

describe('GET /api/jobs/:jobId/history', () => {
  it('tells posted, each change of title, salary and location, and closed and reopened, oldest first, to every caller alike', async () => {
    const company = await api.signUpCompany('historyco');
    const jobId = await api.postJob(company, 'Data Engineer');
    const edit = await api.app().inject({
      method: 'PUT',
      url: `/api/jobs/${jobId}`,
      headers: { authorization: `Bearer ${company.token}` },
      payload: { title: 'Senior Data Engineer', location: 'Remote, USA', description: 'Own the pipelines.', salary: '$150,000 - $170,000' },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    api.sawPosition(String(edit.headers['x-position']));
    // Only the description: a change with no tracked field.
    const quiet = await api.app().inject({
      method: 'PUT',
      url: `/api/jobs/${jobId}`,
      headers: { authorization: `Bearer ${company.token}` },
      payload: { title: 'Senior Data Engineer', location: 'Remote, USA', description: 'Own the pipelines and the warehouse.', salary: '$150,000 - $170,000' },
    });
    expect(quiet.statusCode, quiet.body).toBe(200);
    api.sawPosition(String(quiet.headers['x-position']));
    expect((await api.post(`/api/jobs/${jobId}/close`, company.token)).statusCode).toBe(200);
    expect((await api.post(`/api/jobs/${jobId}/reopen`, company.token)).statusCode).toBe(200);

    const candidate = await api.signUpCandidate('historyreader');
    const other = await api.signUpCompany('historyother');
    const answers = await Promise.all([null, candidate.token, other.token, company.token].map((token) => api.get(`/api/jobs/${jobId}/history`, token)));
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    const history = JobHistory.parse(answers[0]!.json());
    expect(answers.map((answer) => answer.json())).toEqual(answers.map(() => history));
    expect(history.entries.map((entry) => entry.kind)).toEqual(['posted', 'changed', 'changed', 'closed', 'reopened']);
    expect(history.entries[1]!.changes).toEqual([
      { field: 'title', from: 'Data Engineer', to: 'Senior Data Engineer' },
      { field: 'salary', from: null, to: '$150,000 - $170,000' },
      { field: 'location', from: 'Austin, TX', to: 'Remote, USA' },
    ]);
    expect(history.entries[2]!.changes).toEqual([]);
    const times = history.entries.map((entry) => entry.at);
    expect(times).toEqual([...times].sort());
    // Public terms only: no user id, no email.
    expect(answers[0]!.body).not.toContain(company.userId);
    expect(answers[0]!.body).not.toContain(company.email);
  });

  it('shows a candidate what changed in the job since they applied', async () => {
    const company = await api.signUpCompany('termsco');
    const jobId = await api.postJob(company, 'Data Engineer');
    const candidate = await api.signUpCandidate('termsreader');
    await api.createProfile(candidate);
    const applied = await api.post(`/api/jobs/${jobId}/apply`, candidate.token);
    expect(applied.statusCode, applied.body).toBe(201);
    const before = (await api.get('/api/applications', candidate.token)).json();
    expect(before.applications[0]).toMatchObject({ jobId, changedSinceApplied: [] });

    const edit = await api.app().inject({
      method: 'PUT',
      url: `/api/jobs/${jobId}`,
      headers: { authorization: `Bearer ${company.token}` },
      payload: { title: 'Data Engineer', location: 'Austin, TX', description: 'Own the pipelines.', salary: '$140,000' },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    api.sawPosition(String(edit.headers['x-position']));
    const after = (await api.get('/api/applications', candidate.token)).json();
    expect(after.applications[0]).toMatchObject({ jobId, changedSinceApplied: [{ field: 'salary', from: null, to: '$140,000' }] });
  });

  it('answers 404 for a job that does not exist', async () => {
    const missing = await api.get('/api/jobs/no-such-job/history', null);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ success: false, error: 'Job not found' });
  });
});

import { describe, expect, it, beforeAll } from 'vitest';
import { DID_YOU_MEAN_HEADER, TOTAL_COUNT_HEADER } from '@hireloop/contracts';
import { useApiApp } from '../support/api-app';

/**
 * "Did you mean kubernetes?" (issue 26, ADR 090): a board search that finds nothing names in
 * `X-Did-You-Mean` the search whose words are the board's own closest to the ones that matched
 * nothing, when that search finds jobs; otherwise the header is absent.
 */
const api = useApiApp();

const search = async (query: string, token: string | null = null) => {
  const answer = await api.get(`/api/jobs?${query}`, token);
  expect(answer.statusCode, answer.body).toBe(200);
  const header = answer.headers[DID_YOU_MEAN_HEADER];
  return {
    total: Number(answer.headers[TOTAL_COUNT_HEADER]),
    titles: (answer.json() as Array<{ title: string }>).map((job) => job.title),
    didYouMean: header === undefined ? null : decodeURIComponent(String(header)),
  };
};

beforeAll(async () => {
  const jobs = [
    { key: 'dymkube', title: 'Kubernetes Platform Engineer', skills: 'Kubernetes, Terraform', location: 'Austin, TX' },
    { key: 'dympy', title: 'Python Developer', skills: 'Python, Django', location: 'Remote' },
    { key: 'dymzh', title: 'Data Analyst', skills: 'SQL', location: 'Zürich, Switzerland', company: 'Zürich Analytics' },
  ];
  for (const job of jobs) {
    const company = await api.signUpCompany(job.key);
    const posted = await api.post('/api/jobs', company.token, { title: job.title, location: job.location, description: 'Build things.', skills: job.skills, company: job.company ?? null });
    expect(posted.statusCode, posted.body).toBe(201);
  }
});

describe('GET /api/jobs: did you mean', () => {
  it('suggests the closest words the board holds when nothing matched, for every caller alike', async () => {
    const candidate = await api.signUpCandidate('dymreader');
    for (const token of [null, candidate.token]) {
      expect(await search('search=kubernets', token)).toEqual({ total: 0, titles: [], didYouMean: 'kubernetes' });
    }
    // Two typos in a long word, a swap, and a word that was right stays.
    expect((await search('search=kubrnetes+engineer')).didYouMean).toBe('kubernetes engineer');
    expect((await search('search=Pyhton')).didYouMean).toBe('python');
    // Non-ASCII, percent-encoded in the header.
    const zurich = await api.get('/api/jobs?search=zurich', null);
    expect(zurich.headers[DID_YOU_MEAN_HEADER]).toBe('z%C3%BCrich');
    // The suggestion finds what it promises.
    expect(await search('search=kubernetes+engineer')).toMatchObject({ total: 1, titles: ['Kubernetes Platform Engineer'], didYouMean: null });
  });

  it('suggests nothing when something matched, when no word is close, or when the corrected search would find nothing either', async () => {
    // "kube" is part of "kubernetes": it matches, no suggestion.
    expect(await search('search=kube')).toMatchObject({ total: 1, didYouMean: null });
    expect(await search('search=xyzzyqq')).toEqual({ total: 0, titles: [], didYouMean: null });
    // Short words are not corrected (too many neighbours).
    expect((await search('search=sqk')).didYouMean).toBeNull();
    // The kubernetes job is in Austin: the corrected search finds nothing in Berlin, so no suggestion.
    expect((await search('search=kubernets&location=Berlin')).didYouMean).toBeNull();
    expect((await search('search=kubernets&location=Austin')).didYouMean).toBe('kubernetes');
    // "kube" matches but "pyhton" cannot be fixed into a search that finds jobs: the two jobs differ.
    expect((await search('search=kubernetes+pyhton')).didYouMean).toBeNull();
  });

  it('is documented as a header of the board page', async () => {
    const document = api.app().swagger() as { paths: Record<string, { get: { responses: Record<string, { headers?: Record<string, unknown> }> } }> };
    expect(Object.keys(document.paths['/api/jobs']!.get.responses['200']!.headers ?? {})).toEqual(expect.arrayContaining([TOTAL_COUNT_HEADER, DID_YOU_MEAN_HEADER]));
  });
});

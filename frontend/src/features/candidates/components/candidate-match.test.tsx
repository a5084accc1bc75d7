import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetPositionForTests } from '../../../lib/api-client';
import { CandidateMatchDetails, MATCH_PICKER_LABEL, MatchJobPicker } from './candidate-match';

let requests: string[];
const MATCHES = {
  jobId: 'job-1',
  jobTitle: 'Senior Platform Engineer',
  matchScoreVersion: 1,
  matches: [
    {
      candidateId: 'c-1',
      score: 86,
      reasons: ['The candidate has 3 of 4 listed skills: Go, Kubernetes and Terraform.', 'The job is remote, as they prefer.'],
      warnings: ['The candidate does not list AWS.'],
    },
  ],
};

beforeEach(() => {
  requests = [];
  vi.stubGlobal('localStorage', undefined);
  vi.stubGlobal('sessionStorage', undefined);
  vi.stubGlobal('fetch', (url: string) => {
    requests.push(url);
    return Promise.resolve(new Response(JSON.stringify(MATCHES), { status: 200, headers: { 'content-type': 'application/json' } }));
  });
  resetPositionForTests();
});
afterEach(() => vi.unstubAllGlobals());

const JOBS = [
  { id: 'job-1', title: 'Senior Platform Engineer' },
  { id: 'job-2', title: 'Data Engineer' },
];

/** Two cards under a picker, as Browse Candidates and the side panel compose them. */
function Cards() {
  const [jobId, setJobId] = useState<string | null>(null);
  const title = JOBS.find((job) => job.id === jobId)?.title ?? '';
  return (
    <>
      <MatchJobPicker jobs={JOBS} jobId={jobId} onJobChange={setJobId} />
      {['c-1', 'c-2'].map((id) => (
        <article key={id} aria-label={`Card ${id}`}>
          <CandidateMatchDetails jobId={jobId} jobTitle={title} candidateId={id} />
        </article>
      ))}
    </>
  );
}

const renderCards = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <Cards />
    </QueryClientProvider>,
  );

describe('match scores on a company’s candidate cards (issue 24)', () => {
  it('shows no score and asks nothing until the company chooses one of its jobs', async () => {
    renderCards();
    expect(screen.getByLabelText(MATCH_PICKER_LABEL)).toHaveDisplayValue('No job (no match scores)');
    expect(screen.queryByText(/% match/)).not.toBeInTheDocument();
    expect(requests).toEqual([]);
  });

  it('scores the cards against the chosen job in one call, with the reasons and warnings', async () => {
    const user = userEvent.setup();
    renderCards();
    await user.selectOptions(screen.getByLabelText(MATCH_PICKER_LABEL), 'Senior Platform Engineer');

    const first = within(screen.getByRole('article', { name: 'Card c-1' }));
    const match = within(await first.findByRole('region', { name: 'Match for Senior Platform Engineer' }));
    expect(match.getByText('86% match')).toBeInTheDocument();
    expect(within(match.getByRole('list', { name: 'Why this candidate matches' })).getAllByRole('listitem').map((item) => item.textContent)).toEqual(MATCHES.matches[0]!.reasons);
    expect(within(match.getByRole('list', { name: 'Match warnings' })).getByText('The candidate does not list AWS.')).toBeInTheDocument();
    // The second card has no match in the answer (no longer public): nothing shown for it.
    const second = screen.getByRole('article', { name: 'Card c-2' });
    await vi.waitFor(() => expect(second).toBeEmptyDOMElement());
    // Both cards were asked for in one call.
    expect(requests).toEqual(['/api/candidates/matches?jobId=job-1&ids=c-1%2Cc-2']);
  });

  it('offers nothing to a company with no open job', () => {
    render(<MatchJobPicker jobs={[]} jobId={null} onJobChange={() => {}} />);
    expect(screen.queryByLabelText(MATCH_PICKER_LABEL)).not.toBeInTheDocument();
  });
});

import type { CompanyPublicProfile } from '@hireloop/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonAnswer, stubFetch } from '../../../testing/fetch-stub';
import { CompanyAboutCard } from './company-about';

const { calls, answers } = stubFetch();

const company: CompanyPublicProfile = {
  companyId: 'c1',
  name: 'Northwind Analytics',
  website: 'https://northwind.example/',
  industry: 'Data & Analytics',
  size: '51-200',
  description: 'We turn data into decisions.',
};

function renderAbout(companyId: string | null) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const rendered = render(
    <QueryClientProvider client={queryClient}>
      <CompanyAboutCard companyId={companyId} />
    </QueryClientProvider>,
  );
  /** Resolves once the card's query has its answer (or its error) and nothing is fetching: what the card shows then is final. */
  const settled = () =>
    waitFor(() => {
      expect(queryClient.isFetching()).toBe(0);
      expect(queryClient.getQueryCache().getAll().map((query) => query.state.status)).toEqual([expect.stringMatching(/^(success|error)$/)]);
    });
  return { ...rendered, settled };
}

describe('About the company on a job page', () => {
  it('shows the description, industry, size and website of the job’s company', async () => {
    answers.push(jsonAnswer(200, { success: true, company }));
    renderAbout('c1');
    expect(await screen.findByRole('heading', { name: 'About Northwind Analytics' })).toBeInTheDocument();
    expect(screen.getByText('We turn data into decisions.')).toBeInTheDocument();
    expect(screen.getByText('Data & Analytics')).toBeInTheDocument();
    expect(screen.getByText('51-200 employees')).toBeInTheDocument();
    const website = screen.getByRole('link', { name: /northwind\.example/ });
    expect(website).toHaveAttribute('href', 'https://northwind.example/');
    expect(website).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    expect(calls.map((call) => call.url)).toEqual(['/api/companies/c1']);
  });

  it('shows only what the company filled in', async () => {
    answers.push(jsonAnswer(200, { success: true, company: { ...company, website: '', industry: '', size: '' } }));
    renderAbout('c1');
    await screen.findByRole('heading', { name: 'About Northwind Analytics' });
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(screen.queryByText(/employees/)).not.toBeInTheDocument();
  });

  it('shows nothing for a company that said nothing yet, or that cannot be read', async () => {
    answers.push(jsonAnswer(200, { success: true, company: { ...company, website: '', industry: '', size: '', description: '' } }));
    const { container, unmount, settled } = renderAbout('c1');
    await settled();
    expect(calls).toHaveLength(1);
    expect(container).toBeEmptyDOMElement();
    unmount();

    answers.push(jsonAnswer(404, { success: false, error: 'Company not found.' }));
    const again = renderAbout('c2');
    await again.settled();
    expect(calls).toHaveLength(2);
    expect(again.container).toBeEmptyDOMElement();
  });

  it('asks nothing for a job without a company (an imported job)', () => {
    const { container } = renderAbout(null);
    expect(container).toBeEmptyDOMElement();
    expect(calls).toHaveLength(0);
  });
});

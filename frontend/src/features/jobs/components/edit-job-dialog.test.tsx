import { MESSAGES } from '@hireloop/contracts';
import { sampleJob } from '@hireloop/contracts/testing/jobs';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetPositionForTests } from '../../../lib/api-client';
import { canEditJob } from './edit-job-button';
import { EditJobDialog } from './edit-job-dialog';

interface Request {
  method: string;
  url: string;
  body: unknown;
}
let requests: Request[];
let answer: () => Response;

beforeEach(() => {
  requests = [];
  answer = () => new Response(JSON.stringify({ success: true, jobId: 'job-1' }), { status: 200, headers: { 'content-type': 'application/json', 'x-position': '0000000000000042' } });
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    requests.push({ method: init.method ?? 'GET', url, body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body });
    return answer();
  });
  resetPositionForTests();
});
afterEach(() => vi.unstubAllGlobals());

const job = sampleJob({
  id: 'job-1',
  title: 'Senior Data Engineer',
  company: 'Northwind Analytics',
  location: 'Austin, TX',
  salary: '$150k',
  description: 'Own the pipelines.',
  requirements: ['SQL', 'Python'],
  skills: ['Kafka', 'dbt'],
  benefits: null,
  experience: 'Senior level',
});

function renderDialog() {
  const onOpenChange = vi.fn();
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <EditJobDialog job={job} open onOpenChange={onOpenChange} />
    </QueryClientProvider>,
  );
  return { dialog: within(screen.getByRole('dialog', { name: 'Edit Job' })), onOpenChange, user: userEvent.setup({ delay: null }) };
}

describe('editing a job', () => {
  it('opens with the job as it is, and saves the changed job with PUT /api/jobs/{jobId}', async () => {
    const { dialog, onOpenChange, user } = renderDialog();
    expect(dialog.getByLabelText(/Job Title/)).toHaveValue('Senior Data Engineer');
    expect(dialog.getByLabelText(/Requirements/)).toHaveValue('SQL\nPython');
    expect(dialog.getByLabelText(/Skills/)).toHaveValue('Kafka, dbt');
    await user.clear(dialog.getByLabelText(/Job Title/));
    await user.type(dialog.getByLabelText(/Job Title/), 'Staff Data Engineer');
    await user.click(dialog.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(requests).toEqual([
      {
        method: 'PUT',
        url: '/api/jobs/job-1',
        body: expect.objectContaining({ title: 'Staff Data Engineer', location: 'Austin, TX', requirements: ['SQL', 'Python'], skills: ['Kafka', 'dbt'], experience: 'Senior level' }),
      },
    ]);
  });

  it('a required field left blank is said at the field, with the posting message, and nothing is sent', async () => {
    const { dialog, onOpenChange, user } = renderDialog();
    await user.clear(dialog.getByLabelText(/Location/));
    await user.click(dialog.getByRole('button', { name: 'Save Changes' }));
    expect(await dialog.findByText(MESSAGES.jobRequiredFields)).toBeInTheDocument();
    expect(requests).toEqual([]);
    expect(onOpenChange).not.toHaveBeenCalled();
  });
});

describe('who sees Edit Job', () => {
  const viewer = (overrides: object = {}) => ({ userId: 'u', type: 'company' as const, isAdmin: false, companyId: 'company-1', ...overrides });
  it('the company that posted it and admins; not another company, a candidate, a visitor, nor anyone for an imported job', () => {
    const posted = { source: 'internal' as const, companyId: 'company-1' };
    expect(canEditJob(posted, viewer())).toBe(true);
    expect(canEditJob(posted, viewer({ type: 'candidate', companyId: null, isAdmin: true }))).toBe(true);
    expect(canEditJob(posted, viewer({ companyId: 'company-2' }))).toBe(false);
    expect(canEditJob(posted, viewer({ type: 'candidate', companyId: null }))).toBe(false);
    expect(canEditJob(posted, null)).toBe(false);
    expect(canEditJob({ source: 'remoteok', companyId: null }, viewer({ isAdmin: true }))).toBe(false);
  });
});

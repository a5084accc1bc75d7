import { jobPostLimitReached, type Job } from '@hireloop/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast, Toaster } from '../../../components/ui/toast';
import { resetPositionForTests } from '../../../lib/api-client';
import { JOB_POST_LIMIT_TITLE, PostJobDialog } from './post-job-dialog';
import { sampleJob } from '@hireloop/contracts/testing/jobs';

interface Request {
  method: string;
  url: string;
  body: unknown;
}

let requests: Request[];
let answer: () => Response;

beforeEach(() => {
  requests = [];
  answer = () => {
    throw new Error('The test did not say how the server answers');
  };
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    requests.push({ method: init.method ?? 'GET', url, body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body });
    return answer();
  });
  resetPositionForTests();
});

afterEach(() => {
  // The toast store lives outside React: clear it so no toast carries over to the next test.
  act(() => toast({ title: '' }).dismiss());
  vi.unstubAllGlobals();
});

const json = (status: number, body: unknown) => () =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const postedJob = (overrides: Partial<Job> = {}): Job => sampleJob({
  title: 'Staff Frontend Engineer',
  company: 'Brightpath Health',
  location: 'San Francisco, CA',
  salary: '$190k - $230k',
  remote: false,
  description: 'Lead the patient portal.',
  requirements: ['React', 'Accessibility'],
  skills: ['React', 'TypeScript'],
  experience: 'Entry level',
  createdAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

function renderDialog(limitReached: string | null = null) {
  const onOpenChange = vi.fn();
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <PostJobDialog open onOpenChange={onOpenChange} defaultCompany="Brightpath Health" limitReached={limitReached} />
      <Toaster />
    </QueryClientProvider>,
  );
  const dialog = within(screen.getByRole('dialog', { name: 'Post a New Job' }));
  return { dialog, onOpenChange, user: userEvent.setup({ delay: null }) };
}

/**
 * The toast with `title` as people see it, in the notifications region. Its code loads with the
 * first toast, hence the longer wait. While the modal is open, Radix hides the rest of the page
 * from assistive technology, this region included (`hidden: true`); screen readers get the toast
 * from the live region that {@link findAnnouncement} reads.
 */
async function findToast(title: string): Promise<HTMLElement> {
  return waitFor(
    () => {
      const notifications = screen.getByRole('region', { name: 'Notifications (F8)', hidden: true });
      const item = within(notifications)
        .queryAllByRole('listitem', { hidden: true })
        .find((entry) => within(entry).queryByText(title));
      if (!item) throw new Error(`No toast "${title}" on screen`);
      return item;
    },
    { timeout: 5000 },
  );
}

/** What a screen reader announces for the toast (Radix's live region, there for a second). */
async function findAnnouncement(text: string): Promise<HTMLElement> {
  return waitFor(
    () => {
      const region = screen.getAllByRole('status').find((status) => status.textContent?.includes(text));
      if (!region) throw new Error(`Nothing announced "${text}"`);
      return region;
    },
    { timeout: 5000 },
  );
}

describe('post a job dialog', () => {
  it('tells a company whose plan is full before it types anything, with the way on, and offers no form', () => {
    const { dialog } = renderDialog(jobPostLimitReached('Free', 1));
    expect(dialog.getByText('Job post limit reached')).toBeInTheDocument();
    expect(dialog.getByText('Your Free plan allows 1 open job posting. Upgrade your plan or close a job to post another.')).toBeInTheDocument();
    expect(dialog.getByRole('link', { name: 'View Plans' })).toHaveAttribute('href', '/pricing');
    expect(dialog.queryByRole('textbox', { name: /Job Title/ })).not.toBeInTheDocument();
    expect(dialog.queryByRole('button', { name: /Post Job/ })).not.toBeInTheDocument();
  });

  it('names every field, marks the required ones and starts with the poster’s company', () => {
    const { dialog } = renderDialog();
    expect(dialog.getByText('Fields marked * are required.')).toBeInTheDocument();
    for (const name of ['Job Title', 'Location', 'Description']) {
      expect(dialog.getByRole('textbox', { name })).toHaveAttribute('aria-required', 'true');
    }
    for (const name of ['Salary', 'Requirements', 'Skills', 'Benefits']) {
      expect(dialog.getByRole('textbox', { name })).not.toHaveAttribute('aria-required');
    }
    expect(dialog.getByRole('textbox', { name: 'Company' })).toHaveValue('Brightpath Health');
    expect(dialog.getByRole('combobox', { name: 'Job Type' })).toHaveTextContent('Full-time');
    expect(dialog.getByRole('combobox', { name: 'Experience Level' })).toHaveTextContent('Entry level');
    expect(dialog.getByRole('checkbox', { name: 'Remote' })).not.toBeChecked();
    expect(dialog.getByRole('textbox', { name: 'Skills' })).toHaveAccessibleDescription('Separate skills with commas.');
  });

  it('without a title, a location and a description says which fields are required and sends nothing', async () => {
    const { dialog, onOpenChange, user } = renderDialog();
    await user.type(dialog.getByRole('textbox', { name: 'Job Title' }), 'Staff Frontend Engineer');
    await user.type(dialog.getByRole('textbox', { name: 'Description' }), '   ');
    await user.click(dialog.getByRole('button', { name: 'Post Job' }));

    const announced = await findAnnouncement('Missing Required Fields');
    expect(announced).toHaveAttribute('aria-live', 'assertive');
    expect(announced).toHaveTextContent('Please fill in all required fields (Title, Location, Description).');
    const shown = await findToast('Missing Required Fields');
    expect(shown).toHaveTextContent('Please fill in all required fields (Title, Location, Description).');
    expect(requests).toEqual([]);
    expect(onOpenChange).not.toHaveBeenCalled();
    expect(dialog.getByRole('textbox', { name: 'Job Title' })).toHaveValue('Staff Frontend Engineer');
  });

  it('says the missing fields at each of them, tied to its input, and puts the focus on the first', async () => {
    const { dialog, user } = renderDialog();
    await user.type(dialog.getByRole('textbox', { name: 'Job Title' }), 'Staff Frontend Engineer');
    await user.click(dialog.getByRole('button', { name: 'Post Job' }));

    const location = dialog.getByRole('textbox', { name: 'Location' });
    const description = dialog.getByRole('textbox', { name: 'Description' });
    await waitFor(() => expect(location).toHaveFocus());
    for (const field of [location, description]) {
      expect(field).toHaveAttribute('aria-invalid', 'true');
      expect(field).toHaveAccessibleDescription('Please fill in all required fields (Title, Location, Description).');
      const message = document.getElementById(field.getAttribute('aria-describedby') ?? '');
      expect(message).toHaveTextContent('Please fill in all required fields (Title, Location, Description).');
    }
    const title = dialog.getByRole('textbox', { name: 'Job Title' });
    expect(title).not.toHaveAttribute('aria-invalid');
    expect(title).not.toHaveAttribute('aria-describedby');
    // The description of a field with a hint keeps the hint beside the error.
    expect(dialog.getByRole('textbox', { name: 'Skills' })).toHaveAccessibleDescription('Separate skills with commas.');

    // Filled in, the field is valid again at once.
    await user.type(location, 'Remote');
    await waitFor(() => expect(location).not.toHaveAttribute('aria-invalid'));
    expect(location).not.toHaveAccessibleDescription();
    expect(description).toHaveAttribute('aria-invalid', 'true');
    expect(requests).toEqual([]);
  });

  it('puts a reason the server gives for one field on that field, and focuses it', async () => {
    answer = json(400, {
      success: false,
      error: 'Salary must name a currency',
      details: [{ path: 'salary', message: 'Salary must name a currency' }],
    });
    const { dialog, onOpenChange, user } = renderDialog();
    await user.type(dialog.getByRole('textbox', { name: 'Job Title' }), 'Staff Frontend Engineer');
    await user.type(dialog.getByRole('textbox', { name: 'Location' }), 'Remote');
    await user.type(dialog.getByRole('textbox', { name: 'Salary' }), '190-230');
    await user.type(dialog.getByRole('textbox', { name: 'Description' }), 'Lead the patient portal.');
    await user.click(dialog.getByRole('button', { name: 'Post Job' }));

    const salary = dialog.getByRole('textbox', { name: 'Salary' });
    await waitFor(() => expect(salary).toHaveAttribute('aria-invalid', 'true'));
    expect(salary).toHaveAccessibleDescription('Salary must name a currency');
    expect(salary).toHaveFocus();
    await findToast('Error Creating Job');
    expect(onOpenChange).not.toHaveBeenCalled();
    expect(dialog.getByRole('textbox', { name: 'Job Title' })).not.toHaveAttribute('aria-invalid');
  });

  it('posts the job as the spec shapes it, then says so and closes', async () => {
    answer = json(201, { success: true, job: postedJob() });
    const { dialog, onOpenChange, user } = renderDialog();
    await user.type(dialog.getByRole('textbox', { name: 'Job Title' }), '  Staff Frontend Engineer ');
    await user.type(dialog.getByRole('textbox', { name: 'Location' }), 'San Francisco, CA');
    await user.type(dialog.getByRole('textbox', { name: 'Salary' }), '$190k - $230k');
    await user.click(dialog.getByRole('checkbox', { name: 'Remote' }));
    await user.type(dialog.getByRole('textbox', { name: 'Description' }), 'Lead the patient portal.');
    await user.type(dialog.getByRole('textbox', { name: 'Requirements' }), 'React{Enter}{Enter}  Accessibility  ');
    await user.type(dialog.getByRole('textbox', { name: 'Skills' }), 'React, , TypeScript ,');
    await user.click(dialog.getByRole('button', { name: 'Post Job' }));

    await findToast('Job Posted Successfully!');
    expect(requests).toEqual([
      {
        method: 'POST',
        url: '/api/jobs',
        body: {
          title: 'Staff Frontend Engineer',
          company: 'Brightpath Health',
          location: 'San Francisco, CA',
          salary: '$190k - $230k',
          type: 'Full-time',
          remote: true,
          description: 'Lead the patient portal.',
          requirements: ['React', 'Accessibility'],
          skills: ['React', 'TypeScript'],
          experience: 'Entry level',
          benefits: null,
        },
      },
    ]);
    expect(screen.getByText('Your job posting is now live and candidates can apply.')).toBeInTheDocument();
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('shows the server’s reason when it refuses the job, and keeps the form open and filled', async () => {
    answer = json(400, { success: false, error: 'Only companies can post jobs' });
    const { dialog, onOpenChange, user } = renderDialog();
    await user.type(dialog.getByRole('textbox', { name: 'Job Title' }), 'Staff Frontend Engineer');
    await user.type(dialog.getByRole('textbox', { name: 'Location' }), 'Remote');
    await user.type(dialog.getByRole('textbox', { name: 'Description' }), 'Lead the patient portal.');
    await user.click(dialog.getByRole('button', { name: 'Post Job' }));

    const shown = await findToast('Error Creating Job');
    expect(shown).toHaveTextContent('Only companies can post jobs');
    expect(requests).toHaveLength(1);
    expect(onOpenChange).not.toHaveBeenCalled();
    expect(dialog.getByRole('textbox', { name: 'Job Title' })).toHaveValue('Staff Frontend Engineer');
    await waitFor(() => expect(dialog.getByRole('button', { name: 'Post Job' })).toBeEnabled());
  });

  it('falls back to a general message when the server gives no reason', async () => {
    answer = () => new Response('<html>Bad Gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } });
    const { dialog, user } = renderDialog();
    await user.type(dialog.getByRole('textbox', { name: 'Job Title' }), 'Staff Frontend Engineer');
    await user.type(dialog.getByRole('textbox', { name: 'Location' }), 'Remote');
    await user.type(dialog.getByRole('textbox', { name: 'Description' }), 'Lead the patient portal.');
    await user.click(dialog.getByRole('button', { name: 'Post Job' }));

    const shown = await findToast('Error Creating Job');
    expect(shown).toHaveTextContent('Failed to create job posting. Please try again.');
  });

  it('shows Creating... and blocks a second submit while the job is being posted', async () => {
    let respond: (response: Response) => void = () => {};
    vi.stubGlobal('fetch', (url: string, init: RequestInit = {}) => {
      requests.push({ method: init.method ?? 'GET', url, body: JSON.parse(String(init.body)) });
      return new Promise<Response>((resolve) => (respond = resolve));
    });
    const { dialog, user } = renderDialog();
    await user.type(dialog.getByRole('textbox', { name: 'Job Title' }), 'Staff Frontend Engineer');
    await user.type(dialog.getByRole('textbox', { name: 'Location' }), 'Remote');
    await user.type(dialog.getByRole('textbox', { name: 'Description' }), 'Lead the patient portal.');
    await user.click(dialog.getByRole('button', { name: 'Post Job' }));

    const creating = await dialog.findByRole('button', { name: 'Creating...' });
    expect(creating).toBeDisabled();
    expect(dialog.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await user.click(creating);
    expect(requests).toHaveLength(1);

    respond(json(201, { success: true, job: postedJob() })());
    await findToast('Job Posted Successfully!');
  });

  it('closes with the success toast when the post itself fills the plan and the count says so before the answer is handled', async () => {
    let respond: (response: Response) => void = () => {};
    vi.stubGlobal('fetch', (url: string, init: RequestInit = {}) => {
      requests.push({ method: init.method ?? 'GET', url, body: JSON.parse(String(init.body)) });
      return new Promise<Response>((resolve) => (respond = resolve));
    });
    const onOpenChange = vi.fn();
    const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
    const dialogWith = (limitReached: string | null) => (
      <QueryClientProvider client={queryClient}>
        <PostJobDialog open onOpenChange={onOpenChange} defaultCompany="Brightpath Health" limitReached={limitReached} />
        <Toaster />
      </QueryClientProvider>
    );
    const { rerender } = render(dialogWith(null));
    const dialog = within(screen.getByRole('dialog', { name: 'Post a New Job' }));
    const user = userEvent.setup({ delay: null });
    await user.type(dialog.getByRole('textbox', { name: 'Job Title' }), 'Staff Frontend Engineer');
    await user.type(dialog.getByRole('textbox', { name: 'Location' }), 'Remote');
    await user.type(dialog.getByRole('textbox', { name: 'Description' }), 'Lead the patient portal.');
    await user.click(dialog.getByRole('button', { name: 'Post Job' }));
    await dialog.findByRole('button', { name: 'Creating...' });

    // The open-jobs count refreshed with the new job in it: the Free plan is now full.
    rerender(dialogWith(jobPostLimitReached('Free', 1)));
    expect(dialog.queryByText(JOB_POST_LIMIT_TITLE)).not.toBeInTheDocument();
    respond(json(201, { success: true, job: postedJob() })());
    await findToast('Job Posted Successfully!');
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(requests).toHaveLength(1);
  });
});

describe('the post-a-job draft kept in the tab (ADR 116)', () => {
  const OWNER = 'user-company-1';
  function renderOwned() {
    const onOpenChange = vi.fn();
    const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
    const view = render(
      <QueryClientProvider client={queryClient}>
        <PostJobDialog open onOpenChange={onOpenChange} defaultCompany="Brightpath Health" draftOwner={OWNER} />
        <Toaster />
      </QueryClientProvider>,
    );
    const dialog = within(screen.getByRole('dialog', { name: 'Post a New Job' }));
    return { dialog, onOpenChange, unmount: view.unmount, user: userEvent.setup({ delay: null }) };
  }
  beforeEach(() => sessionStorage.clear());

  it('what was typed is there again when the form opens after a reload, until the job is posted', async () => {
    answer = json(201, { success: true, job: postedJob() });
    const first = renderOwned();
    await first.user.type(first.dialog.getByRole('textbox', { name: 'Job Title' }), 'Staff Frontend Engineer');
    await first.user.type(first.dialog.getByRole('textbox', { name: 'Description' }), 'Lead the patient portal.');
    await first.user.click(first.dialog.getByRole('checkbox', { name: 'Remote' }));
    // A reload: the page and its dialog are gone, this tab's storage is not.
    first.unmount();
    const again = renderOwned();
    expect(again.dialog.getByRole('textbox', { name: 'Job Title' })).toHaveValue('Staff Frontend Engineer');
    expect(again.dialog.getByRole('textbox', { name: 'Description' })).toHaveValue('Lead the patient portal.');
    expect(again.dialog.getByRole('checkbox', { name: 'Remote' })).toBeChecked();
    expect(again.dialog.getByRole('textbox', { name: 'Company' })).toHaveValue('Brightpath Health');
    await again.user.type(again.dialog.getByRole('textbox', { name: 'Location' }), 'San Francisco, CA');
    await again.user.click(again.dialog.getByRole('button', { name: 'Post Job' }));
    await findToast('Job Posted Successfully!');
    expect(requests.at(-1)?.body).toMatchObject({ title: 'Staff Frontend Engineer', description: 'Lead the patient portal.', remote: true, location: 'San Francisco, CA' });
    // Posted: the next job starts from an empty form.
    again.unmount();
    const next = renderOwned();
    expect(next.dialog.getByRole('textbox', { name: 'Job Title' })).toHaveValue('');
  });

  it('Cancel forgets the draft', async () => {
    const first = renderOwned();
    await first.user.type(first.dialog.getByRole('textbox', { name: 'Job Title' }), 'Half a thought');
    await first.user.click(first.dialog.getByRole('button', { name: 'Cancel' }));
    first.unmount();
    const again = renderOwned();
    expect(again.dialog.getByRole('textbox', { name: 'Job Title' })).toHaveValue('');
  });
});

import { ADMIN_MESSAGES, ANALYTICS_MESSAGES, type AdminActivity } from '@hireloop/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { candidate, company, job, json, quietStream, renderPanel, stubAdminServer, user } from '../testing/admin-harness';

const server = stubAdminServer();

const emptyCandidates = () => json(200, { candidates: [], total: 0, page: 1, pageSize: 25, totalPages: 0 });

async function openTab(name: string) {
  server.routes['GET /api/admin/candidates'] ??= emptyCandidates;
  server.routes['GET /api/admin/activities/stream'] ??= quietStream;
  const rendered = renderPanel({ user: user('admin') });
  await rendered.user.click(screen.getByRole('tab', { name }));
  return rendered;
}

describe('the Companies tab', () => {
  it('lists companies with Verified or Pending and a Manage button, paged on the server', async () => {
    server.routes['GET /api/admin/companies'] = ({ query }) =>
      json(200, { companies: [company(1), company(2)], total: 30, page: Number(query.get('page')), pageSize: 25, totalPages: 2 });
    const { user: person } = await openTab('Companies');
    const table = await screen.findByRole('table', { name: 'Companies' });
    const [first, second] = within(table).getAllByRole('row').slice(1) as [HTMLElement, HTMLElement];
    expect(within(first).getByText('Northwind 1')).toBeInTheDocument();
    expect(within(first).getByText('Verified')).toBeInTheDocument();
    expect(within(second).getByText('Pending')).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: 'Manage' })).toBeInTheDocument();
    await person.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(server.calls.at(-1)?.url).toBe('/api/admin/companies?page=2&pageSize=25'));
    // A new order starts again from page 1.
    await person.selectOptions(screen.getByLabelText('Sort by'), 'name');
    await waitFor(() => expect(server.calls.at(-1)?.url).toBe('/api/admin/companies?page=1&pageSize=25&sort=name'));
  });

  it('Add Company: a name is required, the website must be a URL, and it toasts either way', async () => {
    server.routes['GET /api/admin/companies'] = () => json(200, { companies: [], total: 0, page: 1, pageSize: 25, totalPages: 0 });
    server.routes['POST /api/admin/companies'] = ({ body }) => json(201, { success: true, company: { ...company(5), ...(body as object) } });
    const { user: person } = await openTab('Companies');
    await person.click(await screen.findByRole('button', { name: 'Add Company' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Company' });
    const create = within(dialog).getByRole('button', { name: 'Create Company' });
    expect(create).toBeDisabled();
    await person.type(within(dialog).getByLabelText(/Company Name/), 'Acme');
    await person.type(within(dialog).getByLabelText('Website'), 'acme dot com');
    await person.click(create);
    expect(await within(dialog).findByText('Website must be a valid URL (https://…)')).toBeInTheDocument();
    expect(server.calls.some((call) => call.method === 'POST')).toBe(false);
    await person.clear(within(dialog).getByLabelText('Website'));
    await person.type(within(dialog).getByLabelText('Website'), 'https://acme.example');
    await person.click(create);
    expect(await screen.findByText('Company created successfully')).toBeInTheDocument();
    expect(server.calls.find((call) => call.method === 'POST')?.body).toEqual({ name: 'Acme', description: '', website: 'https://acme.example', location: '' });
  });

  it('Add Company pressed twice at once (a double click) adds one company', async () => {
    server.routes['GET /api/admin/companies'] = () => json(200, { companies: [], total: 0, page: 1, pageSize: 25, totalPages: 0 });
    server.routes['POST /api/admin/companies'] = ({ body }) => json(201, { success: true, company: { ...company(5), ...(body as object) } });
    const { user: person } = await openTab('Companies');
    await person.click(await screen.findByRole('button', { name: 'Add Company' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Company' });
    await person.type(within(dialog).getByLabelText(/Company Name/), 'Acme');
    const create = within(dialog).getByRole('button', { name: 'Create Company' });
    // Both presses land before the form's (asynchronous) validation has let the button show it is busy.
    fireEvent.click(create);
    fireEvent.click(create);
    // Closed on success (the toast is not waited for: the previous test's may still be shown).
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Company' })).not.toBeInTheDocument());
    expect(server.calls.filter((call) => call.method === 'POST' && call.path === '/api/admin/companies')).toHaveLength(1);
  });

  it('Add Company: a failure toasts Failed to create company', async () => {
    server.routes['GET /api/admin/companies'] = () => json(200, { companies: [], total: 0, page: 1, pageSize: 25, totalPages: 0 });
    server.routes['POST /api/admin/companies'] = () => json(500, { success: false, error: 'Internal error' });
    const { user: person } = await openTab('Companies');
    await person.click(await screen.findByRole('button', { name: 'Add Company' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Company' });
    await person.type(within(dialog).getByLabelText(/Company Name/), 'Acme');
    await person.click(within(dialog).getByRole('button', { name: 'Create Company' }));
    expect(await screen.findByText(ADMIN_MESSAGES.createCompanyFailed)).toBeInTheDocument();
  });
});

describe('Manage (ADR 064)', () => {
  it('Manage on a company row opens its fields, checks them with the Add Company rules, and saves them with PUT', async () => {
    server.routes['GET /api/admin/companies'] = () => json(200, { companies: [company(1)], total: 1, page: 1, pageSize: 25, totalPages: 1 });
    server.routes['PUT /api/admin/companies/company-1'] = () => json(200, { success: true, id: 'company-1' });
    const { user: person } = await openTab('Companies');
    await person.click(await screen.findByRole('button', { name: 'Manage' }));
    const dialog = screen.getByRole('dialog', { name: 'Manage Company' });
    expect(within(dialog).getByLabelText(/Company Name/)).toHaveValue('Northwind 1');
    await person.clear(within(dialog).getByLabelText('Website'));
    await person.type(within(dialog).getByLabelText('Website'), 'northwind');
    await person.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByText('Website must be a valid URL (https://…)')).toBeInTheDocument();
    expect(server.calls.some((call) => call.method === 'PUT')).toBe(false);
    await person.clear(within(dialog).getByLabelText('Website'));
    await person.type(within(dialog).getByLabelText('Website'), 'https://northwind.example');
    await person.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Company updated')).toBeInTheDocument();
    expect(server.calls.find((call) => call.method === 'PUT')).toMatchObject({ url: '/api/admin/companies/company-1', body: expect.objectContaining({ name: 'Northwind 1', website: 'https://northwind.example' }) });
  });

  it('Manage on a candidate row saves the admin view’s fields (skills comma-split, no email) with PUT', async () => {
    server.routes['GET /api/admin/candidates'] = () => json(200, { candidates: [candidate(1)], total: 1, page: 1, pageSize: 25, totalPages: 1 });
    server.routes['PUT /api/admin/candidates/profile-1'] = () => json(200, { success: true, id: 'candidate-1' });
    server.routes['GET /api/admin/activities/stream'] = quietStream;
    const { user: person } = renderPanel({ user: user('admin') });
    await person.click(await screen.findByRole('button', { name: 'Manage Ada1 Lovelace' }));
    const dialog = screen.getByRole('dialog', { name: 'Manage Candidate' });
    await person.clear(within(dialog).getByLabelText(/Last Name/));
    await person.type(within(dialog).getByLabelText(/Last Name/), 'Byron');
    await person.clear(within(dialog).getByLabelText('Skills'));
    await person.type(within(dialog).getByLabelText('Skills'), 'Math, , Engines');
    await person.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Candidate updated')).toBeInTheDocument();
    const put = server.calls.find((call) => call.method === 'PUT');
    expect(put).toMatchObject({ url: '/api/admin/candidates/profile-1', body: expect.objectContaining({ firstName: 'Ada1', lastName: 'Byron', skills: ['Math', 'Engines'] }) });
    expect(put?.body).not.toHaveProperty('email');
  });
});

describe('Job Management', () => {
  it('lists every job, open and closed, searched and paged on the server with the admin page sizes (ADR 064)', async () => {
    server.routes['GET /api/jobs'] = ({ query }) => {
      const pageSize = Number(query.get('pageSize'));
      const page = Number(query.get('page'));
      const jobs = Array.from({ length: Math.min(pageSize, 30 - (page - 1) * pageSize) }, (_, i) => job((page - 1) * pageSize + i + 1, { isActive: i !== 1 }));
      return json(200, jobs, { 'x-total-count': '30' });
    };
    const { user: person } = await openTab('Job Management');
    const grid = await screen.findByRole('list', { name: 'Jobs' });
    expect(within(grid).getAllByRole('listitem')).toHaveLength(25);
    expect(server.calls.find((call) => call.path === '/api/jobs')?.url).toBe('/api/jobs?status=all&page=1&pageSize=25');
    expect(within(screen.getByRole('article', { name: 'Job 2' })).getByText('Closed')).toBeInTheDocument();
    expect(screen.getByText('Showing 1–25 of 30 jobs')).toBeInTheDocument();
    await person.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(server.calls.at(-1)?.url).toBe('/api/jobs?status=all&page=2&pageSize=25'));
    await person.type(screen.getByRole('searchbox', { name: 'Search jobs' }), 'kafka{Enter}');
    await waitFor(() => expect(server.calls.at(-1)?.url).toBe('/api/jobs?search=kafka&status=all&page=1&pageSize=25'));
    await person.selectOptions(screen.getByLabelText('Rows per page'), '10');
    await waitFor(() => expect(server.calls.at(-1)?.url).toBe('/api/jobs?search=kafka&status=all&page=1&pageSize=10'));
  });

  it('Edit saves the job with PUT /api/jobs/{jobId}; Close and Reopen call their routes; an imported job has no Edit', async () => {
    server.routes['GET /api/jobs'] = () =>
      json(200, [job(1, { title: 'Data Engineer', location: 'Austin, TX', description: 'Pipelines.' }), job(2, { isActive: false }), job(3, { source: 'remoteok' })], { 'x-total-count': '3' });
    server.routes['PUT /api/jobs/job-1'] = () => json(200, { success: true, jobId: 'job-1' });
    server.routes['POST /api/jobs/job-1/close'] = () => json(200, { success: true, jobId: 'job-1', isActive: false });
    server.routes['POST /api/jobs/job-2/reopen'] = () => json(200, { success: true, jobId: 'job-2', isActive: true });
    const { user: person } = await openTab('Job Management');
    const first = await screen.findByRole('article', { name: 'Data Engineer' });
    expect(within(screen.getByRole('article', { name: 'Job 3' })).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    await person.click(within(first).getByRole('button', { name: 'Edit' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Job' });
    expect(within(dialog).getByLabelText(/Job Title/)).toHaveValue('Data Engineer');
    await person.clear(within(dialog).getByLabelText(/Job Title/));
    await person.type(within(dialog).getByLabelText(/Job Title/), 'Staff Data Engineer');
    await person.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Job updated')).toBeInTheDocument();
    expect(server.calls.find((call) => call.method === 'PUT')).toMatchObject({ url: '/api/jobs/job-1', body: expect.objectContaining({ title: 'Staff Data Engineer', location: 'Austin, TX' }) });
    await person.click(within(first).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(server.calls.some((call) => call.method === 'POST' && call.url === '/api/jobs/job-1/close')).toBe(true));
    await person.click(within(screen.getByRole('article', { name: 'Job 2' })).getByRole('button', { name: 'Reopen' }));
    await waitFor(() => expect(server.calls.some((call) => call.method === 'POST' && call.url === '/api/jobs/job-2/reopen')).toBe(true));
  });

  it('Create Job waits for title, description and location, splits the lists, and toasts', async () => {
    server.routes['GET /api/jobs'] = () => json(200, []);
    server.routes['GET /api/admin/companies'] = () => json(200, { companies: [company(1)], total: 1, page: 1, pageSize: 100, totalPages: 1 });
    server.routes['POST /api/admin/jobs'] = () => json(201, { success: true, job: job(9) });
    const { user: person } = await openTab('Job Management');
    await person.click(await screen.findByRole('button', { name: 'Create Job' }));
    const dialog = screen.getByRole('dialog', { name: 'Create Job' });
    const create = within(dialog).getByRole('button', { name: 'Create Job' });
    await person.type(within(dialog).getByLabelText(/Job Title/), 'Data Engineer');
    await person.type(within(dialog).getByLabelText(/Location/), 'Lisbon');
    expect(create).toBeDisabled();
    await person.type(within(dialog).getByLabelText(/Description/), 'Pipelines');
    expect(create).toBeEnabled();
    expect([...within(dialog).getByLabelText('Job Type').querySelectorAll('option')].map((option) => option.textContent)).toEqual(['Full-time', 'Part-time', 'Contract', 'Internship']);
    await person.selectOptions(within(dialog).getByLabelText('Job Type'), 'Contract');
    await waitFor(() => expect(within(dialog).getByRole('option', { name: 'Northwind 1' })).toBeInTheDocument());
    await person.selectOptions(within(dialog).getByLabelText('Company Account'), 'company-1');
    await person.type(within(dialog).getByLabelText('Skills'), 'Kafka, , Flink ');
    await person.type(within(dialog).getByLabelText('Benefits'), 'Remote days,Gym');
    await person.type(within(dialog).getByLabelText('Requirements'), 'SQL{Enter}{Enter}  Python  ');
    await person.click(within(dialog).getByLabelText('Remote'));
    await person.click(create);
    expect(await screen.findByText('Job created successfully')).toBeInTheDocument();
    expect(server.calls.find((call) => call.path === '/api/admin/jobs')?.body).toEqual({
      title: 'Data Engineer',
      company: 'Northwind 1',
      companyId: 'company-1',
      description: 'Pipelines',
      location: 'Lisbon',
      salary: null,
      type: 'Contract',
      remote: true,
      experience: 'Entry level',
      skills: ['Kafka', 'Flink'],
      requirements: ['SQL', 'Python'],
      benefits: ['Remote days', 'Gym'],
    });
  });

  it('Create Job finds any company account by searching the server, not only the first page of companies, and keeps the one chosen', async () => {
    // 300 companies: the picker lists a page of them by name, the server searches the rest.
    const all = Array.from({ length: 300 }, (_, i) => company(i + 1));
    server.routes['GET /api/jobs'] = () => json(200, []);
    server.routes['GET /api/admin/companies'] = ({ query }) => {
      const search = (query.get('search') ?? '').toLowerCase();
      const size = Number(query.get('pageSize'));
      const matching = all.filter((entry) => entry.name.toLowerCase().includes(search));
      return json(200, { companies: matching.slice(0, size), total: matching.length, page: 1, pageSize: size, totalPages: Math.ceil(matching.length / size) });
    };
    server.routes['POST /api/admin/jobs'] = () => json(201, { success: true, job: job(9) });
    const { user: person } = await openTab('Job Management');
    await person.click(await screen.findByRole('button', { name: 'Create Job' }));
    const dialog = screen.getByRole('dialog', { name: 'Create Job' });
    await waitFor(() => expect(within(dialog).getByRole('option', { name: 'Northwind 1' })).toBeInTheDocument());
    expect(within(dialog).getByText('Showing 25 of 300 companies: search to find others.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('option', { name: 'Northwind 287' })).not.toBeInTheDocument();
    await person.type(within(dialog).getByLabelText('Search companies'), '287{Enter}');
    await waitFor(() => expect(within(dialog).getByRole('option', { name: 'Northwind 287' })).toBeInTheDocument());
    expect(server.calls.filter((call) => call.path === '/api/admin/companies').at(-1)?.url).toBe('/api/admin/companies?search=287&page=1&pageSize=25&sort=name');
    await person.selectOptions(within(dialog).getByLabelText('Company Account'), 'company-287');
    // Searching again keeps the account chosen (Enter searched: it did not submit the job).
    await person.clear(within(dialog).getByLabelText('Search companies'));
    await person.type(within(dialog).getByLabelText('Search companies'), 'Northwind 1{Enter}');
    await waitFor(() => expect(within(dialog).getByRole('option', { name: 'Northwind 10' })).toBeInTheDocument());
    expect(within(dialog).getByLabelText('Company Account')).toHaveValue('company-287');
    await person.type(within(dialog).getByLabelText(/Job Title/), 'Data Engineer');
    await person.type(within(dialog).getByLabelText(/Location/), 'Lisbon');
    await person.type(within(dialog).getByLabelText(/Description/), 'Pipelines');
    await person.click(within(dialog).getByRole('button', { name: 'Create Job' }));
    expect(await screen.findByText('Job created successfully')).toBeInTheDocument();
    expect(server.calls.find((call) => call.path === '/api/admin/jobs')?.body).toMatchObject({ company: 'Northwind 287', companyId: 'company-287' });
  });

  it('Create Job: a refusal toasts Failed to create job with the server’s message', async () => {
    server.routes['GET /api/jobs'] = () => json(200, []);
    server.routes['POST /api/admin/jobs'] = () => json(400, { success: false, error: 'Location is required' });
    const { user: person } = await openTab('Job Management');
    await person.click(await screen.findByRole('button', { name: 'Create Job' }));
    const dialog = screen.getByRole('dialog', { name: 'Create Job' });
    await person.type(within(dialog).getByLabelText(/Job Title/), 'Data Engineer');
    await person.type(within(dialog).getByLabelText(/Location/), 'Lisbon');
    await person.type(within(dialog).getByLabelText(/Description/), 'Pipelines');
    await person.click(within(dialog).getByRole('button', { name: 'Create Job' }));
    expect(await screen.findByText(ADMIN_MESSAGES.createJobFailed)).toBeInTheDocument();
    expect(screen.getByText('Location is required')).toBeInTheDocument();
  });
});

describe('the Analytics tab', () => {
  const serveNumbers = () => {
    server.routes['GET /api/admin/analytics/summary'] = () =>
      json(200, { totalSignups: 12, totalJobViews: 3400, totalApplications: 56, totalSearches: 789, totalPageViews: 900, signupsByType: { candidate: 10, company: 2 }, window: { from: '2026-10-28', to: '2026-11-26', days: 30 } });
    server.routes['GET /api/admin/analytics/top-jobs'] = () => json(200, [{ jobId: 'j1', jobTitle: 'Platform Engineer', views: 120, applications: 7 }]);
    server.routes['GET /api/admin/analytics/daily-metrics'] = () =>
      json(200, Array.from({ length: 7 }, (_, i) => ({ date: `2026-11-${20 + i}`, signups: i, jobViews: i * 10, applications: i * 2, searches: i, pageViews: i * 3 })));
  };

  it('shows the summary cards, top jobs and 7 days of activity as numbers; GA4 not configured skips the other three GA4 calls', async () => {
    serveNumbers();
    server.routes['GET /api/admin/analytics/ga4/overview'] = () => json(200, { configured: false, message: ANALYTICS_MESSAGES.ga4NotConfigured });
    await openTab('Analytics');
    const summary = await screen.findByRole('list', { name: 'Summary' });
    expect(summary).toHaveTextContent('Total Signups12');
    expect(summary).toHaveTextContent('Job Views3,400');
    expect(summary).toHaveTextContent('Applications56');
    expect(summary).toHaveTextContent('Searches789');
    const top = await screen.findByRole('table', { name: 'Top jobs' });
    expect(within(top).getByRole('row', { name: 'Platform Engineer 120 7' })).toBeInTheDocument();
    const daily = await screen.findByRole('table', { name: 'Daily activity' });
    expect(within(daily).getAllByRole('row')).toHaveLength(8);
    expect(within(daily).getByRole('row', { name: '2026-11-26 6 60 12' })).toBeInTheDocument();
    expect(await screen.findByText(ANALYTICS_MESSAGES.ga4NotConfigured)).toBeInTheDocument();
    expect(screen.getByText(ANALYTICS_MESSAGES.ga4Unavailable)).toBeInTheDocument();
    expect(server.calls.filter((call) => call.path.startsWith('/api/admin/analytics/ga4/')).map((call) => call.path)).toEqual(['/api/admin/analytics/ga4/overview']);
  });

  it('shows the empty states when there is no data yet', async () => {
    server.routes['GET /api/admin/analytics/summary'] = () =>
      json(200, { totalSignups: 0, totalJobViews: 0, totalApplications: 0, totalSearches: 0, totalPageViews: 0, signupsByType: { candidate: 0, company: 0 }, window: { from: '2026-10-28', to: '2026-11-26', days: 30 } });
    server.routes['GET /api/admin/analytics/top-jobs'] = () => json(200, []);
    server.routes['GET /api/admin/analytics/daily-metrics'] = () => json(200, []);
    server.routes['GET /api/admin/analytics/ga4/overview'] = () => json(200, { pageViews: 10, activeUsers: 4, sessions: 5 });
    server.routes['GET /api/admin/analytics/ga4/top-pages'] = () => json(200, []);
    server.routes['GET /api/admin/analytics/ga4/traffic-sources'] = () => json(200, []);
    server.routes['GET /api/admin/analytics/ga4/daily'] = () => json(200, []);
    await openTab('Analytics');
    expect(await screen.findByText('No analytics data available yet...')).toBeInTheDocument();
    expect(await screen.findByText('No daily metrics available yet.')).toBeInTheDocument();
    expect(await screen.findByText('No page data available')).toBeInTheDocument();
    expect(await screen.findByText('No traffic data available')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Google Analytics overview' })).toHaveTextContent('Page Views10');
  });

  it('shows GA4 reports when GA4 answers', async () => {
    serveNumbers();
    server.routes['GET /api/admin/analytics/ga4/overview'] = () => json(200, { pageViews: 1000, activeUsers: 40, sessions: 50 });
    server.routes['GET /api/admin/analytics/ga4/top-pages'] = () => json(200, [{ pageTitle: 'Jobs', pagePath: '/jobs', pageViews: 700 }]);
    server.routes['GET /api/admin/analytics/ga4/traffic-sources'] = () => json(200, [{ source: 'google', medium: 'organic', sessions: 30 }]);
    server.routes['GET /api/admin/analytics/ga4/daily'] = () => json(200, [{ date: '2026-11-26', pageViews: 100, activeUsers: 4, sessions: 5 }]);
    await openTab('Analytics');
    expect(await screen.findByRole('row', { name: 'Jobs 700' })).toBeInTheDocument();
    expect(await screen.findByRole('row', { name: 'google organic 30' })).toBeInTheDocument();
    expect(await screen.findByRole('table', { name: 'Daily traffic' })).toBeInTheDocument();
  });
});

const activity = (n: number, overrides: Partial<AdminActivity> = {}): AdminActivity => ({
  id: `event-${n}`,
  description: `Posted a job: Job ${n}`,
  action: 'job.posted',
  actionLabel: 'Posted a job',
  entityType: 'job',
  entityId: `job-${n}`,
  entityLabel: `Job ${n}`,
  link: `/job/job-${n}`,
  details: {},
  adminId: 'user-admin',
  adminName: 'Olive Ops',
  adminRole: 'admin',
  createdAt: '2026-11-26T10:00:00.000Z',
  position: String(n).padStart(10, '0'),
  ...overrides,
});

describe('the Activities tab', () => {
  it('lists admin actions and filters them on the server', async () => {
    server.routes['GET /api/admin/activities'] = ({ query }) =>
      json(200, query.get('action') === 'user.role_changed' ? [] : [activity(2), activity(1)], { 'x-total-count': '2' });
    const { user: person } = await openTab('Activities');
    const list = await screen.findByRole('list', { name: 'Admin activities' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).getByRole('link', { name: 'Posted a job: Job 2' })).toHaveAttribute('href', '/job/job-2');
    expect(server.calls.find((call) => call.path === '/api/admin/activities')?.url).toBe('/api/admin/activities?page=1&pageSize=25');
    await person.selectOptions(screen.getByLabelText('Action'), 'user.role_changed');
    expect(await screen.findByText('No activities match these filters.')).toBeInTheDocument();
    expect(server.calls.filter((call) => call.path === '/api/admin/activities').at(-1)?.url).toBe('/api/admin/activities?action=user.role_changed&page=1&pageSize=25');
    await person.selectOptions(screen.getByLabelText('Admin'), 'user-admin');
    await waitFor(() =>
      expect(server.calls.filter((call) => call.path === '/api/admin/activities').at(-1)?.url).toBe('/api/admin/activities?admin=user-admin&action=user.role_changed&page=1&pageSize=25'),
    );
  });

  it('a new admin action appears at the top as the stream tells of it, without a reload; the stream sends the bearer token in a header', async () => {
    server.routes['GET /api/admin/activities'] = () => json(200, [activity(1)], { 'x-total-count': '1' });
    let push: (text: string) => void = () => {};
    server.routes['GET /api/admin/activities/stream'] = () =>
      new Response(
        new ReadableStream<Uint8Array>({
          start(controller) {
            const encoder = new TextEncoder();
            push = (text) => controller.enqueue(encoder.encode(text));
          },
        }),
        { status: 200, headers: { 'content-type': 'text/event-stream' } },
      );
    localStorageWithToken('secret-session-token');
    await openTab('Activities');
    const list = await screen.findByRole('list', { name: 'Admin activities' });
    expect(await screen.findByText('Live')).toBeInTheDocument();
    const stream = server.calls.find((call) => call.path === '/api/admin/activities/stream');
    expect(stream?.url).toBe('/api/admin/activities/stream');
    expect(stream?.headers.get('Authorization')).toBe('Bearer secret-session-token');
    const fresh = activity(2, { description: 'Changed a user role: Casey (candidate → admin)', action: 'user.role_changed', actionLabel: 'Changed a user role', link: null });
    // Split across chunks, with a comment and an unrelated event, as a real stream may be.
    push(': keep-alive\n\nevent: other\ndata: {}\n\n');
    push(`id: ${fresh.position}\nevent: admin-activity\ndata: ${JSON.stringify(fresh).slice(0, 40)}`);
    push(`${JSON.stringify(fresh).slice(40)}\n\n`);
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('Changed a user role: Casey (candidate → admin)');
    // Told twice (a reconnect's replay): shown once.
    push(`id: ${fresh.position}\nevent: admin-activity\ndata: ${JSON.stringify(fresh)}\n\n`);
    // A later action, after the repeat on the same stream: once it shows, the repeat was handled.
    const later = activity(3);
    push(`id: ${later.position}\nevent: admin-activity\ndata: ${JSON.stringify(later)}\n\n`);
    await waitFor(() => expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('Posted a job: Job 3'));
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(server.calls.filter((call) => call.path === '/api/admin/activities')).toHaveLength(1);
  });
});

function localStorageWithToken(token: string) {
  const store = new Map([['auth_token', token]]);
  Object.defineProperty(globalThis, 'localStorage', {
    configurable: true,
    value: { getItem: (key: string) => store.get(key) ?? null, setItem: (key: string, value: string) => store.set(key, value), removeItem: (key: string) => store.delete(key) },
  });
}

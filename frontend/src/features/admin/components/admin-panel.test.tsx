import { ADMIN_MESSAGES } from '@hireloop/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { candidate, job, json, quietStream, renderPanel, stubAdminServer, user } from '../testing/admin-harness';

const server = stubAdminServer();

/** The candidates list route: `total` candidates, paged as the server pages them. */
function serveCandidates(total: number, make = candidate) {
  server.routes['GET /api/admin/candidates'] = ({ query }) => {
    const pageSize = Number(query.get('pageSize'));
    const totalPages = Math.ceil(total / pageSize);
    const page = Math.min(Math.max(1, Number(query.get('page'))), Math.max(1, totalPages));
    const count = Math.max(0, Math.min(pageSize, total - (page - 1) * pageSize));
    const candidates = Array.from({ length: count }, (_, i) => make((page - 1) * pageSize + i + 1));
    return json(200, { candidates, total, page, pageSize, totalPages });
  };
}

const candidateRequests = () => server.calls.filter((call) => call.path === '/api/admin/candidates');
const rows = () => within(screen.getByRole('table', { name: 'Candidates' })).getAllByRole('row').slice(1);
const row = (name: string) => rows().find((entry) => entry.textContent?.includes(name)) as HTMLElement;

describe('the admin panel access states', () => {
  it('says it is checking while the session is restored, and asks for nothing', () => {
    renderPanel({ user: null, isLoading: true });
    // By its text: a live region another file's dialog left in the shared document (unit-dom shares it, ADR 058) is a status too.
    expect(screen.getAllByRole('status').find((status) => status.textContent === ADMIN_MESSAGES.checking)).toBeDefined();
    expect(server.calls).toHaveLength(0);
  });

  it('asks a visitor to sign in, and Sign In opens the sign-in dialog', async () => {
    const { onSignIn, user: person } = renderPanel({ user: null });
    expect(screen.getByText(ADMIN_MESSAGES.signInRequired)).toBeInTheDocument();
    await person.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(onSignIn).toHaveBeenCalledOnce();
    expect(server.calls).toHaveLength(0);
  });

  it.each(['candidate', 'company'] as const)('tells a signed-in %s that admin access is required, and runs no admin query', (role) => {
    renderPanel({ user: user(role) });
    expect(screen.getByRole('alert')).toHaveTextContent(ADMIN_MESSAGES.adminRequired);
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    expect(server.calls).toHaveLength(0);
  });

  it('shows an admin the six tabs, Candidates first', async () => {
    serveCandidates(3);
    renderPanel({ user: user('admin') });
    const tabs = screen.getAllByRole('tab').map((tab) => tab.textContent);
    expect(tabs).toEqual(['Candidates', 'Companies', 'Job Management', 'Analytics', 'Activities', 'Projections']);
    expect(screen.getByRole('tab', { name: 'Candidates' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('Ada1 Lovelace')).toBeInTheDocument();
  });
});

describe('the Candidates tab', () => {
  it('shows each row with at most 3 skills, Verified/Unverified and Private/Public, 25 a page by default', async () => {
    serveCandidates(3);
    renderPanel({ user: user('admin') });
    await screen.findByText('Ada1 Lovelace');
    expect(candidateRequests()[0]?.url).toBe('/api/admin/candidates?page=1&pageSize=25');
    const first = row('Ada1 Lovelace');
    const skills = within(within(first).getByRole('list', { name: 'Skills of Ada1 Lovelace' })).getAllByRole('listitem');
    expect(skills.map((item) => item.textContent)).toEqual(['React', 'TypeScript', 'Node', '+2']);
    expect(within(first).getByText('Verified')).toBeInTheDocument();
    expect(within(first).getByText('Public')).toBeInTheDocument();
    const second = row('Ada2 Lovelace');
    expect(within(second).getByText('Unverified')).toBeInTheDocument();
    expect(within(second).getByText('Private')).toBeInTheDocument();
    // One page: no pagination.
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
  });

  it('pages on the server, changes the page size, and shows pagination only with more than one page', async () => {
    serveCandidates(60);
    const { user: person } = renderPanel({ user: user('admin') });
    await screen.findByText('Ada1 Lovelace');
    expect(rows()).toHaveLength(25);
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    await person.click(within(nav).getByRole('button', { name: 'Page 3' }));
    await screen.findByText('Ada51 Lovelace');
    expect(candidateRequests().at(-1)?.url).toBe('/api/admin/candidates?page=3&pageSize=25');
    expect(screen.getByText('Showing 51–60 of 60 candidates')).toBeInTheDocument();
    await person.selectOptions(screen.getByLabelText('Rows per page'), '100');
    await waitFor(() => expect(candidateRequests().at(-1)?.url).toBe('/api/admin/candidates?page=1&pageSize=100'));
    await waitFor(() => expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument());
    expect(screen.getByLabelText('Rows per page')).toHaveValue('100');
    expect([...screen.getByLabelText('Rows per page').querySelectorAll('option')].map((option) => option.textContent)).toEqual(['10', '25', '50', '100']);
  });

  it('sorts on the server from page 1: newest first by default, oldest first, or by name', async () => {
    serveCandidates(60);
    const { user: person } = renderPanel({ user: user('admin') });
    await screen.findByText('Ada1 Lovelace');
    const sortBy = screen.getByLabelText('Sort by');
    expect(sortBy).toHaveValue('newest');
    expect([...sortBy.querySelectorAll('option')].map((option) => option.textContent)).toEqual(['Newest first', 'Oldest first', 'Name (A–Z)']);
    await person.click(screen.getByRole('button', { name: 'Page 2' }));
    await screen.findByText('Ada26 Lovelace');
    await person.selectOptions(sortBy, 'name');
    await waitFor(() => expect(candidateRequests().at(-1)?.url).toBe('/api/admin/candidates?page=1&pageSize=25&sort=name'));
    await person.selectOptions(sortBy, 'oldest');
    await waitFor(() => expect(candidateRequests().at(-1)?.url).toBe('/api/admin/candidates?page=1&pageSize=25&sort=oldest'));
  });

  it('searches on the server from page 1, and the companies tab keeps its own search (ADR 064)', async () => {
    serveCandidates(60);
    server.routes['GET /api/admin/companies'] = () => json(200, { companies: [], total: 0, page: 1, pageSize: 25, totalPages: 0 });
    const { user: person } = renderPanel({ user: user('admin') });
    await screen.findByText('Ada1 Lovelace');
    await person.click(screen.getByRole('button', { name: 'Page 2' }));
    await screen.findByText('Ada26 Lovelace');
    await person.type(screen.getByRole('searchbox', { name: 'Search candidates' }), 'LOVE{Enter}');
    await waitFor(() => expect(candidateRequests().at(-1)?.url).toBe('/api/admin/candidates?search=LOVE&page=1&pageSize=25'));
    await person.click(screen.getByRole('tab', { name: 'Companies' }));
    expect(await screen.findByRole('searchbox', { name: 'Search companies' })).toHaveValue('');
    await waitFor(() => expect(server.calls.at(-1)?.url).toBe('/api/admin/companies?page=1&pageSize=25'));
    expect(await screen.findByText('No companies yet.')).toBeInTheDocument();
    expect(screen.queryByText('No companies match your search.')).not.toBeInTheDocument();
  });

  it('Add Candidate: the button waits for the required fields, the email is checked, skills are comma-split, and it toasts', async () => {
    serveCandidates(1);
    server.routes['POST /api/admin/candidates'] = ({ body }) => json(201, { success: true, candidate: { ...candidate(9), ...(body as object) } });
    const { user: person } = renderPanel({ user: user('admin') });
    await screen.findByText('Ada1 Lovelace');
    await person.click(screen.getByRole('button', { name: 'Add Candidate' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Candidate' });
    const create = within(dialog).getByRole('button', { name: 'Create Candidate' });
    expect(create).toBeDisabled();
    await person.type(within(dialog).getByLabelText(/First Name/), 'Grace');
    await person.type(within(dialog).getByLabelText(/Last Name/), 'Hopper');
    await person.type(within(dialog).getByLabelText(/Email/), 'not-an-email');
    expect(create).toBeEnabled();
    await person.click(create);
    expect(await within(dialog).findByText('A valid email is required')).toBeInTheDocument();
    expect(server.calls.some((call) => call.method === 'POST')).toBe(false);
    await person.clear(within(dialog).getByLabelText(/Email/));
    await person.type(within(dialog).getByLabelText(/Email/), 'Grace@Navy.example');
    await person.type(within(dialog).getByLabelText('Skills'), ' COBOL, , Compilers ,');
    await person.selectOptions(within(dialog).getByLabelText('Experience'), '10+');
    await person.click(create);
    expect(await screen.findByText('Candidate created successfully')).toBeInTheDocument();
    const post = server.calls.find((call) => call.method === 'POST');
    expect(post?.body).toMatchObject({ firstName: 'Grace', lastName: 'Hopper', email: 'grace@navy.example', skills: ['COBOL', 'Compilers'], experience: '10+', isPrivate: false });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('Add Candidate: a refusal toasts Failed to create candidate with the server’s reason', async () => {
    serveCandidates(1);
    server.routes['POST /api/admin/candidates'] = () => json(409, { success: false, error: ADMIN_MESSAGES.candidateEmailTaken });
    const { user: person } = renderPanel({ user: user('admin') });
    await screen.findByText('Ada1 Lovelace');
    await person.click(screen.getByRole('button', { name: 'Add Candidate' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Candidate' });
    await person.type(within(dialog).getByLabelText(/First Name/), 'Ada');
    await person.type(within(dialog).getByLabelText(/Last Name/), 'Lovelace');
    await person.type(within(dialog).getByLabelText(/Email/), 'ada1@example.com');
    await person.click(within(dialog).getByRole('button', { name: 'Create Candidate' }));
    expect(await screen.findByText(ADMIN_MESSAGES.createCandidateFailed)).toBeInTheDocument();
    expect(screen.getByText(ADMIN_MESSAGES.candidateEmailTaken)).toBeInTheDocument();
  });
});

describe('inviting candidates from the table', () => {
  const serveJobs = () => {
    server.routes['GET /api/jobs'] = () =>
      json(200, [
        job(1, { title: 'Platform Engineer', companyId: 'company-1' }),
        job(2, { title: 'Imported Role', companyId: 'company-1', source: 'remoteok' }),
        job(3, { title: 'No Company Role' }),
      ]);
  };

  it('Invite to Apply on a row sends one invitation and toasts', async () => {
    serveCandidates(2);
    serveJobs();
    server.routes['POST /api/job-invitations/send'] = () => json(201, { success: true, message: 'Job invitation sent successfully', invitationId: 'i1', status: 'email_sent', expiresAt: '' });
    const { user: person } = renderPanel({ user: user('admin') });
    await screen.findByText('Ada1 Lovelace');
    await person.click(within(row('Ada2 Lovelace')).getByRole('button', { name: 'Invite to Apply' }));
    const dialog = screen.getByRole('dialog', { name: 'Invite to Apply' });
    const picker = within(dialog).getByLabelText('Job');
    await waitFor(() => expect(picker).toBeEnabled());
    // Only jobs posted on Hireloop for a company can be invited to.
    expect(within(picker).queryByRole('option', { name: /Imported Role/ })).not.toBeInTheDocument();
    expect(within(picker).queryByRole('option', { name: /No Company Role/ })).not.toBeInTheDocument();
    await person.selectOptions(picker, 'job-1');
    await person.type(within(dialog).getByLabelText('Message (optional)'), 'Come build with us');
    await person.click(within(dialog).getByRole('button', { name: 'Send Invitation' }));
    expect(await screen.findByText('Job invitation sent successfully')).toBeInTheDocument();
    expect(server.calls.find((call) => call.path === '/api/job-invitations/send')?.body).toEqual({ jobId: 'job-1', candidateId: 'profile-2', message: 'Come build with us' });
  });

  it('the job picker asks the server for the jobs posted on Hireloop (source=internal), not every page of the board, and offers every one', async () => {
    serveCandidates(1);
    // 2,500 open jobs, newest first: a Hireloop job every hundredth, the others imported.
    const board = Array.from({ length: 2500 }, (_, index) =>
      index % 100 === 99 ? job(index, { title: `Hireloop Role ${index}`, companyId: 'company-1' }) : job(index, { title: `Imported ${index}`, source: 'remoteok' }),
    );
    server.routes['GET /api/jobs'] = ({ query }) => {
      const page = Number(query.get('page'));
      const size = Number(query.get('pageSize'));
      const matching = query.get('source') === 'internal' ? board.filter((entry) => entry.source === 'internal') : board;
      return json(200, matching.slice((page - 1) * size, page * size), { 'x-total-count': String(matching.length) });
    };
    const { user: person } = renderPanel({ user: user('admin') });
    await screen.findByText('Ada1 Lovelace');
    await person.click(within(row('Ada1 Lovelace')).getByRole('button', { name: 'Invite to Apply' }));
    const picker = within(screen.getByRole('dialog', { name: 'Invite to Apply' })).getByLabelText('Job');
    await waitFor(() => expect(picker).toBeEnabled());
    expect(within(picker).getAllByRole('option', { name: /Hireloop Role/ })).toHaveLength(25);
    // The oldest, on the board's last page.
    expect(within(picker).getByRole('option', { name: /Hireloop Role 2499/ })).toBeInTheDocument();
    expect(within(picker).queryByRole('option', { name: /Imported/ })).not.toBeInTheDocument();
    // One page of Hireloop jobs was read, not the board's 25 pages of mostly imported ones.
    expect(server.calls.filter((call) => call.path === '/api/jobs').map((call) => call.url)).toEqual(['/api/jobs?status=open&source=internal&page=1&pageSize=100']);
  });

  it('Invite to Apply: a refusal toasts Failed to send job invitation with the reason', async () => {
    serveCandidates(1);
    serveJobs();
    server.routes['POST /api/job-invitations/send'] = () => json(409, { success: false, error: 'Failed to send job invitation: this candidate already has an open invitation to this job.' });
    const { user: person } = renderPanel({ user: user('admin') });
    await screen.findByText('Ada1 Lovelace');
    await person.click(within(row('Ada1 Lovelace')).getByRole('button', { name: 'Invite to Apply' }));
    const dialog = screen.getByRole('dialog', { name: 'Invite to Apply' });
    await waitFor(() => expect(within(dialog).getByLabelText('Job')).toBeEnabled());
    await person.selectOptions(within(dialog).getByLabelText('Job'), 'job-1');
    await person.click(within(dialog).getByRole('button', { name: 'Send Invitation' }));
    expect(await screen.findByText(ADMIN_MESSAGES.sendInvitationFailed)).toBeInTheDocument();
    // Radix may announce a toast twice for screen readers (a copy in its live region): the text is there at least once.
    expect(screen.getAllByText(/already has an open invitation/).length).toBeGreaterThan(0);
  });

  it('Bulk Invite without a selection says Selection Required', async () => {
    serveCandidates(2);
    const { user: person } = renderPanel({ user: user('admin') });
    await screen.findByText('Ada1 Lovelace');
    await person.click(screen.getByRole('button', { name: 'Bulk Invite' }));
    expect(await screen.findByText(ADMIN_MESSAGES.selectionRequired)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('Bulk Invite shows how many will be invited before sending once with an Idempotency-Key, then the X of Y toast', async () => {
    serveCandidates(3);
    serveJobs();
    server.routes['POST /api/job-invitations/bulk'] = ({ body }) =>
      json(200, {
        success: true,
        message: 'done',
        summary: { succeeded: 1, total: (body as { candidateIds: string[] }).candidateIds.length, skipped: 1 },
        invited: [],
        skipped: [],
      });
    const { user: person } = renderPanel({ user: user('admin') });
    await screen.findByText('Ada1 Lovelace');
    await person.click(screen.getByRole('checkbox', { name: 'Select Ada1 Lovelace' }));
    await person.click(screen.getByRole('checkbox', { name: 'Select Ada3 Lovelace' }));
    expect(screen.getByText('2 selected')).toBeInTheDocument();
    await person.click(screen.getByRole('button', { name: 'Bulk Invite' }));
    const dialog = screen.getByRole('dialog', { name: 'Bulk Invite to Apply' });
    // No job chosen: Selection Required, nothing sent.
    await person.click(within(dialog).getByRole('button', { name: 'Review Invitations' }));
    expect(await screen.findByText(ADMIN_MESSAGES.selectionRequired)).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByLabelText('Job')).toBeEnabled());
    await person.selectOptions(within(dialog).getByLabelText('Job'), 'job-1');
    await person.click(within(dialog).getByRole('button', { name: 'Review Invitations' }));
    const confirm = within(dialog).getByRole('group', { name: 'Confirm bulk invitation' });
    expect(confirm).toHaveTextContent('2 candidates will be invited to apply to Platform Engineer (Northwind).');
    expect(within(confirm).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Ada1 Lovelace', 'Ada3 Lovelace']);
    expect(server.calls.some((call) => call.path === '/api/job-invitations/bulk')).toBe(false);
    await person.click(within(dialog).getByRole('button', { name: 'Invite 2 Candidates' }));
    expect(await screen.findByText('Bulk Invitation Complete')).toBeInTheDocument();
    expect(screen.getByText('Successfully invited 1 of 2 candidates')).toBeInTheDocument();
    const bulk = server.calls.filter((call) => call.path === '/api/job-invitations/bulk');
    expect(bulk).toHaveLength(1);
    expect(bulk[0]?.body).toEqual({ jobId: 'job-1', candidateIds: ['profile-1', 'profile-3'], message: '' });
    expect(bulk[0]?.headers.get('Idempotency-Key')).toMatch(/\S{8,}/);
    expect(screen.getByText('0 selected')).toBeInTheDocument();
  });

  it('Bulk Invite: a failure toasts Failed to send bulk invitations', async () => {
    serveCandidates(1);
    serveJobs();
    server.routes['POST /api/job-invitations/bulk'] = () => json(500, { success: false, error: 'Internal error' });
    const { user: person } = renderPanel({ user: user('admin') });
    await screen.findByText('Ada1 Lovelace');
    await person.click(screen.getByRole('checkbox', { name: 'Select all on this page' }));
    await person.click(screen.getByRole('button', { name: 'Bulk Invite' }));
    const dialog = screen.getByRole('dialog', { name: 'Bulk Invite to Apply' });
    await waitFor(() => expect(within(dialog).getByLabelText('Job')).toBeEnabled());
    await person.selectOptions(within(dialog).getByLabelText('Job'), 'job-1');
    await person.click(within(dialog).getByRole('button', { name: 'Review Invitations' }));
    await person.click(within(dialog).getByRole('button', { name: 'Invite 1 Candidate' }));
    expect(await screen.findByText(ADMIN_MESSAGES.bulkInvitationsFailed)).toBeInTheDocument();
  });
});

describe('Make Admin', () => {
  it('a super admin sees who will become an admin (candidates without an account skipped), then one PATCH per account', async () => {
    serveCandidates(3, (n) => candidate(n, n === 2 ? { userId: null } : {}));
    server.routes['PATCH /api/admin/users/role'] = ({ body }) => json(200, { success: true, ...(body as object) });
    const { user: person } = renderPanel({ user: user('super_admin') });
    await screen.findByText('Ada1 Lovelace');
    await person.click(screen.getByRole('checkbox', { name: 'Select all on this page' }));
    await person.click(screen.getByRole('button', { name: 'Make Admin' }));
    const dialog = screen.getByRole('dialog', { name: 'Make Admin' });
    expect(within(dialog).getByText('2 users will be given the admin role.')).toBeInTheDocument();
    expect(within(dialog).getByText('1 selected candidate has no user account and will be skipped.')).toBeInTheDocument();
    expect(server.calls.some((call) => call.method === 'PATCH')).toBe(false);
    await person.click(within(dialog).getByRole('button', { name: 'Make 2 Admins' }));
    expect(await screen.findByText('User role updated successfully')).toBeInTheDocument();
    expect(server.calls.filter((call) => call.method === 'PATCH').map((call) => call.body)).toEqual([
      { userId: 'account-1', role: 'admin' },
      { userId: 'account-3', role: 'admin' },
    ]);
  });

  it('an admin who is not a super admin is not offered Make Admin (part 2 §6)', async () => {
    serveCandidates(2);
    const { user: person } = renderPanel({ user: user('admin') });
    await screen.findByText('Ada1 Lovelace');
    await person.click(screen.getByRole('checkbox', { name: 'Select Ada1 Lovelace' }));
    const bulk = screen.getByRole('region', { name: 'Bulk actions' });
    expect(within(bulk).getByRole('button', { name: 'Bulk Invite' })).toBeInTheDocument();
    expect(within(bulk).queryByRole('button', { name: 'Make Admin' })).not.toBeInTheDocument();
    expect(server.calls.some((call) => call.method === 'PATCH')).toBe(false);
  });

  it('says No Valid Selections when no selected candidate has an account', async () => {
    serveCandidates(2, (n) => candidate(n, { userId: null }));
    const { user: person } = renderPanel({ user: user('super_admin') });
    await screen.findByText('Ada1 Lovelace');
    await person.click(screen.getByRole('checkbox', { name: 'Select Ada2 Lovelace' }));
    await person.click(screen.getByRole('button', { name: 'Make Admin' }));
    expect(await screen.findByText(ADMIN_MESSAGES.noValidSelections)).toBeInTheDocument();
    expect(server.calls.some((call) => call.method === 'PATCH')).toBe(false);
  });

  it('a refused role change toasts Failed to update user role with the server’s reason', async () => {
    serveCandidates(1);
    server.routes['PATCH /api/admin/users/role'] = () => json(403, { success: false, error: 'Only super admins can change user roles' });
    server.routes['GET /api/admin/activities/stream'] = quietStream;
    const { user: person } = renderPanel({ user: user('super_admin') });
    await screen.findByText('Ada1 Lovelace');
    await person.click(screen.getByRole('checkbox', { name: 'Select Ada1 Lovelace' }));
    await person.click(screen.getByRole('button', { name: 'Make Admin' }));
    await person.click(within(screen.getByRole('dialog', { name: 'Make Admin' })).getByRole('button', { name: 'Make 1 Admin' }));
    expect(await screen.findByText(ADMIN_MESSAGES.roleUpdateFailed)).toBeInTheDocument();
  });
});

import type { AdminProjection } from '@hireloop/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, quietStream, renderPanel, stubAdminServer, user } from '../testing/admin-harness';

const server = stubAdminServer();

const row = (name: string, overrides: Partial<AdminProjection> = {}): AdminProjection => ({
  name,
  version: 1,
  status: 'running',
  checkpoint: '00000000000000000012.00000000000000000001',
  head: '00000000000000000012.00000000000000000001',
  caughtUp: true,
  lagEvents: 0,
  lagEventsAtLeast: false,
  lagSeconds: 0,
  lastBatchAt: '2026-11-27T10:00:00.000Z',
  lastError: null,
  attempts: 0,
  parked: 0,
  lastHeardAt: '2026-11-27T10:00:00.000Z',
  stale: false,
  rebuild: null,
  ...overrides,
});

const projections = (canManage: boolean) => ({
  canManage,
  projections: [
    row('job-board'),
    row('inbox', { status: 'stopped', caughtUp: false, lagEvents: 42, lagSeconds: 3.5, parked: 1, lastError: 'inbox: the event has no conversationId' }),
  ],
});

async function openProjections(role: 'admin' | 'super_admin') {
  server.routes['GET /api/admin/candidates'] ??= () => json(200, { candidates: [], total: 0, page: 1, pageSize: 25, totalPages: 0 });
  server.routes['GET /api/admin/activities/stream'] ??= quietStream;
  const rendered = renderPanel({ user: user(role) });
  await rendered.user.click(screen.getByRole('tab', { name: 'Projections' }));
  return rendered;
}

describe('the Projections tab', () => {
  it('shows each read model with status, position, lag, parked events and last error; an admin gets no actions', async () => {
    server.routes['GET /api/admin/projections'] = () => json(200, projections(false));
    await openProjections('admin');
    const table = await screen.findByRole('table', { name: 'Read models' });
    const [board, inbox] = within(table).getAllByRole('row').slice(1) as [HTMLElement, HTMLElement];
    expect(within(board).getByText('Caught up')).toBeInTheDocument();
    expect(within(board).getByText('none')).toBeInTheDocument();
    expect(within(inbox).getByText('Stopped')).toBeInTheDocument();
    expect(within(inbox).getByText('42 events · 3.5 s')).toBeInTheDocument();
    expect(within(inbox).getByText('inbox: the event has no conversationId')).toBeInTheDocument();
    expect(within(table).queryByRole('button')).toBeNull();
    expect(screen.getByText(/Only super admins can rebuild or retry/)).toBeInTheDocument();
  });

  it('a super admin rebuilds (progress shown) and retries parked events', async () => {
    let rebuilding = false;
    server.routes['GET /api/admin/projections'] = () => {
      const answer = projections(true);
      if (rebuilding) {
        answer.projections[0] = row('job-board', {
          rebuild: { requestId: 'r1', state: 'running', phase: 'bulk', events: 12_000, eventsPerSecond: 30_500, requestedAt: '2026-11-27T10:00:00.000Z', startedAt: '2026-11-27T10:00:00.000Z', finishedAt: null, error: null },
        });
      }
      return json(200, answer);
    };
    server.routes['POST /api/admin/projections/job-board/rebuild'] = () => {
      rebuilding = true;
      return json(202, { requestId: 'r1', projection: 'job-board' });
    };
    server.routes['POST /api/admin/projections/inbox/retry'] = () =>
      json(200, { projection: 'inbox', applied: 1, failed: 0, outcomes: [{ position: '00000000000000000013.00000000000000000001', eventType: 'MessageSent', error: null }] });
    const { user: person } = await openProjections('super_admin');
    const table = await screen.findByRole('table', { name: 'Read models' });
    // Retry only where something is parked.
    expect(within(table).queryByRole('button', { name: 'Retry job-board' })).toBeNull();
    await person.click(within(table).getByRole('button', { name: 'Rebuild job-board' }));
    expect(await screen.findByText('Rebuild started')).toBeInTheDocument();
    expect(await within(table).findByText('Rebuilding: 12,000 events, 30,500 events/s')).toBeInTheDocument();
    expect(within(table).getByRole('button', { name: 'Rebuild job-board' })).toBeDisabled();
    await person.click(within(table).getByRole('button', { name: 'Retry inbox' }));
    expect(await screen.findByText('inbox: 1 applied, 0 failed again.')).toBeInTheDocument();
    await waitFor(() => expect(server.calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual(['/api/admin/projections/job-board/rebuild', '/api/admin/projections/inbox/retry']));
  });

  it('a refused rebuild says why', async () => {
    server.routes['GET /api/admin/projections'] = () => json(200, projections(true));
    server.routes['POST /api/admin/projections/job-board/rebuild'] = () => json(409, { success: false, error: 'A rebuild of job-board is already asked for or running: wait for it to finish.' });
    const { user: person } = await openProjections('super_admin');
    const table = await screen.findByRole('table', { name: 'Read models' });
    await person.click(within(table).getByRole('button', { name: 'Rebuild job-board' }));
    expect(await screen.findByText('Could not start the rebuild')).toBeInTheDocument();
    expect(await screen.findByText(/already asked for or running/)).toBeInTheDocument();
  });

  it('a rebuild asked for while no projections process is heard from says it waits for one, not that it runs', async () => {
    let asked = false;
    const notHeardFrom = { stale: true, lastHeardAt: '2026-11-27T09:00:00.000Z' };
    server.routes['GET /api/admin/projections'] = () =>
      json(200, {
        canManage: true,
        projections: [
          row('job-board', {
            ...notHeardFrom,
            rebuild: asked ? { requestId: 'r2', state: 'requested', phase: null, events: 0, eventsPerSecond: 0, requestedAt: '2026-11-27T10:00:00.000Z', startedAt: null, finishedAt: null, error: null } : null,
          }),
        ],
      });
    server.routes['POST /api/admin/projections/job-board/rebuild'] = () => {
      asked = true;
      return json(202, { requestId: 'r2', projection: 'job-board' });
    };
    const { user: person } = await openProjections('super_admin');
    const table = await screen.findByRole('table', { name: 'Read models' });
    await person.click(within(table).getByRole('button', { name: 'Rebuild job-board' }));
    expect(await screen.findByText('Rebuild asked for')).toBeInTheDocument();
    expect(screen.queryByText('Rebuild started')).toBeNull();
    expect(await within(table).findByText('Waiting for the projections process')).toBeInTheDocument();
    expect(within(table).getByText(/the rebuild starts when one runs \(hireloop serve projections\)/)).toBeInTheDocument();
    const button = within(table).getByRole('button', { name: 'Rebuild job-board' });
    expect(button).toBeDisabled();
    expect(button).toHaveTextContent('Waiting...');
    expect(within(table).queryByText(/Rebuilding/)).toBeNull();
  });
});

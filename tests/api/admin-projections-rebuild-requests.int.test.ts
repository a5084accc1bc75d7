import { describe, expect, it } from 'vitest';
import { ADMIN_PROJECTION_MESSAGES } from '@hireloop/contracts';
import { allProjections } from '@hireloop/projections/registry';
import { useApiApp } from '../support/api-app';

/*
 * Rebuilds asked for from the admin console (ADR 087) while no process runs the read model: the
 * app runs every read model but `analytics-daily`, so a request for that one stays asked for, and
 * what a second request meets does not depend on how fast a rebuild ends.
 */
const api = useApiApp('http://hireloop.test', { projectionDefinitions: allProjections.filter((projection) => projection.name !== 'analytics-daily') });

describe('POST /api/admin/projections/:name/rebuild at the same instant', () => {
  it('two super admins asking at once: one is accepted, the other gets 409, and one request is in the log', async () => {
    const first = await api.signUpCandidate('racesuper1');
    await api.grant(first.email, 'super_admin');
    const second = await api.signUpCandidate('racesuper2');
    await api.grant(second.email, 'super_admin');

    const answers = await Promise.all([first, second, first, second].map((caller) => api.post('/api/admin/projections/analytics-daily/rebuild', caller.token)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([202, 409, 409, 409]);
    for (const refused of answers.filter((answer) => answer.statusCode === 409)) expect(refused.json().error).toBe(ADMIN_PROJECTION_MESSAGES.rebuildRunning('analytics-daily'));
    const { events } = await api.runtime().eventStore.readStream('projection-analytics-daily');
    expect(events.map((event) => event.type)).toEqual(['ProjectionRebuildRequested']);

    // Asked for later, it is still refused: the first one waits for a process to run it.
    const later = await api.post('/api/admin/projections/analytics-daily/rebuild', first.token);
    expect(later.statusCode).toBe(409);
  });
});

import { PageViewBody } from '@hireloop/contracts';
import { QueryClient } from '@tanstack/react-query';
import { createRouter } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { routeTree } from '../../../routeTree.gen';
import { routePattern } from './use-page-views';

describe('the page-view route of every page', () => {
  it('is a pattern the API accepts, for every route of the app (My Jobs was refused with a 400)', () => {
    const router = createRouter({ routeTree, context: { loadQueryClient: async () => new QueryClient() } });
    const ids = Object.keys(router.routesById);
    expect(ids).toContain('/dashboard_/jobs');
    const refused = ids.map(routePattern).filter((route) => !PageViewBody.safeParse({ route }).success);
    expect(refused).toEqual([]);
  });

  it('names a route outside its parent’s layout by its address’s shape', () => {
    expect(routePattern('/dashboard_/jobs')).toBe('/dashboard/jobs');
  });
});

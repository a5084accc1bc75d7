import { JOB_MAX_PAGE } from '@hireloop/contracts';
import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { searchPage } from '../lib/search-params';
import { MyJobsPage } from './-components/my-jobs-page';

const MyJobsSearch = z.object({ page: searchPage(JOB_MAX_PAGE) });

/** `/dashboard/jobs`: a company's own jobs (not nested in the dashboard's layout). */
export const Route = createFileRoute('/dashboard_/jobs')({
  validateSearch: MyJobsSearch,
  search: { middlewares: [stripSearchParams({ page: 1 })] },
  component: MyJobsRoute,
});

function MyJobsRoute() {
  const { page } = Route.useSearch();
  const navigate = Route.useNavigate();
  return <MyJobsPage page={page} onPageChange={(next) => void navigate({ search: { page: next } })} />;
}

import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { z } from 'zod';
import { MyJobsPage } from './-components/my-jobs-page';

const MyJobsSearch = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1).catch(1),
});

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

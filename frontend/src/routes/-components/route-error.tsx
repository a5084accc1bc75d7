import { useMatch, useRouter, type AnyRoute, type ErrorComponentProps } from '@tanstack/react-router';
import { PageShell } from '../../components/layout/page-shell';
import { Button } from '../../components/ui/button';
import { displayError, errorStatus } from '../../lib/api-client';
import { usePageTitle } from '../../lib/page-title';

export const ROUTE_ERROR_TITLE = 'Something went wrong';
export const ROUTE_ERROR_TEXT = 'We could not load this page. Please try again.';

/**
 * Every data route's `errorComponent` (ADR 060). A 404 from the API shows the route's own "not
 * found" screen (its `notFoundComponent`: "Job Not Found", "Profile Not Found", …); any other
 * failure says so in words, with the server's text or the network message when there is one, and
 * Try again runs the route's loader again.
 */
export function RouteError({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  const routeId = useMatch({ strict: false, select: (match) => match.routeId });
  const routes: AnyRoute[] = Object.values(router.routesById);
  const route = routes.find((candidate) => candidate.id === routeId);
  const NotFound = route?.options.notFoundComponent;
  if (errorStatus(error) === 404 && route && NotFound) return <NotFound data={undefined} isNotFound routeId={route.id} />;
  return <RouteErrorMessage message={displayError(error, ROUTE_ERROR_TEXT)} onRetry={() => {
    reset();
    void router.invalidate();
  }} />;
}

function RouteErrorMessage({ message, onRetry }: { message: string; onRetry: () => void }) {
  usePageTitle(ROUTE_ERROR_TITLE);
  return (
    <PageShell className="grid place-content-center justify-items-center gap-3 py-20 text-center">
      <h1 className="text-2xl font-bold">{ROUTE_ERROR_TITLE}</h1>
      <p role="alert" className="max-w-md text-muted-foreground">
        {message}
      </p>
      <Button onClick={onRetry}>Try again</Button>
    </PageShell>
  );
}

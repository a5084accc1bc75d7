import { useSearch } from '@tanstack/react-router';
import { LoadingPage, PageShell } from '../../components/layout/page-shell';

/** Shown while a return from a social sign-in is being finished. */
export function SigningInPage() {
  return (
    <PageShell>
      <p role="status" className="py-16 text-center text-muted-foreground">
        Signing you in...
      </p>
    </PageShell>
  );
}

/** The dashboard's pending screen: "Signing you in..." on a return from a social sign-in, else the shared loading screen. */
export function DashboardPending() {
  const search: { auth?: unknown; token?: unknown } = useSearch({ strict: false });
  return search.auth !== undefined || search.token !== undefined ? <SigningInPage /> : <LoadingPage />;
}

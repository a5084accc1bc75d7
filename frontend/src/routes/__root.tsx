import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Link, Outlet, rootRouteId, type ErrorComponentProps } from '@tanstack/react-router';
import { Footer } from '../components/layout/footer';
import { Header } from '../components/layout/header';
import { PageShell } from '../components/layout/page-shell';
import { Button } from '../components/ui/button';
import { Toaster } from '../components/ui/toast';
import { AuthDialogProvider, useAuthDialog } from '../features/auth/components/auth-dialog-provider';
import { useAuth } from '../features/auth/hooks/use-auth';
import { useSessionKnowable } from '../lib/auth-token';
import { CookieBannerGate } from '../features/consent/components/cookie-banner-gate';
import { usePageViews } from '../features/consent/hooks/use-page-views';
import { usePageTitle } from '../lib/page-title';

export interface RouterContext {
  /** The app's React Query client, loaded with the first page that reads through it (ADR 122). */
  loadQueryClient: () => Promise<QueryClient>;
}

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** The page and its loader read without React Query (the job board, ADR 122): its client is not loaded for it. */
    withoutQueryClient?: boolean;
  }
}

export const Route = createRootRouteWithContext<RouterContext>()({
  // Every other page's loader and components read through React Query: the client is there before them.
  beforeLoad: async ({ context, matches }) => {
    if (matches.some((match) => match.routeId !== rootRouteId && !match.staticData.withoutQueryClient)) await context.loadQueryClient();
  },
  component: RootLayout,
  notFoundComponent: NotFound,
  errorComponent: RootError,
});

function RootLayout() {
  usePageViews();
  return (
    <>
      <AuthDialogProvider>
        <div className="flex min-h-dvh flex-col">
          <SiteHeader />
          <Outlet />
          <Footer />
        </div>
      </AuthDialogProvider>
      <CookieBannerGate />
      <Toaster />
    </>
  );
}

function SiteHeader() {
  const { user, isLoading, logout } = useAuth();
  const { openAuthDialog, preloadAuthDialog } = useAuthDialog();
  // The pre-rendered shell is sent to visitors and signed-in people alike: its header stays neutral.
  const knowable = useSessionKnowable();
  return (
    <Header
      user={user}
      isLoading={isLoading || !knowable}
      onSignIn={() => openAuthDialog('signin')}
      onSignInIntent={preloadAuthDialog}
      onSignOut={() => void logout()}
    />
  );
}

function NotFound() {
  usePageTitle('Page Not Found');
  return (
    <PageShell className="grid place-content-center justify-items-center gap-3 py-20 text-center">
      <h1 className="text-3xl font-bold">Page not found</h1>
      <p className="text-muted-foreground">The page you are looking for does not exist.</p>
      <Button asChild>
        <Link to="/">Go to the home page</Link>
      </Button>
    </PageShell>
  );
}

function RootError({ error, reset }: ErrorComponentProps) {
  usePageTitle('Something went wrong');
  return (
    <PageShell className="grid place-content-center justify-items-center gap-3 py-20 text-center">
      <h1 className="text-2xl font-bold">Something went wrong</h1>
      <p className="max-w-md text-muted-foreground">{error instanceof Error ? error.message : String(error)}</p>
      <Button onClick={reset}>Try again</Button>
    </PageShell>
  );
}

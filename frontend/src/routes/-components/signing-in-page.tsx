import { PageShell } from '../../components/layout/page-shell';

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

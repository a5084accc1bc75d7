import type { ReactNode } from 'react';
import { cn } from '../../lib/utils';

/** The page's main column. */
export function PageShell({ children, className }: { children: ReactNode; className?: string }) {
  return <main className={cn('mx-auto w-full max-w-6xl flex-1 px-3 py-6 sm:px-6 sm:py-8', className)}>{children}</main>;
}

export function LoadingPage() {
  return (
    <PageShell>
      <p role="status" className="py-16 text-center text-muted-foreground">
        Loading...
      </p>
    </PageShell>
  );
}

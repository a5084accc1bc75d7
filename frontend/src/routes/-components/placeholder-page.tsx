import type { ReactNode } from 'react';
import { PageShell } from '../../components/layout/page-shell';

/** A page whose full screen comes in a later slice. */
export function PlaceholderPage({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <PageShell className="grid content-start justify-items-center gap-4 py-20 text-center">
      <h1 className="text-2xl font-bold sm:text-3xl">{title}</h1>
      {children}
    </PageShell>
  );
}

import type { ReactNode } from 'react';
import { PageShell } from '../../components/layout/page-shell';
import { usePageTitle } from '../../lib/page-title';

/** A page whose full screen comes in a later slice; `name` (default: the heading) titles the tab. */
export function PlaceholderPage({ title, name = title, children }: { title: string; name?: string; children?: ReactNode }) {
  usePageTitle(name);
  return (
    <PageShell className="grid content-start justify-items-center gap-4 py-20 text-center">
      <h1 className="text-2xl font-bold sm:text-3xl">{title}</h1>
      {children}
    </PageShell>
  );
}

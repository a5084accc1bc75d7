import { STATIC_PAGES } from '@hireloop/contracts';
import { createFileRoute } from '@tanstack/react-router';
import { PageShell } from '../components/layout/page-shell';
import { StaticPage } from '../features/static-pages/components/static-page';

/** `/terms`: a static page (spec part 2, ADR 040). */
export const Route = createFileRoute('/terms')({
  component: () => (
    <PageShell>
      <StaticPage page={STATIC_PAGES['/terms']} />
    </PageShell>
  ),
});

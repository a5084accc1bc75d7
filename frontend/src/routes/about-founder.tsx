import { STATIC_PAGES } from '@hireloop/contracts';
import { createFileRoute } from '@tanstack/react-router';
import { PageShell } from '../components/layout/page-shell';
import { StaticPage } from '../features/static-pages/components/static-page';

/** `/about-founder`: a static page (spec part 2, ADR 040). */
export const Route = createFileRoute('/about-founder')({
  component: () => (
    <PageShell>
      <StaticPage page={STATIC_PAGES['/about-founder']} />
    </PageShell>
  ),
});

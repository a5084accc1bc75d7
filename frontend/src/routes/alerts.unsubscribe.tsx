import { createFileRoute } from '@tanstack/react-router';
import { PageShell } from '../components/layout/page-shell';
import { UnsubscribePage } from '../features/saved-searches/components/unsubscribe-page';

/** `/alerts/unsubscribe#<token>`: stop a saved search's job alerts from the mail's link, signed in or not (ADR 067). */
export const Route = createFileRoute('/alerts/unsubscribe')({
  component: () => (
    <PageShell>
      <UnsubscribePage />
    </PageShell>
  ),
});

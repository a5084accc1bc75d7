import { createFileRoute } from '@tanstack/react-router';
import { InboxPage } from './-components/inbox-page';

/** `/inbox`: the candidate's Hireloop inbox (ADR 032). */
export const Route = createFileRoute('/inbox')({
  component: InboxPage,
});

import { createFileRoute } from '@tanstack/react-router';
import { inboxQueryOptions } from '../features/inbox/api/get-inbox';
import { signedInUser } from '../lib/route-loader';
import { InboxPage } from './-components/inbox-page';

/** `/inbox`: the candidate's Hireloop inbox (ADR 032). */
export const Route = createFileRoute('/inbox')({
  // A candidate's messages; a visitor's page asks them to sign in, and asks the server nothing.
  loader: async ({ context: { queryClient } }) => {
    const user = await signedInUser(queryClient);
    if (user?.type === 'candidate') await queryClient.ensureQueryData(inboxQueryOptions());
  },
  component: InboxPage,
});

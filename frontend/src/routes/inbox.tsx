import { createFileRoute } from '@tanstack/react-router';
import { conversationsQueryOptions } from '../features/inbox/api/conversations';
import { signedInUser } from '../lib/route-loader';
import { InboxPage } from './-components/inbox-page';

/** `/inbox`: the candidate's Hireloop inbox (ADR 032), or the company's (ADR 069). */
export const Route = createFileRoute('/inbox')({
  // The caller's conversations; a visitor's page asks them to sign in, and asks the server nothing.
  loader: async ({ context }) => {
    const queryClient = await context.loadQueryClient();
    const user = await signedInUser(queryClient);
    if (user) await queryClient.ensureQueryData(conversationsQueryOptions());
  },
  component: InboxPage,
});

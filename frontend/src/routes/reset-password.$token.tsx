import { createFileRoute } from '@tanstack/react-router';

/** `/reset-password/{token}`: the page is its parent route's (`reset-password.tsx`), which reads the token. */
export const Route = createFileRoute('/reset-password/$token')({});

import { createFileRoute } from '@tanstack/react-router';

/** `/reset-password`: the page is its parent route's (`reset-password.tsx`). */
export const Route = createFileRoute('/reset-password/')({});

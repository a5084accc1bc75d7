import { createFileRoute } from '@tanstack/react-router';
import { HomePage } from './-components/home';

/** `/signin` shows what `/` shows (spec part 1, §2). */
export const Route = createFileRoute('/signin')({
  component: HomePage,
});

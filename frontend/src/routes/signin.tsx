import { createFileRoute } from '@tanstack/react-router';
import { SignInPage } from './-components/sign-in-page';

/** `/signin` shows what `/` shows (spec part 1, §2), and offers the Sign In dialog to visitors. */
export const Route = createFileRoute('/signin')({
  component: SignInPage,
});

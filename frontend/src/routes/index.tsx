import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { SignInErrorCode } from '../features/auth/lib/login-return';
import { HomePage } from './-components/home';
import { SignInErrorAlert } from './-components/sign-in-error-alert';

const HomeSearch = z.object({
  /** Why a sign-in through another site came back without a session. */
  error: SignInErrorCode.optional().catch(undefined),
});

export const Route = createFileRoute('/')({
  validateSearch: HomeSearch,
  component: Home,
});

function Home() {
  const { error } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <HomePage
      banner={
        error ? (
          <SignInErrorAlert
            code={error}
            onDismiss={() =>
              void navigate({ search: (previous) => ({ ...previous, error: undefined }), replace: true })
            }
          />
        ) : null
      }
    />
  );
}

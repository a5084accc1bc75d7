import { CircleAlertIcon, XIcon } from 'lucide-react';
import { Alert, AlertDescription } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { SIGN_IN_ERROR_TEXT, type SignInErrorCode } from '../../features/auth/lib/login-return';

/** `/?error=auth_failed`, `/?error=linkedin_unavailable` and `/?error=linkedin_cancelled`. */
export function SignInErrorAlert({ code, onDismiss }: { code: SignInErrorCode; onDismiss: () => void }) {
  return (
    <Alert variant="destructive" className="pr-12">
      <CircleAlertIcon aria-hidden="true" />
      <AlertDescription>{SIGN_IN_ERROR_TEXT[code]}</AlertDescription>
      <Button
        variant="ghost"
        size="icon"
        className="absolute top-1.5 right-1.5 size-8 text-destructive hover:text-destructive"
        aria-label="Dismiss"
        onClick={onDismiss}
      >
        <XIcon aria-hidden="true" />
      </Button>
    </Alert>
  );
}

import type { AuthSuccess } from '@hireloop/contracts';
import { useNavigate } from '@tanstack/react-router';
import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { toast } from '../../../components/ui/toast';
import {
  AuthDialogContext,
  type AuthDialogTab,
  type OpenAuthDialogOptions,
} from '../../../lib/auth-dialog';
import { loadQueryClient } from '../../../lib/lazy-query';
import { useAuth } from '../hooks/use-auth';
import type { AfterAuth } from '../lib/after-auth';

// The dialog, its forms and their state machines load the first time someone opens it.
// With what stores a session and React Query's client, whose cache it writes (ADR 122): none of
// them is in the board's first load.
let storeSession: ((session: AuthSuccess) => void) | undefined;
const loadAuthDialog = () =>
  Promise.all([import('./auth-dialog'), import('../api/store-session'), loadQueryClient()]).then(([dialog, session]) => {
    storeSession = session.storeSession;
    return dialog;
  });
const AuthDialog = lazy(() => loadAuthDialog().then((module) => ({ default: module.AuthDialog })));

// The opener lives in `lib/auth-dialog` so other features can open the dialog; re-exported here
// for the auth feature's own code and the routes.
export { useAuthDialog, type AuthDialogTab } from '../../../lib/auth-dialog';

/** Holds the dialog (mounted once) and what happens after a successful sign-in or sign-up. */
export function AuthDialogProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [everOpened, setEverOpened] = useState(false);
  const [tab, setTab] = useState<AuthDialogTab>('signin');
  const { isAuthenticated } = useAuth();
  const navigate = useNavigate();
  const redirectTimer = useRef<number | undefined>(undefined);
  const stayOnPage = useRef(false);

  useEffect(() => () => window.clearTimeout(redirectTimer.current), []);

  const openAuthDialog = useCallback((next: AuthDialogTab = 'signin', options: OpenAuthDialogOptions = {}) => {
    stayOnPage.current = options.stayOnPage ?? false;
    setTab(next);
    setOpen(true);
    setEverOpened(true);
  }, []);

  const preloadAuthDialog = useCallback(() => void loadAuthDialog(), []);

  const onAuthenticated = useCallback(
    (session: AuthSuccess, next: AfterAuth) => {
      // The dialog reports a session only once it, and so storeSession, has loaded.
      if (!storeSession) throw new Error('A session was reported before the sign-in dialog loaded');
      storeSession(session);
      setOpen(false);
      toast({ title: next.message, variant: 'success' });
      // The redirect lives here, not in the dialog, which closes as soon as the user is known.
      window.clearTimeout(redirectTimer.current);
      if (stayOnPage.current) return;
      redirectTimer.current = window.setTimeout(() => void navigate({ to: next.redirectTo }), next.delayMs);
    },
    [navigate],
  );

  const value = useMemo(() => ({ openAuthDialog, preloadAuthDialog }), [openAuthDialog, preloadAuthDialog]);

  return (
    <AuthDialogContext.Provider value={value}>
      {children}
      {everOpened ? (
        <Suspense fallback={null}>
          <AuthDialog
            // A signed-in person has nothing to do here: the dialog closes itself.
            open={open && !isAuthenticated}
            onOpenChange={setOpen}
            tab={tab}
            onTabChange={setTab}
            onAuthenticated={onAuthenticated}
          />
        </Suspense>
      ) : null}
    </AuthDialogContext.Provider>
  );
}

import type { AuthSuccess } from '@hireloop/contracts';
import { useNavigate } from '@tanstack/react-router';
import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { toast } from '../../../components/ui/toast';
import { storeSession } from '../api/store-session';
import { useAuth } from '../hooks/use-auth';
import { afterAuth, type AuthOutcome } from '../lib/after-auth';

// The dialog, its forms and their state machines load the first time someone opens it.
const loadAuthDialog = () => import('./auth-dialog');
const AuthDialog = lazy(() => loadAuthDialog().then((module) => ({ default: module.AuthDialog })));

export type AuthDialogTab = 'signin' | 'company' | 'candidate';

interface AuthDialogContextValue {
  openAuthDialog: (tab?: AuthDialogTab) => void;
  /** Start loading the dialog's code early (for example when a pointer nears a Sign In button). */
  preloadAuthDialog: () => void;
}

const AuthDialogContext = createContext<AuthDialogContextValue | null>(null);

/** Opens the sign-in / sign-up dialog from anywhere below {@link AuthDialogProvider}. */
export function useAuthDialog(): AuthDialogContextValue {
  const context = useContext(AuthDialogContext);
  if (!context) throw new Error('useAuthDialog must be used inside <AuthDialogProvider>');
  return context;
}

/** Holds the dialog (mounted once) and what happens after a successful sign-in or sign-up. */
export function AuthDialogProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [everOpened, setEverOpened] = useState(false);
  const [tab, setTab] = useState<AuthDialogTab>('signin');
  const { isAuthenticated } = useAuth();
  const navigate = useNavigate();
  const redirectTimer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(redirectTimer.current), []);

  const openAuthDialog = useCallback((next: AuthDialogTab = 'signin') => {
    setTab(next);
    setOpen(true);
    setEverOpened(true);
  }, []);

  const preloadAuthDialog = useCallback(() => void loadAuthDialog(), []);

  const onAuthenticated = useCallback(
    (session: AuthSuccess, outcome: AuthOutcome) => {
      const next = afterAuth(session.user, outcome);
      storeSession(session);
      setOpen(false);
      toast({ title: next.message, variant: 'success' });
      // The redirect lives here, not in the dialog, which closes as soon as the user is known.
      window.clearTimeout(redirectTimer.current);
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

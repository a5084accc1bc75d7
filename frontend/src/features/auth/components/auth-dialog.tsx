import type { User } from '@hireloop/contracts';
import { useNavigate } from '@tanstack/react-router';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { toast } from '../../../components/ui/toast';
import { PRODUCT_NAME } from '../../../lib/product';
import { useAuth } from '../hooks/use-auth';
import { afterAuth, type AuthOutcome } from '../lib/after-auth';
import { SignInPanel } from './sign-in-panel';
import { SignUpPanel } from './sign-up-panel';

export type AuthDialogTab = 'signin' | 'company' | 'candidate';

interface AuthDialogContextValue {
  openAuthDialog: (tab?: AuthDialogTab) => void;
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
  const [tab, setTab] = useState<AuthDialogTab>('signin');
  const { isAuthenticated } = useAuth();
  const navigate = useNavigate();
  const redirectTimer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(redirectTimer.current), []);

  const openAuthDialog = useCallback((next: AuthDialogTab = 'signin') => {
    setTab(next);
    setOpen(true);
  }, []);

  const onAuthenticated = useCallback(
    (user: User, outcome: AuthOutcome) => {
      const next = afterAuth(user, outcome);
      setOpen(false);
      toast({ title: next.message, variant: 'success' });
      // The redirect lives here, not in the dialog, which closes as soon as the user is known.
      window.clearTimeout(redirectTimer.current);
      redirectTimer.current = window.setTimeout(() => void navigate({ to: next.redirectTo }), next.delayMs);
    },
    [navigate],
  );

  const value = useMemo(() => ({ openAuthDialog }), [openAuthDialog]);

  return (
    <AuthDialogContext.Provider value={value}>
      {children}
      <AuthDialog
        // A signed-in person has nothing to do here: the dialog closes itself.
        open={open && !isAuthenticated}
        onOpenChange={setOpen}
        tab={tab}
        onTabChange={setTab}
        onAuthenticated={onAuthenticated}
      />
    </AuthDialogContext.Provider>
  );
}

interface AuthDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  tab: AuthDialogTab;
  onTabChange: (tab: AuthDialogTab) => void;
  onAuthenticated: (user: User, outcome: AuthOutcome) => void;
}

const isTab = (value: string): value is AuthDialogTab => value === 'signin' || value === 'company' || value === 'candidate';

/**
 * Sign In, For Companies, For Candidates. Closing the dialog or changing tab unmounts the
 * tab's form, which resets it.
 */
export function AuthDialog({ open, onOpenChange, tab, onTabChange, onAuthenticated }: AuthDialogProps) {
  const onSignedIn = useCallback((user: User) => onAuthenticated(user, 'signedIn'), [onAuthenticated]);
  const onSignedUp = useCallback((user: User) => onAuthenticated(user, 'signedUp'), [onAuthenticated]);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Welcome to {PRODUCT_NAME}</DialogTitle>
          <DialogDescription>Sign in to your account or create a new one.</DialogDescription>
        </DialogHeader>
        <Tabs value={tab} onValueChange={(value) => isTab(value) && onTabChange(value)}>
          <TabsList>
            <TabsTrigger value="signin">Sign In</TabsTrigger>
            <TabsTrigger value="company">For Companies</TabsTrigger>
            <TabsTrigger value="candidate">For Candidates</TabsTrigger>
          </TabsList>
          <TabsContent value="signin">
            <SignInPanel onSignedIn={onSignedIn} />
          </TabsContent>
          <TabsContent value="company">
            <SignUpPanel kind="company" onSignedUp={onSignedUp} />
          </TabsContent>
          <TabsContent value="candidate">
            <SignUpPanel kind="candidate" onSignedUp={onSignedUp} />
          </TabsContent>
        </Tabs>
      </DialogContent>
    </Dialog>
  );
}

import type { AuthSuccess } from '@hireloop/contracts';
import { useCallback } from 'react';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { PRODUCT_NAME } from '../../../lib/product';
import { afterAuth, type AfterAuth } from '../lib/after-auth';
import type { AuthDialogTab } from './auth-dialog-provider';
import { SignInPanel } from './sign-in-panel';
import { SignUpPanel } from './sign-up-panel';

interface AuthDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  tab: AuthDialogTab;
  onTabChange: (tab: AuthDialogTab) => void;
  /** Signed in or up; `next` says what to toast and where to go (the rule loads with the dialog, ADR 102). */
  onAuthenticated: (session: AuthSuccess, next: AfterAuth) => void;
}

const isTab = (value: string): value is AuthDialogTab =>
  value === 'signin' || value === 'company' || value === 'candidate';

/**
 * Sign In, For Companies, For Candidates. Closing the dialog or changing tab unmounts the
 * tab's form, which resets it.
 */
export function AuthDialog({ open, onOpenChange, tab, onTabChange, onAuthenticated }: AuthDialogProps) {
  const onSignedIn = useCallback((session: AuthSuccess) => onAuthenticated(session, afterAuth(session.user, 'signedIn')), [onAuthenticated]);
  const onSignedUp = useCallback((session: AuthSuccess) => onAuthenticated(session, afterAuth(session.user, 'signedUp')), [onAuthenticated]);

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

/**
 * The connect page (/mysalt-callback) takes its panel from here, so that it shares this chunk
 * (the assistant's calls, the stored assistant user, the providers query) instead of splitting
 * them into one more chunk whose name every first load would carry (ADR 043).
 */
export { ConnectPanel } from './connect-panel';

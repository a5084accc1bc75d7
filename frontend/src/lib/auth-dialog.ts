import { createContext, useContext } from 'react';

/**
 * The sign-in / sign-up dialog's opener, shared by every part of the app. The dialog itself
 * belongs to the auth feature (`features/auth/components/auth-dialog-provider.tsx` provides this
 * context); other features open it through {@link useAuthDialog} without importing that feature.
 */

export type AuthDialogTab = 'signin' | 'company' | 'candidate';

export interface OpenAuthDialogOptions {
  /**
   * Stay on the current page after a successful sign-in or sign-up instead of going on to the
   * dashboard or the candidate browser (for example: a visitor signing in to apply to the job
   * they are looking at).
   */
  stayOnPage?: boolean;
}

export interface AuthDialogContextValue {
  openAuthDialog: (tab?: AuthDialogTab, options?: OpenAuthDialogOptions) => void;
  /** Start loading the dialog's code early (for example when a pointer nears a Sign In button). */
  preloadAuthDialog: () => void;
}

export const AuthDialogContext = createContext<AuthDialogContextValue | null>(null);

/** Opens the sign-in / sign-up dialog from anywhere below the auth feature's provider. */
export function useAuthDialog(): AuthDialogContextValue {
  const context = useContext(AuthDialogContext);
  if (!context) throw new Error('useAuthDialog must be used inside <AuthDialogProvider>');
  return context;
}

import type { CandidateProfile } from '@hireloop/contracts';
import { lazy, Suspense, useCallback, useRef, useState, type ReactNode } from 'react';
import { readProfileDraft } from '../lib/profile-draft';

// The wizard (Radix Dialog, XState, react-hook-form and the contract's zod schema) is not needed
// to show the dashboard: its code loads when the pointer or focus reaches a button that opens it.
const loadProfileWizardDialog = () => import('./profile-wizard-dialog');
const ProfileWizardDialog = lazy(() => loadProfileWizardDialog().then((module) => ({ default: module.ProfileWizardDialog })));

export interface ProfileWizardLauncher {
  /** Start Here: the wizard in create mode at step 1. */
  openCreate: () => void;
  /** Edit Profile: the wizard in edit mode at the confirm step with the profile's values. */
  openEdit: (profile: CandidateProfile) => void;
  /** Starts loading the wizard's code (on pointer enter or focus of a button that opens it). */
  preload: () => void;
  /** The wizard itself, once it has been opened: render it once. */
  dialog: ReactNode;
}

interface WizardState {
  open: boolean;
  profile: CandidateProfile | null;
}

/** Opens the profile wizard, loading its code on demand; closing gives the focus back to the opener. */
export function useProfileWizardLauncher(userId: string): ProfileWizardLauncher {
  // A profile being created when the page reloaded opens again where it was (ADR 110).
  const [state, setState] = useState<WizardState | null>(() => (readProfileDraft(userId) ? { open: true, profile: null } : null));
  const opener = useRef<HTMLElement | null>(null);

  const open = useCallback((profile: CandidateProfile | null) => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setState({ open: true, profile });
  }, []);

  const dialog = state ? (
    <Suspense fallback={null}>
      <ProfileWizardDialog
        open={state.open}
        onOpenChange={(next) => setState((current) => current && { ...current, open: next })}
        userId={userId}
        profile={state.profile}
        onCloseAutoFocus={(event) => {
          // Radix has no trigger to go back to: the button that opened the wizard gets the focus,
          // when it is still there (Start Here is gone once the profile exists).
          if (opener.current?.isConnected) {
            event.preventDefault();
            opener.current.focus();
          }
        }}
      />
    </Suspense>
  ) : null;

  return {
    openCreate: useCallback(() => open(null), [open]),
    openEdit: open,
    preload: useCallback(() => void loadProfileWizardDialog().catch(() => undefined), []),
    dialog,
  };
}

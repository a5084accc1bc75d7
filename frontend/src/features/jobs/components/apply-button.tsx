import type { Job } from '@hireloop/contracts';
import { CheckIcon, ExternalLinkIcon, LockIcon } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button, type ButtonProps } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast';
import { clientErrorText, errorStatus, NetworkError } from '../../../lib/api-client';
import { useAuthDialog } from '../../../lib/auth-dialog';
import { loadQueryClient, useOptionalQueryClient } from '../../../lib/lazy-query';
import { useMyApplication } from '../api/get-my-application';
import { isExternalJob } from '../lib/format-job';
import type { JobViewer } from '../lib/viewer';

// Loaded when the pointer or focus reaches Apply (the dialogs are not needed to show the board).
const loadLeaveSiteDialog = () => import('./leave-site-dialog');
const LeaveSiteDialog = lazy(() => loadLeaveSiteDialog().then((module) => ({ default: module.LeaveSiteDialog })));
const loadApplyConfirmDialog = () => import('./apply-confirm-dialog');
const ApplyConfirmDialog = lazy(() => loadApplyConfirmDialog().then((module) => ({ default: module.ApplyConfirmDialog })));
// Sending the application: loaded with the confirmation, or when Apply is pressed (ADR 109).
const loadApplyToJob = () => import('../api/apply-to-job');

/** Spec part 1, §8: the default text when an application fails without a reason. */
export const APPLICATION_FAILED = 'Application failed';
export const APPLICATION_SUBMITTED = 'Application submitted';

/** What a signed-in candidate's Apply needs: the sending code, and the confirmation when it asks first. */
const loadApplyParts = (confirm: boolean) => Promise.all([loadApplyToJob(), confirm ? loadApplyConfirmDialog() : null]);

/** What Apply says to a signed-in company (the server refuses its application: "Only candidates can apply to jobs"). */
export const CANDIDATES_ONLY = 'Only candidates can apply';

interface ApplyButtonProps {
  job: Job;
  /** The signed-in person, or null for a visitor. */
  viewer: JobViewer | null;
  /** The session is still being restored: wait before deciding what Apply does. */
  viewerLoading?: boolean;
  /** The button's words (the board says Apply, the job page Apply Now). */
  label?: string;
  /** Ask the server whether the signed-in candidate already applied (the job page). */
  checkApplied?: boolean;
  size?: ButtonProps['size'];
  className?: string;
  /**
   * Ask before sending an internal application (default). Off where the surrounding dialog
   * already is that confirmation (the application-process dialog).
   */
  confirm?: boolean;
}

/**
 * Apply to a job (spec part 1, §2 and §4). A closed job reads Position Closed (disabled). An
 * external job goes through the "Leaving Hireloop" confirmation. An internal job is applied to
 * here, after a confirmation: visitors are asked to sign in first; a candidate who applied sees Applied;
 * a company is told only candidates can apply.
 */
export function ApplyButton({
  job,
  viewer,
  viewerLoading = false,
  label = 'Apply',
  checkApplied = false,
  size,
  className,
  confirm = true,
}: ApplyButtonProps) {
  const [leaving, setLeaving] = useState(false);
  const [confirming, setConfirming] = useState(false);
  // Mounted from the first opening on, so it can animate out when closed.
  const [leaveDialogMounted, setLeaveDialogMounted] = useState(false);
  const [confirmDialogMounted, setConfirmDialogMounted] = useState(false);
  const { openAuthDialog } = useAuthDialog();
  // The board's first load has no React Query client: sending loads it (ADR 122).
  const queryClient = useOptionalQueryClient();
  const [applying, setApplying] = useState(false);
  const external = isExternalJob(job);
  const candidateId = viewer?.type === 'candidate' ? viewer.userId : null;
  // Reads what is known (for example: applied from the board a moment ago); asks the server
  // only where `checkApplied` says so.
  const application = useMyApplication(job.id, candidateId, { fetch: checkApplied && !external && job.isActive });

  if (!job.isActive) {
    return (
      <Button size={size} className={className} variant="secondary" disabled>
        <LockIcon aria-hidden="true" />
        Position Closed
      </Button>
    );
  }

  // Applying is a candidate's: a company (on its own job page, or the board) is not offered it.
  if (!external && viewer && viewer.type !== 'candidate') {
    return (
      <Button size={size} className={className} variant="secondary" disabled>
        {CANDIDATES_ONLY}
      </Button>
    );
  }

  if (!external && application.data?.applied) {
    return (
      <Button size={size} className={className} variant="secondary" disabled>
        <CheckIcon aria-hidden="true" />
        Applied
      </Button>
    );
  }

  const send = (userId: string) => {
    setApplying(true);
    Promise.all([loadApplyToJob(), queryClient ?? loadQueryClient()])
      .then(([{ applyAndRemember }, client]) => applyAndRemember(client, { jobId: job.id, userId }))
      .then(
        () => toast({ title: APPLICATION_SUBMITTED, description: `${job.title} at ${job.company}`, variant: 'success' }),
        (error: unknown) => {
          const reason = error instanceof NetworkError ? error.message : clientErrorText(error);
          toast({ title: APPLICATION_FAILED, description: reason ?? undefined, variant: 'destructive' });
          // 'Please sign in to continue': the session is gone; offer to sign in again.
          if (errorStatus(error) === 401) openAuthDialog('signin', { stayOnPage: true });
        },
      )
      .finally(() => setApplying(false));
  };

  const onClick = () => {
    if (external) {
      setLeaving(true);
      setLeaveDialogMounted(true);
      return;
    }
    if (!viewer) {
      // Sign in, then come back to this very job to apply.
      openAuthDialog('signin', { stayOnPage: true });
      return;
    }
    if (confirm) {
      setConfirming(true);
      setConfirmDialogMounted(true);
    } else send(viewer.userId);
  };

  return (
    <>
      <Button
        size={size}
        className={className}
        onClick={onClick}
        onPointerEnter={() => void (external ? loadLeaveSiteDialog() : viewer && loadApplyParts(confirm))}
        onFocus={() => void (external ? loadLeaveSiteDialog() : viewer && loadApplyParts(confirm))}
        disabled={applying || (!external && viewerLoading)}
        aria-haspopup={external || (confirm && viewer) ? 'dialog' : undefined}
      >
        {applying ? 'Applying...' : label}
        {external ? <ExternalLinkIcon aria-hidden="true" /> : null}
      </Button>
      {external && leaveDialogMounted ? (
        <Suspense fallback={null}>
          <LeaveSiteDialog job={job} open={leaving} onOpenChange={setLeaving} />
        </Suspense>
      ) : null}
      {!external && viewer && confirmDialogMounted ? (
        <Suspense fallback={null}>
          <ApplyConfirmDialog job={job} open={confirming} onOpenChange={setConfirming} onConfirm={() => send(viewer.userId)} />
        </Suspense>
      ) : null}
    </>
  );
}

import type { Job } from '@hireloop/contracts';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { PRODUCT_NAME } from '../../../lib/product';

/** The confirmation's words, shared with its tests. */
export const APPLY_CONFIRM = {
  title: (job: Pick<Job, 'title'>) => `Apply to ${job.title}?`,
  send: 'Send Application',
  cancel: 'Cancel',
} as const;

interface ApplyConfirmDialogProps {
  job: Pick<Job, 'title' | 'company'>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
}

/**
 * Applying sends the candidate's profile to the company and cannot be taken back, so Apply on an
 * internal job asks first (issue 24): one click on a board card must not send an application.
 */
export function ApplyConfirmDialog({ job, open, onOpenChange, onConfirm }: ApplyConfirmDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>{APPLY_CONFIRM.title(job)}</DialogTitle>
          <DialogDescription>
            {job.company} sees your name and, if you have made one, your {PRODUCT_NAME} profile. Your application and its status show on your dashboard.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {APPLY_CONFIRM.cancel}
          </Button>
          <Button
            onClick={() => {
              onOpenChange(false);
              onConfirm();
            }}
          >
            {APPLY_CONFIRM.send}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

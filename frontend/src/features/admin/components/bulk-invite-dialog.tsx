import type { AdminCandidate } from '@hireloop/contracts';
import { ADMIN_MESSAGES, BULK_INVITATION_MAX_CANDIDATES, BulkInvitationBody, bulkInvitationComplete, INVITATION_MESSAGE_MAX_LENGTH } from '@hireloop/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { Textarea } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast';
import { contractResolver } from '../../../lib/forms';
import { useSendBulkInvitations } from '../api/admin-invitations';
import { useInvitableJobs } from '../api/admin-jobs';
import { failureToast, fullName, newIdempotencyKey, splitToastText } from '../lib/admin-display';
import { JobPicker } from './job-picker';

/** The contract's body less the candidates (the selection's): the job and the message. */
const BulkInviteFormBody = BulkInvitationBody.omit({ candidateIds: true });
type BulkInviteBody = z.output<typeof BulkInviteFormBody>;
interface Values {
  jobId: string;
  message: string;
}

interface BulkInviteDialogProps {
  open: boolean;
  candidates: AdminCandidate[];
  onOpenChange: (open: boolean) => void;
  /** The invitations went out: the selection is cleared. */
  onDone: () => void;
}

/**
 * Bulk invite (part 2 §5 and §7): choose a job, then a confirm step says how many will be invited
 * to what, before anything is sent (issue 14: bulk actions show what will happen first).
 */
export function BulkInviteDialog({ open, candidates, onOpenChange, onDone }: BulkInviteDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Bulk Invite to Apply</DialogTitle>
          <DialogDescription>
            {candidates.length} candidate{candidates.length === 1 ? '' : 's'} selected.
          </DialogDescription>
        </DialogHeader>
        {open ? <BulkInviteSteps candidates={candidates} onClose={() => onOpenChange(false)} onDone={onDone} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function BulkInviteSteps({ candidates, onClose, onDone }: { candidates: AdminCandidate[]; onClose: () => void; onDone: () => void }) {
  const form = useForm<Values, unknown, BulkInviteBody>({
    resolver: contractResolver(BulkInviteFormBody),
    defaultValues: { jobId: '', message: '' },
  });
  const { control } = form;
  // The checked job and message, kept while the confirm step shows them.
  const [confirming, setConfirming] = useState<BulkInviteBody | null>(null);
  // One key for this batch: a second press after a lost answer replays instead of inviting twice.
  const [idempotencyKey] = useState(newIdempotencyKey);
  const jobs = useInvitableJobs();
  const send = useSendBulkInvitations();
  const job = jobs.data?.find((entry) => entry.id === confirming?.jobId);
  const tooMany = candidates.length > BULK_INVITATION_MAX_CANDIDATES;

  const selectionRequired = () =>
    toast({ title: ADMIN_MESSAGES.selectionRequired, description: 'Please select a job and at least one candidate.', variant: 'destructive' });
  const review = (body: BulkInviteBody) => (candidates.length === 0 ? selectionRequired() : setConfirming(body));

  const confirm = ({ jobId, message }: BulkInviteBody) =>
    send.mutate(
      { body: { jobId, candidateIds: candidates.map((candidate) => candidate.id), message }, idempotencyKey },
      {
        onSuccess: (answer) => {
          toast({ ...splitToastText(bulkInvitationComplete(answer.summary.succeeded, answer.summary.total)), variant: 'success' });
          onDone();
          onClose();
        },
        onError: (error) => failureToast(ADMIN_MESSAGES.bulkInvitationsFailed, error),
      },
    );

  if (confirming) {
    return (
      <div className="grid gap-4">
        <div role="group" aria-label="Confirm bulk invitation" className="grid gap-2 rounded-md border bg-muted/40 p-3 text-sm">
          <p className="font-medium">
            {candidates.length} candidate{candidates.length === 1 ? '' : 's'} will be invited to apply to {job ? `${job.title} (${job.company})` : 'the chosen job'}.
          </p>
          <ul aria-label="Candidates to invite" className="max-h-40 list-disc overflow-y-auto pl-5 text-muted-foreground">
            {candidates.map((candidate) => (
              <li key={candidate.id}>{fullName(candidate)}</li>
            ))}
          </ul>
          <p className="text-muted-foreground">Candidates who already have an open invitation to this job are skipped.</p>
          {tooMany ? (
            <p className="text-destructive">At most {BULK_INVITATION_MAX_CANDIDATES} candidates can be invited at once: select fewer.</p>
          ) : null}
        </div>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => setConfirming(null)} disabled={send.isPending}>
            Back
          </Button>
          <Button type="button" onClick={() => confirm(confirming)} disabled={send.isPending || tooMany}>
            {send.isPending ? 'Sending...' : `Invite ${candidates.length} Candidate${candidates.length === 1 ? '' : 's'}`}
          </Button>
        </DialogFooter>
      </div>
    );
  }

  return (
    <form className="grid gap-4" onSubmit={form.handleSubmit(review, selectionRequired)} noValidate>
      <JobPicker control={control} name="jobId" />
      <FormField control={control} name="message" label="Message (optional)">
        {({ onChange, ...field }) => <Textarea {...field} rows={3} onChange={(event) => onChange(event.target.value.slice(0, INVITATION_MESSAGE_MAX_LENGTH))} />}
      </FormField>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit">Review Invitations</Button>
      </DialogFooter>
    </form>
  );
}

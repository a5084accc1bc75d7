import type { AdminCandidate } from '@hireloop/contracts';
import { ADMIN_MESSAGES, INVITATION_MESSAGE_MAX_LENGTH } from '@hireloop/contracts';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { toast } from '../../../components/ui/toast';
import { useSendAdminInvitation } from '../api/admin-invitations';
import { failureToast, fullName } from '../lib/admin-display';
import { TextField } from './form-parts';
import { JobPicker } from './job-picker';

/** The per-row Invite to Apply dialog (part 2 "Admin panel"): a job and an optional message. */
export function InviteDialog({ candidate, onClose }: { candidate: AdminCandidate | null; onClose: () => void }) {
  return (
    <Dialog open={candidate !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Invite to Apply</DialogTitle>
          <DialogDescription>{candidate ? `Invite ${fullName(candidate)} to apply to one of your open jobs.` : null}</DialogDescription>
        </DialogHeader>
        {candidate ? <InviteForm candidate={candidate} onClose={onClose} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function InviteForm({ candidate, onClose }: { candidate: AdminCandidate; onClose: () => void }) {
  const [jobId, setJobId] = useState('');
  const [message, setMessage] = useState('');
  const send = useSendAdminInvitation();

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!jobId) {
      toast({ title: ADMIN_MESSAGES.selectionRequired, description: 'Please select a job.', variant: 'destructive' });
      return;
    }
    send.mutate(
      { jobId, candidateId: candidate.id, message: message.trim() },
      {
        onSuccess: () => {
          toast({ title: 'Job invitation sent successfully', variant: 'success' });
          onClose();
        },
        onError: (error) => failureToast(ADMIN_MESSAGES.sendInvitationFailed, error),
      },
    );
  };

  return (
    <form className="grid gap-4" onSubmit={submit} noValidate>
      <JobPicker value={jobId} onChange={setJobId} />
      <TextField label="Message (optional)" multiline value={message} onChange={(value) => setMessage(value.slice(0, INVITATION_MESSAGE_MAX_LENGTH))} />
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose} disabled={send.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={send.isPending}>
          {send.isPending ? 'Sending...' : 'Send Invitation'}
        </Button>
      </DialogFooter>
    </form>
  );
}

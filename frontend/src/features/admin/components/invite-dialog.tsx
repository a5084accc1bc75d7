import type { AdminCandidate } from '@hireloop/contracts';
import { ADMIN_MESSAGES, INVITATION_MESSAGE_MAX_LENGTH, SendInvitationBody } from '@hireloop/contracts';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { Textarea } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast';
import { contractResolver } from '../../../lib/forms';
import { useSendAdminInvitation } from '../api/admin-invitations';
import { useOnceAtATime } from '../../../lib/submit-once';
import { failureToast, fullName } from '../lib/admin-display';
import { JobPicker } from './job-picker';
import { FormFooter } from './form-footer';

/** The contract's body less the candidate (the row's): a job must be chosen (part 2 §8 "Selection Required"). */
const InviteFormBody = SendInvitationBody.omit({ candidateId: true }).extend({
  jobId: z.string().trim().min(1, ADMIN_MESSAGES.selectionRequired).max(100),
});
type InviteBody = z.output<typeof InviteFormBody>;
interface Values {
  jobId: string;
  message: string;
}

/** The per-row Invite to Apply dialog (part 2 "Admin panel"): a job and an optional message. */
export function InviteDialog({ candidate, onClose }: { candidate: AdminCandidate | null; onClose: () => void }) {
  return (
    <Dialog open={candidate !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Invite to Apply</DialogTitle>
          <DialogDescription>{candidate ? `Invite ${fullName(candidate)} to apply to an open job on Hireloop.` : null}</DialogDescription>
        </DialogHeader>
        {candidate ? <InviteForm candidate={candidate} onClose={onClose} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function InviteForm({ candidate, onClose }: { candidate: AdminCandidate; onClose: () => void }) {
  const form = useForm<Values, unknown, InviteBody>({
    resolver: contractResolver(InviteFormBody),
    defaultValues: { jobId: '', message: '' },
  });
  const { control } = form;
  const send = useSendAdminInvitation();
  const once = useOnceAtATime();

  const invite = ({ jobId, message }: InviteBody) =>
    once((release) =>
      send.mutate(
        { jobId, candidateId: candidate.id, message },
        {
          onSuccess: () => {
            toast({
              title: 'Job invitation sent successfully',
              variant: 'success',
            });
            onClose();
          },
          onError: (error) => failureToast(ADMIN_MESSAGES.sendInvitationFailed, error),
          onSettled: release,
        },
      ),
    );
  const refuse = () =>
    toast({
      title: ADMIN_MESSAGES.selectionRequired,
      description: 'Please select a job.',
      variant: 'destructive',
    });

  return (
    <form className="grid gap-4" onSubmit={form.handleSubmit(invite, refuse)} noValidate>
      <JobPicker control={control} name="jobId" />
      <FormField control={control} name="message" label="Message (optional)">
        {({ onChange, ...field }) => (
          <Textarea {...field} rows={3} onChange={(event) => onChange(event.target.value.slice(0, INVITATION_MESSAGE_MAX_LENGTH))} />
        )}
      </FormField>
      <FormFooter onCancel={onClose} pending={send.isPending} submitLabel="Send Invitation" pendingLabel="Sending..." />
    </form>
  );
}

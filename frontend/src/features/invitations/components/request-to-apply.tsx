import {
  INVITATION_MESSAGES,
  INVITATION_MESSAGE_MAX_LENGTH,
  SendInvitationBody,
  type CandidateCard,
  type CompanyInvitation,
  type Job,
} from '@hireloop/contracts';
import { SendIcon } from 'lucide-react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { DeferredSelect } from '../../../components/ui/deferred-select';
import { FormField } from '../../../components/ui/form-field';
import { Textarea } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast';
import { clientErrorText, NetworkError } from '../../../lib/api-client';
import { contractResolver } from '../../../lib/forms';
import { useSubmitOnce } from '../../../lib/submit-once';
import { useSendInvitation } from '../api/invitations';
import { INVITATION_STATUS_LABELS, isOpenRequest } from '../lib/status';

/** The contract's body less the candidate (the card's): the job and the message. */
const RequestFormBody = SendInvitationBody.omit({ candidateId: true });
type RequestBody = z.output<typeof RequestFormBody>;
interface RequestValues {
  jobId: string;
  message: string;
}

/**
 * The request button of a candidate card (part 1 §6): "Request to Apply" when the company has a
 * job to ask about; "Must Add Job First" when it has none (pressing it shows why).
 */
export function RequestToApplyButton({
  jobs,
  onRequest,
  onMustAddJob,
}: {
  /** The company's open jobs; undefined while they load. */
  jobs: readonly Job[] | undefined;
  onRequest: () => void;
  onMustAddJob: () => void;
}) {
  if (jobs && jobs.length === 0) {
    return (
      <Button size="sm" variant="outline" onClick={onMustAddJob}>
        {INVITATION_MESSAGES.mustAddJobFirst}
      </Button>
    );
  }
  return (
    <Button size="sm" variant="secondary" disabled={!jobs} onClick={onRequest}>
      <SendIcon aria-hidden="true" />
      Request to Apply
    </Button>
  );
}

/** Where the company's requests to this candidate stand (part 1 §4), one line per job. */
export function CandidateRequestStates({ requests }: { requests: readonly CompanyInvitation[] }) {
  if (requests.length === 0) return null;
  return (
    <ul aria-label="Requests to apply" className="grid gap-1 text-sm">
      {requests.map((request) => (
        <li key={request.invitationId} className="flex flex-wrap items-center gap-2">
          <Badge variant={request.status === 'expired' || request.status === 'declined' ? 'outline' : request.status === 'email_sent' || request.status === 'viewed' ? 'secondary' : 'success'}>
            {INVITATION_STATUS_LABELS[request.status]}
          </Badge>
          <span className="text-muted-foreground">{request.jobTitle}</span>
        </li>
      ))}
    </ul>
  );
}

/**
 * Request to Apply (part 1 §6, part 2 §7): the company picks one of its jobs, adds a message if it
 * likes, and the candidate gets the invitation by email. Jobs already asked about stay out.
 */
export function RequestToApplyDialog({
  candidate,
  jobs,
  requests,
  onOpenChange,
}: {
  /** The card asked about; null when closed. */
  candidate: CandidateCard | null;
  jobs: readonly Job[];
  requests: readonly CompanyInvitation[];
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={candidate !== null} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-lg">
        {candidate ? (
          <RequestForm key={candidate.id} candidate={candidate} jobs={jobs} requests={requests} onDone={() => onOpenChange(false)} />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function RequestForm({
  candidate,
  jobs,
  requests,
  onDone,
}: {
  candidate: CandidateCard;
  jobs: readonly Job[];
  requests: readonly CompanyInvitation[];
  onDone: () => void;
}) {
  const asked = new Set(requests.filter((request) => request.candidateId === candidate.id && isOpenRequest(request)).map((request) => request.jobId));
  const choices = jobs.filter((job) => !asked.has(job.id));
  const form = useForm<RequestValues, unknown, RequestBody>({
    resolver: contractResolver(RequestFormBody),
    defaultValues: { jobId: choices[0]?.id ?? '', message: '' },
  });
  const { control } = form;
  const jobId = useWatch({ control, name: 'jobId' });
  const send = useSendInvitation();

  const submitOnce = useSubmitOnce();
  // The mutation's promise, settled when the request is done (its refusal is told by the toast).
  const submit = ({ jobId: chosen, message }: RequestBody) =>
    send
      .mutateAsync(
        { jobId: chosen, candidateId: candidate.id, message },
        {
          onSuccess: (answer) => {
            toast({ title: answer.message, variant: 'success' });
            onDone();
          },
          onError: (error) =>
            toast({
              title: INVITATION_MESSAGES.sendFailed,
              description: (error instanceof NetworkError ? error.message : clientErrorText(error)) ?? 'Please try again.',
              variant: 'destructive',
            }),
        },
      )
      .catch(() => undefined);

  return (
    <form className="grid gap-4" aria-label="Request to Apply" onSubmit={submitOnce(form.handleSubmit(submit))}>
      <DialogHeader>
        <DialogTitle>Request to Apply</DialogTitle>
        <DialogDescription>
          Ask this {candidate.title || 'candidate'} to apply to one of your jobs. They get an email with a private link; you learn their
          name and email only if they choose to reveal their profile.
        </DialogDescription>
      </DialogHeader>
      {choices.length === 0 ? (
        <p className="text-sm text-muted-foreground">You already asked this candidate about each of your open jobs.</p>
      ) : (
        <>
          <FormField control={control} name="jobId" label="Job">
            {({ id, value, onChange }) => (
              <DeferredSelect id={id} value={value} options={choices.map((job) => ({ value: job.id, label: job.title }))} onValueChange={onChange} />
            )}
          </FormField>
          <FormField control={control} name="message" label="Personal message (optional)">
            {(field) => <Textarea {...field} rows={4} maxLength={INVITATION_MESSAGE_MAX_LENGTH} />}
          </FormField>
        </>
      )}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={!jobId || send.isPending}>
          {send.isPending ? 'Sending…' : 'Send Request'}
        </Button>
      </DialogFooter>
    </form>
  );
}

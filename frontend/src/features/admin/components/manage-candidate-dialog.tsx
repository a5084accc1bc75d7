import { UpdateAdminCandidateBody, type AdminCandidate } from '@hireloop/contracts';
import { FormProvider, useForm } from 'react-hook-form';
import { z } from 'zod';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { toast } from '../../../components/ui/toast';
import { contractResolver } from '../../../lib/forms';
import { useUpdateAdminCandidate } from '../api/admin-people';
import { failureToast, fullName, splitComma } from '../lib/admin-display';
import { CandidateFields } from './candidate-fields';
import { FormFooter } from './form-footer';

export const MANAGE_CANDIDATE_TEXT = { saved: 'Candidate updated', failed: 'Failed to update candidate' } as const;

const ManageCandidateFormBody = UpdateAdminCandidateBody.extend({
  skills: z.string().transform(splitComma).pipe(UpdateAdminCandidateBody.shape.skills.in.unwrap()),
});
type ManageCandidateBody = z.output<typeof ManageCandidateFormBody>;
type Values = { [K in Exclude<keyof z.input<typeof ManageCandidateFormBody>, 'isPrivate'>]-?: string } & { isPrivate: boolean };

const valuesOf = (candidate: AdminCandidate): Values => ({
  firstName: candidate.firstName,
  lastName: candidate.lastName,
  phone: candidate.phone,
  title: candidate.title,
  location: candidate.location,
  experience: candidate.experience,
  skills: candidate.skills.join(', '),
  summary: candidate.summary,
  isPrivate: candidate.isPrivate,
});

/**
 * The Candidates tab's Manage (ADR 064): the admin view's fields, the Add Candidate rules. The
 * email is shown, not edited: it is the person's sign-in.
 */
export function ManageCandidateDialog({ candidate, onClose }: { candidate: AdminCandidate | null; onClose: () => void }) {
  return (
    <Dialog open={candidate !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Manage Candidate</DialogTitle>
          <DialogDescription>{candidate ? `${fullName(candidate)} · ${candidate.email}` : null}</DialogDescription>
        </DialogHeader>
        {candidate ? <ManageCandidateForm key={candidate.id} candidate={candidate} onClose={onClose} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function ManageCandidateForm({ candidate, onClose }: { candidate: AdminCandidate; onClose: () => void }) {
  const form = useForm<Values, unknown, ManageCandidateBody>({ resolver: contractResolver(ManageCandidateFormBody), defaultValues: valuesOf(candidate) });
  const update = useUpdateAdminCandidate();
  const save = (body: ManageCandidateBody) =>
    update.mutate(
      { id: candidate.id, body },
      {
        onSuccess: () => {
          toast({ title: MANAGE_CANDIDATE_TEXT.saved, variant: 'success' });
          onClose();
        },
        onError: (error) => failureToast(MANAGE_CANDIDATE_TEXT.failed, error),
      },
    );
  return (
    <FormProvider {...form}>
      <form className="grid gap-4" onSubmit={form.handleSubmit(save)} noValidate>
        <CandidateFields />
        <FormFooter onCancel={onClose} pending={update.isPending} submitLabel="Save Changes" pendingLabel="Saving..." />
      </form>
    </FormProvider>
  );
}

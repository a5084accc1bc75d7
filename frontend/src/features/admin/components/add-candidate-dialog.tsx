import { ADMIN_MESSAGES, CreateAdminCandidateBody } from '@hireloop/contracts';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast';
import { contractResolver } from '../../../lib/forms';
import { useCreateAdminCandidate } from '../api/admin-people';
import { useOnceAtATime } from '../../../lib/submit-once';
import { failureToast, splitComma } from '../lib/admin-display';
import { CandidateFields } from './candidate-fields';
import { FormFooter } from './form-footer';

/** The contract's body with skills as typed: comma-separated text, split before the contract's own check. */
const AddCandidateFormBody = CreateAdminCandidateBody.extend({
  skills: z.string().transform(splitComma).pipe(CreateAdminCandidateBody.shape.skills.in.unwrap()),
});
type AddCandidateBody = z.output<typeof AddCandidateFormBody>;
type Values = {
  [K in Exclude<keyof z.input<typeof AddCandidateFormBody>, 'isPrivate'>]-?: string;
} & { isPrivate: boolean };
const EMPTY: Values = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  location: '',
  title: '',
  summary: '',
  experience: '',
  skills: '',
  isPrivate: false,
};

/** Part 2 §5 "Add Candidate (admin)": first name, last name and a valid email required; skills comma-split. */
export function AddCandidateDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Add Candidate</DialogTitle>
          <DialogDescription>Fields marked * are required.</DialogDescription>
        </DialogHeader>
        {open ? <AddCandidateForm onClose={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function AddCandidateForm({ onClose }: { onClose: () => void }) {
  const form = useForm<Values, unknown, AddCandidateBody>({
    // The contract's schema: the same rules and words as the server's.
    resolver: contractResolver(AddCandidateFormBody),
    defaultValues: EMPTY,
  });
  const { control } = form;
  const required = useWatch({
    control,
    name: ['firstName', 'lastName', 'email'],
  });
  const complete = required.every((value) => value.trim() !== '');
  const create = useCreateAdminCandidate();
  const once = useOnceAtATime();

  const save = (body: AddCandidateBody) =>
    once((release) =>
      create.mutate(body, {
        onSuccess: () => {
          toast({
            title: 'Candidate created successfully',
            variant: 'success',
          });
          onClose();
        },
        onError: (error) => failureToast(ADMIN_MESSAGES.createCandidateFailed, error),
        onSettled: release,
      }),
    );

  return (
    <FormProvider {...form}>
      <form className="grid gap-4" onSubmit={form.handleSubmit(save)} noValidate>
        <CandidateFields
          email={
            <FormField control={control} name="email" label="Email" required>
              {(field) => <Input {...field} type="email" autoComplete="off" />}
            </FormField>
          }
        />
        <FormFooter onCancel={onClose} pending={create.isPending} submitLabel="Create Candidate" pendingLabel="Creating..." incomplete={!complete} />
      </form>
    </FormProvider>
  );
}

import { DeleteAccountBody, MY_DATA_MESSAGES, type User } from '@hireloop/contracts';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { DownloadIcon, Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast';
import { displayError } from '../../../lib/api-client';
import { contractResolver, fieldIssuesOf, showFieldIssues } from '../../../lib/forms';
import { clearSession } from '../../../lib/session';
import { useSubmitOnce } from '../../../lib/submit-once';
import { deleteMyAccount, exportMyData, saveAsFile } from '../api/my-data';

/** Settings' words (ADR 080; the spec does not show this page). */
export const SETTINGS_TEXT = {
  title: 'Settings',
  dataTitle: 'Your data',
  dataText: 'Download everything Hireloop holds about you: your account and everything you did and that was done about you here, as a JSON file.',
  download: 'Download my data',
  downloadFailed: 'Your data could not be downloaded',
  deleteTitle: 'Delete account',
  deleteText: 'Deleting your account erases your personal data everywhere in Hireloop for good. It cannot be undone.',
  delete: 'Delete my account',
  confirmTitle: 'Delete your account?',
  confirmText: 'Your profile, applications, messages and saved searches go, and no one can read your name or email in Hireloop again. This cannot be undone.',
  continue: 'Continue',
  cancel: 'Cancel',
  typeTitle: 'Type your email to confirm',
  typeLabel: 'Email of this account',
  deleteForGood: 'Delete for good',
  superAdmin: 'A super admin cannot delete their own account here.',
} as const;

type Values = z.input<typeof DeleteAccountBody>;

/** `/settings`: a signed-in person's data rights (issue 27, ADR 080): download it, delete the account (asked twice). */
export function AccountSettings({ user }: { user: User }) {
  const [step, setStep] = useState<'closed' | 'sure' | 'type'>('closed');
  const download = useMutation({
    mutationFn: exportMyData,
    onSuccess: saveAsFile,
    onError: (error) => toast({ title: SETTINGS_TEXT.downloadFailed, description: displayError(error, 'Please try again.'), variant: 'destructive' }),
  });
  return (
    <div className="grid gap-6">
      <h1 className="text-2xl font-bold">{SETTINGS_TEXT.title}</h1>
      <Card>
        <CardHeader>
          <h2 className="text-lg font-semibold">{SETTINGS_TEXT.dataTitle}</h2>
        </CardHeader>
        <CardContent className="grid justify-items-start gap-3">
          <p className="text-sm text-muted-foreground">{SETTINGS_TEXT.dataText}</p>
          <Button variant="outline" onClick={() => download.mutate()} disabled={download.isPending}>
            <DownloadIcon aria-hidden="true" />
            {SETTINGS_TEXT.download}
          </Button>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <h2 className="text-lg font-semibold">{SETTINGS_TEXT.deleteTitle}</h2>
        </CardHeader>
        <CardContent className="grid justify-items-start gap-3">
          <p className="text-sm text-muted-foreground">{SETTINGS_TEXT.deleteText}</p>
          {user.role === 'super_admin' ? (
            <p className="text-sm">{SETTINGS_TEXT.superAdmin}</p>
          ) : (
            <Button variant="destructive" onClick={() => setStep('sure')}>
              <Trash2Icon aria-hidden="true" />
              {SETTINGS_TEXT.delete}
            </Button>
          )}
        </CardContent>
      </Card>
      <Dialog open={step === 'sure'} onOpenChange={(open) => setStep(open ? 'sure' : 'closed')}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{SETTINGS_TEXT.confirmTitle}</DialogTitle>
            <DialogDescription>{SETTINGS_TEXT.confirmText}</DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={() => setStep('closed')}>
              {SETTINGS_TEXT.cancel}
            </Button>
            <Button variant="destructive" onClick={() => setStep('type')}>
              {SETTINGS_TEXT.continue}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
      <Dialog open={step === 'type'} onOpenChange={(open) => setStep(open ? 'type' : 'closed')}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{SETTINGS_TEXT.typeTitle}</DialogTitle>
            <DialogDescription>{SETTINGS_TEXT.confirmText}</DialogDescription>
          </DialogHeader>
          {step === 'type' ? <ConfirmDeleteForm onCancel={() => setStep('closed')} /> : null}
        </DialogContent>
      </Dialog>
    </div>
  );
}

function ConfirmDeleteForm({ onCancel }: { onCancel: () => void }) {
  const navigate = useNavigate();
  const form = useForm<Values, unknown, z.output<typeof DeleteAccountBody>>({ resolver: contractResolver(DeleteAccountBody), defaultValues: { confirmEmail: '' } });
  const submitOnce = useSubmitOnce();
  const remove = useMutation({
    mutationFn: deleteMyAccount,
    onSuccess: () => {
      // The account is gone: nothing of its session stays here (the token and every cached answer).
      clearSession();
      toast({ title: MY_DATA_MESSAGES.deletedTitle, description: MY_DATA_MESSAGES.deletedText });
      void navigate({ to: '/' });
    },
    onError: (error) => {
      if (!showFieldIssues(form.setError, fieldIssuesOf(error), ['confirmEmail'])) form.setError('confirmEmail', { message: displayError(error, MY_DATA_MESSAGES.confirmEmailMismatch) });
    },
  });
  return (
    // One request at a time: a double click on Delete for good sent DELETE /api/me twice, and the
    // second, refused (the account already gone), could put its error under the field.
    <form className="grid gap-4" noValidate onSubmit={submitOnce(form.handleSubmit((values) => remove.mutateAsync(values).catch(() => undefined)))}>
      <FormField control={form.control} name="confirmEmail" label={SETTINGS_TEXT.typeLabel} required>
        {(field) => <Input {...field} type="email" autoComplete="off" />}
      </FormField>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel}>
          {SETTINGS_TEXT.cancel}
        </Button>
        <Button type="submit" variant="destructive" disabled={remove.isPending}>
          {SETTINGS_TEXT.deleteForGood}
        </Button>
      </DialogFooter>
    </form>
  );
}

import { ContactCandidateBody, DEFAULT_CONTACT_MESSAGE } from '@hireloop/contracts';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { Textarea } from '../../../components/ui/input';
import { contractResolver } from '../../../lib/forms';
import { CONTACT_PROMPT } from '../hooks/use-contact-candidate';

/** The dialog's words (the spec's prompt, as a dialog: part 2 §5). */
export const CONTACT_DIALOG = {
  title: 'Contact Candidate',
  description: 'Your message goes to the candidate by email and in their Hireloop inbox.',
  send: 'Send Message',
  cancel: 'Cancel',
} as const;

const MessageBody = ContactCandidateBody.pick({ message: true });
type Values = { message: string };

interface ContactMessageDialogProps {
  /** The candidate being written to; null: the dialog is closed. */
  candidateId: string | null;
  onOpenChange: (open: boolean) => void;
  /** Called with the trimmed message; the dialog closes. */
  onSend: (candidateId: string, message: string) => void;
}

/**
 * Part 2 §5 "Contact message": the spec's prompt with its default invitation text, as a dialog
 * instead of the browser's own prompt (issue 24). The message is trimmed; an empty or
 * whitespace-only one is refused here and sends nothing; Cancel sends nothing.
 */
export function ContactMessageDialog({ candidateId, onOpenChange, onSend }: ContactMessageDialogProps) {
  return (
    <Dialog open={candidateId !== null} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{CONTACT_DIALOG.title}</DialogTitle>
          <DialogDescription>{CONTACT_DIALOG.description}</DialogDescription>
        </DialogHeader>
        {candidateId !== null ? (
          <ContactMessageForm
            onCancel={() => onOpenChange(false)}
            onSend={(message) => {
              onOpenChange(false);
              onSend(candidateId, message);
            }}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function ContactMessageForm({ onCancel, onSend }: { onCancel: () => void; onSend: (message: string) => void }) {
  const form = useForm<Values, unknown, z.output<typeof MessageBody>>({
    // The contract's rule: trimmed, not empty, not too long (the server's words).
    resolver: contractResolver(MessageBody),
    defaultValues: { message: DEFAULT_CONTACT_MESSAGE },
  });
  return (
    <form className="grid gap-4" onSubmit={form.handleSubmit(({ message }) => onSend(message))} noValidate>
      <FormField control={form.control} name="message" label={CONTACT_PROMPT} required>
        {(field) => <Textarea {...field} rows={6} />}
      </FormField>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel}>
          {CONTACT_DIALOG.cancel}
        </Button>
        <Button type="submit">{CONTACT_DIALOG.send}</Button>
      </DialogFooter>
    </form>
  );
}

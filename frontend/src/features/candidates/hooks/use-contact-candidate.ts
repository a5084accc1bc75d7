import { CONTACT_MESSAGES } from '@hireloop/contracts';
import { useState } from 'react';
import { toast } from '../../../components/ui/toast';
import { NetworkError, serverErrorText } from '../../../lib/api-client';
import { requiresUpgrade, useContactCandidateMutation } from '../api/contact-candidate';

/** The prompt's question (the message field's label); its answer starts as the default text (part 2 §5). */
export const CONTACT_PROMPT = 'Write a message to the candidate:';

/**
 * Contacting a candidate from a card or a profile (part 2 §4, §5, §8):
 * - without a paid plan: 'Premium Feature Required' and the upgrade dialog;
 * - otherwise the message dialog (`compose`, drawn by the page with `ContactMessageDialog`) with
 *   the default text; an empty or whitespace-only message (or Cancel) sends nothing; the message
 *   is trimmed;
 * - 'Contact Sent!', or 'Premium Required' (with the dialog), 'Failed to Send', 'Connection Error'.
 */
export function useContactCandidate({ onPaidPlan }: { onPaidPlan: boolean }) {
  const mutation = useContactCandidateMutation();
  const [upgradeOpen, setUpgradeOpen] = useState(false);
  // The candidate whose message is being written (the dialog is open), or null.
  const [composingFor, setComposingFor] = useState<string | null>(null);

  const contact = (candidateId: string) => {
    if (!onPaidPlan) {
      toast({ title: CONTACT_MESSAGES.premiumFeatureTitle, description: CONTACT_MESSAGES.premiumFeatureText, variant: 'destructive' });
      setUpgradeOpen(true);
      return;
    }
    setComposingFor(candidateId);
  };

  const send = (candidateId: string, typed: string) => {
    const message = typed.trim();
    if (!message) return;
    mutation.mutate(
      { candidateId, message, contactType: 'inquiry' },
      {
        onSuccess: () => toast({ title: CONTACT_MESSAGES.sentTitle, description: CONTACT_MESSAGES.sentText, variant: 'success' }),
        onError: (error) => {
          if (error instanceof NetworkError) {
            toast({ title: CONTACT_MESSAGES.connectionErrorTitle, description: CONTACT_MESSAGES.connectionErrorText, variant: 'destructive' });
          } else if (requiresUpgrade(error)) {
            toast({ title: CONTACT_MESSAGES.premiumRequiredTitle, description: serverErrorText(error) ?? CONTACT_MESSAGES.premiumRequiredText, variant: 'destructive' });
            setUpgradeOpen(true);
          } else {
            toast({ title: CONTACT_MESSAGES.failedTitle, description: serverErrorText(error) ?? CONTACT_MESSAGES.failedText, variant: 'destructive' });
          }
        },
      },
    );
  };

  const compose = {
    candidateId: composingFor,
    onOpenChange: (open: boolean) => {
      if (!open) setComposingFor(null);
    },
    onSend: send,
  };

  return { contact, compose, sending: mutation.isPending ? mutation.variables?.candidateId ?? null : null, upgradeOpen, setUpgradeOpen };
}

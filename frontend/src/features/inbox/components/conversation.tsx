import { ReplyBody, type Conversation, type ConversationSide } from '@hireloop/contracts';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Textarea } from '../../../components/ui/input';
import { displayError } from '../../../lib/api-client';
import { contractResolver } from '../../../lib/forms';
import { useSubmitOnce } from '../../../lib/submit-once';
import { cn } from '../../../lib/utils';
import { useSendReply } from '../api/conversations';

/** The words of a conversation's screens (ADR 069). */
export const CONVERSATION_TEXTS = {
  replyLabel: 'Your reply',
  send: 'Send Reply',
  sending: 'Sending…',
  you: 'You',
  yourCompany: 'Your company',
  replyFailed: 'Unable to send your reply. Please try again.',
} as const;

export const formatSentAt = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
};

/** Who wrote a message, as the caller's side reads it. */
function authorOf(conversation: Conversation, side: ConversationSide, from: ConversationSide): string {
  if (from === side) return side === 'company' ? CONVERSATION_TEXTS.yourCompany : CONVERSATION_TEXTS.you;
  return from === 'company' ? conversation.companyName : conversation.candidate.displayName;
}

/** A thread's messages, oldest first, each with its author, time and text as written; the other side's unread ones say "New". */
export function ConversationMessages({ conversation, side }: { conversation: Conversation; side: ConversationSide }) {
  return (
    <ol aria-label="Messages" className="grid gap-3">
      {conversation.messages.map((message) => (
        <li
          key={message.messageId}
          className={cn('grid gap-1 rounded-md border p-3', message.from === side ? 'ml-6 bg-muted/50' : 'mr-6', message.unread && 'border-primary/60')}
        >
          <div className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
            <span className="flex items-center gap-2 font-medium">
              {authorOf(conversation, side, message.from)}
              {message.unread ? <Badge>New</Badge> : null}
            </span>
            <time dateTime={message.sentAt} className="text-xs text-muted-foreground">
              {formatSentAt(message.sentAt)}
            </time>
          </div>
          <p className="text-sm whitespace-pre-wrap">{message.message}</p>
        </li>
      ))}
    </ol>
  );
}

type Values = { message: string };

/**
 * The reply box under a thread: the contract's rule (trimmed, not empty, at most the contact
 * limit, the server's words); a refusal from the server (an ended plan, a thread gone) shows
 * under the box, and the text stays for another try.
 */
export function ReplyForm({ threadId }: { threadId: string }) {
  const send = useSendReply(threadId);
  const submitOnce = useSubmitOnce();
  const form = useForm<Values, unknown, z.output<typeof ReplyBody>>({ resolver: contractResolver(ReplyBody), defaultValues: { message: '' } });
  const submit = form.handleSubmit(async ({ message }) => {
    try {
      await send.mutateAsync(message);
      form.reset({ message: '' });
    } catch (error) {
      form.setError('message', { message: displayError(error, CONVERSATION_TEXTS.replyFailed) });
    }
  });
  return (
    <form className="grid gap-2" onSubmit={submitOnce(submit)} noValidate>
      <FormField control={form.control} name="message" label={CONVERSATION_TEXTS.replyLabel}>
        {(field) => <Textarea {...field} rows={3} />}
      </FormField>
      <Button type="submit" className="justify-self-end" disabled={send.isPending}>
        {send.isPending ? CONVERSATION_TEXTS.sending : CONVERSATION_TEXTS.send}
      </Button>
    </form>
  );
}

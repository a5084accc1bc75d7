import { Link } from '@tanstack/react-router';
import { SendIcon } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { formatDay } from '../../../lib/application-status';
import { useSentMessages } from '../api/get-sent-messages';
import { LoadFailed, LoadingLines } from '../../../components/ui/load-states';

/**
 * Messages Sent (company dashboard, ADR 032): what the company wrote to candidates through
 * Hireloop, newest first, each with the candidate's title linking to their profile.
 */
export function SentMessagesCard() {
  const sent = useSentMessages();
  const messages = sent.data?.messages;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <SendIcon className="size-5 text-primary" aria-hidden="true" />
          Messages Sent
        </CardTitle>
        <CardDescription>What your company wrote to candidates through Hireloop. They got it by email and in their inbox.</CardDescription>
      </CardHeader>
      <CardContent>
        {sent.isPending ? (
          <LoadingLines label="Loading your sent messages" />
        ) : sent.isError ? (
          <LoadFailed what="your sent messages" onRetry={() => void sent.refetch()} />
        ) : messages && messages.length > 0 ? (
          <ul aria-label="Messages sent" className="grid divide-y">
            {messages.map((message) => (
              <li key={message.contactId} className="grid gap-1 py-2 first:pt-0 last:pb-0">
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <Link to="/profile/$id" params={{ id: message.candidateId }} className="font-medium text-primary underline-offset-4 hover:underline">
                    {message.candidateTitle}
                  </Link>
                  <time dateTime={message.sentAt} className="text-xs text-muted-foreground">
                    {formatDay(message.sentAt)}
                  </time>
                </div>
                <p className="line-clamp-2 whitespace-pre-line text-sm text-muted-foreground">{message.message}</p>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">No messages yet. Contact a candidate from Browse Candidates and your message shows here.</p>
        )}
      </CardContent>
    </Card>
  );
}

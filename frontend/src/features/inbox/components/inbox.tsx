import type { InboxMessage } from '@hireloop/contracts';
import { Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import { ArrowLeftIcon, Building2Icon, InboxIcon } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { displayError } from '../../../lib/api-client';
import { useInbox, useMarkInboxRead } from '../api/get-inbox';

const formatSentAt = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
};

/** The candidate's Hireloop inbox (ADR 032): messages companies sent through the platform, newest first. */
export function Inbox() {
  const inbox = useInbox(true);
  const { mutate: markReadUpTo } = useMarkInboxRead();
  // Opening the inbox reads everything it shows: up to the newest message (the list is newest first).
  // The page keeps the answer it loaded, so what was new stays marked "New" while it is open.
  useEffect(() => {
    const newest = inbox.data?.messages[0];
    if (newest && inbox.data!.unreadCount > 0) markReadUpTo(newest.sentAt);
  }, [inbox.data, markReadUpTo]);

  let content;
  if (inbox.isPending) {
    content = (
      <div role="status" aria-label="Loading messages" className="grid gap-3">
        <Skeleton className="h-28 w-full" />
        <Skeleton className="h-28 w-full" />
      </div>
    );
  } else if (inbox.isError) {
    content = (
      <Alert variant="destructive">
        <AlertTitle>Could not load your messages</AlertTitle>
        <AlertDescription>
          <p>{displayError(inbox.error, 'Please try again.')}</p>
          <Button variant="outline" size="sm" className="mt-2 text-foreground" onClick={() => void inbox.refetch()}>
            Try again
          </Button>
        </AlertDescription>
      </Alert>
    );
  } else if (inbox.data.messages.length === 0) {
    content = (
      <Card>
        <CardContent className="grid justify-items-center gap-2 py-12 text-center">
          <InboxIcon className="size-10 text-muted-foreground" aria-hidden="true" />
          <p className="text-lg font-semibold">No messages yet</p>
          <p className="max-w-md text-sm text-muted-foreground">
            When a company contacts you through Hireloop, its message shows here and arrives by email.
          </p>
        </CardContent>
      </Card>
    );
  } else {
    content = (
      <ul aria-label="Messages" className="grid gap-3">
        {inbox.data.messages.map((message) => (
          <li key={message.contactId}>
            <MessageCard message={message} isNew={message.unread} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div className="grid gap-6">
      <div className="grid gap-2">
        <Button variant="ghost" size="sm" className="justify-self-start" asChild>
          <Link to="/dashboard">
            <ArrowLeftIcon aria-hidden="true" />
            Back to Dashboard
          </Link>
        </Button>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Inbox</h1>
        <p className="text-muted-foreground">Companies see only your anonymous profile until you choose to share more.</p>
      </div>
      <section aria-label="Your messages">{content}</section>
    </div>
  );
}

function MessageCard({ message, isNew }: { message: InboxMessage; isNew: boolean }) {
  return (
    <Card className={isNew ? 'border-primary/60' : undefined}>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle className="flex items-center gap-2 text-base">
          <Building2Icon className="size-4 text-muted-foreground" aria-hidden="true" />
          {message.companyName}
          {isNew ? <Badge>New</Badge> : null}
        </CardTitle>
        <time dateTime={message.sentAt} className="text-sm text-muted-foreground">
          {formatSentAt(message.sentAt)}
        </time>
      </CardHeader>
      <CardContent>
        <p className="text-sm whitespace-pre-wrap">{message.message}</p>
      </CardContent>
    </Card>
  );
}

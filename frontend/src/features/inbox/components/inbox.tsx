import type { Conversation } from '@hireloop/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import { ArrowLeftIcon, Building2Icon, InboxIcon } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { displayError } from '../../../lib/api-client';
import { invalidateCandidateCounts, useConversations } from '../api/conversations';
import { markInboxRead } from '../api/get-inbox';
import { ConversationMessages, ReplyForm } from './conversation';

/** The newest message a company sent in any of the threads: what the inbox shows when it opens. */
const newestFromCompanies = (conversations: readonly Conversation[]) =>
  conversations
    .flatMap((conversation) => conversation.messages)
    .filter((message) => message.from === 'company')
    .reduce<string | null>((newest, message) => (newest === null || message.sentAt > newest ? message.sentAt : newest), null);

/**
 * The candidate's Hireloop inbox (ADR 032, 069): one card per company that wrote to them, latest
 * activity first, with the whole conversation and a reply box. Opening it reads everything it
 * shows (one mark for the inbox); what was new stays marked "New" while the page is open.
 */
export function Inbox() {
  const conversations = useConversations(true);
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!conversations.data || conversations.data.unreadCount === 0) return;
    const newest = newestFromCompanies(conversations.data.conversations);
    if (newest) void markInboxRead(newest).then(() => invalidateCandidateCounts(queryClient), () => undefined);
  }, [conversations.data, queryClient]);

  let content;
  if (conversations.isPending) {
    content = (
      <div role="status" aria-label="Loading messages" className="grid gap-3">
        <Skeleton className="h-28 w-full" />
        <Skeleton className="h-28 w-full" />
      </div>
    );
  } else if (conversations.isError) {
    content = (
      <Alert variant="destructive">
        <AlertTitle>Could not load your messages</AlertTitle>
        <AlertDescription>
          <p>{displayError(conversations.error, 'Please try again.')}</p>
          <Button variant="outline" size="sm" className="mt-2 text-foreground" onClick={() => void conversations.refetch()}>
            Try again
          </Button>
        </AlertDescription>
      </Alert>
    );
  } else if (conversations.data.conversations.length === 0) {
    content = (
      <Card>
        <CardContent className="grid justify-items-center gap-2 py-12 text-center">
          <InboxIcon className="size-10 text-muted-foreground" aria-hidden="true" />
          <p className="text-lg font-semibold">No messages yet</p>
          <p className="max-w-md text-sm text-muted-foreground">
            When a company contacts you through Hireloop, its message shows here and arrives by email. You can reply here.
          </p>
        </CardContent>
      </Card>
    );
  } else {
    content = (
      <ul aria-label="Conversations" className="grid gap-4">
        {conversations.data.conversations.map((conversation) => (
          <li key={conversation.threadId}>
            <CandidateConversationCard conversation={conversation} />
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
        <p className="text-muted-foreground">Companies see only your anonymous profile until you choose to share more. Your replies do not share your name or email.</p>
      </div>
      <section aria-label="Your messages">{content}</section>
    </div>
  );
}

function CandidateConversationCard({ conversation }: { conversation: Conversation }) {
  return (
    <Card aria-label={`Conversation with ${conversation.companyName}`} className={conversation.unreadCount > 0 ? 'border-primary/60' : undefined}>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <Building2Icon className="size-4 text-muted-foreground" aria-hidden="true" />
          {conversation.companyName}
          {conversation.unreadCount > 0 ? <Badge variant="secondary">{conversation.unreadCount} new</Badge> : null}
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <ConversationMessages conversation={conversation} side="candidate" />
        <ReplyForm threadId={conversation.threadId} />
      </CardContent>
    </Card>
  );
}

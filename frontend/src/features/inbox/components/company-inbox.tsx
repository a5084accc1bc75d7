import type { Conversation } from '@hireloop/contracts';
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { ArrowLeftIcon, InboxIcon, UserIcon } from 'lucide-react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { LoadFailed, LoadingLines } from '../../../components/ui/load-states';
import { cn } from '../../../lib/utils';
import { useConversations, useMarkConversationRead } from '../api/conversations';
import { ConversationMessages, formatSentAt, ReplyForm } from './conversation';

/**
 * The company's inbox (ADR 069): its conversations with candidates, latest activity first, each
 * with the candidate as the company may know them (ADR 066) and what its users have not read.
 * Opening one shows it with a reply box and marks it read for the whole company.
 */
export function CompanyInbox() {
  const conversations = useConversations(true);
  const [openId, setOpenId] = useState<string | null>(null);
  const list = conversations.data?.conversations ?? [];
  const open = list.find((conversation) => conversation.threadId === openId) ?? null;
  const { mutate: markRead } = useMarkConversationRead();
  const openUnread = open?.unreadCount ?? 0;
  useEffect(() => {
    if (open && openUnread > 0) markRead({ threadId: open.threadId, upTo: open.lastActivityAt });
  }, [open, openUnread, markRead]);

  let content;
  if (conversations.isPending) content = <LoadingLines label="Loading your conversations" />;
  else if (conversations.isError) content = <LoadFailed what="your conversations" onRetry={() => void conversations.refetch()} />;
  else if (list.length === 0) {
    content = (
      <Card>
        <CardContent className="grid justify-items-center gap-2 py-12 text-center">
          <InboxIcon className="size-10 text-muted-foreground" aria-hidden="true" />
          <p className="text-lg font-semibold">No conversations yet</p>
          <p className="max-w-md text-sm text-muted-foreground">Contact a candidate from Browse Candidates: their replies show here.</p>
        </CardContent>
      </Card>
    );
  } else {
    content = (
      <div className="grid gap-4 md:grid-cols-[minmax(0,18rem)_minmax(0,1fr)]">
        <ul aria-label="Conversations" className="grid content-start gap-2">
          {list.map((conversation) => (
            <li key={conversation.threadId}>
              <ConversationButton conversation={conversation} selected={conversation.threadId === openId} onOpen={() => setOpenId(conversation.threadId)} />
            </li>
          ))}
        </ul>
        {open ? (
          <Card aria-label={`Conversation with ${open.candidate.displayName}`}>
            <CardHeader>
              <CardTitle className="text-base">{open.candidate.displayName}</CardTitle>
              <CardDescription>
                <Link to="/profile/$id" params={{ id: open.candidate.profileId }} className="text-primary underline underline-offset-4">
                  {open.candidate.title}
                </Link>
                {open.candidate.known ? null : ' · Their name stays private until they apply to one of your jobs or reveal their profile to you.'}
              </CardDescription>
            </CardHeader>
            <CardContent className="grid gap-4">
              <ConversationMessages conversation={open} side="company" />
              <ReplyForm threadId={open.threadId} />
            </CardContent>
          </Card>
        ) : (
          <p className="text-sm text-muted-foreground">Choose a conversation to read it and reply.</p>
        )}
      </div>
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
        <p className="text-muted-foreground">Your company’s conversations with candidates. Everyone at your company sees them.</p>
      </div>
      <section aria-label="Your conversations">{content}</section>
    </div>
  );
}

function ConversationButton({ conversation, selected, onOpen }: { conversation: Conversation; selected: boolean; onOpen: () => void }) {
  const last = conversation.messages.at(-1);
  return (
    <button
      type="button"
      aria-current={selected ? 'true' : undefined}
      onClick={onOpen}
      className={cn('grid w-full gap-1 rounded-md border p-3 text-left hover:bg-muted/50', selected && 'border-primary bg-muted/50', conversation.unreadCount > 0 && 'border-primary/60')}
    >
      <span className="flex items-center justify-between gap-2 font-medium">
        <span className="flex items-center gap-2">
          <UserIcon className="size-4 text-muted-foreground" aria-hidden="true" />
          {conversation.candidate.displayName}
        </span>
        {conversation.unreadCount > 0 ? <Badge>{conversation.unreadCount} new</Badge> : null}
      </span>
      <span className="text-xs text-muted-foreground">
        {conversation.candidate.title} · <time dateTime={conversation.lastActivityAt}>{formatSentAt(conversation.lastActivityAt)}</time>
      </span>
      {last ? <span className="line-clamp-2 text-sm text-muted-foreground">{last.message}</span> : null}
    </button>
  );
}

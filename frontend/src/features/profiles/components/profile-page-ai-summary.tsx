import { AI_SUMMARY_MESSAGES, PROFILE_MESSAGES } from '@hireloop/contracts';
import { ExternalLinkIcon, LockIcon, RefreshCwIcon, SparklesIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { displayError, requiresUpgrade } from '../../../lib/api-client';
import { useAiSummary, useRegenerateAiSummary } from '../api/ai-summary';
import { generatedDate } from '../lib/profile-display';

export const AI_SUMMARY_HEADING = 'AI Summary';
export const AI_SUMMARY_PLANS_HREF = '/pricing';

/**
 * The AI Summary box (part 2 §2): the loading skeleton, the waiting text, the error text, or the
 * summary with its Key Strengths and Best fit for roles; Regenerate for the owner and companies.
 */
export function AiSummaryBox({
  profileId,
  canRegenerate,
  level,
}: {
  profileId: string;
  canRegenerate: boolean;
  /** Its heading's level: 2 on the visitor's page, 3 inside the owner's preview. */
  level: 2 | 3;
}) {
  const summary = useAiSummary(profileId);
  const regenerate = useRegenerateAiSummary(profileId);
  const ListHeading = level === 2 ? 'h3' : 'h4';
  const generating = regenerate.isPending || summary.data?.status === 'pending';
  // The company's plan does not include summaries (ADR 070): the server's reason and the plans, no Regenerate.
  const refused = summary.isError && requiresUpgrade(summary.error) ? summary.error : regenerate.isError && requiresUpgrade(regenerate.error) ? regenerate.error : null;

  return (
    <AiSummaryCard
      profileId={profileId}
      level={level}
      action={
        canRegenerate && !refused ? (
          <Button variant="outline" size="sm" onClick={() => regenerate.mutate()} disabled={generating}>
            <RefreshCwIcon aria-hidden="true" className={generating ? 'animate-spin' : undefined} />
            Regenerate
          </Button>
        ) : null
      }
    >
      {refused ? (
        <AiSummaryUpgrade text={displayError(refused, AI_SUMMARY_MESSAGES.notOnPlan)} />
      ) : summary.isPending ? (
        <div role="status" aria-label="Loading AI summary" className="grid gap-2">
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-2/3" />
        </div>
      ) : summary.isError || summary.data.status === 'failed' || regenerate.isError ? (
        <Alert variant="destructive">{PROFILE_MESSAGES.aiSummaryError}</Alert>
      ) : summary.data.status === 'pending' ? (
        <p role="status" className="text-sm text-muted-foreground">
          {PROFILE_MESSAGES.aiSummaryPending}
        </p>
      ) : (
        <>
          <p className="text-sm leading-relaxed">{summary.data.summaryText}</p>
          <SummaryList heading="Key Strengths" items={summary.data.strengths} Heading={ListHeading} />
          <SummaryList heading="Best fit for roles" items={summary.data.fitRoles} Heading={ListHeading} />
          {summary.data.cached && generatedDate(summary.data.generatedAt) ? (
            <p className="text-xs text-muted-foreground">
              Generated{' '}
              <time dateTime={summary.data.generatedAt}>{generatedDate(summary.data.generatedAt)}</time>
            </p>
          ) : null}
        </>
      )}
    </AiSummaryCard>
  );
}

/** The box's frame: its heading (and Regenerate, when offered) over its content. */
function AiSummaryCard({ profileId, level, action, children }: { profileId: string; level: 2 | 3; action?: ReactNode; children: ReactNode }) {
  const SectionHeading = level === 2 ? 'h2' : 'h3';
  const headingId = `ai-summary-heading-${profileId}`;
  return (
    <Card aria-labelledby={headingId} role="region">
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
        <SectionHeading id={headingId} className="inline-flex items-center gap-2 text-lg font-semibold">
          <SparklesIcon className="size-5 text-primary" aria-hidden="true" />
          {AI_SUMMARY_HEADING}
        </SectionHeading>
        {action}
      </CardHeader>
      <CardContent className="grid gap-4">{children}</CardContent>
    </Card>
  );
}

/** A company whose plan does not include AI summaries: why, and the plans (in a new tab, like Upgrade). */
function AiSummaryUpgrade({ text }: { text: string }) {
  return (
    <div role="status" className="grid justify-items-start gap-3">
      <p className="inline-flex items-center gap-2 text-sm font-semibold">
        <LockIcon className="size-4" aria-hidden="true" />
        {AI_SUMMARY_MESSAGES.upgradeTitle}
      </p>
      <p className="text-sm text-muted-foreground">{text}</p>
      <Button asChild size="sm">
        <a href={AI_SUMMARY_PLANS_HREF} target="_blank" rel="noopener noreferrer">
          Upgrade
          <ExternalLinkIcon aria-hidden="true" />
          <span className="sr-only">(opens the plans in a new tab)</span>
        </a>
      </Button>
    </div>
  );
}

/** A visitor: the summary is not asked for; the box says who reads summaries, with the plans. */
export function AiSummaryForCompanies({ profileId, level }: { profileId: string; level: 2 | 3 }) {
  return (
    <AiSummaryCard profileId={profileId} level={level}>
      <div className="grid justify-items-start gap-3">
        <p className="text-sm text-muted-foreground">{AI_SUMMARY_MESSAGES.visitorText}</p>
        <Button asChild size="sm" variant="outline">
          <a href={AI_SUMMARY_PLANS_HREF} target="_blank" rel="noopener noreferrer">
            See plans
            <ExternalLinkIcon aria-hidden="true" />
            <span className="sr-only">(opens the plans in a new tab)</span>
          </a>
        </Button>
      </div>
    </AiSummaryCard>
  );
}

function SummaryList({ heading, items, Heading }: { heading: string; items: string[]; Heading: 'h3' | 'h4' }) {
  if (items.length === 0) return null;
  return (
    <div className="grid gap-1.5">
      <Heading className="text-sm font-semibold">{heading}</Heading>
      <ul className="list-disc space-y-1 pl-5 text-sm">
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </div>
  );
}

import { PROFILE_MESSAGES } from '@hireloop/contracts';
import { RefreshCwIcon, SparklesIcon } from 'lucide-react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { useAiSummary, useRegenerateAiSummary } from '../api/ai-summary';
import { generatedDate } from '../lib/profile-display';

export const AI_SUMMARY_HEADING = 'AI Summary';

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
  const SectionHeading = level === 2 ? 'h2' : 'h3';
  const ListHeading = level === 2 ? 'h3' : 'h4';
  const headingId = `ai-summary-heading-${profileId}`;
  const generating = regenerate.isPending || summary.data?.status === 'pending';

  return (
    <Card aria-labelledby={headingId} role="region">
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
        <SectionHeading id={headingId} className="inline-flex items-center gap-2 text-lg font-semibold">
          <SparklesIcon className="size-5 text-primary" aria-hidden="true" />
          {AI_SUMMARY_HEADING}
        </SectionHeading>
        {canRegenerate ? (
          <Button variant="outline" size="sm" onClick={() => regenerate.mutate()} disabled={generating}>
            <RefreshCwIcon aria-hidden="true" className={generating ? 'animate-spin' : undefined} />
            Regenerate
          </Button>
        ) : null}
      </CardHeader>
      <CardContent className="grid gap-4">
        {summary.isPending ? (
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
      </CardContent>
    </Card>
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

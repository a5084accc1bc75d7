import type { Job } from '@hireloop/contracts';
import { RssIcon } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { Alert, AlertDescription, AlertTitle } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { clientErrorText, NetworkError } from '../../../lib/api-client';
import { loadQueryClient } from '../../../lib/lazy-query';
import { PRODUCT_NAME } from '../../../lib/product';
import { cn } from '../../../lib/utils';
import { useJobList } from '../api/get-jobs';
import { hasActiveFilters, withFilterChange, type JobBoardFilters, type JobBoardSearch, type JobBoardSearchUpdate } from '../lib/board-search';
import { JOBS_PAGE_SIZE, pageCountOf, showingRange, showingText } from '../lib/pagination';
import type { JobViewer } from '../lib/viewer';
import { HiringCta } from './hiring-cta';
import { JobCard, type JobCardAction } from './job-card';
import { JobFilters } from './job-filters';
import { Pagination } from '../../../components/ui/pagination';

// The dialogs (Radix Dialog, and the share dialog's copy-link machine with XState) are not needed
// to show the board: their code loads when the pointer or focus reaches a button that opens one.
const loadJobDetailsDialog = () => import('./job-details-dialog');
const loadShareJobDialog = () => import('./share-job-dialog');
const JobDetailsDialog = lazy(() => loadJobDetailsDialog().then((module) => ({ default: module.JobDetailsDialog })));
const ShareJobDialog = lazy(() => loadShareJobDialog().then((module) => ({ default: module.ShareJobDialog })));
// Saving a search (ADR 067) is a signed-in candidate's: its code loads only for them.
const SaveSearchButton = lazy(() =>
  Promise.all([import('../../saved-searches/components/save-search-button'), loadQueryClient()]).then(([module]) => ({ default: module.SaveSearchButton })),
);
const preloadDialog: Record<JobCardAction, () => void> = {
  details: () => void loadJobDetailsDialog(),
  share: () => void loadShareJobDialog(),
};

interface JobBoardProps {
  /** The board's state, kept in the address by the route. */
  search: JobBoardSearch;
  /**
   * Asks for the next state as a change of the current one: a debounced keyword change that lands
   * while the address has not yet caught up with an Enter in Location builds on that, not on this
   * render's copy (which would drop the location). `replace`: no new history entry (the keys of one
   * typing burst after its first).
   */
  onSearchChange: (update: JobBoardSearchUpdate, options: { replace: boolean }) => void;
  viewer: JobViewer | null;
  viewerLoading?: boolean;
  /**
   * Layout slot for the anonymous candidates side panel (spec part 1, §2; large screens only).
   * Empty until `GET /api/candidates` exists: the board never invents candidates.
   */
  candidatesPanel?: ReactNode;
  /** Layout slot for the ad block under the call to action (part 1 §2; ADR 044). */
  ads?: ReactNode;
}

type BoardDialog = { kind: 'details' | 'share'; job: Job; open: boolean };

/**
 * The job board (spec part 1, §2): filters, "Showing X-Y of N", job cards and pagination. The
 * server searches and pages; the board keeps its state in the address, so it can be shared and
 * Back works.
 */
export function JobBoard({ search, onSearchChange, viewer, viewerLoading, candidatesPanel, ads }: JobBoardProps) {
  const list = useJobList({ ...search, pageSize: JOBS_PAGE_SIZE });
  const [dialog, setDialog] = useState<BoardDialog | null>(null);
  const resultsRef = useRef<HTMLElement>(null);
  // The first debounced change of a typing burst gets a history entry; the rest replace it.
  const typingHasEntry = useRef(false);

  const changeFilters = (change: Partial<JobBoardFilters>, { typing = false }: { typing?: boolean } = {}) => {
    const replace = typing && typingHasEntry.current;
    typingHasEntry.current = typing;
    // Any filter change goes back to page 1 (spec part 1, §4).
    onSearchChange((current) => withFilterChange(current, change), { replace });
  };

  const changePage = (page: number) => {
    typingHasEntry.current = false;
    onSearchChange((current) => ({ ...current, page }), { replace: false });
    resultsRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };

  const data = list.data;
  const pageCount = data ? pageCountOf(data.total, data.pageSize) : 1;

  // A page past the last one (an old link, jobs closed since): show the last page instead.
  const pastTheEnd = !list.isPlaceholderData && data !== undefined && data.jobs.length === 0 && data.total > 0;
  useEffect(() => {
    if (pastTheEnd && search.page > pageCount) onSearchChange((current) => ({ ...current, page: pageCount }), { replace: true });
  }, [pastTheEnd, pageCount, search, onSearchChange]);

  // Ages are read against the time the page arrived: one clock for every card.
  const [openedAt] = useState(() => Date.now());
  const now = new Date(list.dataUpdatedAt || openedAt);
  const showAside = candidatesPanel !== undefined || viewer?.type !== 'candidate';

  let results: ReactNode;
  if (list.isPending) {
    results = (
      <div className="grid gap-4" role="status" aria-label="Loading jobs">
        {[0, 1, 2].map((index) => (
          <Card key={index}>
            <CardHeader>
              <Skeleton className="h-6 w-2/3" />
              <Skeleton className="h-4 w-1/2" />
            </CardHeader>
            <CardContent className="grid gap-2">
              <Skeleton className="h-5 w-3/4" />
              <Skeleton className="h-8 w-full" />
            </CardContent>
          </Card>
        ))}
      </div>
    );
  } else if (list.isError) {
    const reason =
      list.error instanceof NetworkError ? list.error.message : (clientErrorText(list.error) ?? 'Please try again.');
    results = (
      <Alert variant="destructive">
        <AlertTitle>Could not load jobs</AlertTitle>
        <AlertDescription>
          <p>{reason}</p>
          <Button variant="outline" size="sm" className="mt-2 text-foreground" onClick={() => void list.refetch()}>
            Try again
          </Button>
        </AlertDescription>
      </Alert>
    );
  } else if (list.data.total === 0) {
    results = (
      <Card>
        <CardContent className="grid justify-items-center gap-1 py-12 text-center">
          <p className="text-lg font-semibold">No jobs found</p>
          {list.data.didYouMean && (
            <p>
              Did you mean{' '}
              <Button variant="link" className="h-auto p-0 text-base font-semibold" onClick={() => changeFilters({ search: list.data.didYouMean! })}>
                {list.data.didYouMean}
              </Button>
              ?
            </p>
          )}
          <p className="text-sm text-muted-foreground">
            {hasActiveFilters(search)
              ? 'Try different keywords or filters.'
              : 'New jobs are posted every day. Check back soon.'}
          </p>
        </CardContent>
      </Card>
    );
  } else {
    const range = showingRange(list.data.page, list.data.jobs.length, list.data.total, list.data.pageSize);
    results = (
      <>
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {showingText(range)}
        </p>
        <div
          className={cn('grid gap-4 transition-opacity', list.isPlaceholderData && 'opacity-60')}
          aria-busy={list.isFetching}
        >
          {list.data.jobs.map((job) => (
            <JobCard
              key={job.id}
              job={job}
              now={now}
              viewer={viewer}
              viewerLoading={viewerLoading}
              onViewDetails={(selected) => setDialog({ kind: 'details', job: selected, open: true })}
              onShare={(selected) => setDialog({ kind: 'share', job: selected, open: true })}
              onActionIntent={(action) => preloadDialog[action]()}
            />
          ))}
        </div>
        <Pagination page={list.data.page} pageCount={pageCount} onPageChange={changePage} />
      </>
    );
  }

  // Closing keeps the job until the next opening, so the dialog does not empty while it fades.
  const closeDialog = (open: boolean) => setDialog((current) => (current && !open ? { ...current, open } : current));

  return (
    <div className="grid gap-6">
      <section className="flex flex-wrap items-end justify-between gap-3">
        <div className="grid gap-2">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Find your next tech job</h1>
          <p className="text-muted-foreground">
            Browse open roles from companies hiring engineers, designers and builders.
          </p>
        </div>
        {viewer?.type === 'candidate' && !viewer.isAdmin && (search.search || search.location || search.type) ? (
          <Suspense fallback={null}>
            <SaveSearchButton userId={viewer.userId} search={search} />
          </Suspense>
        ) : null}
        <a
          href="/api/jobs/rss"
          type="application/rss+xml"
          className="inline-flex items-center gap-1.5 rounded-sm text-sm font-medium text-muted-foreground outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
          title={`${PRODUCT_NAME} jobs (RSS)`}
        >
          <RssIcon className="size-4" aria-hidden="true" />
          RSS feed
        </a>
      </section>

      <JobFilters
        filters={search}
        onChange={changeFilters}
        onTypingEnd={() => {
          typingHasEntry.current = false;
        }}
      />

      <div className={cn('grid gap-6', showAside && 'lg:grid-cols-[minmax(0,1fr)_18rem] lg:items-start')}>
        <section ref={resultsRef} aria-labelledby="job-results-heading" className="grid scroll-mt-20 gap-4">
          <h2 id="job-results-heading" className="sr-only">
            Jobs
          </h2>
          {results}
        </section>
        {showAside ? (
          <aside aria-label="For employers" className="grid gap-4 lg:sticky lg:top-20">
            {candidatesPanel !== undefined ? <div className="hidden lg:block">{candidatesPanel}</div> : null}
            <HiringCta viewer={viewer} />
            {ads}
          </aside>
        ) : null}
      </div>

      <Suspense fallback={null}>
        {dialog?.kind === 'details' ? (
          <JobDetailsDialog
            job={dialog.job}
            open={dialog.open}
            onOpenChange={closeDialog}
            now={now}
            viewer={viewer}
            viewerLoading={viewerLoading}
          />
        ) : null}
        {dialog?.kind === 'share' ? (
          <ShareJobDialog job={dialog.job} open={dialog.open} onOpenChange={closeDialog} />
        ) : null}
      </Suspense>
    </div>
  );
}

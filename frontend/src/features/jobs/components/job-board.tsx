import { ChevronLeftIcon, ChevronRightIcon, SearchIcon } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { Alert, AlertDescription, AlertTitle } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Skeleton } from '../../../components/ui/skeleton';
import { useJobs } from '../api/get-jobs';
import { matchesKeywords, pageOfJobs, pageWindow } from '../lib/search-jobs';
import { JobCard } from './job-card';

/** The public job board: keyword search and pages of ten (spec part 1, §2). */
export function JobBoard() {
  const searchId = useId();
  const jobs = useJobs();
  const [keywords, setKeywords] = useState('');
  const [page, setPage] = useState(1);
  // Ages are read against the time the list arrived: one clock for every card.
  const now = new Date(jobs.dataUpdatedAt || Date.now());

  const matching = useMemo(
    () => (jobs.data ?? []).filter((job) => matchesKeywords(job, keywords)),
    [jobs.data, keywords],
  );
  const current = pageOfJobs(matching, page);

  const changePage = (next: number) => {
    setPage(next);
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };

  return (
    <div className="grid gap-6">
      <section className="grid gap-2">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Find your next tech job</h1>
        <p className="text-muted-foreground">
          Browse open roles from companies hiring engineers, designers and builders.
        </p>
      </section>

      <form role="search" className="relative" onSubmit={(event) => event.preventDefault()}>
        <Label htmlFor={searchId} className="sr-only">
          Search jobs
        </Label>
        <SearchIcon
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden="true"
        />
        <Input
          id={searchId}
          type="search"
          className="pl-9"
          placeholder="Search by title, company, skill or keyword"
          value={keywords}
          onChange={(event) => {
            setKeywords(event.target.value);
            // A new search starts again from the first page (spec part 1, §4).
            setPage(1);
          }}
        />
      </form>

      {jobs.isPending ? (
        <div className="grid gap-4" aria-busy="true" aria-label="Loading jobs">
          {[0, 1, 2].map((index) => (
            <Card key={index}>
              <CardHeader>
                <Skeleton className="h-6 w-2/3" />
                <Skeleton className="h-4 w-1/2" />
              </CardHeader>
              <CardContent>
                <Skeleton className="h-5 w-3/4" />
              </CardContent>
            </Card>
          ))}
        </div>
      ) : jobs.isError ? (
        <Alert variant="destructive">
          <AlertTitle>Could not load jobs</AlertTitle>
          <AlertDescription>
            <p>{jobs.error.message}</p>
            <Button variant="outline" size="sm" className="mt-2 text-foreground" onClick={() => void jobs.refetch()}>
              Try again
            </Button>
          </AlertDescription>
        </Alert>
      ) : current.total === 0 ? (
        <Card>
          <CardContent className="grid justify-items-center gap-1 py-12 text-center">
            <p className="text-lg font-semibold">No jobs found</p>
            <p className="text-sm text-muted-foreground">
              {keywords.trim() ? 'Try different keywords.' : 'New jobs are posted every day. Check back soon.'}
            </p>
          </CardContent>
        </Card>
      ) : (
        <section className="grid gap-4" aria-label="Jobs">
          <p className="text-sm text-muted-foreground" aria-live="polite">
            Showing {current.from}-{current.to} of {current.total}
          </p>
          <div className="grid gap-4">
            {current.jobs.map((job) => (
              <JobCard key={job.id} job={job} now={now} />
            ))}
          </div>
          {current.pageCount > 1 ? (
            <nav aria-label="Pagination" className="flex flex-wrap items-center justify-center gap-1">
              <Button
                variant="outline"
                size="sm"
                onClick={() => changePage(current.page - 1)}
                disabled={current.page === 1}
              >
                <ChevronLeftIcon aria-hidden="true" />
                Previous
              </Button>
              {pageWindow(current.page, current.pageCount).map((number) => (
                <Button
                  key={number}
                  variant={number === current.page ? 'default' : 'outline'}
                  size="sm"
                  className="min-w-9"
                  aria-label={`Page ${number}`}
                  aria-current={number === current.page ? 'page' : undefined}
                  onClick={() => changePage(number)}
                >
                  {number}
                </Button>
              ))}
              <Button
                variant="outline"
                size="sm"
                onClick={() => changePage(current.page + 1)}
                disabled={current.page === current.pageCount}
              >
                Next
                <ChevronRightIcon aria-hidden="true" />
              </Button>
            </nav>
          ) : null}
        </section>
      )}
    </div>
  );
}

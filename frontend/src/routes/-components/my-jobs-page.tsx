import { MESSAGES } from '@hireloop/contracts';
import { Link } from '@tanstack/react-router';
import { ArrowLeftIcon, PlusIcon } from 'lucide-react';
import { useState } from 'react';
import { LoadingPage, PageShell } from '../../components/layout/page-shell';
import { Button } from '../../components/ui/button';
import { useAuthDialog } from '../../features/auth/components/auth-dialog-provider';
import { useAuth } from '../../features/auth/hooks/use-auth';
import { MyJobs } from '../../features/jobs/components/my-jobs';
import { PostJobDialog } from '../../features/jobs/components/post-job-dialog';
import { useJobPostLimitReached } from '../../features/subscriptions/hooks/use-job-post-limit';
import { usePageTitle } from '../../lib/page-title';

/** `/dashboard/jobs`: the company's own jobs ("View All Jobs" on the dashboard). */
export function MyJobsPage({ page, onPageChange }: { page: number; onPageChange: (page: number) => void }) {
  const { user, isLoading } = useAuth();
  const { openAuthDialog } = useAuthDialog();
  const [postingJob, setPostingJob] = useState(false);
  const jobPostLimitReached = useJobPostLimitReached(user);
  usePageTitle('My Jobs');

  if (isLoading) return <LoadingPage />;
  if (!user) {
    return (
      <PageShell className="grid content-start justify-items-center gap-4 py-20 text-center">
        <h1 className="text-2xl font-bold">{MESSAGES.signInRequired}</h1>
        <Button onClick={() => openAuthDialog('signin', { stayOnPage: true })}>Go to Sign In</Button>
      </PageShell>
    );
  }
  if (user.type !== 'company') {
    return (
      <PageShell className="grid content-start justify-items-center gap-4 py-20 text-center">
        <h1 className="text-2xl font-bold">My Jobs</h1>
        <p className="text-muted-foreground">Only company accounts post jobs.</p>
        <Button asChild>
          <Link to="/jobs">Browse Jobs</Link>
        </Button>
      </PageShell>
    );
  }

  return (
    <PageShell className="grid content-start gap-6">
      <Button variant="ghost" size="sm" className="w-fit" asChild>
        <Link to="/dashboard">
          <ArrowLeftIcon aria-hidden="true" />
          Back to Dashboard
        </Link>
      </Button>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="grid gap-1">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">My Jobs</h1>
          <p className="text-muted-foreground">
            Every job {user.companyName ?? 'your company'} has posted, open and closed.
          </p>
        </div>
        <Button onClick={() => setPostingJob(true)}>
          <PlusIcon aria-hidden="true" />
          Post New Job
        </Button>
      </div>
      <MyJobs page={page} onPageChange={onPageChange} />
      <PostJobDialog open={postingJob} onOpenChange={setPostingJob} defaultCompany={user.companyName ?? ''} limitReached={jobPostLimitReached} draftOwner={user.id} />
    </PageShell>
  );
}

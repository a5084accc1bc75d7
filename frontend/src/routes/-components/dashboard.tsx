import type { User } from '@hireloop/contracts';
import { MESSAGES } from '@hireloop/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ActivityIcon, BriefcaseIcon, Building2Icon, InboxIcon, PlusIcon, SearchIcon, ShieldCheckIcon } from 'lucide-react';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { LoadingPage, PageShell } from '../../components/layout/page-shell';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { useAuthDialog } from '../../features/auth/components/auth-dialog-provider';
import { currentUserQueryKey } from '../../features/auth/api/get-current-user';
import { useAuth } from '../../features/auth/hooks/use-auth';
import { useCompanyProfile } from '../../features/companies/api/company-profile';
import { CompanyProfileDialog } from '../../features/companies/components/company-profile-dialog';
import { CompanyRequestsCard } from '../../features/invitations/components/company-requests';
import { SentMessagesCard } from '../../features/inbox/components/sent-messages-card';
import { MyInvitationsCard } from '../../features/invitations/components/my-invitations-card';
import { useInbox } from '../../features/inbox/api/get-inbox';
import { useConversations } from '../../features/inbox/api/conversations';
import { PostJobDialog } from '../../features/jobs/components/post-job-dialog';
import { useJobPostLimitReached } from '../../features/subscriptions/hooks/use-job-post-limit';
import { ApplicationsCard, CreateProfileCard, ProfileSummaryCard } from '../../features/profiles/components/candidate-dashboard';
import { LedgerCard } from '../../features/profiles/components/ledger-card';
import { useProfileWizardLauncher } from '../../features/profiles/components/profile-wizard-launcher';
import { BillingPanel } from '../../features/subscriptions/components/billing-panel';
import { JobPostsUsage } from '../../features/subscriptions/components/job-posts-usage';
import { PricingModalLauncher } from '../../features/subscriptions/components/pricing-modal-launcher';
import { UpgradeBanner } from '../../features/subscriptions/components/upgrade-banner';
import { usePageTitle } from '../../lib/page-title';

/** AI assistant access (ADR 042): its own chunk, fetched when a candidate's dashboard shows it. */
const SavedSearchesCard = lazy(() => import('../../features/saved-searches/components/saved-searches-card').then((module) => ({ default: module.SavedSearchesCard })));
const ApiKeysCard = lazy(() => import('../../features/api-keys/components/api-keys-card').then((module) => ({ default: module.ApiKeysCard })));

/** `/dashboard` (spec part 2, Dashboard). */
export function DashboardPage({ banner }: { banner?: ReactNode }) {
  const { user, isLoading } = useAuth();
  usePageTitle('Dashboard');
  if (isLoading) return <LoadingPage />;
  if (!user) return <SignInRequired />;
  return <Dashboard user={user} banner={banner} />;
}

function SignInRequired() {
  const { openAuthDialog } = useAuthDialog();
  return (
    <PageShell className="grid content-start justify-items-center gap-4 py-20 text-center">
      <h1 className="text-2xl font-bold">{MESSAGES.signInRequired}</h1>
      <Button onClick={() => openAuthDialog('signin')}>Go to Sign In</Button>
    </PageShell>
  );
}

const WELCOME: Record<User['type'], string> = {
  candidate: 'Discover new opportunities and manage your job applications',
  company: 'Manage your company profile and job postings',
};

function Dashboard({ user, banner }: { user: User; banner?: ReactNode }) {
  const [postingJob, setPostingJob] = useState(false);
  const jobPostLimitReached = useJobPostLimitReached(user);
  const [editingCompany, setEditingCompany] = useState(false);
  const queryClient = useQueryClient();
  const isCompany = user.type === 'company';
  const profileWizard = useProfileWizardLauncher(user.id);

  return (
    <PageShell className="grid content-start gap-6">
      {banner}
      {isCompany ? <UpgradeBanner user={user} /> : null}
      <section className="grid gap-1">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Welcome back, {user.name}!</h1>
        <p className="text-muted-foreground">{WELCOME[user.type]}</p>
        {user.isAdmin ? (
          <div className="flex flex-wrap items-center gap-2 pt-1">
            <Badge>Admin</Badge>
            <Button size="sm" variant="outline" asChild>
              <Link to="/admin">
                <ShieldCheckIcon aria-hidden="true" />
                Admin Panel
              </Link>
            </Button>
          </div>
        ) : null}
      </section>

      {isCompany ? null : <ProfileSummaryCard user={user} wizard={profileWizard} />}

      <div className="grid gap-4 md:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle className="flex items-center gap-2">
              <BriefcaseIcon className="size-5 text-primary" aria-hidden="true" />
              Jobs
            </CardTitle>
            <CardDescription>
              {isCompany ? 'Post openings and keep track of your listings.' : 'Find roles that match your skills.'}
            </CardDescription>
          </CardHeader>
          <CardContent className="flex flex-wrap items-center gap-2">
            {isCompany ? (
              <>
                <Button onClick={() => setPostingJob(true)}>
                  <PlusIcon aria-hidden="true" />
                  Post New Job
                </Button>
                <Button variant="outline" asChild>
                  <Link to="/dashboard/jobs">View All Jobs</Link>
                </Button>
                <div className="basis-full">
                  <JobPostsUsage user={user} />
                </div>
              </>
            ) : (
              <Button asChild>
                <Link to="/jobs">
                  <SearchIcon aria-hidden="true" />
                  Browse Jobs
                </Link>
              </Button>
            )}
          </CardContent>
        </Card>

        {isCompany ? <CompanyCard onSetUp={() => setEditingCompany(true)} /> : null}
        {isCompany ? <CompanyRequestsCard /> : null}
        {isCompany ? <CompanyInboxCard /> : null}
        {isCompany ? <SentMessagesCard /> : null}

        {isCompany ? null : (
          <>
            <CreateProfileCard user={user} wizard={profileWizard} />
            <ApplicationsCard user={user} />
            {user.type === 'candidate' ? <MyInvitationsCard /> : null}
            <InboxCard />
            <LedgerCard user={user} />
            {user.role === 'candidate' ? (
              <Suspense fallback={null}>
                <SavedSearchesCard userId={user.id} />
                <ApiKeysCard user={user} />
              </Suspense>
            ) : null}
          </>
        )}

        <Card>
          <CardHeader>
            <CardTitle className="flex items-center gap-2">
              <ActivityIcon className="size-5 text-primary" aria-hidden="true" />
              Recent Activity
            </CardTitle>
          </CardHeader>
          <CardContent>
            <p className="text-sm text-muted-foreground">No recent activity yet.</p>
          </CardContent>
        </Card>
      </div>

      {isCompany ? (
        <>
          <PostJobDialog open={postingJob} onOpenChange={setPostingJob} defaultCompany={user.companyName ?? ''} limitReached={jobPostLimitReached} draftOwner={user.id} />
          <CompanyProfileDialog
            open={editingCompany}
            onOpenChange={setEditingCompany}
            // A rename shows in the signed-in user's company name (the post-a-job form's default).
            onSaved={() => void queryClient.invalidateQueries({ queryKey: currentUserQueryKey, exact: true })}
            billing={<BillingPanel user={user} />}
          />
          <PricingModalLauncher user={user} />
        </>
      ) : (
        profileWizard.dialog
      )}
    </PageShell>
  );
}

/** The dashboard's Inbox card: what is unread, and the way to `/inbox`. */
function InboxLinkCard({ unread, unreadText, emptyText }: { unread: number; unreadText: string; emptyText: string }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <InboxIcon className="size-5 text-primary" aria-hidden="true" />
          Inbox
          {unread > 0 ? <Badge aria-hidden="true">{unread}</Badge> : null}
        </CardTitle>
        <CardDescription>{unread > 0 ? unreadText : emptyText}</CardDescription>
      </CardHeader>
      <CardContent>
        <Button variant="outline" asChild>
          <Link to="/inbox">Open Inbox</Link>
        </Button>
      </CardContent>
    </Card>
  );
}

/** Inbox (candidate): the messages companies send through Hireloop (ADR 032), on their own page. */
function InboxCard() {
  const unread = useInbox(true).data?.unreadCount ?? 0;
  return (
    <InboxLinkCard
      unread={unread}
      unreadText={`You have ${unread} new ${unread === 1 ? 'message' : 'messages'} from companies.`}
      emptyText="Messages companies send you through Hireloop."
    />
  );
}

/** Inbox (company): the company's conversations with candidates (ADR 069), with what its users have not read. */
function CompanyInboxCard() {
  const unread = useConversations(true).data?.unreadCount ?? 0;
  return (
    <InboxLinkCard
      unread={unread}
      unreadText={`You have ${unread} new ${unread === 1 ? 'reply' : 'replies'} from candidates.`}
      emptyText="Your conversations with the candidates you contacted."
    />
  );
}

/**
 * The Company card (company side): its profile is set up in the company modal. A company that
 * saved its profile is offered to edit it, not to set it up (issue 24).
 */
function CompanyCard({ onSetUp }: { onSetUp: () => void }) {
  const profile = useCompanyProfile();
  const saved = profile.data !== undefined && profile.data.updatedAt !== null;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Building2Icon className="size-5 text-primary" aria-hidden="true" />
          Company
        </CardTitle>
        <CardDescription>Tell candidates who you are: your profile shows on your job pages.</CardDescription>
      </CardHeader>
      <CardContent>
        <Button variant="outline" onClick={onSetUp}>
          {saved ? 'Edit Company Profile' : 'Set Up Company Profile'}
        </Button>
      </CardContent>
    </Card>
  );
}

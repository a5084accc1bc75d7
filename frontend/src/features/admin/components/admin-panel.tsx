import type { User } from '@hireloop/contracts';
import { ADMIN_MESSAGES } from '@hireloop/contracts';
import { ShieldCheckIcon } from 'lucide-react';
import { useState } from 'react';
import { PageShell } from '../../../components/layout/page-shell';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { ActivitiesTab } from './activities-tab';
import { AnalyticsTab } from './analytics-tab';
import { CandidatesTab } from './candidates-tab';
import { CompaniesTab } from './companies-tab';
import { JobsTab } from './jobs-tab';
import { ProjectionsTab } from './projections-tab';
import { ADMIN_TABS, type AdminTab } from '../admin-tabs';

const TAB_LABELS: Record<AdminTab, string> = {
  candidates: 'Candidates',
  companies: 'Companies',
  jobs: 'Job Management',
  analytics: 'Analytics',
  activities: 'Activities',
  projections: 'Projections',
};

interface AdminPanelProps {
  user: User | null;
  /** The session is still being restored. */
  isLoading: boolean;
  onSignIn: () => void;
  /** The tab shown (the route keeps it in the address: `?tab=`). */
  tab: AdminTab;
  onTabChange: (tab: AdminTab) => void;
}

/** `/admin` (part 2 "Admin panel"): the three access states, then the six tabs for admins. */
export function AdminPanel({ user, isLoading, onSignIn, tab, onTabChange }: AdminPanelProps) {
  if (isLoading) {
    return (
      <PageShell>
        <p role="status" className="py-16 text-center text-muted-foreground">
          {ADMIN_MESSAGES.checking}
        </p>
      </PageShell>
    );
  }
  if (!user) {
    return (
      <PageShell className="grid content-start justify-items-center gap-4 py-20 text-center">
        <p className="text-lg font-medium">{ADMIN_MESSAGES.signInRequired}</p>
        <Button onClick={onSignIn}>Sign In</Button>
      </PageShell>
    );
  }
  if (!user.isAdmin) {
    return (
      <PageShell className="grid content-start justify-items-center gap-4 py-20 text-center">
        <p role="alert" className="max-w-md text-lg font-medium">
          {ADMIN_MESSAGES.adminRequired}
        </p>
      </PageShell>
    );
  }
  return <AdminConsole user={user} tab={tab} onTabChange={onTabChange} />;
}

function AdminConsole({ user, tab, onTabChange }: { user: User; tab: AdminTab; onTabChange: (tab: AdminTab) => void }) {
  // Each table keeps its own search (ADR 064): a candidate's name typed on one tab must not
  // empty the other with "No companies match your search".
  const [candidateSearch, setCandidateSearch] = useState('');
  const [companySearch, setCompanySearch] = useState('');
  return (
    <PageShell className="grid content-start gap-6">
      <header className="flex flex-wrap items-center gap-3">
        <ShieldCheckIcon className="size-7 text-primary" aria-hidden="true" />
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Admin Panel</h1>
        <Badge variant="secondary">{user.role === 'super_admin' ? 'Super Admin' : 'Admin'}</Badge>
      </header>
      <Tabs value={tab} onValueChange={(value) => onTabChange(value as AdminTab)}>
        <TabsList className="h-auto flex-wrap">
          {ADMIN_TABS.map((name) => (
            <TabsTrigger key={name} value={name}>
              {TAB_LABELS[name]}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="candidates">
          <CandidatesTab user={user} search={candidateSearch} onSearchChange={setCandidateSearch} />
        </TabsContent>
        <TabsContent value="companies">
          <CompaniesTab search={companySearch} onSearchChange={setCompanySearch} />
        </TabsContent>
        <TabsContent value="jobs">
          <JobsTab />
        </TabsContent>
        <TabsContent value="analytics">
          <AnalyticsTab />
        </TabsContent>
        <TabsContent value="activities">
          <ActivitiesTab />
        </TabsContent>
        <TabsContent value="projections">
          <ProjectionsTab />
        </TabsContent>
      </Tabs>
    </PageShell>
  );
}

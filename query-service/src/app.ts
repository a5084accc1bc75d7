import { savedSearchQueryRoutes } from './saved-searches/routes';
import type { AccountSecrets } from '@hireloop/platform/accounts/types';
import type { App } from '@hireloop/platform/http/app';
import { authPlugin } from '@hireloop/platform/http/auth';
import type { ReadStore } from '@hireloop/platform/read-store';
import type { Clock } from '@hireloop/platform/runtime';
import { adminActivityQueryRoutes } from './admin/routes';
import type { AdminCandidateTable } from './admin-people/candidate-table';
import { adminPeopleQueryRoutes } from './admin-people/routes';
import { createNotConfiguredWebAnalytics, type WebAnalyticsPort } from '@hireloop/platform/web-analytics';
import { analyticsQueryRoutes } from './analytics/routes';
import { applicationQueryRoutes } from './applications/routes';
import { authQueryRoutes } from './auth/routes';
import type { CandidateCardIndex } from './candidates/card-index';
import { candidateMatchQueryRoutes } from './candidates/match-routes';
import { candidateQueryRoutes, type CandidateQueryOptions } from './candidates/routes';
import { candidateSummaryQueryRoutes } from './candidate-summaries/routes';
import { companyQueryRoutes } from './companies/routes';
import { inboxQueryRoutes } from './inbox/routes';
import { conversationQueryRoutes } from './inbox/conversations';
import { candidateInvitationQueryRoutes } from './invitations/candidate-routes';
import { invitationQueryRoutes } from './invitations/routes';
import { jobQueryRoutes, type JobQueryOptions } from './jobs/routes';
import { pageStatusRoutes } from './pages/routes';
import { profileQueryRoutes } from './profiles/routes';
import { profilePictureQueryRoutes } from './profiles/picture-routes';
import { createMemoryProfilePictures } from '@hireloop/platform/profile-pictures/memory';
import type { ProfilePictureStore } from '@hireloop/platform/profile-pictures/types';
import { subscriptionQueryRoutes } from './subscriptions/routes';
import type { JobSearchIndex } from './jobs/search-index';
import type { ProjectionProgress } from './shared/projection-progress';
import { ledgerQueryRoutes } from './profiles/ledger';
import { readYourWritesPlugin } from './shared/read-your-writes';
import { ViewerCompanies } from './shared/viewer-companies';

export interface QueryServiceDeps {
  readStore: ReadStore;
  secrets: AccountSecrets;
  clock: Clock;
  progress: ProjectionProgress;
  readYourWritesTimeoutMs: number;
  publicUrl: string;
  /** Analytics hooks: searches and job views are counted in memory and flushed in batches (ADR 012). */
  onSearch?: JobQueryOptions['onSearch'];
  onView?: JobQueryOptions['onView'];
  /** A company's user was shown these candidates' cards (recorded in batches for the candidates' ledgers, ADR 037). */
  onCardsShown?: CandidateQueryOptions['onCardsShown'];
  /** The board's in-memory search index (default: a new one following `progress`); loaded when the app is ready. */
  searchIndex?: JobSearchIndex;
  /** Where the board's search index is saved and restored from at start (ADR 085); default none: built from the read store. */
  searchIndexSnapshot?: JobQueryOptions['searchIndexSnapshot'];
  /** Browse Candidates' in-memory index (default: a new one following `progress`, if this service runs the candidate-cards read model). */
  cardIndex?: CandidateCardIndex;
  /** The admin Candidates table in memory (default: a new one following `progress`, if this service runs the admin-people read model). */
  adminCandidateTable?: AdminCandidateTable;
  /** The admin Analytics tab's GA4 section (default: not configured, ADR 034). */
  webAnalytics?: WebAnalyticsPort;
  /** Profile pictures and cover photos as files (ADR 046); default: an empty store in memory. */
  pictures?: ProfilePictureStore;
}

/** Registers every query route on `app`: GET under /api, answered from read models only. */
export async function registerQueryService(app: App, deps: QueryServiceDeps) {
  if (!app.hasRequestDecorator('session')) await app.register(authPlugin, { secrets: deps.secrets, clock: deps.clock });
  await app.register(readYourWritesPlugin, { progress: deps.progress, timeoutMs: deps.readYourWritesTimeoutMs, readStore: deps.readStore });
  await app.register(authQueryRoutes);
  await app.register(candidateSummaryQueryRoutes);
  await app.register(jobQueryRoutes, {
    readStore: deps.readStore,
    publicUrl: deps.publicUrl,
    progress: deps.progress,
    onSearch: deps.onSearch,
    onView: deps.onView,
    searchIndex: deps.searchIndex,
    searchIndexSnapshot: deps.searchIndexSnapshot,
  });
  const pictures = deps.pictures ?? createMemoryProfilePictures();
  await app.register(profileQueryRoutes, { clock: deps.clock, pictures });
  await app.register(profilePictureQueryRoutes, { clock: deps.clock, pictures });
  await app.register(applicationQueryRoutes);
  await app.register(companyQueryRoutes);
  await app.register(subscriptionQueryRoutes, { clock: deps.clock });
  await app.register(candidateMatchQueryRoutes);
  await app.register(candidateQueryRoutes, {
    readStore: deps.readStore,
    progress: deps.progress,
    cardIndex: deps.cardIndex,
    onCardsShown: deps.onCardsShown,
    viewerCompanies: deps.onCardsShown ? new ViewerCompanies(deps.readStore, deps.clock) : undefined,
  });
  await app.register(invitationQueryRoutes, { clock: deps.clock });
  await app.register(candidateInvitationQueryRoutes, { clock: deps.clock });
  await app.register(pageStatusRoutes, { clock: deps.clock, publicUrl: deps.publicUrl });
  await app.register(inboxQueryRoutes);
  await app.register(conversationQueryRoutes);
  await app.register(ledgerQueryRoutes);
  await app.register(savedSearchQueryRoutes);
  await app.register(adminActivityQueryRoutes, { readStore: deps.readStore, progress: deps.progress });
  await app.register(adminPeopleQueryRoutes, { readStore: deps.readStore, progress: deps.progress, candidateTable: deps.adminCandidateTable });
  await app.register(analyticsQueryRoutes, { clock: deps.clock, webAnalytics: deps.webAnalytics ?? createNotConfiguredWebAnalytics() });
}

export { JobSearchIndex } from './jobs/search-index';
export { CandidateCardIndex } from './candidates/card-index';
export { AdminCandidateTable } from './admin-people/candidate-table';
export { ProjectionProgress } from './shared/projection-progress';

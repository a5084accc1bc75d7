import { adminActivitiesProjection } from './admin-activities/projection';
import { adminPeopleProjection } from './admin-people/projection';
import { analyticsDailyProjection, analyticsTopJobsProjection } from './analytics/projection';
import { applicationsProjection } from './applications/projection';
import { candidateApplicationsProjection } from './candidate-applications/projection';
import { candidateInvitationsProjection } from './candidate-invitations/projection';
import { candidateCardsProjection } from './candidate-cards/projection';
import { candidateProfilesProjection } from './candidate-profiles/projection';
import { candidateLedgerProjection } from './candidate-ledger/projection';
import { candidateViewsProjection } from './candidate-views/projection';
import { candidateSummariesProjection } from './candidate-summaries/projection';
import { companiesProjection } from './companies/projection';
import { companyInvitationsProjection } from './company-invitations/projection';
import { inboxProjection } from './inbox/projection';
import { conversationsProjection } from './conversations/projection';
import { invitationPagesProjection } from './invitation-pages/projection';
import { invitationsProjection } from './invitations/projection';
import { jobBoardProjection } from './job-board/projection';
import { jobHistoryProjection } from './job-history/projection';
import type { ProjectionDefinition } from './shared/projection';
import { savedSearchesProjection } from './saved-searches/projection';
import { subscriptionsProjection } from './subscriptions/projection';
import { usersProjection } from './users/projection';

/** Every read model the services use. */
export const allProjections: readonly ProjectionDefinition[] = [
  usersProjection,
  jobBoardProjection,
  applicationsProjection,
  candidateApplicationsProjection,
  candidateProfilesProjection,
  candidateSummariesProjection,
  companiesProjection,
  candidateCardsProjection,
  subscriptionsProjection,
  invitationsProjection,
  invitationPagesProjection,
  companyInvitationsProjection,
  candidateInvitationsProjection,
  inboxProjection,
  conversationsProjection,
  candidateViewsProjection,
  candidateLedgerProjection,
  adminActivitiesProjection,
  adminPeopleProjection,
  analyticsDailyProjection,
  analyticsTopJobsProjection,
  savedSearchesProjection,
  jobHistoryProjection,
];

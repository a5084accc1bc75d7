import { PROFILE_MESSAGES } from '@hireloop/contracts';
import { Link } from '@tanstack/react-router';
import { ArrowLeftIcon, ExternalLinkIcon, MessageSquareIcon } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { errorStatus } from '../../../lib/api-client';
import { useProfileView } from '../api/get-profile-view';
import { aiSummaryAccess, contactAction } from '../lib/profile-display';
import type { ProfileViewer } from '../lib/viewer';
import { AiSummaryBox, AiSummaryForCompanies } from './profile-page-ai-summary';
import { GatedProfile } from './profile-page-gated';
import { LimitedProfile } from './profile-page-limited';
import { ProfileLoading, useProfilePageMeta } from './profile-page-loading';
import { OwnerProfile } from './profile-page-owner';
import { PAGE_HEADINGS } from './profile-page-parts';
import { PublicProfile } from './profile-page-public';

export const PRICING_HREF = '/pricing';
export const CONTACT_ALERT = 'Contact requests are sent through the platform. The candidate will receive your message by email.';

interface ProfilePageProps {
  profileId: string;
  viewer: ProfileViewer | null;
  /** Whether the viewer is a company on a paid plan (Contact instead of Upgrade). */
  companyOnPaidPlan?: boolean;
  /**
   * What Contact does: the route sends a message through the platform (ADR 032). Without it,
   * Contact only shows an alert, as the spec's page did (part 2 §2).
   */
  onContact?: (profileId: string) => void;
  /** Make Private / Make Public reload the page on success (part 2 §2). */
  reload?: () => void;
}

/** `/profile/{id}`: one of the three displays of part 2 §2, by what the server says this viewer may see. */
export function ProfilePage({ profileId, viewer, companyOnPaidPlan = false, onContact, reload = () => window.location.reload() }: ProfilePageProps) {
  useProfilePageMeta();
  const view = useProfileView(profileId, viewer?.userId ?? null);

  if (view.isPending) return <ProfileLoading />;
  if (view.isError) return errorStatus(view.error) === 404 ? <ProfileNotFound /> : <ProfileLoadFailed onRetry={() => void view.refetch()} />;

  const { data } = view;
  if (data.view === 'owner') return <OwnerProfile profile={data.profile} reload={reload} />;
  // `public` leaves out who the candidate is; `revealed` (a company they made themselves known to) has it (ADR 066).
  if (data.view === 'public' || data.view === 'revealed') {
    return (
      <PublicProfile
        profile={data.profile}
        headings={PAGE_HEADINGS}
        actions={
          <NonOwnerAction
            action={contactAction({ viewerType: viewer?.type ?? null, onPaidPlan: companyOnPaidPlan })}
            onContact={onContact ? () => onContact(data.profile.id) : () => window.alert(CONTACT_ALERT)}
          />
        }
      />
    );
  }
  // Another candidate's summary is for companies and admins (ADR 070): a candidate is shown no box.
  const access = aiSummaryAccess({ viewerType: viewer?.type ?? null, isAdmin: viewer?.isAdmin === true });
  const aiSummary =
    access === 'none' ? null : access === 'sign-up' ? (
      <AiSummaryForCompanies profileId={data.profile.id} level={2} />
    ) : (
      <AiSummaryBox profileId={data.profile.id} canRegenerate={access === 'regenerate'} level={2} />
    );
  if (data.view === 'gated') return <GatedProfile profile={data.profile} headings={PAGE_HEADINGS} pricingHref={PRICING_HREF} aiSummary={aiSummary} />;
  return <LimitedProfile profile={data.profile} headings={PAGE_HEADINGS} aiSummary={aiSummary} viewerIsCompany={viewer?.type === 'company'} />;
}

/** Contact (a company on a paid plan: a message through the platform) or Upgrade (the plans, in a new tab). */
function NonOwnerAction({ action, onContact }: { action: 'contact' | 'upgrade'; onContact: () => void }) {
  if (action === 'contact') {
    return (
      <Button onClick={onContact}>
        <MessageSquareIcon aria-hidden="true" />
        Contact
      </Button>
    );
  }
  return (
    <Button asChild>
      <a href={PRICING_HREF} target="_blank" rel="noopener noreferrer">
        Upgrade
        <ExternalLinkIcon aria-hidden="true" />
        <span className="sr-only">(opens the plans in a new tab)</span>
      </a>
    </Button>
  );
}

/** A missing profile, or a private one seen by anyone but its owner (the server answers 404 to both). */
export function ProfileNotFound() {
  return (
    <div className="grid justify-items-center gap-3 py-16 text-center">
      <h1 className="text-2xl font-bold sm:text-3xl">{PROFILE_MESSAGES.profileNotFound}</h1>
      <p className="max-w-md text-muted-foreground">{PROFILE_MESSAGES.profileNotFoundDetail}</p>
      <Button asChild>
        <Link to="/jobs">
          <ArrowLeftIcon aria-hidden="true" />
          Back to Browse
        </Link>
      </Button>
    </div>
  );
}

/** Any other failure (the server or the network): say so and offer to try again. */
export function ProfileLoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="grid justify-items-center gap-3 py-16 text-center">
      <h1 className="text-2xl font-bold">Something went wrong</h1>
      <p className="max-w-md text-muted-foreground">We could not load this profile. Please try again.</p>
      <Button onClick={onRetry}>Try again</Button>
    </div>
  );
}

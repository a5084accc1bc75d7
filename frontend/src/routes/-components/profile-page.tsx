import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { PageShell } from '../../components/layout/page-shell';
import { useAuth } from '../../features/auth/hooks/use-auth';
import { ContactMessageDialog } from '../../features/candidates/components/contact-message-dialog';
import { UpgradeDialog } from '../../features/candidates/components/upgrade-dialog';
import { useContactCandidate } from '../../features/candidates/hooks/use-contact-candidate';
import { ProfileLoadFailed, ProfileNotFound, ProfilePage } from '../../features/profiles/components/profile-page';
import { ProfileLoading, useProfilePageMeta } from '../../features/profiles/components/profile-page-loading';
import { isOnPaidPlan, useCurrentSubscription } from '../../features/subscriptions/api/get-current-subscription';
import { errorStatus } from '../../lib/api-client';

/** `/profile/{id}` for the signed-in person (or a visitor); routes join the auth and profiles features. */
export function ProfileRoutePage({ profileId }: { profileId: string }) {
  useProfilePageMeta();
  const { user, isLoading } = useAuth();
  // Only company users have a subscription to look up (part 2 §6).
  const subscription = useCurrentSubscription(user?.type === 'company');
  const onPaidPlan = isOnPaidPlan(subscription.data);
  const { contact, compose, upgradeOpen, setUpgradeOpen } = useContactCandidate({ onPaidPlan });
  return (
    <PageShell>
      {isLoading ? (
        <ProfileLoading />
      ) : (
        <ProfilePage
          profileId={profileId}
          viewer={user ? { userId: user.userId, type: user.type, isAdmin: user.isAdmin } : null}
          companyOnPaidPlan={onPaidPlan}
          onContact={contact}
        />
      )}
      <ContactMessageDialog {...compose} />
      <UpgradeDialog open={upgradeOpen} onOpenChange={setUpgradeOpen} />
    </PageShell>
  );
}

/** 'Profile Not Found': the loader's answer for a missing profile, or one private to this viewer (a 404). */
export function ProfileRouteNotFound() {
  useProfilePageMeta();
  return (
    <PageShell>
      <ProfileNotFound />
    </PageShell>
  );
}

/** A 404 is 'Profile Not Found' (missing, or private to this viewer); anything else may be retried. */
export function ProfileRouteError({ error, reset }: ErrorComponentProps) {
  useProfilePageMeta();
  const router = useRouter();
  return (
    <PageShell>
      {errorStatus(error) === 404 ? (
        <ProfileNotFound />
      ) : (
        <ProfileLoadFailed
          onRetry={() => {
            reset();
            void router.invalidate();
          }}
        />
      )}
    </PageShell>
  );
}

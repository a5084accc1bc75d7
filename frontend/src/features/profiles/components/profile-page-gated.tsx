import { CANDIDATE_VIEW_MESSAGES, type LimitedCandidateProfile } from '@hireloop/contracts';
import { ExternalLinkIcon, EyeOffIcon } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { displayError, requiresUpgrade } from '../../../lib/api-client';
import { useOpenFullProfile } from '../api/open-full-profile';
import { LimitedProfile } from './profile-page-limited';
import { ProfileLoading } from './profile-page-loading';
import type { HeadingLevels } from './profile-page-parts';

const OPEN_FAILED = 'We could not open this profile. Please try again.';

/**
 * A company user on a full profile it has not opened this month (ADR 030): opening the page is
 * asking to see it, so the view is counted at once and the full profile replaces this. When the
 * month's candidate views are used up, the limited profile shows with the reason and the way to
 * upgrade; any other failure may be tried again.
 */
export function GatedProfile({
  profile,
  headings,
  pricingHref,
  aiSummary,
}: {
  profile: LimitedCandidateProfile;
  headings: HeadingLevels;
  pricingHref: string;
  aiSummary?: ReactNode;
}) {
  const open = useOpenFullProfile(profile.id);
  const { mutate, status } = open;
  useEffect(() => {
    if (status === 'idle') mutate();
  }, [mutate, status]);

  if (open.isError && requiresUpgrade(open.error)) {
    const Section = headings.section;
    return (
      <div className="grid gap-6">
        <Card role="status" className="border-amber-300 bg-amber-50 dark:border-amber-800 dark:bg-amber-950/40">
          <CardContent className="grid justify-items-center gap-3 pt-5 text-center">
            <EyeOffIcon className="size-8 text-amber-700 dark:text-amber-300" aria-hidden="true" />
            <Section className="text-xl font-semibold">{CANDIDATE_VIEW_MESSAGES.limitTitle}</Section>
            <p className="max-w-lg text-sm">{displayError(open.error, CANDIDATE_VIEW_MESSAGES.limitTitle)}</p>
            <Button asChild>
              <a href={pricingHref} target="_blank" rel="noopener noreferrer">
                Upgrade
                <ExternalLinkIcon aria-hidden="true" />
                <span className="sr-only">(opens the plans in a new tab)</span>
              </a>
            </Button>
          </CardContent>
        </Card>
        <LimitedProfile profile={profile} headings={headings} aiSummary={aiSummary} callToAction={false} />
      </div>
    );
  }
  // Counted, and read again (the mutation ends after the read), yet still not open: say so, never spin.
  if (open.isError || open.isSuccess) {
    return (
      <div className="grid justify-items-center gap-3 py-16 text-center">
        <h1 className="text-2xl font-bold">Something went wrong</h1>
        <p className="max-w-md text-muted-foreground">{open.isError ? displayError(open.error, OPEN_FAILED) : OPEN_FAILED}</p>
        <Button onClick={() => mutate()}>Try again</Button>
      </div>
    );
  }
  // Counting, then reading the full profile again.
  return <ProfileLoading />;
}

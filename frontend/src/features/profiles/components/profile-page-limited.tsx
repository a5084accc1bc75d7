import { LIMITED_VIEW_SKILLS, type LimitedCandidateProfile } from '@hireloop/contracts';
import { Link } from '@tanstack/react-router';
import { Building2Icon, LockIcon, MapPinIcon, UserIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { availabilityLabel, DEFAULT_LOCATION, DEFAULT_TITLE, visibleSkills } from '../lib/profile-display';
import { BlurredValue, Fact, SkillBadges, type HeadingLevels } from './profile-page-parts';

export const PRIVATE_CANDIDATE = 'Private Candidate';
export const INTERESTED_HEADING = 'Interested in This Candidate?';
export const SIGN_UP_AS_COMPANY_HREF = '/signup?type=company';

/**
 * Part 2 §2 display 2: a profile that is public but not actively looking, as others see it. The
 * name, experience level, education, salary range and summary are blurred placeholders (the
 * server sends none of them); title, location, availability and up to 8 skills show.
 */
export function LimitedProfile({
  profile,
  headings,
  aiSummary,
  callToAction = true,
  viewerIsCompany = false,
}: {
  profile: LimitedCandidateProfile;
  headings: HeadingLevels;
  /** The AI Summary box, when this viewer sees it. */
  aiSummary?: ReactNode;
  /** 'Interested in This Candidate?' (not in the owner's own preview). */
  callToAction?: boolean;
  /** A signed-in company is not offered to sign up as one (issue 24). */
  viewerIsCompany?: boolean;
}) {
  const Name = headings.name;
  const Section = headings.section;
  const skills = visibleSkills(profile.skills, LIMITED_VIEW_SKILLS, profile.skillCount);
  const nameId = `limited-name-${profile.id}`;

  return (
    <article aria-labelledby={nameId} className="grid gap-6">
      <Card>
        <CardHeader className="flex-row flex-wrap items-center gap-4">
          <div
            role="img"
            aria-label="No profile picture: private candidate"
            className="grid size-20 shrink-0 place-content-center rounded-full bg-muted text-muted-foreground"
          >
            <UserIcon className="size-9" aria-hidden="true" />
          </div>
          <div className="grid gap-1">
            <Name id={nameId} className="text-2xl font-bold tracking-tight">
              <span className="blur-[2px] select-none">{PRIVATE_CANDIDATE}</span>
            </Name>
            <p className="font-medium">{profile.title || DEFAULT_TITLE}</p>
            <p className="inline-flex items-center gap-1.5 text-sm text-muted-foreground">
              <MapPinIcon className="size-4" aria-hidden="true" />
              <span className="sr-only">Location:</span>
              {profile.location || DEFAULT_LOCATION}
            </p>
          </div>
          <Badge variant={profile.availability === 'immediate' ? 'success' : 'secondary'} className="sm:ml-auto">
            {availabilityLabel(profile.availability)}
          </Badge>
        </CardHeader>
        <CardContent className="grid gap-5">
          <dl className="grid gap-4 sm:grid-cols-2">
            <Fact term="Experience level">
              <BlurredValue placeholder="Several years" />
            </Fact>
            <Fact term="Education">
              <BlurredValue placeholder="Degree - University" />
            </Fact>
            <Fact term="Salary range">
              <BlurredValue placeholder="$000k - $000k" />
            </Fact>
            <Fact term="Availability">{availabilityLabel(profile.availability)}</Fact>
          </dl>
          <div className="grid gap-2">
            <Section className="text-base font-semibold">Summary</Section>
            <p className="text-sm">
              <BlurredValue placeholder="This candidate's summary is private. It describes their background, the work they have done and what they are looking for next." />
            </p>
          </div>
          <div className="grid gap-2">
            <Section className="text-base font-semibold">Skills</Section>
            <SkillBadges shown={skills.shown} more={skills.more} label="Skills" />
          </div>
        </CardContent>
      </Card>
      {aiSummary}
      {callToAction ? <InterestedCallToAction headings={headings} viewerIsCompany={viewerIsCompany} /> : null}
    </article>
  );
}

function InterestedCallToAction({ headings, viewerIsCompany }: { headings: HeadingLevels; viewerIsCompany: boolean }) {
  const Section = headings.section;
  if (viewerIsCompany) {
    return (
      <Card className="border-primary/30 bg-primary/5">
        <CardContent className="grid justify-items-center gap-3 pt-5 text-center">
          <LockIcon className="size-8 text-primary" aria-hidden="true" />
          <Section className="text-xl font-semibold">{INTERESTED_HEADING}</Section>
          <p className="max-w-lg text-sm text-muted-foreground">
            This candidate&apos;s contact details are private while they are not actively looking. Browse
            candidates to find those who are, or ask this one to apply to one of your jobs from the candidates list.
          </p>
          <Button asChild>
            <Link to="/browse-candidates">Browse Other Candidates</Link>
          </Button>
        </CardContent>
      </Card>
    );
  }
  return (
    <Card className="border-primary/30 bg-primary/5">
      <CardContent className="grid justify-items-center gap-3 pt-5 text-center">
        <LockIcon className="size-8 text-primary" aria-hidden="true" />
        <Section className="text-xl font-semibold">{INTERESTED_HEADING}</Section>
        <p className="max-w-lg text-sm text-muted-foreground">
          This candidate&apos;s contact details are private. Sign up as a company to reach candidates through the
          platform.
        </p>
        <div className="flex flex-wrap justify-center gap-2">
          <Button asChild>
            <a href={SIGN_UP_AS_COMPANY_HREF} target="_blank" rel="noopener noreferrer">
              <Building2Icon aria-hidden="true" />
              Sign Up as Company
            </a>
          </Button>
          <Button variant="outline" asChild>
            <Link to="/jobs">Browse Other Candidates</Link>
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

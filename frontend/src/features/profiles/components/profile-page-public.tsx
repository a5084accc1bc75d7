import type { AnonymousPublicProfile, CandidateProfile } from '@hireloop/contracts';
import {
  BriefcaseIcon,
  DollarSignIcon,
  CodeIcon,
  GlobeIcon,
  GraduationCapIcon,
  LinkIcon,
  LockIcon,
  MailIcon,
  MapPinIcon,
  PhoneIcon,
  Share2Icon,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { useShareProfile } from '../hooks/use-share-profile';
import {
  availabilityLabel,
  DEFAULT_LOCATION,
  DEFAULT_TITLE,
  experienceText,
  fullName,
  NOT_SPECIFIED,
  safeLink,
  salaryText,
} from '../lib/profile-display';
import { Fact, ProfileAvatar, SkillBadges, type HeadingLevels } from './profile-page-parts';

type Identity = Pick<CandidateProfile, 'firstName' | 'lastName' | 'email' | 'phone' | 'linkedinUrl' | 'githubUrl' | 'portfolioUrl' | 'profilePicture'>;
/** The full view as the server sends it: with the candidate's identity to a company they made themselves known to, without it to anyone else (ADR 066). */
export type PublicProfileData = AnonymousPublicProfile & (Identity | { [K in keyof Identity]?: undefined });

/** Said where the name would be when the viewer may not know who the candidate is (ADR 066). */
export const ANONYMOUS_NAME = 'Anonymous Candidate';
export const IDENTITY_NOTE =
  'Name, contact details, links and photo are private. Hireloop shares them with a company only when this candidate reveals their profile to it from an invitation or applies to one of its jobs.';

/**
 * Part 2 §2 display 3: the full profile (public and actively looking, or the owner's preview):
 * cover, avatar, name, facts, links, contact details, About, Skills & Expertise and Education.
 * Without the candidate's identity (ADR 066) it says so where the name would be.
 */
export function PublicProfile({
  profile,
  headings,
  actions,
}: {
  profile: PublicProfileData;
  headings: HeadingLevels;
  /** Header buttons beside Share Profile (Contact or Upgrade for non-owners). */
  actions?: ReactNode;
}) {
  const Name = headings.name;
  const Section = headings.section;
  const share = useShareProfile();
  const anonymous = profile.firstName === undefined;
  const name = anonymous ? ANONYMOUS_NAME : fullName(profile.firstName, profile.lastName) || 'Candidate';
  const nameId = `public-name-${profile.id}`;
  const links = [
    { label: 'LinkedIn', href: safeLink(profile.linkedinUrl ?? ''), icon: <LinkIcon aria-hidden="true" /> },
    { label: 'GitHub', href: safeLink(profile.githubUrl ?? ''), icon: <CodeIcon aria-hidden="true" /> },
    { label: 'Portfolio', href: safeLink(profile.portfolioUrl ?? ''), icon: <GlobeIcon aria-hidden="true" /> },
  ].flatMap((link) => (link.href === null ? [] : [{ ...link, href: link.href }]));

  return (
    <article aria-labelledby={nameId} className="grid gap-6">
      <Card className="overflow-hidden">
        {profile.coverPhoto ? (
          <img src={profile.coverPhoto} alt={`Cover of ${name}'s profile`} className="h-36 w-full object-cover sm:h-48" />
        ) : (
          <div aria-hidden="true" className="h-36 w-full bg-gradient-to-r from-primary/70 to-primary/30 sm:h-48" data-testid="cover-placeholder" />
        )}
        <CardHeader className="-mt-12 gap-4">
          <ProfileAvatar picture={profile.profilePicture ?? null} firstName={profile.firstName ?? ''} lastName={profile.lastName ?? ''} className="size-24" />
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div className="grid gap-1">
              <div className="flex flex-wrap items-center gap-2">
                <Name id={nameId} className="text-2xl font-bold tracking-tight sm:text-3xl">
                  {name}
                </Name>
                <Badge variant={profile.availability === 'immediate' ? 'success' : 'secondary'}>
                  {availabilityLabel(profile.availability)}
                </Badge>
              </div>
              <p className="font-medium">{profile.title || DEFAULT_TITLE}</p>
              <p className="inline-flex items-center gap-1.5 text-sm text-muted-foreground">
                <MapPinIcon className="size-4" aria-hidden="true" />
                <span className="sr-only">Location:</span>
                {profile.location || DEFAULT_LOCATION}
              </p>
            </div>
            <div className="flex flex-wrap gap-2">
              <Button variant="outline" onClick={() => void share()}>
                <Share2Icon aria-hidden="true" />
                Share Profile
              </Button>
              {actions}
            </div>
          </div>
          {anonymous ? (
            <p className="flex items-start gap-1.5 text-sm text-muted-foreground">
              <LockIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              {IDENTITY_NOTE}
            </p>
          ) : null}
          {links.length > 0 ? (
            <ul className="flex flex-wrap gap-2" aria-label="Links">
              {links.map((link) => (
                <li key={link.label}>
                  <Button variant="outline" size="sm" asChild>
                    <a href={link.href} target="_blank" rel="noopener noreferrer">
                      {link.icon}
                      {link.label}
                    </a>
                  </Button>
                </li>
              ))}
            </ul>
          ) : null}
        </CardHeader>
        <CardContent>
          <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            <Fact term="Experience" icon={<BriefcaseIcon className="size-3.5" aria-hidden="true" />}>
              {experienceText(profile.experience)}
            </Fact>
            <Fact term="Education" icon={<GraduationCapIcon className="size-3.5" aria-hidden="true" />}>
              {profile.education || NOT_SPECIFIED}
            </Fact>
            <Fact term="Salary range" icon={<DollarSignIcon className="size-3.5" aria-hidden="true" />}>
              {salaryText(profile.salaryExpectation)}
            </Fact>
            {profile.phone ? (
              <Fact term="Phone" icon={<PhoneIcon className="size-3.5" aria-hidden="true" />}>
                <a href={`tel:${profile.phone.replace(/[^\d+]/g, '')}`} className="underline-offset-4 hover:underline">
                  {profile.phone}
                </a>
              </Fact>
            ) : null}
            {profile.email ? (
              <Fact term="Email" icon={<MailIcon className="size-3.5" aria-hidden="true" />}>
                <a href={`mailto:${profile.email}`} className="break-all underline-offset-4 hover:underline">
                  {profile.email}
                </a>
              </Fact>
            ) : null}
          </dl>
        </CardContent>
      </Card>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
        <Card>
          <CardHeader>
            <Section className="text-lg font-semibold">About</Section>
          </CardHeader>
          <CardContent>
            <p className="text-sm leading-relaxed whitespace-pre-line">{profile.summary || 'No summary yet.'}</p>
          </CardContent>
        </Card>
        <div className="grid gap-6">
          <Card>
            <CardHeader>
              <Section className="text-lg font-semibold">Skills &amp; Expertise</Section>
            </CardHeader>
            <CardContent>
              <SkillBadges shown={profile.skills} more={0} label="Skills & Expertise" />
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <Section className="text-lg font-semibold">Education</Section>
            </CardHeader>
            <CardContent>
              <p className="text-sm">{profile.education || NOT_SPECIFIED}</p>
            </CardContent>
          </Card>
        </div>
      </div>
    </article>
  );
}

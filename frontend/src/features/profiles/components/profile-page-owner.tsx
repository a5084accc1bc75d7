import { LIMITED_VIEW_SKILLS, OWNER_PREVIEW_SKILLS, PROFILE_MESSAGES, type CandidateProfile } from '@hireloop/contracts';
import { Link } from '@tanstack/react-router';
import { ArrowLeftIcon, DownloadIcon, EyeIcon, LockIcon, MapPinIcon, MessageSquareIcon, PencilIcon, UnlockIcon } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { toast } from '../../../components/ui/toast';
import { displayError } from '../../../lib/api-client';
import { useChangePrivacy } from '../api/change-privacy';
import { downloadJsonResume } from '../api/export-json-resume';
import { DEFAULT_LOCATION, DEFAULT_TITLE, fullName, limitedPreview, visibleSkills } from '../lib/profile-display';
import { AiSummaryBox } from './profile-page-ai-summary';
import { LimitedProfile } from './profile-page-limited';
import { PREVIEW_HEADINGS, ProfileAvatar, SkillBadges } from './profile-page-parts';
import { PublicProfile } from './profile-page-public';

export const OWNER_NOTE =
  'This is your own view of your profile. Other people see limited information: your name, contact details, links and photo stay hidden from everyone but a company you reveal your profile to from its invitation or apply to; the rest shows in full only while your profile is public and you are actively looking.';
export const CONTACT_OWNER_NOTE = 'Companies use this button to reach you through the platform. Your contact details stay private.';

/** What the full public view shows everyone the owner has not made themselves known to (ADR 066). */
const withoutIdentity = ({ firstName: _f, lastName: _l, email: _e, phone: _p, linkedinUrl: _li, githubUrl: _g, portfolioUrl: _po, profilePicture: _pic, createdAt: _c, updatedAt: _u, ...rest }: CandidateProfile) => rest;

/**
 * Part 2 §2 display 1: the owner's page. A preview of their profile with the visibility toggle,
 * Back to Browse, Edit Profile, the View as Public / View as Private switch (the full display or
 * the limited one others may see) with the Current: label, and the AI summary.
 */
export function OwnerProfile({ profile, reload }: { profile: CandidateProfile; reload: () => void }) {
  const [viewAs, setViewAs] = useState<'public' | 'private'>('private');
  const privacy = useChangePrivacy({ onChanged: reload });
  const name = fullName(profile.firstName, profile.lastName) || 'Your profile';
  const skills = visibleSkills(profile.skills, OWNER_PREVIEW_SKILLS);
  const aiSummary = <AiSummaryBox profileId={profile.id} canRegenerate level={3} />;

  const togglePrivacy = () =>
    privacy.mutate(
      { profileId: profile.id, isPublic: !profile.isPublic },
      {
        onError: (error) =>
          toast({
            title: PROFILE_MESSAGES.profileUpdateFailed,
            description: displayError(error, PROFILE_MESSAGES.profileUpdateFailedDetail),
            variant: 'destructive',
          }),
      },
    );

  return (
    <div className="grid gap-6">
      <nav aria-label="Profile" className="flex flex-wrap items-center gap-2">
        <Button variant="ghost" size="sm" asChild>
          <Link to="/jobs">
            <ArrowLeftIcon aria-hidden="true" />
            Back to Browse
          </Link>
        </Button>
        <Button variant="outline" size="sm" asChild>
          <Link to="/dashboard">
            <PencilIcon aria-hidden="true" />
            Edit Profile
          </Link>
        </Button>
        <Button
          variant="outline"
          size="sm"
          aria-controls="owner-preview"
          onClick={() => setViewAs(viewAs === 'private' ? 'public' : 'private')}
        >
          <EyeIcon aria-hidden="true" />
          {viewAs === 'private' ? 'View as Public' : 'View as Private'}
        </Button>
        <Button
          variant="outline"
          size="sm"
          onClick={() =>
            void downloadJsonResume().catch((error: unknown) =>
              toast({ title: 'Download Failed', description: displayError(error, 'Unable to download your JSON Resume. Please try again.'), variant: 'destructive' }),
            )
          }
        >
          <DownloadIcon aria-hidden="true" />
          Download JSON Resume
        </Button>
        <Badge variant={profile.isPublic ? 'success' : 'secondary'} className="ml-auto text-sm">
          Current: {profile.isPublic ? 'Public' : 'Private'}
        </Badge>
      </nav>

      <Card aria-labelledby="owner-name" role="region">
        <CardHeader className="flex-row flex-wrap items-center gap-4">
          <ProfileAvatar picture={profile.profilePicture} firstName={profile.firstName} lastName={profile.lastName} />
          <div className="grid gap-1">
            <h1 id="owner-name" className="text-2xl font-bold tracking-tight">
              {name}
            </h1>
            <p className="font-medium">{profile.title || DEFAULT_TITLE}</p>
            <p className="inline-flex items-center gap-1.5 text-sm text-muted-foreground">
              <MapPinIcon className="size-4" aria-hidden="true" />
              <span className="sr-only">Location:</span>
              {profile.location || DEFAULT_LOCATION}
            </p>
          </div>
        </CardHeader>
        <CardContent className="grid gap-4">
          <p className="rounded-md bg-muted px-3 py-2 text-sm text-muted-foreground">{OWNER_NOTE}</p>
          <div className="grid gap-2">
            <h2 className="text-base font-semibold">Skills</h2>
            <SkillBadges shown={skills.shown} more={skills.more} label="Skills" />
          </div>
          <div className="flex flex-wrap items-start gap-2">
            <div className="grid gap-1">
              <Button disabled aria-describedby="contact-owner-note">
                <MessageSquareIcon aria-hidden="true" />
                Contact Through Platform
              </Button>
              <p id="contact-owner-note" className="max-w-xs text-xs text-muted-foreground">
                {CONTACT_OWNER_NOTE}
              </p>
            </div>
            <Button variant="outline" onClick={togglePrivacy} disabled={privacy.isPending || privacy.isSuccess}>
              {profile.isPublic ? <LockIcon aria-hidden="true" /> : <UnlockIcon aria-hidden="true" />}
              {profile.isPublic ? 'Make Private' : 'Make Public'}
            </Button>
          </div>
        </CardContent>
      </Card>

      <section id="owner-preview" aria-labelledby="owner-preview-heading" className="grid gap-4">
        <h2 id="owner-preview-heading" className="text-lg font-semibold">
          {viewAs === 'public' ? 'Preview: your full public profile' : 'Preview: what others see when your profile is limited'}
        </h2>
        {viewAs === 'public' ? (
          <>
            <PublicProfile profile={withoutIdentity(profile)} headings={PREVIEW_HEADINGS} />
            {aiSummary}
          </>
        ) : (
          <LimitedProfile
            profile={limitedPreview(profile, LIMITED_VIEW_SKILLS)}
            headings={PREVIEW_HEADINGS}
            aiSummary={aiSummary}
            callToAction={false}
          />
        )}
      </section>
    </div>
  );
}

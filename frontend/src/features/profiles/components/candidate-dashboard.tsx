import type { CandidateApplication, CandidateProfile, User } from '@hireloop/contracts';
import { Link } from '@tanstack/react-router';
import { FileTextIcon, MapPinIcon, PencilIcon, SparklesIcon, UserIcon } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { useMyApplications } from '../api/get-my-applications';
import { useMyProfile } from '../api/get-my-profile';
import { APPLICATION_STATUS_TEXT, FINAL_APPLICATION_STATUSES } from '../../../lib/application-status';
import { useWithdrawApplication } from '../api/withdraw-application';
import { formatDay, topSkills } from '../lib/suggested-jobs';
import type { ProfileWizardLauncher } from './profile-wizard-launcher';
import { SuggestedJobsList } from './suggested-jobs';
import { LoadFailed, LoadingLines } from '../../../components/ui/load-states';
import { JobTermChangeItem } from '../../../components/job-term-change';

type WizardOpeners = Pick<ProfileWizardLauncher, 'openCreate' | 'openEdit' | 'preload'>;

/** Spec part 2, §4: 'immediate' availability is actively looking. */
export function availabilityLabel(profile: Pick<CandidateProfile, 'availability'>): string {
  return profile.availability === 'immediate' ? 'Actively Looking' : 'Open to Opportunities';
}

/**
 * The candidate's profile summary card (spec part 2, Dashboard): shown once a profile exists,
 * with Edit Profile (the wizard in edit mode) and View My Profile (`/profile/{id}`).
 */
export function ProfileSummaryCard({ user, wizard }: { user: User; wizard: WizardOpeners }) {
  const { data: profile } = useMyProfile(user.id);
  if (!profile) return null;
  const name = `${profile.firstName} ${profile.lastName}`.trim() || user.name;

  return (
    <Card>
      <CardContent className="flex flex-wrap items-center gap-4 pt-6">
        <div className="flex size-14 shrink-0 items-center justify-center overflow-hidden rounded-full bg-muted text-muted-foreground">
          {profile.profilePicture ? (
            <img src={profile.profilePicture} alt="" className="size-full object-cover" />
          ) : (
            <UserIcon aria-hidden="true" className="size-6" />
          )}
        </div>
        <div className="grid min-w-0 flex-1 gap-1">
          <h2 className="text-lg leading-tight font-semibold">
            {name}
          </h2>
          <p className="text-sm">{profile.title}</p>
          <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
            {profile.location ? (
              <span className="inline-flex items-center gap-1">
                <MapPinIcon aria-hidden="true" className="size-3.5" />
                {profile.location}
              </span>
            ) : null}
            <Badge variant={profile.availability === 'immediate' ? 'success' : 'secondary'}>{availabilityLabel(profile)}</Badge>
            <Badge variant="outline">{profile.isPublic ? 'Public' : 'Private'}</Badge>
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            onClick={() => wizard.openEdit(profile)}
            onPointerEnter={wizard.preload}
            onFocus={wizard.preload}
          >
            <PencilIcon aria-hidden="true" />
            Edit Profile
          </Button>
          <Button asChild>
            <Link to="/profile/$id" params={{ id: profile.id }}>
              View My Profile
            </Link>
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

/**
 * Create a Profile (spec part 2, Dashboard, candidate only): Start Here without a profile;
 * otherwise the top three skills and View Suggested Jobs, which shows the best-matching jobs.
 */
export function CreateProfileCard({ user, wizard }: { user: User; wizard: WizardOpeners }) {
  const query = useMyProfile(user.id);
  const profile = query.data;
  const [showSuggestions, setShowSuggestions] = useState(false);

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <SparklesIcon className="size-5 text-primary" aria-hidden="true" />
          Create a Profile
        </CardTitle>
        <CardDescription>
          {profile
            ? 'Your top skills, and jobs that fit them.'
            : 'Build your profile in a minute from your resume, and let companies find you.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {query.isPending ? (
          <div role="status" aria-label="Loading your profile">
            <Skeleton className="h-10 w-32" />
          </div>
        ) : query.isError ? (
          <LoadFailed what="your profile" onRetry={() => void query.refetch()} />
        ) : profile ? (
          <>
            <div className="grid gap-1.5">
              <h4 className="text-sm font-medium" id="top-skills-title">
                Top skills
              </h4>
              <ul aria-labelledby="top-skills-title" className="flex flex-wrap gap-1.5">
                {topSkills(profile).map((skill) => (
                  <li key={skill}>
                    <Badge variant="secondary">{skill}</Badge>
                  </li>
                ))}
              </ul>
            </div>
            <div>
              <Button aria-expanded={showSuggestions} aria-controls="suggested-jobs" onClick={() => setShowSuggestions((shown) => !shown)}>
                View Suggested Jobs
              </Button>
            </div>
            {showSuggestions ? <SuggestedJobsList id="suggested-jobs" user={user} profile={profile} /> : null}
          </>
        ) : (
          <div>
            <Button onClick={wizard.openCreate} onPointerEnter={wizard.preload} onFocus={wizard.preload}>
              Start Here
            </Button>
            <p className="mt-3 text-sm text-muted-foreground">
              Or{' '}
              <Link to="/resume-upload" className="font-medium text-primary underline-offset-4 hover:underline">
                review what we read from your resume first
              </Link>
              .
            </p>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

/**
 * One application's timeline (issue 13): where it is now, each step with its day, and Withdraw
 * (asked twice) while it is not declined or withdrawn.
 */
function ApplicationTimeline({ application, userId }: { application: CandidateApplication; userId: string }) {
  const withdraw = useWithdrawApplication(userId);
  const [asking, setAsking] = useState(false);
  const { timeline, status } = application;
  const final = FINAL_APPLICATION_STATUSES.includes(status);
  return (
    <div className="grid gap-1">
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant={status === 'interview' ? 'default' : 'secondary'}>{APPLICATION_STATUS_TEXT[status]}</Badge>
      </div>
      <ol aria-label={`Timeline of ${application.jobTitle}`} className="flex flex-wrap gap-x-3 text-xs text-muted-foreground">
        {timeline.map((step, index) => (
          <li key={`${step.status}-${index}`}>
            {APPLICATION_STATUS_TEXT[step.status]} <time dateTime={step.at}>{formatDay(step.at)}</time>
          </li>
        ))}
      </ol>
      {final ? null : asking ? (
        <div className="flex flex-wrap items-center gap-2 text-sm" role="group" aria-label="Withdraw this application?">
          <span>Withdraw this application?</span>
          <Button
            size="sm"
            variant="destructive"
            disabled={withdraw.isPending}
            onClick={() => withdraw.mutate({ jobId: application.jobId }, { onSettled: () => setAsking(false) })}
          >
            {withdraw.isPending ? 'Withdrawing...' : 'Yes, withdraw'}
          </Button>
          <Button size="sm" variant="outline" disabled={withdraw.isPending} onClick={() => setAsking(false)}>
            Keep it
          </Button>
        </div>
      ) : (
        <div>
          <Button size="sm" variant="ghost" className="h-7 px-2 text-xs" onClick={() => setAsking(true)}>
            Withdraw
          </Button>
        </div>
      )}
      {withdraw.isError ? <p role="alert" className="text-xs text-destructive">Could not withdraw the application. Please try again.</p> : null}
    </div>
  );
}

/**
 * Applications (candidate): the candidate's real applications from `GET /api/applications`,
 * newest first, each linking to its job with its timeline; 'Closed' when the job no longer
 * takes applications.
 */
export function ApplicationsCard({ user }: { user: User }) {
  const query = useMyApplications(user.id);
  const applications = query.data?.applications;

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <FileTextIcon className="size-5 text-primary" aria-hidden="true" />
          Applications
        </CardTitle>
        <CardDescription>The jobs you have applied to.</CardDescription>
      </CardHeader>
      <CardContent>
        {query.isPending ? (
          <LoadingLines label="Loading your applications" />
        ) : query.isError ? (
          <LoadFailed what="your applications" onRetry={() => void query.refetch()} />
        ) : applications && applications.length > 0 ? (
          <ul aria-label="Your applications" className="grid divide-y">
            {applications.map((application) => (
              <li key={application.applicationId} className="grid gap-0.5 py-2 first:pt-0 last:pb-0">
                <div className="flex flex-wrap items-center gap-2">
                  <Link
                    to="/job/$jobId"
                    params={{ jobId: application.jobId }}
                    className="font-medium text-primary underline-offset-4 hover:underline"
                  >
                    {application.jobTitle}
                  </Link>
                  {application.jobIsOpen ? null : <Badge variant="secondary">Closed</Badge>}
                </div>
                <p className="text-sm text-muted-foreground">
                  {[application.company, application.location].filter(Boolean).join(' · ')}
                </p>
                {application.changedSinceApplied.length ? (
                  <div className="text-sm">
                    <p className="font-medium">Changed since you applied:</p>
                    <ul aria-label={`Changes to ${application.jobTitle} since you applied`} className="text-muted-foreground">
                      {application.changedSinceApplied.map((change) => (
                        <JobTermChangeItem key={change.field} change={change} />
                      ))}
                    </ul>
                  </div>
                ) : null}
                <ApplicationTimeline application={application} userId={user.id} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">
            No applications yet. The jobs you apply to will show up here.
          </p>
        )}
      </CardContent>
    </Card>
  );
}

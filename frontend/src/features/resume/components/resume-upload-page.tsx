import { PROFILE_MESSAGES, type ExtractedResume, type User } from '@hireloop/contracts';
import { Link } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { CircleAlertIcon, CircleCheckIcon, LoaderCircleIcon, LogInIcon, SparklesIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { fromPromise, type ActorRefFrom } from 'xstate';
import { LoadingPage, PageShell } from '../../../components/layout/page-shell';
import { Alert, AlertDescription, AlertTitle } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from '../../../components/ui/card';
import { toast } from '../../../components/ui/toast';
import { useAuthDialog } from '../../../lib/auth-dialog';
import { usePageTitle } from '../../../lib/page-title';
import { cn } from '../../../lib/utils';
import { useCreateCandidate } from '../api/create-candidate';
import { useExtractResume } from '../api/extract-resume';
import { resumeUploadMachine } from '../machines/resume-upload-machine';
import { ExtractedResumeView } from './extracted-resume-view';
import { isResumeImage } from '../lib/resume-file';
import { ResumeFilePicker } from './resume-file-picker';

/** Who is looking at the page: what the resume feature needs to know of the signed-in person. */
export type ResumeViewer = Pick<User, 'type'>;

interface ResumeUploadPageProps {
  viewer: ResumeViewer | null;
  /** The session is still being restored. */
  viewerLoading: boolean;
  /** Called once the profile exists, with its id: the route goes to `/profile/{id}`. */
  onProfileCreated: (profileId: string) => void;
}

export const profilePath = (profileId: string) => `/profile/${encodeURIComponent(profileId)}`;

/**
 * `/resume-upload` (spec part 2 §2 "Resume upload page"). Extraction and profiles are for
 * signed-in candidates (the API answers 401 to visitors): a visitor is asked to sign in, a
 * company told that profiles are for candidates.
 */
export function ResumeUploadPage({ viewer, viewerLoading, onProfileCreated }: ResumeUploadPageProps) {
  usePageTitle('Resume Upload');
  if (viewerLoading) return <LoadingPage />;
  return (
    <PageShell className="grid content-start gap-6">
      <header className="grid gap-1">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Upload Your Resume</h1>
        <p className="text-muted-foreground">
          We read your resume and fill in your profile for you. Review what we found, then create your profile in
          one click.{' '}
          <Link to="/resume-demo" className="font-medium text-primary underline-offset-4 hover:underline">
            See how it works
          </Link>
        </p>
      </header>
      {viewer === null ? (
        <SignInPrompt />
      ) : viewer.type !== 'candidate' ? (
        <CandidatesOnly />
      ) : (
        <ResumeUploadFlow onProfileCreated={onProfileCreated} />
      )}
    </PageShell>
  );
}

function SignInPrompt() {
  const { openAuthDialog, preloadAuthDialog } = useAuthDialog();
  return (
    <Card className="max-w-xl">
      <CardHeader>
        <h2 className="text-lg font-semibold">Sign in to upload your resume</h2>
        <CardDescription>
          Your resume becomes your candidate profile, so reading it needs a candidate account. Sign in, or create
          an account in a minute.
        </CardDescription>
      </CardHeader>
      <CardFooter className="flex-wrap">
        <Button
          onClick={() => openAuthDialog('signin', { stayOnPage: true })}
          onPointerEnter={preloadAuthDialog}
          onFocus={preloadAuthDialog}
        >
          <LogInIcon aria-hidden="true" />
          Sign In
        </Button>
        <Button variant="outline" onClick={() => openAuthDialog('candidate', { stayOnPage: true })}>
          Create a Candidate Account
        </Button>
      </CardFooter>
    </Card>
  );
}

function CandidatesOnly() {
  return (
    <Alert className="max-w-xl">
      <CircleAlertIcon aria-hidden="true" />
      <AlertTitle>
        <h2>{PROFILE_MESSAGES.candidatesOnly}</h2>
      </AlertTitle>
      <AlertDescription>
        <p>
          Resume upload builds a candidate profile, so it is not available to company accounts.{' '}
          <Link to="/dashboard" className="font-medium text-primary underline-offset-4 hover:underline">
            Back to Dashboard
          </Link>
        </p>
      </AlertDescription>
    </Alert>
  );
}

type ResumeUploadActor = ActorRefFrom<typeof resumeUploadMachine>;

const STEPS = ['Select File', 'Extract', 'Review', 'Create Profile'] as const;

/** What the screen-reader status says in each state of the flow (the visible page shows it too). */
const STATUS_TEXT: Partial<Record<string, string>> = {
  extracting: 'Extracting information from your resume...',
  review: 'Extraction complete. Review the extracted information below.',
  creatingProfile: 'Creating your profile...',
  profileCreated: 'Your profile has been created.',
};
/** While an image is read: the server reads its text by OCR, which takes longer than a document (ADR 048). */
export const READING_IMAGE_TEXT = 'Reading the image…';

function ResumeUploadFlow({ onProfileCreated }: { onProfileCreated: (profileId: string) => void }) {
  const extract = useExtractResume();
  const create = useCreateCandidate();
  const latest = useRef({ extract: extract.mutateAsync, create: create.mutateAsync, onProfileCreated });
  useEffect(() => {
    latest.current = { extract: extract.mutateAsync, create: create.mutateAsync, onProfileCreated };
  }, [extract.mutateAsync, create.mutateAsync, onProfileCreated]);

  // Provided once: the actor is created from the first machine it is given. The ref is read when
  // the actors and actions run (after render), so the latest callbacks are used.
  // eslint-disable-next-line react-hooks/refs
  const [machine] = useState(() =>
    resumeUploadMachine.provide({
      actors: {
        extractResume: fromPromise(({ input }: { input: { file: File } }) => latest.current.extract(input.file)),
        createCandidate: fromPromise(({ input }) => latest.current.create(input)),
      },
      actions: {
        announceProfileCreated: () =>
          toast({
            title: PROFILE_MESSAGES.registrationSuccessful,
            description: 'Your profile has been created from your resume.',
            variant: 'success',
          }),
        announceRegistrationFailed: (_, { description }) =>
          toast({ title: PROFILE_MESSAGES.registrationFailed, description, variant: 'destructive' }),
        openProfile: (_, { profileId }) => latest.current.onProfileCreated(profileId),
      },
    }),
  );
  const actorRef = useActorRef(machine);
  const state = useSelector(actorRef, (snapshot) => snapshot.value);
  const { file, fileProblem, extractError, resume, profileId } = useSelector(actorRef, (snapshot) => snapshot.context);

  const extracting = state === 'extracting';
  const readingImage = extracting && file !== null && isResumeImage(file);
  const creating = state === 'creatingProfile';
  const step = { selecting: 0, extracting: 1, review: 2, creatingProfile: 3, profileCreated: 3 }[state];

  return (
    <div className="grid gap-6">
      <StepList current={step} done={state === 'profileCreated'} />
      <p role="status" className="sr-only">
        {readingImage ? READING_IMAGE_TEXT : (STATUS_TEXT[state] ?? '')}
      </p>

      <Card>
        <CardHeader>
          <h2 className="text-lg font-semibold">Your Resume</h2>
          <CardDescription>Choose the file to read. Nothing is saved until you create your profile.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <ResumeFilePicker
            file={file}
            disabled={extracting || creating || state === 'profileCreated'}
            onSelect={(chosen) => actorRef.send({ type: 'resume.select', file: chosen })}
          />
          {fileProblem ? (
            <Alert variant="destructive">
              <CircleAlertIcon aria-hidden="true" />
              <AlertTitle>This file cannot be used</AlertTitle>
              <AlertDescription>{fileProblem}</AlertDescription>
            </Alert>
          ) : null}
          {extractError ? (
            <Alert variant="destructive">
              <CircleAlertIcon aria-hidden="true" />
              <AlertTitle>{PROFILE_MESSAGES.parseFailed}</AlertTitle>
              <AlertDescription>{extractError}</AlertDescription>
            </Alert>
          ) : null}
        </CardContent>
        {state === 'selecting' || extracting ? (
          <CardFooter className="flex-wrap">
            <ExtractButton actorRef={actorRef} disabled={!file} busy={extracting} />
            {extracting ? (
              <p className="flex items-center gap-2 text-sm text-muted-foreground" aria-hidden="true">
                {readingImage
                  ? `${READING_IMAGE_TEXT} Text in a picture takes longer to read, up to 15 seconds.`
                  : 'Reading your resume. This can take a few seconds...'}
              </p>
            ) : null}
          </CardFooter>
        ) : null}
      </Card>

      {resume && state !== 'selecting' && state !== 'extracting' ? (
        <ReviewCard
          resume={resume}
          creating={creating}
          profileId={state === 'profileCreated' ? profileId : null}
          onCreateProfile={() => actorRef.send({ type: 'resume.createProfile' })}
        />
      ) : null}
    </div>
  );
}

/**
 * The extraction under review. It takes the focus when it appears: the Extract button that had
 * it is gone, and keyboard and screen-reader users land on the result.
 */
function ReviewCard({
  resume,
  creating,
  profileId,
  onCreateProfile,
}: {
  resume: ExtractedResume;
  creating: boolean;
  profileId: string | null;
  onCreateProfile: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  return (
    <Card>
      <CardHeader>
        <h2 ref={heading} tabIndex={-1} className="text-lg font-semibold outline-none">
          Extracted Information
        </h2>
        <CardDescription>Review what we found. You can edit any of it from your profile after creating it.</CardDescription>
      </CardHeader>
      <CardContent>
        <ExtractedResumeView resume={resume} />
      </CardContent>
      <CardFooter className="flex-wrap">
        {profileId ? (
          <Alert variant="success">
            <CircleCheckIcon aria-hidden="true" />
            <AlertTitle>{PROFILE_MESSAGES.registrationSuccessful}</AlertTitle>
            <AlertDescription>
              <p>
                Your profile is ready.{' '}
                <a href={profilePath(profileId)} className="font-medium underline underline-offset-4">
                  View My Profile
                </a>
              </p>
            </AlertDescription>
          </Alert>
        ) : (
          <Button onClick={onCreateProfile} disabled={creating} aria-busy={creating}>
            {creating ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : null}
            {creating ? 'Creating Profile...' : 'Create My Profile'}
          </Button>
        )}
      </CardFooter>
    </Card>
  );
}

function ExtractButton({ actorRef, disabled, busy }: { actorRef: ResumeUploadActor; disabled: boolean; busy: boolean }) {
  return (
    <Button onClick={() => actorRef.send({ type: 'resume.extract' })} disabled={disabled || busy} aria-busy={busy}>
      {busy ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : <SparklesIcon aria-hidden="true" />}
      {busy ? 'Extracting...' : 'Extract Information'}
    </Button>
  );
}

function StepList({ current, done }: { current: number; done: boolean }) {
  return (
    <ol aria-label="Progress" className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
      {STEPS.map((label, index) => {
        const complete = index < current || (done && index === current);
        return (
          <li
            key={label}
            aria-current={index === current && !done ? 'step' : undefined}
            className={cn(
              'flex items-center gap-2 rounded-md border px-3 py-2',
              index === current && !done ? 'border-primary bg-accent font-medium text-accent-foreground' : '',
              complete ? 'text-success' : index > current ? 'text-muted-foreground' : '',
            )}
          >
            <span
              className={cn(
                'grid size-6 shrink-0 place-items-center rounded-full border text-xs',
                complete && 'border-success bg-success text-primary-foreground',
              )}
              aria-hidden="true"
            >
              {complete ? '✓' : index + 1}
            </span>
            {label}
            {complete ? <span className="sr-only"> (done)</span> : null}
          </li>
        );
      })}
    </ol>
  );
}

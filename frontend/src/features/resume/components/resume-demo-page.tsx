import { Link } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { CircleCheckIcon, LoaderCircleIcon, SparklesIcon } from 'lucide-react';
import { PageShell } from '../../../components/layout/page-shell';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { usePageTitle } from '../../../lib/page-title';
import { SAMPLE_RESUME } from '../lib/sample-resume';
import { DEMO_EXTRACT_DELAY_MS, resumeDemoMachine } from '../machines/resume-demo-machine';
import { ExtractedResumeView } from './extracted-resume-view';
import { SampleResumeIllustration } from './sample-resume-illustration';

/** The how-it-works note's four steps (spec part 2 §2 "Resume extraction demo"). */
export const HOW_IT_WORKS_STEPS = [
  'Upload your resume: a PDF, a Word document, an image or a JSON Resume file.',
  'We read it and pick out your contact details, experience, education and skills.',
  'Review the extracted information section by section.',
  'Create your profile in one click, and edit anything later from your dashboard.',
] as const;

/**
 * `/resume-demo`: a sample resume, Extract with AI, and after a simulated 3 seconds the fixed
 * sample result. The sample is fictional, so "Create My Profile with This Data" takes the person
 * to upload their own resume rather than making a profile out of someone who does not exist.
 */
export function ResumeDemoPage() {
  usePageTitle('Resume Extraction Demo');
  const actorRef = useActorRef(resumeDemoMachine);
  const state = useSelector(actorRef, (snapshot) => snapshot.value);
  const extracting = state === 'extracting';
  const extracted = state === 'extracted';

  return (
    <PageShell className="grid content-start gap-6">
      <header className="grid gap-1">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Resume Extraction Demo</h1>
        <p className="text-muted-foreground">
          See how a resume becomes a profile. The resume below is a fictional sample; nothing is uploaded.
        </p>
      </header>
      <p role="status" className="sr-only">
        {extracting ? 'Extracting information from the sample resume...' : extracted ? 'Extraction complete. The results are shown below.' : ''}
      </p>

      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] lg:items-start">
        <Card>
          <CardHeader>
            <h2 className="text-lg font-semibold">Sample Resume</h2>
            <CardDescription>A one-page resume, as a candidate might upload it.</CardDescription>
          </CardHeader>
          <CardContent>
            <SampleResumeIllustration className="mx-auto w-full max-w-sm" />
          </CardContent>
          <CardFooter>
            <Button
              className="w-full"
              onClick={() => actorRef.send({ type: 'demo.extract' })}
              disabled={extracting || extracted}
              aria-busy={extracting}
            >
              {extracting ? (
                <LoaderCircleIcon className="animate-spin" aria-hidden="true" />
              ) : extracted ? (
                <CircleCheckIcon aria-hidden="true" />
              ) : (
                <SparklesIcon aria-hidden="true" />
              )}
              {extracting ? 'Extracting...' : extracted ? 'Extracted' : 'Extract with AI'}
            </Button>
          </CardFooter>
        </Card>

        <Card>
          <CardHeader>
            <h2 className="text-lg font-semibold">Extraction Results</h2>
            <CardDescription>
              {extracted
                ? 'Everything below was read from the sample resume.'
                : extracting
                  ? `Analyzing the resume... (about ${DEMO_EXTRACT_DELAY_MS / 1000} seconds)`
                  : 'Press Extract with AI to see what we find.'}
            </CardDescription>
          </CardHeader>
          <CardContent>
            {extracted ? (
              <ExtractedResumeView resume={SAMPLE_RESUME} />
            ) : extracting ? (
              <div className="grid gap-3" aria-hidden="true">
                <Skeleton className="h-24" />
                <Skeleton className="h-16" />
                <Skeleton className="h-32" />
              </div>
            ) : null}
          </CardContent>
          {extracted ? (
            <CardFooter className="grid justify-items-start gap-2">
              <Button asChild>
                <Link to="/resume-upload">Create My Profile with This Data</Link>
              </Button>
              <p className="text-xs text-muted-foreground">
                This sample is fictional, so you will upload your own resume next and review what we read from it.
              </p>
            </CardFooter>
          ) : null}
        </Card>
      </div>

      <section aria-labelledby="how-it-works" className="grid gap-3 rounded-lg border bg-card p-5">
        <h2 id="how-it-works" className="text-lg font-semibold">
          How It Works
        </h2>
        <ol className="grid gap-2 sm:grid-cols-2 lg:grid-cols-4">
          {HOW_IT_WORKS_STEPS.map((step, index) => (
            <li key={step} className="flex gap-3 text-sm">
              <span
                className="grid size-6 shrink-0 place-items-center rounded-full bg-primary text-xs font-semibold text-primary-foreground"
                aria-hidden="true"
              >
                {index + 1}
              </span>
              {step}
            </li>
          ))}
        </ol>
      </section>
    </PageShell>
  );
}

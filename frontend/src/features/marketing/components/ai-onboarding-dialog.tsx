import { Link } from '@tanstack/react-router';
import { ArrowLeftIcon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';

/**
 * The spec's AI onboarding states (part 1 §4: upload, questions, complete), each pointing at the
 * part of Hireloop that does it: the resume extraction (/resume-upload, its demo at
 * /resume-demo), the profile wizard on the dashboard, and the match scores on the board. The
 * spec's dialog was simulated; this one says what exists and takes the person there (ADR 044).
 */
export const AI_ONBOARDING_STEPS = [
  {
    id: 'upload',
    title: 'Upload your resume',
    text: 'Hireloop reads your resume (PDF, Word or an image) and fills in your name, experience, skills and education for you to review.',
    action: { label: 'Upload Resume', to: '/resume-upload' },
    secondary: { label: 'See a demo', to: '/resume-demo' },
  },
  {
    id: 'questions',
    title: 'Answer a few questions',
    text: 'The profile wizard on your dashboard asks what the resume cannot tell: the role you want, where you want to work, and whether you are actively looking.',
    action: { label: 'Go to Dashboard', to: '/dashboard' },
    secondary: null,
  },
  {
    id: 'complete',
    title: 'Get matched',
    text: 'With a profile, every job on the board shows how well it matches you and why, and companies can ask you to apply.',
    action: { label: 'Browse Jobs', to: '/jobs' },
    secondary: null,
  },
] as const;

export function AiOnboardingDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [index, setIndex] = useState(0);
  const step = AI_ONBOARDING_STEPS[index]!;
  const last = index === AI_ONBOARDING_STEPS.length - 1;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        onOpenChange(next);
        if (!next) setIndex(0);
      }}
    >
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Build your profile with AI</DialogTitle>
          <DialogDescription>
            Step {index + 1} of {AI_ONBOARDING_STEPS.length}
          </DialogDescription>
        </DialogHeader>
        <section aria-labelledby={`ai-onboarding-${step.id}`} className="grid gap-2">
          <h3 id={`ai-onboarding-${step.id}`} className="text-lg font-semibold">
            {step.title}
          </h3>
          <p className="text-sm text-muted-foreground">{step.text}</p>
          <div className="flex flex-wrap gap-2 pt-2">
            <Button asChild>
              <Link to={step.action.to} onClick={() => onOpenChange(false)}>
                {step.action.label}
              </Link>
            </Button>
            {step.secondary ? (
              <Button variant="outline" asChild>
                <Link to={step.secondary.to} onClick={() => onOpenChange(false)}>
                  {step.secondary.label}
                </Link>
              </Button>
            ) : null}
          </div>
        </section>
        <DialogFooter className="sm:justify-between">
          <Button variant="ghost" onClick={() => setIndex(index - 1)} disabled={index === 0}>
            <ArrowLeftIcon aria-hidden="true" />
            Back
          </Button>
          {last ? (
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Done
            </Button>
          ) : (
            <Button variant="outline" onClick={() => setIndex(index + 1)}>
              Next
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

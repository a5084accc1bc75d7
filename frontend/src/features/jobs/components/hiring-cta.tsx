import { Link } from '@tanstack/react-router';
import { PlusIcon, UsersIcon } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '../../../components/ui/card';
import { useAuthDialog } from '../../../lib/auth-dialog';
import type { JobViewer } from '../lib/viewer';

/**
 * The board's call-to-action block (spec part 1, §2): Post a Job (a company goes to its dashboard,
 * a visitor to the company sign-up) and Browse Candidates. Candidates are not its audience.
 */
export function HiringCta({ viewer }: { viewer: JobViewer | null }) {
  const { openAuthDialog } = useAuthDialog();
  if (viewer?.type === 'candidate') return null;
  const isCompany = viewer?.type === 'company';
  return (
    <Card className="bg-accent/40">
      <CardHeader>
        <h2 className="text-base leading-tight font-semibold">Hiring tech talent?</h2>
        <CardDescription>Post a job for free and meet candidates who match your stack.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-2">
        {isCompany ? (
          <Button asChild>
            <Link to="/dashboard">
              <PlusIcon aria-hidden="true" />
              Post a Job
            </Link>
          </Button>
        ) : (
          <Button onClick={() => openAuthDialog('company')}>
            <PlusIcon aria-hidden="true" />
            Post a Job
          </Button>
        )}
        <Button variant="outline" asChild>
          <Link to="/browse-candidates">
            <UsersIcon aria-hidden="true" />
            Browse Candidates
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
}

import type { Job } from '@hireloop/contracts';
import { CheckIcon, CopyIcon, MailIcon } from 'lucide-react';
import { useId } from 'react';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { useCopyLink } from '../hooks/use-copy-link';
import { emailShareUrl, facebookShareUrl, jobShareUrl, linkedInShareUrl } from '../lib/share-job';

interface ShareJobDialogProps {
  job: Pick<Job, 'title' | 'company' | 'description' | 'shareToken'>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * The board's share dialog (spec part 1, §2): Copy Link (2 s "Copied!" and the toast
 * 'Link copied!'), LinkedIn, Facebook and an email draft with the first 200 characters of the
 * description. The link is the job's public `/share/job/{shareToken}` page.
 */
export function ShareJobDialog({ job, open, onOpenChange }: ShareJobDialogProps) {
  const linkId = useId();
  const { copied, copy } = useCopyLink();
  const url = jobShareUrl(window.location.origin, job.shareToken);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Share this job</DialogTitle>
          <DialogDescription>
            {job.title} at {job.company}
          </DialogDescription>
        </DialogHeader>
        <div className="grid gap-1.5">
          <Label htmlFor={linkId}>Job link</Label>
          <div className="flex gap-2">
            <Input id={linkId} readOnly value={url} onFocus={(event) => event.currentTarget.select()} />
            <Button onClick={() => copy(url)} className="min-w-28">
              {copied ? <CheckIcon aria-hidden="true" /> : <CopyIcon aria-hidden="true" />}
              {copied ? 'Copied!' : 'Copy Link'}
            </Button>
          </div>
        </div>
        <div className="grid gap-2 sm:grid-cols-3">
          <Button variant="outline" asChild>
            <a href={linkedInShareUrl(url)} target="_blank" rel="noopener noreferrer">
              LinkedIn
            </a>
          </Button>
          <Button variant="outline" asChild>
            <a href={facebookShareUrl(url)} target="_blank" rel="noopener noreferrer">
              Facebook
            </a>
          </Button>
          <Button variant="outline" asChild>
            <a href={emailShareUrl(job, url)}>
              <MailIcon aria-hidden="true" />
              Email
            </a>
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

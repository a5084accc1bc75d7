import type { Job } from '@hireloop/contracts';
import { CheckIcon, LinkIcon } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { useCopyLink } from '../hooks/use-copy-link';
import { facebookShareUrl, jobShareUrl, linkedInShareUrl, shareText, xShareUrl } from '../lib/share-job';

/** The job page's share row (spec part 1, §2): LinkedIn, X, Facebook, Copy link (2 s "Copied"). */
export function ShareButtons({ job }: { job: Pick<Job, 'title' | 'company' | 'shareToken'> }) {
  const { copied, copy } = useCopyLink();
  const url = jobShareUrl(window.location.origin, job.shareToken);
  return (
    <div role="group" aria-label="Share this job" className="flex flex-wrap items-center gap-2">
      <span className="text-sm font-medium text-muted-foreground" aria-hidden="true">
        Share:
      </span>
      <Button variant="outline" size="sm" asChild>
        <a href={linkedInShareUrl(url)} target="_blank" rel="noopener noreferrer" aria-label="Share on LinkedIn">
          LinkedIn
        </a>
      </Button>
      <Button variant="outline" size="sm" asChild>
        <a href={xShareUrl(url, shareText(job))} target="_blank" rel="noopener noreferrer" aria-label="Share on X">
          X
        </a>
      </Button>
      <Button variant="outline" size="sm" asChild>
        <a href={facebookShareUrl(url)} target="_blank" rel="noopener noreferrer" aria-label="Share on Facebook">
          Facebook
        </a>
      </Button>
      <Button variant="outline" size="sm" onClick={() => copy(url)} className="min-w-28">
        {copied ? <CheckIcon aria-hidden="true" /> : <LinkIcon aria-hidden="true" />}
        {copied ? 'Copied' : 'Copy link'}
      </Button>
    </div>
  );
}

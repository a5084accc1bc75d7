import type { Job } from '@hireloop/contracts';
import { ExternalLinkIcon } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { PRODUCT_NAME } from '../../../lib/product';
import { safeExternalUrl, sourceLabel } from '../lib/format-job';

/** The external site's name: its host without "www.", else the source's label. */
function siteName(job: Pick<Job, 'externalUrl' | 'source' | 'company'>, url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return sourceLabel(job);
  }
}

interface LeaveSiteDialogProps {
  job: Pick<Job, 'title' | 'company' | 'externalUrl' | 'source'>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * Spec part 1, §2: a job from an external source is applied to on its own site, after this
 * confirmation. Apply Now opens the job's address in a new tab; Stay on Hireloop closes it
 * (the spec's "Leaving the product" / "Stay on the product", with the product's name).
 */
export function LeaveSiteDialog({ job, open, onOpenChange }: LeaveSiteDialogProps) {
  const url = safeExternalUrl(job.externalUrl);
  if (!url) return null;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Leaving {PRODUCT_NAME}</DialogTitle>
          <DialogDescription>
            {job.title} at {job.company} is hosted on {siteName(job, url)}. Apply Now opens that site in a new tab, where
            you finish your application; it is not sent through {PRODUCT_NAME}.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Stay on {PRODUCT_NAME}
          </Button>
          <Button asChild>
            <a href={url} target="_blank" rel="noopener noreferrer" onClick={() => onOpenChange(false)}>
              Apply Now
              <ExternalLinkIcon aria-hidden="true" />
            </a>
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

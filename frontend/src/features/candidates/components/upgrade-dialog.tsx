import { TRIAL_DAYS } from '@hireloop/contracts';
import { Link } from '@tanstack/react-router';
import { CheckIcon, SparklesIcon } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog';

/** What a premium plan adds, in the words of the pricing modal and the dashboard banner. */
const PREMIUM_POINTS = [
  'Contact candidates directly',
  'More job posts (unlimited on Enterprise)',
  `${TRIAL_DAYS}-day free trial on every paid plan`,
  'Save up to 20% with annual billing',
];

/**
 * The premium-upgrade dialog (part 2 §8 "Contact: a free or no plan blocks contacting and opens
 * the upgrade dialog"): the same offer as the pricing modal, leading to `/pricing`; for a company
 * without a paid plan, and when the server answers a contact with requiresUpgrade (ADR 032).
 */
export function UpgradeDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Upgrade to Contact Candidates</DialogTitle>
          <DialogDescription>Upgrade to a premium plan to contact candidates directly.</DialogDescription>
        </DialogHeader>
        <ul className="grid gap-1.5 text-sm">
          {PREMIUM_POINTS.map((point) => (
            <li key={point} className="flex gap-2">
              <CheckIcon className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
              {point}
            </li>
          ))}
        </ul>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Maybe Later
          </Button>
          <Button asChild>
            <Link to="/pricing">
              <SparklesIcon aria-hidden="true" />
              View Plans
            </Link>
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

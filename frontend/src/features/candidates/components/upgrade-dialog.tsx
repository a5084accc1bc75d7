import { Link } from '@tanstack/react-router';
import { SparklesIcon } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog';

/**
 * The premium-upgrade dialog (part 2 §8 "Contact: a free or no plan blocks contacting and opens
 * the upgrade dialog"): for a company without a paid plan, and when the server answers a contact
 * with requiresUpgrade (ADR 032).
 */
export function UpgradeDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Upgrade to Contact Candidates</DialogTitle>
          <DialogDescription>
            The free plan lets you browse candidates. Contacting them is part of a paid plan.
          </DialogDescription>
        </DialogHeader>
        <p className="text-sm text-muted-foreground">
          Upgrade to reach candidates directly, invite them to apply and post more jobs.
        </p>
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

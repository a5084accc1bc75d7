import type { CandidateCard } from '@hireloop/contracts';
import { Link } from '@tanstack/react-router';
import { Building2Icon, UserIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { useAuthDialog } from '../../../lib/auth-dialog';
import { offersCompanySignUp, type CandidateViewer } from '../lib/viewer';
import { CandidateBadges, CandidateFactList, CandidateSkills } from './candidate-facts';

interface CandidateOverviewDialogProps {
  card: CandidateCard;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  viewer: CandidateViewer | null;
  /** A company's extras for this card (where its requests stand), under the facts. */
  details?: ReactNode;
  /** A company's actions for this card (Request to Apply): they close this dialog, as theirs take over. */
  actions?: ReactNode;
}

/**
 * The candidate overview dialog of the side panel (part 1 §2): the card's facts and every skill,
 * View Profile, and for visitors and candidates an offer to Sign Up as Company. Anonymous: the
 * card carries no name or contact details.
 */
export function CandidateOverviewDialog({ card, open, onOpenChange, viewer, details, actions }: CandidateOverviewDialogProps) {
  const { openAuthDialog } = useAuthDialog();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{card.title || 'Candidate'}</DialogTitle>
          <DialogDescription>An anonymous candidate. Contact details stay private.</DialogDescription>
        </DialogHeader>
        <div className="grid gap-3">
          <CandidateFactList card={card} />
          <CandidateBadges card={card} />
          <CandidateSkills skills={card.skills} limit={Number.POSITIVE_INFINITY} />
          {details}
        </div>
        <DialogFooter>
          {actions ? (
            // An action opens its own dialog (or the panel's alert): this one closes first, so only one traps focus.
            <div className="contents" onClickCapture={() => onOpenChange(false)}>
              {actions}
            </div>
          ) : null}
          {offersCompanySignUp(viewer) ? (
            <Button
              variant="outline"
              onClick={() => {
                onOpenChange(false);
                openAuthDialog('company');
              }}
            >
              <Building2Icon aria-hidden="true" />
              Sign Up as Company
            </Button>
          ) : null}
          <Button asChild>
            <Link to="/profile/$id" params={{ id: card.id }}>
              <UserIcon aria-hidden="true" />
              View Profile
            </Link>
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

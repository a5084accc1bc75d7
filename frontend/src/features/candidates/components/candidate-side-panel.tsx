import type { CandidateCard } from '@hireloop/contracts';
import { UsersIcon } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { useRandomCandidates } from '../api/get-candidates';
import { useCandidateEvents } from '../api/use-candidate-events';
import { useAutoScroll } from '../hooks/use-auto-scroll';
import { LOOKING_STATUS_TEXT, WORK_PREFERENCE_TEXT } from '../lib/candidate-display';
import type { CandidateViewer } from '../lib/viewer';
import type { CandidateCardExtras } from './browse-candidates';
import { CandidateFactList, CandidateSkills } from './candidate-facts';

// The dialog (Radix Dialog) loads when a card is first pointed at or opened.
const loadOverviewDialog = () => import('./candidate-overview-dialog');
const CandidateOverviewDialog = lazy(() =>
  loadOverviewDialog().then((module) => ({ default: module.CandidateOverviewDialog })),
);

interface CandidateSidePanelProps {
  viewer: CandidateViewer | null;
  /** What another feature adds to a company's cards (Request to Apply, as on Browse Candidates), composed by the route. */
  extras?: CandidateCardExtras;
}

type Selection = { card: CandidateCard; open: boolean };

/**
 * The anonymous candidates side panel of the job board (part 1 §2, §9): 5 random public cards,
 * asked for again every 120 s and at once when the pool changes (live stream), scrolling by
 * itself at 0.5 px a frame except under the pointer or focus or with reduced motion. 600 px high;
 * the board shows it on large screens only. A company gets the Browse Candidates extras under each
 * card and in the overview dialog: where its requests stand, and Request to Apply.
 */
export function CandidateSidePanel({ viewer, extras }: CandidateSidePanelProps) {
  const candidates = useRandomCandidates();
  useCandidateEvents();
  const [selection, setSelection] = useState<Selection | null>(null);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const scroller = useRef<HTMLUListElement>(null);
  const scrolling = candidates.data !== undefined && candidates.data.length > 0;
  useAutoScroll(scroller, hovered || focused || selection?.open === true, scrolling);

  let body;
  if (candidates.isPending) {
    body = (
      <div role="status" aria-label="Loading candidates" className="grid gap-3 p-3">
        {[0, 1, 2].map((index) => (
          <Skeleton key={index} className="h-28 w-full" />
        ))}
      </div>
    );
  } else if (candidates.isError) {
    body = <p className="p-4 text-sm text-muted-foreground">Candidates could not be loaded right now.</p>;
  } else if (candidates.data.length === 0) {
    body = <p className="p-4 text-sm text-muted-foreground">No public candidates yet.</p>;
  } else {
    body = (
      <ul
        ref={scroller}
        aria-label="Candidates"
        className="grid h-full content-start gap-3 overflow-y-auto p-3"
        onMouseEnter={() => setHovered(true)}
        onMouseLeave={() => setHovered(false)}
        onFocus={() => setFocused(true)}
        onBlur={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
        }}
      >
        {candidates.data.map((card) => (
          <li key={card.id}>
            <button
              type="button"
              className="grid w-full gap-2 rounded-md border bg-background p-3 text-left transition-colors outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring"
              onPointerEnter={() => void loadOverviewDialog()}
              onFocus={() => void loadOverviewDialog()}
              onClick={() => setSelection({ card, open: true })}
              aria-haspopup="dialog"
            >
              <span className="font-semibold leading-tight">{card.title || 'Candidate'}</span>
              <CandidateFactList card={card} />
              <CandidateSkills skills={card.skills} />
              <span className="text-xs text-muted-foreground">
                {WORK_PREFERENCE_TEXT[card.workPreference]} · {LOOKING_STATUS_TEXT[card.lookingStatus]}
              </span>
            </button>
            {extras ? (
              <div className="grid justify-items-start gap-2 px-1 pt-2">
                {extras.details?.(card)}
                {extras.actions?.(card)}
              </div>
            ) : null}
          </li>
        ))}
      </ul>
    );
  }

  return (
    <Card className="flex h-[600px] flex-col overflow-hidden">
      <CardHeader className="border-b p-4">
        <CardTitle className="flex items-center gap-2 text-base">
          <UsersIcon className="size-4 text-primary" aria-hidden="true" />
          Available Candidates
        </CardTitle>
      </CardHeader>
      {extras?.notice ? <div className="border-b p-3">{extras.notice}</div> : null}
      <CardContent className="min-h-0 flex-1 p-0">{body}</CardContent>
      <Suspense fallback={null}>
        {selection ? (
          <CandidateOverviewDialog
            card={selection.card}
            open={selection.open}
            viewer={viewer}
            details={extras?.details?.(selection.card)}
            actions={extras?.actions?.(selection.card)}
            onOpenChange={(open) => setSelection((current) => (current ? { ...current, open } : current))}
          />
        ) : null}
      </Suspense>
      {extras?.dialogs}
    </Card>
  );
}

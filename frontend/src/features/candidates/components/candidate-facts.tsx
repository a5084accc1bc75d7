import type { CandidateCard } from '@hireloop/contracts';
import { BriefcaseIcon, ClockIcon, MapPinIcon } from 'lucide-react';
import { Badge } from '../../../components/ui/badge';
import { cn } from '../../../lib/utils';
import {
  availabilityText,
  cardSkills,
  experienceText,
  LOOKING_STATUS_TEXT,
  WORK_PREFERENCE_TEXT,
} from '../lib/candidate-display';

/** Location, experience and availability of an anonymous card, one line each. */
export function CandidateFactList({ card, className }: { card: CandidateCard; className?: string }) {
  return (
    <ul className={cn('grid gap-1 text-sm text-muted-foreground', className)}>
      <li className="flex items-center gap-1.5">
        <MapPinIcon className="size-3.5 shrink-0" aria-hidden="true" />
        <span className="sr-only">Location: </span>
        {card.location || 'Location not specified'}
      </li>
      <li className="flex items-center gap-1.5">
        <BriefcaseIcon className="size-3.5 shrink-0" aria-hidden="true" />
        <span className="sr-only">Experience: </span>
        {experienceText(card.experience)}
      </li>
      <li className="flex items-center gap-1.5">
        <ClockIcon className="size-3.5 shrink-0" aria-hidden="true" />
        {availabilityText(card)}
      </li>
    </ul>
  );
}

/** Up to 3 skills, then "+N more" (or every skill with `limit` Infinity). */
export function CandidateSkills({ skills, limit }: { skills: readonly string[]; limit?: number }) {
  const { shown, more } = cardSkills(skills, limit);
  if (shown.length === 0) return null;
  return (
    <ul aria-label="Skills" className="flex flex-wrap gap-1">
      {shown.map((skill) => (
        <li key={skill}>
          <Badge variant="secondary">{skill}</Badge>
        </li>
      ))}
      {more > 0 ? (
        <li>
          <Badge variant="outline">+{more} more</Badge>
        </li>
      ) : null}
    </ul>
  );
}

/** The looking-status and work-preference badges. */
export function CandidateBadges({ card }: { card: CandidateCard }) {
  return (
    <div className="flex flex-wrap gap-1">
      <Badge variant={card.lookingStatus === 'active' ? 'success' : 'secondary'}>
        {LOOKING_STATUS_TEXT[card.lookingStatus]}
      </Badge>
      <Badge variant="outline">{WORK_PREFERENCE_TEXT[card.workPreference]}</Badge>
    </div>
  );
}

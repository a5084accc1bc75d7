import { SparklesIcon } from 'lucide-react';
import { MATCH_SCORE_CLASSES, matchScoreTone } from '../lib/match-score';
import { cn } from '../lib/utils';
import { Badge } from './ui/badge';

/** "85% match", coloured by the spec's bands (part 1, §9). Nothing when the job has no score. */
export function MatchScoreBadge({ score, className }: { score: number | null; className?: string }) {
  if (score === null) return null;
  const tone = matchScoreTone(score);
  return (
    <Badge className={cn(MATCH_SCORE_CLASSES[tone], className)} data-tone={tone}>
      <SparklesIcon aria-hidden="true" />
      {score}% match
    </Badge>
  );
}

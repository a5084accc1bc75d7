/** The match score's colour band (spec part 1, §9); shared by every feature that shows a score. */
export type MatchScoreTone = 'green' | 'blue' | 'yellow' | 'red';

/** Spec part 1, §9: 80 or more green, 60 or more blue, 40 or more yellow, otherwise red. */
export function matchScoreTone(score: number): MatchScoreTone {
  if (score >= 80) return 'green';
  if (score >= 60) return 'blue';
  if (score >= 40) return 'yellow';
  return 'red';
}

/** The badge colours of each tone (light background, dark text: readable contrast). */
export const MATCH_SCORE_CLASSES: Record<MatchScoreTone, string> = {
  green: 'border-transparent bg-green-100 text-green-800',
  blue: 'border-transparent bg-blue-100 text-blue-800',
  yellow: 'border-transparent bg-yellow-100 text-yellow-900',
  red: 'border-transparent bg-red-100 text-red-800',
};

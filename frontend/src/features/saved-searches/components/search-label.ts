import type { SavedSearch } from '@hireloop/contracts';

const TYPE_LABELS: Record<string, string> = { 'full-time': 'Full-time', 'part-time': 'Part-time', contract: 'Contract', remote: 'Remote' };

/** How a saved search reads: "kafka · Full-time · Lisbon". */
export function searchLabel(search: Pick<SavedSearch, 'keywords' | 'location' | 'type'>): string {
  return [search.keywords && `“${search.keywords}”`, search.type && (TYPE_LABELS[search.type] ?? search.type), search.location && `in ${search.location}`]
    .filter(Boolean)
    .join(' · ');
}


/** The board's address for a saved search (a type the board's filter does not offer is left out). */
const BOARD_TYPES = ['full-time', 'part-time', 'contract', 'remote'] as const;
type BoardType = '' | (typeof BOARD_TYPES)[number];

export function boardLinkOf(search: Pick<SavedSearch, 'keywords' | 'location' | 'type'>): { search: string; location: string; type: BoardType } {
  const type: BoardType = BOARD_TYPES.find((one) => one === search.type.toLowerCase()) ?? '';
  return { search: search.keywords, location: search.location, type };
}

export const FREQUENCY_LABELS = { instant: 'As soon as they are posted', daily: 'Once a day', off: 'Off' } as const;

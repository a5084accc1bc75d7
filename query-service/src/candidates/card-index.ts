import type { CandidateCard, CandidateListQuery, LookingStatus } from '@hireloop/contracts';
import { compareCodePoints, type ReadStore } from '@hireloop/platform/read-store';
import { CARD_TEXT_SEPARATOR, candidateCardsProjection, cardOf, type StoredCardSource } from '@hireloop/projections/candidate-cards/projection';
import { cardSourcesCollection, listCandidateCards, UnmatchableCandidateFilterError } from '@hireloop/projections/candidate-cards/queries';
import { Dictionary, MatchTable } from '../shared/distinct-values';
import { ReadModelMirror, type MirrorData, type ReadModelMirrorOptions } from '../shared/read-model-mirror';

/**
 * Browse Candidates (`GET /api/candidates`) answered from memory (ADR 026), as the board search
 * is (ADR 020): the candidate-cards read model stays the source of truth and `listCandidateCards`
 * the reference, answering while the index is not loaded or not caught up.
 *
 * The index follows the read model's `sources` (every profile, public or not, erased ones as
 * tombstones, each with the position of its last change) through `ReadModelMirror`; the public
 * ones are the cards, exactly what `cards` holds. Each source is a slot with:
 *
 * - the card as `toCard` answers it, its id and createdAt (the order: createdAt desc, then id
 *   asc by code point, the read store's), and its looking status as a number;
 * - its texts made by `cardOf` (the read store's own rules), split into lines: the lower-cased
 *   title and skills of `searchText`, the skills of `skillsText`, and `locationText`, each a key
 *   in a dictionary of distinct values. A filter never holds a line break (refused, as the read
 *   store refuses it), so it is a substring of a text exactly when it is one of a line of it;
 *   each filter text is then tested once per distinct value (`MatchTable`), and per card by
 *   looking up its keys;
 * - `order`: the public slots newest first, kept up to date lazily (changed slots are merged in
 *   before the next answer).
 *
 * An answer is the matching slots in order (a scan of `order` with typed-array lookups), kept
 * for the next pages of the same filters (LRU, emptied whenever the data changes): paging
 * through one filter costs one page copy.
 */

/** Filters whose matching slots are kept. */
const MATCH_CACHE = 64;

/** Match tables kept (one per filter text and dictionary); all dropped past it. */
const MATCH_TABLES = 1000;

/** `lookingStatus` as a number (0: not a card). */
const STATUS_CODES: Record<LookingStatus, number> = { active: 1, passive: 2 };

const NO_KEYS = new Int32Array(0);

/** The filters of a list query, as the index evaluates them. */
export interface CardFilter {
  /** Lower-cased texts, or null: no condition. */
  search: string | null;
  location: string | null;
  skills: string | null;
  /** 0: any. */
  status: number;
  /** The key of the cache. */
  key: string;
}

const filterText = (text: string): string | null => {
  if (!text) return null;
  // The read store's rule (`candidateFilter`): a text spanning lines could match across two of a card's lines.
  if (text.includes(CARD_TEXT_SEPARATOR) || text.includes('\r')) throw new UnmatchableCandidateFilterError(`Filters are single-line texts.`);
  return text.toLowerCase();
};

export function cardFilter(query: Pick<CandidateListQuery, 'search' | 'location' | 'skills' | 'lookingStatus'>): CardFilter {
  const search = filterText(query.search);
  const location = filterText(query.location);
  const skills = filterText(query.skills);
  const status = query.lookingStatus ? STATUS_CODES[query.lookingStatus] : 0;
  return { search, location, skills, status, key: JSON.stringify([search, location, skills, status]) };
}

const growInt32 = (array: Int32Array, size: number) => {
  const grown = new Int32Array(size);
  grown.set(array.subarray(0, Math.min(array.length, size)));
  return grown;
};

/** A copy of a card (`toCard` copies too): callers may keep or change what they get. */
const copyCard = (card: CandidateCard): CandidateCard => ({ ...card, skills: [...card.skills] });

/** The in-memory structures; replaced as a whole by a full reload. */
export class CardIndexData implements MirrorData<StoredCardSource> {
  /** Sources held, public or not (compared with the collection's count). */
  size = 0;
  /** Public sources: the cards. */
  cardCount = 0;
  private capacity = 0;
  private readonly slotOf = new Map<string, number>();
  private readonly ids: string[] = [];
  private readonly createdAt: string[] = [];
  private readonly cards: Array<CandidateCard | null> = [];
  /** 0 for a source that is not a card (private, erased). */
  private status = new Uint8Array(0);
  private titleKeys = new Int32Array(0);
  private locationKeys = new Int32Array(0);
  /** Keys of the skill lines of `searchText` and of `skillsText` (the same array when they agree). */
  private readonly searchSkillKeys: Int32Array[] = [];
  private readonly skillKeys: Int32Array[] = [];
  /** Titles and skills (lower-cased lines), and locations. */
  private readonly lines = new Dictionary();
  private readonly locations = new Dictionary();
  private readonly tables = new Map<string, MatchTable>();

  /** Public slots newest first; `unordered` slots are put in (or out) lazily. */
  private order = new Int32Array(0);
  private readonly unordered = new Set<number>();
  /** Scratch list of the scan (one scan runs at a time: answers are synchronous). */
  private scratch = new Int32Array(0);
  /** Matching slots in order, by filter (least recently used first); emptied by any change. */
  private readonly matches = new Map<string, Int32Array>();

  private ensureCapacity(size: number) {
    if (size <= this.capacity) return;
    const capacity = Math.max(1024, this.capacity * 2, size);
    const status = new Uint8Array(capacity);
    status.set(this.status);
    this.status = status;
    this.titleKeys = growInt32(this.titleKeys, capacity);
    this.locationKeys = growInt32(this.locationKeys, capacity);
    this.capacity = capacity;
  }

  upsert(source: StoredCardSource) {
    let slot = this.slotOf.get(source._id);
    if (slot === undefined) {
      slot = this.size;
      this.ensureCapacity(slot + 1);
      this.size++;
      this.slotOf.set(source._id, slot);
      this.ids.push(source._id);
      this.createdAt.push('');
      this.cards.push(null);
      this.searchSkillKeys.push(NO_KEYS);
      this.skillKeys.push(NO_KEYS);
    }
    this.matches.clear();
    const wasCard = this.status[slot] !== 0;
    if (!source.isPublic || source.erased) {
      // Not a card: out of `order`, and nothing of it kept.
      if (wasCard) {
        this.cardCount--;
        this.unordered.add(slot);
      }
      this.status[slot] = 0;
      this.cards[slot] = null;
      this.createdAt[slot] = '';
      this.searchSkillKeys[slot] = NO_KEYS;
      this.skillKeys[slot] = NO_KEYS;
      return;
    }
    // The read store's own derivation of the texts: the same rules, whatever they become.
    const doc = cardOf(source);
    if (!wasCard) this.cardCount++;
    if (!wasCard || this.createdAt[slot] !== doc.createdAt) this.unordered.add(slot);
    this.createdAt[slot] = doc.createdAt;
    this.status[slot] = STATUS_CODES[doc.lookingStatus];
    this.cards[slot] = {
      id: doc.id,
      title: doc.title,
      location: doc.location,
      experience: doc.experience,
      availability: doc.availability,
      lookingStatus: doc.lookingStatus,
      workPreference: doc.workPreference,
      skills: [...doc.skills],
    };
    const [title, ...searchSkills] = doc.searchText.split(CARD_TEXT_SEPARATOR);
    this.titleKeys[slot] = this.lines.key(title!);
    this.locationKeys[slot] = this.locations.key(doc.locationText);
    const searchSkillKeys = Int32Array.from(searchSkills, (line) => this.lines.key(line));
    const skillKeys = doc.skillsText === '' ? NO_KEYS : Int32Array.from(doc.skillsText.split(CARD_TEXT_SEPARATOR), (line) => this.lines.key(line));
    this.searchSkillKeys[slot] = searchSkillKeys;
    this.skillKeys[slot] = sameKeys(searchSkillKeys, skillKeys) ? searchSkillKeys : skillKeys;
  }

  /** After a full load: settle the order now rather than on the first answer. */
  finish() {
    this.settle();
  }

  /** createdAt desc, then id asc, by code point (the read store's order). */
  private readonly compare = (a: number, b: number): number => {
    const createdA = this.createdAt[a]!;
    const createdB = this.createdAt[b]!;
    if (createdA !== createdB) return compareCodePoints(createdB, createdA);
    return compareCodePoints(this.ids[a]!, this.ids[b]!);
  };

  /** Puts new, re-dated and re-published slots in their place in `order`, and takes out the ones no longer cards. */
  private settle() {
    if (this.unordered.size === 0) return;
    const moving = [...this.unordered].filter((slot) => this.status[slot] !== 0).sort(this.compare);
    const staying = new Int32Array(this.order.length);
    let length = 0;
    for (const slot of this.order) if (!this.unordered.has(slot)) staying[length++] = slot;
    const order = new Int32Array(length + moving.length);
    let from = 0;
    let to = 0;
    for (const slot of moving) {
      // First place in `staying` (from `from` on) whose card sorts after this one.
      let low = from;
      let high = length;
      while (low < high) {
        const middle = (low + high) >>> 1;
        if (this.compare(staying[middle]!, slot) < 0) low = middle + 1;
        else high = middle;
      }
      order.set(staying.subarray(from, low), to);
      to += low - from;
      from = low;
      order[to++] = slot;
    }
    order.set(staying.subarray(from, length), to);
    this.order = order;
    this.unordered.clear();
  }

  private table(dictionary: 'lines' | 'locations', text: string): Uint8Array {
    const key = `${dictionary}\u0000${text}`;
    let table = this.tables.get(key);
    if (!table) {
      if (this.tables.size >= MATCH_TABLES) this.tables.clear();
      table = new MatchTable(text);
      this.tables.set(key, table);
    }
    return table.update(this[dictionary].values);
  }

  /** The slots of the cards matching `filter`, newest first. */
  private matching(filter: CardFilter): Int32Array {
    const kept = this.matches.get(filter.key);
    if (kept) {
      // Most recently used last.
      this.matches.delete(filter.key);
      this.matches.set(filter.key, kept);
      return kept;
    }
    this.settle();
    const { status } = filter;
    const search = filter.search === null ? null : this.table('lines', filter.search);
    const location = filter.location === null ? null : this.table('locations', filter.location);
    const skills = filter.skills === null ? null : this.table('lines', filter.skills);
    const order = this.order;
    let slots: Int32Array;
    if (status === 0 && search === null && location === null && skills === null) {
      // No filter: `order` itself (never changed in place: `settle` makes a new one).
      slots = order;
    } else {
      if (this.scratch.length < order.length) this.scratch = new Int32Array(this.capacity);
      const found = this.scratch;
      let count = 0;
      for (let rank = 0; rank < order.length; rank++) {
        const slot = order[rank]!;
        if (status !== 0 && this.status[slot] !== status) continue;
        if (location !== null && location[this.locationKeys[slot]!] === 0) continue;
        if (search !== null && search[this.titleKeys[slot]!] === 0 && !anyAccepted(this.searchSkillKeys[slot]!, search)) continue;
        if (skills !== null && !anyAccepted(this.skillKeys[slot]!, skills)) continue;
        found[count++] = slot;
      }
      // One allocation of the matches' size: what is kept.
      slots = found.slice(0, count);
    }
    this.matches.set(filter.key, slots);
    if (this.matches.size > MATCH_CACHE) this.matches.delete(this.matches.keys().next().value!);
    return slots;
  }

  /** What `listCandidateCards` answers over the same cards. */
  list(filter: CardFilter, skip: number, limit: number): { cards: CandidateCard[]; total: number } {
    const slots = this.matching(filter);
    const page: CandidateCard[] = [];
    for (let i = skip; i < Math.min(slots.length, skip + limit); i++) page.push(copyCard(this.cards[slots[i]!]!));
    return { cards: page, total: slots.length };
  }
}

function anyAccepted(keys: Int32Array, table: Uint8Array): boolean {
  for (let i = 0; i < keys.length; i++) if (table[keys[i]!] === 1) return true;
  return false;
}

function sameKeys(a: Int32Array, b: Int32Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

export interface CardListAnswer {
  cards: CandidateCard[];
  total: number;
  /** `read-store`: the index was not loaded or not caught up yet (see `ReadModelMirror.answer`). */
  answeredBy: 'index' | 'read-store';
}

export type CandidateCardIndexOptions = ReadModelMirrorOptions;

/**
 * The cards' index. `start()` loads it in the background; `list()` answers exactly what
 * `listCandidateCards()` would over the read model as it stood when the request began, or at
 * least as far as `request.caughtUpWith(index)` waited for (read-your-writes: call it first).
 */
export class CandidateCardIndex {
  private readonly mirror: ReadModelMirror<StoredCardSource, CardIndexData>;

  /** The read models its answers come from (read-your-writes waits for them, ADR 054). */
  get readModels(): readonly string[] {
    return this.mirror.readModels;
  }

  constructor(
    private readonly readStore: ReadStore,
    options: CandidateCardIndexOptions = {},
  ) {
    this.mirror = new ReadModelMirror(
      readStore,
      { projection: candidateCardsProjection, collection: cardSourcesCollection, createData: () => new CardIndexData(), finishFullLoad: (data) => data.finish() },
      options,
    );
  }

  /** Cards held (public profiles). */
  get size() {
    return this.mirror.current?.cardCount ?? 0;
  }

  get loaded() {
    return this.mirror.current !== null;
  }

  get fullLoads() {
    return this.mirror.fullLoads;
  }

  get incrementalLoads() {
    return this.mirror.incrementalLoads;
  }

  /** Lists answered from memory, and by the read store while the index was not ready. */
  get answers() {
    return this.mirror.answers;
  }

  start(): void {
    this.mirror.start();
  }

  stop(): Promise<void> {
    return this.mirror.stop();
  }

  /** Brings the index up to date with the read model now, verifying its size (full reload if needed). */
  refresh(): Promise<void> {
    return this.mirror.refresh();
  }

  /**
   * One page of the cards matching the filters, newest first, and how many match in all: what
   * `listCandidateCards` answers, and who answered. A filter spanning lines throws
   * `UnmatchableCandidateFilterError`, as the read store does.
   */
  async list(query: Pick<CandidateListQuery, 'search' | 'location' | 'skills' | 'lookingStatus' | 'count' | 'page'>): Promise<CardListAnswer> {
    const filter = cardFilter(query);
    const skip = (query.page - 1) * query.count;
    const { answer, answeredBy } = await this.mirror.answer(
      (data) => data.list(filter, skip, query.count),
      () => listCandidateCards(this.readStore, query),
    );
    return { ...answer, answeredBy };
  }
}

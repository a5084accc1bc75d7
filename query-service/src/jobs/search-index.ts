import type { Job } from '@hireloop/contracts';
import { compareCodePoints, type ReadStore } from '@hireloop/platform/read-store';
import { checkedJobSearch, noOtherField, unsupported, type JobSearch } from '@hireloop/projections/job-board/job-search';
import { jobBoardProjection, searchText as searchTextOf, type JobBoardDocument } from '@hireloop/projections/job-board/projection';
import { jobsCollection, searchJobs, toJob } from '@hireloop/projections/job-board/queries';
import { Dictionary, MatchTable } from '../shared/distinct-values';
import { checkpointName } from '@hireloop/projections/shared/projection';
import { ReadModelMirror, type MirrorSnapshots, type ReadModelMirrorOptions } from '../shared/read-model-mirror';
import { correctedWords, Vocabulary, vocabularyWords } from './did-you-mean';
import { readSnapshotFile, SnapshotRejected, writeSnapshotFile, type Section, type SnapshotContents } from './index-snapshot-file';

/**
 * The board search (`GET /api/jobs`) answered from memory.
 *
 * The job-board read model stays the source of truth: this index is a cache of it, loaded in
 * the background when the query service starts, then fed by reading the documents that changed
 * since the projection checkpoint it last saw (every document carries the position of the last
 * event that changed it) whenever the projection is heard to have moved on. The rules are not
 * re-implemented: a search arrives as a `JobSearch` (the rules already applied by `jobSearch`),
 * the same object the read store answers through `jobSearchQuery`, and each of its fields is
 * answered here over in-memory structures:
 *
 * - jobs are slots (0..n-1, in arrival order) with typed-array columns: flags, and the keys of
 *   their location, type and company in dictionaries of distinct values;
 * - `order` lists the slots newest first (createdAt desc, then _id asc: the read store's order),
 *   kept up to date lazily (new or re-dated jobs are merged in before the next search);
 * - the candidates of a search are a bitset over the slots: open/remote/global/US are bitsets
 *   ANDed in whole; a location or type condition is evaluated once per distinct value (there
 *   are few) and then looked up per remaining job;
 * - keywords: a trigram inverted index (sorted slot lists, or bitsets for the trigrams most jobs
 *   hold) narrows the candidates, smallest posting first, and `includes` confirms what is left
 *   (a 3-letter word is exact from its trigram; a 1-2 letter word is only checked with
 *   `includes`). A word searched again gets its exact job set kept (LRU, kept up to date from
 *   the log of changed jobs), so popular keywords cost one bitset AND;
 * - a whole search asked again (every condition but the page) keeps its exact job set and total
 *   the same way (ADR 097): it then costs the jobs changed since it was last asked, not a pass
 *   over every job per condition;
 * - the total is the size of the final candidate set and the page its first `skip + limit`
 *   members in `order` (or, for few matches, their ranks sorted).
 *
 * Every field of `JobSearch` is destructured in `plan` (a new one does not compile until it is
 * answered); a value outside its documented range throws `UnsupportedJobSearchError`. The read
 * store answers a search only while the index is not loaded or not caught up yet.
 */

/** Keywords whose exact job set is kept (a bitset each: 12.5 KB at 100,000 jobs). */
const KEYWORD_CACHE = 256;

/**
 * Searches (every condition but the page) whose exact job set and total are kept once asked
 * twice: a bitset each, 125 KB at 1,000,000 jobs, so 8 MB for all. A search asked again costs
 * the changes since it was last asked and its page, not a pass over every job per condition.
 */
const ANSWER_CACHE = 64;

/** `Job`s kept for pages (about 1.5 KB each): the rest are read by id when a page shows them. */
const DEFAULT_JOB_CACHE = 20_000;

/** Kept keywords computed again by a full reload before it takes over. */
const WARM_KEYWORDS = 32;

/** Flag bits of a slot; all but PLAIN have bitsets too. */
const ACTIVE = 1;
const REMOTE = 2;
const GLOBAL = 4;
const US = 8;
/** createdAt and _id hold no UTF-16 surrogates or characters above them: `<` is code point order. */
const PLAIN = 16;
/** Posted on Hireloop (`source` is `internal`). */
const INTERNAL = 32;

const FLAG_BITSETS: readonly number[] = [ACTIVE, REMOTE, GLOBAL, US, INTERNAL];
const flagBitsetIndex = (bit: number) => FLAG_BITSETS.indexOf(bit);

/** A `JobSearch` as the index evaluates it. */
export interface SearchPlan {
  /** Flag bits that must be set, and that must be clear. */
  required: number;
  forbidden: number;
  /** Distinct keywords (substrings of the search text). */
  keywords: readonly string[];
  /** Substrings of the location. */
  locationWords: readonly string[];
  type: { text: string; orRemote: boolean } | null;
  companyId: string | null;
  skip: number;
  limit: number;
}

/** Takes a search apart, field by field; throws `UnsupportedJobSearchError` for what it cannot answer. (Exported for the bench.) */
export function plan(search: JobSearch): SearchPlan {
  const { keywords, location, type, status, internalOnly, companyId, sort, skip, limit, ...rest } = checkedJobSearch(search);
  noOtherField(rest, 'JobSearch');
  let required = internalOnly ? INTERNAL : 0;
  let forbidden = 0;
  switch (status) {
    case 'open':
      required |= ACTIVE;
      break;
    case 'closed':
      forbidden |= ACTIVE;
      break;
    case 'all':
      break;
    default:
      unsupported(status, 'status');
  }
  const { remote, global, us, words, ...locationRest } = location;
  noOtherField(locationRest, 'JobSearch.location');
  if (remote) required |= REMOTE;
  if (global) required |= GLOBAL;
  if (us) required |= US;
  let typeSearch: SearchPlan['type'] = null;
  if (type !== null) {
    const { text, orRemote, ...typeRest } = type;
    noOtherField(typeRest, 'JobSearch.type');
    typeSearch = { text, orRemote };
  }
  switch (sort) {
    // `order` is newest first: the only order there is.
    case 'newest':
      break;
    default:
      unsupported(sort, 'sort');
  }
  return { required, forbidden, keywords: [...new Set(keywords)], locationWords: [...new Set(words)], type: typeSearch, companyId, skip, limit };
}

/** A search's conditions without its page: searches that differ only by page share their job set. */
const answerKey = ({ required, forbidden, keywords, locationWords, type, companyId }: SearchPlan): string =>
  JSON.stringify([required, forbidden, [...keywords].sort(), [...locationWords].sort(), type && [type.text, type.orRemote], companyId]);

const popcount = (word: number) => {
  let v = word - ((word >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) as number;
};

const growInt32 = (array: Int32Array, size: number) => {
  const grown = new Int32Array(size);
  grown.set(array.subarray(0, Math.min(array.length, size)));
  return grown;
};

const growUint32 = (array: Uint32Array, size: number) => {
  const grown = new Uint32Array(size);
  grown.set(array.subarray(0, Math.min(array.length, size)));
  return grown;
};

/** Slots of the jobs holding one trigram: a sorted list, or a bitset once most jobs hold it. */
class Posting {
  list: Int32Array | null = new Int32Array(4);
  bits: Uint32Array | null = null;
  count = 0;
  /** Last document generation that added this trigram (de-duplicates within a document). */
  stamp = 0;

  add(slot: number, slotCount: number) {
    if (this.bits) {
      const word = slot >>> 5;
      if (word >= this.bits.length) this.bits = growUint32(this.bits, Math.max(word + 1, this.bits.length * 2));
      const mask = 1 << (slot & 31);
      if ((this.bits[word]! & mask) === 0) {
        this.bits[word]! |= mask;
        this.count++;
      }
      return;
    }
    let list = this.list!;
    let at = this.count;
    if (at > 0 && list[at - 1]! >= slot) {
      at = lowerBound(list, this.count, slot);
      if (list[at] === slot) return;
    }
    if (this.count === list.length) list = this.list = growInt32(list, Math.max(4, list.length * 2));
    if (at < this.count) list.copyWithin(at + 1, at, this.count);
    list[at] = slot;
    this.count++;
    // A list longer than a bitset of every slot becomes that bitset.
    if (this.count > 64 && this.count * 32 > slotCount) {
      const bits = new Uint32Array((Math.max(slotCount, slot + 1) + 31) >>> 5);
      for (let i = 0; i < this.count; i++) bits[list[i]! >>> 5]! |= 1 << (list[i]! & 31);
      this.bits = bits;
      this.list = null;
    }
  }

  remove(slot: number) {
    if (this.bits) {
      const word = slot >>> 5;
      const mask = 1 << (slot & 31);
      if (word < this.bits.length && (this.bits[word]! & mask) !== 0) {
        this.bits[word]! &= ~mask;
        this.count--;
      }
      return;
    }
    const list = this.list!;
    const at = lowerBound(list, this.count, slot);
    if (at < this.count && list[at] === slot) {
      list.copyWithin(at, at + 1, this.count);
      this.count--;
    }
  }

  /** Drops the spare capacity of the list (after a full load). */
  trim() {
    if (this.list && this.list.length > this.count) this.list = this.list.slice(0, this.count);
  }

  bytes() {
    return 48 + (this.list ? this.list.byteLength : 0) + (this.bits ? this.bits.byteLength : 0);
  }
}

function lowerBound(list: Int32Array, length: number, value: number) {
  let low = 0;
  let high = length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (list[middle]! < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Trigram keys over UTF-16 code units: a small integer when all three are ASCII, else the text. */
const trigramKey = (text: string, at: number): number | string => {
  const a = text.charCodeAt(at);
  const b = text.charCodeAt(at + 1);
  const c = text.charCodeAt(at + 2);
  return (a | b | c) < 128 ? (a << 14) | (b << 7) | c : text.slice(at, at + 3);
};

/** Postings by trigram key: ASCII trigrams through a flat table (8 MB), the others through a map. */
class Trigrams {
  readonly ascii = new Int32Array(1 << 21);
  private readonly others = new Map<string, Posting>();
  readonly all: Posting[] = [];
  /** The key of each posting of `all`. */
  readonly keys: Array<number | string> = [];

  get(key: number | string): Posting | undefined {
    if (typeof key === 'number') {
      const at = this.ascii[key]!;
      return at === 0 ? undefined : this.all[at - 1];
    }
    return this.others.get(key);
  }

  getOrAdd(key: number | string): Posting {
    let posting = this.get(key);
    if (!posting) {
      posting = new Posting();
      this.all.push(posting);
      this.keys.push(key);
      if (typeof key === 'number') this.ascii[key] = this.all.length;
      else this.others.set(key, posting);
    }
    return posting;
  }

  bytes() {
    return this.ascii.byteLength;
  }
}

const HIGH_CODE_UNIT = /[\ud800-\uffff]/;

export interface SearchIndexStats {
  jobs: number;
  trigrams: number;
  /** Trigram postings kept as bitsets (trigrams most jobs hold). */
  denseTrigrams: number;
  /** Slot entries in the sorted posting lists. */
  postingEntries: number;
  /** Bytes of typed arrays (postings, columns, order): the JS strings and Job objects come on top. */
  typedArrayBytes: number;
}

/** The in-memory structures; replaced as a whole by a full reload. */
export class IndexData {
  size = 0;
  private capacity = 0;
  private readonly slotOf = new Map<string, number>();
  private ids: string[] = [];
  private createdAt: string[] = [];
  private searchTexts: string[] = [];
  /**
   * The `Job`s of recently read or changed documents (oldest first), at most
   * `jobCacheSize`: the rest is not held (a job's full text is most of its memory), and a page's
   * job missing here is read from the read store by id. The same object for as long as the
   * document is unchanged and kept, so what callers work out from a job (a match score, ADR 029)
   * can be kept by its identity.
   */
  private jobCache = new Map<number, Job>();

  constructor(
    private readonly fetchJobs: (ids: readonly string[]) => Promise<Job[]> = async () => [],
    private readonly jobCacheSize = DEFAULT_JOB_CACHE,
  ) {}

  private keepJob(slot: number, job: Job) {
    if (this.jobCache.get(slot) === job) return;
    this.jobCache.delete(slot);
    this.jobCache.set(slot, job);
    // Evicted in batches: the newest `jobCacheSize` kept in a new map (taking the oldest one by
    // one would walk over the deleted entries at the map's start each time).
    if (this.jobCache.size > this.jobCacheSize + (this.jobCacheSize >>> 2)) {
      const entries = [...this.jobCache];
      this.jobCache = new Map(entries.slice(entries.length - this.jobCacheSize));
    }
  }

  /** The jobs of `slots`, in that order: from the cache, the others read by id in one query. */
  async jobsOf(slots: readonly number[]): Promise<Job[]> {
    // (A job found is not moved to the end: first in, first out, so a page of kept jobs costs lookups only.)
    const jobs: Array<Job | undefined> = slots.map((slot) => this.jobCache.get(slot));
    const missing = slots.filter((_, i) => jobs[i] === undefined);
    if (missing.length === 0) return jobs as Job[];
    const read = new Map((await this.fetchJobs(missing.map((slot) => this.ids[slot]!))).map((job) => [job.id, job]));
    return slots.map((slot, i) => {
      // A change taken in meanwhile put the newer job in the cache.
      const kept = jobs[i] ?? this.jobCache.get(slot);
      if (kept) return kept;
      const job = read.get(this.ids[slot]!);
      if (!job) throw new Error(`Job ${this.ids[slot]} is in the search index but not in the read model`);
      this.keepJob(slot, job);
      return job;
    });
  }

  private flags = new Uint8Array(0);
  private locationKeys = new Int32Array(0);
  private typeKeys = new Int32Array(0);
  private companyKeys = new Int32Array(0);
  private readonly flagBits: Uint32Array[] = FLAG_BITSETS.map(() => new Uint32Array(0));
  private readonly locations = new Dictionary();
  private readonly types = new Dictionary();
  private readonly companies = new Dictionary();
  private readonly postings = new Trigrams();
  /** The words of titles, companies and skills, for "Did you mean" (ADR 090). */
  private readonly vocabulary = new Vocabulary();
  private generation = 0;
  private readonly tables = new Map<string, MatchTable>();
  /** Slots changed or added, in order: what the kept keyword and search sets must check again. */
  private changeLog: number[] = [];
  /** Exact job sets of keywords searched more than once (least recently used first). */
  private readonly keywords = new Map<string, { bits: Uint32Array; logAt: number }>();
  private readonly seenKeywords = new Set<string>();
  /** Exact job sets and totals of searches asked more than once, by `answerKey` (least recently used first). */
  private readonly answers = new Map<string, { bits: Uint32Array; total: number; logAt: number }>();
  private readonly seenAnswers = new Set<string>();

  /** Slots newest first, and the rank of each slot in it; `unordered` slots are merged in lazily. */
  private order: Int32Array = new Int32Array(0);
  private rankOf: Int32Array = new Int32Array(0);
  private readonly unordered = new Set<number>();

  /** Scratch bitsets of the search (one search runs at a time: searches are synchronous). */
  private candidates = new Uint32Array(0);
  private scratch = new Uint32Array(0);

  private ensureCapacity(size: number) {
    if (size <= this.capacity) return;
    const capacity = Math.max(1024, this.capacity * 2, size);
    const grown = new Uint8Array(capacity);
    grown.set(this.flags);
    this.flags = grown;
    this.locationKeys = growInt32(this.locationKeys, capacity);
    this.typeKeys = growInt32(this.typeKeys, capacity);
    this.companyKeys = growInt32(this.companyKeys, capacity);
    const words = (capacity + 31) >>> 5;
    for (let i = 0; i < this.flagBits.length; i++) this.flagBits[i] = growUint32(this.flagBits[i]!, words);
    this.candidates = new Uint32Array(words);
    this.scratch = new Uint32Array(words);
    this.capacity = capacity;
  }

  upsert(doc: JobBoardDocument) {
    // The board does not store the keywords' text (ADR 091): it is derived here, once per change.
    const searchText = searchTextOf(doc);
    let slot = this.slotOf.get(doc._id);
    if (slot === undefined) {
      slot = this.size;
      this.ensureCapacity(slot + 1);
      this.size++;
      this.slotOf.set(doc._id, slot);
      this.ids.push(doc._id);
      this.createdAt.push(doc.createdAt);
      this.searchTexts.push(searchText);
      this.unordered.add(slot);
      this.addTrigrams(slot, searchText);
      this.vocabulary.add(vocabularyWords(this.vocabularyText(slot)));
    } else {
      if (this.createdAt[slot] !== doc.createdAt) {
        this.createdAt[slot] = doc.createdAt;
        this.unordered.add(slot);
      }
      const previous = this.searchTexts[slot]!;
      if (previous !== searchText) {
        // The job's old words leave the vocabulary, its new ones come in ("Did you mean", ADR 090).
        this.vocabulary.remove(vocabularyWords(this.vocabularyText(slot)));
        this.removeTrigrams(slot, previous, searchText);
        this.addTrigrams(slot, searchText);
        this.searchTexts[slot] = searchText;
        this.vocabulary.add(vocabularyWords(this.vocabularyText(slot)));
      }
    }
    // Any field a search reads may have changed: kept sets check the job again.
    this.logChange(slot);
    this.keepJob(slot, toJob(doc));
    const flags =
      (doc.isActive ? ACTIVE : 0) |
      (doc.isRemote ? REMOTE : 0) |
      (doc.isGlobal ? GLOBAL : 0) |
      (doc.isUS ? US : 0) |
      (doc.source === 'internal' ? INTERNAL : 0) |
      (HIGH_CODE_UNIT.test(doc.createdAt) || HIGH_CODE_UNIT.test(doc._id) ? 0 : PLAIN);
    this.flags[slot] = flags;
    const word = slot >>> 5;
    const mask = 1 << (slot & 31);
    FLAG_BITSETS.forEach((bit, i) => {
      if (flags & bit) this.flagBits[i]![word]! |= mask;
      else this.flagBits[i]![word]! &= ~mask;
    });
    this.locationKeys[slot] = this.locations.key(doc.locationText);
    this.typeKeys[slot] = this.types.key(doc.typeText);
    this.companyKeys[slot] = doc.companyId === null ? -1 : this.companies.key(doc.companyId);
  }

  private logChange(slot: number) {
    if (this.keywords.size === 0 && this.answers.size === 0) return;
    this.changeLog.push(slot);
    // Far behind: cheaper to compute the kept sets again when next searched.
    if (this.changeLog.length > 4 * this.size + 1024) {
      this.keywords.clear();
      this.answers.clear();
      this.changeLog = [];
    }
  }

  private addTrigrams(slot: number, text: string) {
    const generation = ++this.generation;
    const size = this.size;
    const { ascii, all } = this.postings;
    // Rolling key of the last three code units (see trigramKey); `wide` counts non-ASCII ones among them.
    // Trigrams with a space are left out: search words never hold one.
    let key = 0;
    let wide = 0;
    let space = -1;
    for (let at = 0; at < text.length; at++) {
      const code = text.charCodeAt(at);
      if (code >= 128) wide++;
      else if (code === 32 || (code >= 9 && code <= 13)) space = at;
      if (at >= 3 && text.charCodeAt(at - 3) >= 128) wide--;
      key = ((key << 7) | (code & 127)) & 0x1fffff;
      if (at - 2 <= space) continue;
      const known = wide === 0 ? ascii[key]! : 0;
      const posting = known !== 0 ? all[known - 1]! : this.postings.getOrAdd(wide === 0 ? key : text.slice(at - 2, at + 1));
      if (posting.stamp === generation) continue;
      posting.stamp = generation;
      // Most adds go to bitsets (common trigrams): set the bit here.
      const bits = posting.bits;
      if (bits !== null && slot >>> 5 < bits.length) {
        const mask = 1 << (slot & 31);
        if ((bits[slot >>> 5]! & mask) === 0) {
          bits[slot >>> 5]! |= mask;
          posting.count++;
        }
      } else {
        posting.add(slot, size);
      }
    }
  }

  private removeTrigrams(slot: number, previous: string, next: string) {
    const keep = new Set<number | string>();
    for (let at = 0; at + 3 <= next.length; at++) keep.add(trigramKey(next, at));
    const generation = ++this.generation;
    for (let at = 0; at + 3 <= previous.length; at++) {
      const key = trigramKey(previous, at);
      // (Trigrams with a space were never added: removing them finds nothing.)
      if (keep.has(key)) continue;
      const posting = this.postings.get(key);
      if (!posting || posting.stamp === generation) continue;
      posting.stamp = generation;
      posting.remove(slot);
    }
  }

  /** After a full load: give back the spare capacity of the posting lists. */
  trim() {
    for (const posting of this.postings.all) posting.trim();
    this.settle();
  }

  /** createdAt desc, then _id asc, by code point (the read store's order). */
  private readonly compare = (a: number, b: number): number => {
    const createdA = this.createdAt[a]!;
    const createdB = this.createdAt[b]!;
    const plain = (this.flags[a]! & this.flags[b]! & PLAIN) !== 0;
    if (createdA !== createdB) return plain ? (createdA < createdB ? 1 : -1) : compareCodePoints(createdB, createdA);
    const idA = this.ids[a]!;
    const idB = this.ids[b]!;
    if (idA === idB) return 0;
    return plain ? (idA < idB ? -1 : 1) : compareCodePoints(idA, idB);
  };

  /** Puts new and re-dated slots in their place in `order`. */
  private settle() {
    if (this.unordered.size === 0) return;
    const n = this.size;
    let order: Int32Array;
    if (this.unordered.size * 8 > n) {
      const all = Array.from({ length: n }, (_, slot) => slot).sort(this.compare);
      order = Int32Array.from(all);
    } else {
      const moving = [...this.unordered].sort(this.compare);
      const staying = new Int32Array(n - moving.length);
      let length = 0;
      for (let rank = 0; rank < this.order.length; rank++) {
        const slot = this.order[rank]!;
        if (!this.unordered.has(slot)) staying[length++] = slot;
      }
      order = new Int32Array(n);
      let from = 0;
      let to = 0;
      for (const slot of moving) {
        // First place in `staying` (from `from` on) whose job sorts after this one.
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
    }
    this.order = order;
    if (this.rankOf.length < this.capacity) this.rankOf = new Int32Array(this.capacity);
    for (let rank = 0; rank < n; rank++) this.rankOf[order[rank]!] = rank;
    this.unordered.clear();
  }

  private table(field: 'locationText' | 'typeText', text: string): Uint8Array {
    const key = `${field}\u0000${text}`;
    let table = this.tables.get(key);
    if (!table) {
      if (this.tables.size >= 1000) this.tables.clear();
      table = new MatchTable(text);
      this.tables.set(key, table);
    }
    return table.update((field === 'locationText' ? this.locations : this.types).values);
  }

  /**
   * Narrows `target` to the jobs holding every trigram of `words` (a superset of the jobs
   * containing the words), smallest posting first; false when a trigram is in no job.
   */
  private andTrigrams(target: Uint32Array, words: readonly string[], words32: number): boolean {
    const postings: Posting[] = [];
    const seen = new Set<number | string>();
    for (const word of words) {
      for (let at = 0; at + 3 <= word.length; at++) {
        const key = trigramKey(word, at);
        if (seen.has(key)) continue;
        seen.add(key);
        const posting = this.postings.get(key);
        if (!posting || posting.count === 0) return false;
        postings.push(posting);
      }
    }
    postings.sort((a, b) => a.count - b.count);
    const scratch = this.scratch;
    for (const posting of postings) {
      if (posting.bits) {
        const bits = posting.bits;
        const shared = Math.min(bits.length, words32);
        for (let w = 0; w < shared; w++) target[w]! &= bits[w]!;
        target.fill(0, shared, words32);
      } else {
        scratch.fill(0, 0, words32);
        const list = posting.list!;
        for (let j = 0; j < posting.count; j++) scratch[list[j]! >>> 5]! |= 1 << (list[j]! & 31);
        for (let w = 0; w < words32; w++) target[w]! &= scratch[w]!;
      }
    }
    return true;
  }

  /** Clears the jobs of `bits` whose search text lacks `word`. */
  private keepContaining(bits: Uint32Array, word: string, words32: number) {
    const texts = this.searchTexts;
    for (let w = 0; w < words32; w++) {
      let word32 = bits[w]!;
      let kept = word32;
      while (word32 !== 0) {
        const low = word32 & -word32;
        word32 ^= low;
        if (!texts[(w << 5) | (31 - Math.clz32(low))]!.includes(word)) kept ^= low;
      }
      bits[w] = kept;
    }
  }

  /**
   * Clears the jobs of `bits` whose key (location, type) is not accepted by `table`, unless
   * `alsoKept` (a flag bitset) holds them.
   */
  private keepAccepted(bits: Uint32Array, keys: Int32Array, table: Uint8Array, words32: number, alsoKept: Uint32Array | null = null) {
    for (let w = 0; w < words32; w++) {
      const word32 = alsoKept ? bits[w]! & ~alsoKept[w]! : bits[w]!;
      if (word32 === 0) continue;
      // Dense words: test all 32 jobs in a row rather than one set bit at a time.
      const base = w << 5;
      let accepted = 0;
      if (popcount(word32) > 8) {
        const end = Math.min(32, this.size - base);
        for (let b = 0; b < end; b++) accepted |= table[keys[base + b]!]! << b;
      } else {
        let rest = word32;
        while (rest !== 0) {
          const low = rest & -rest;
          rest ^= low;
          if (table[keys[base + 31 - Math.clz32(low)]!] === 1) accepted |= low;
        }
      }
      bits[w]! &= accepted | ~word32;
    }
  }

  /** Clears the jobs of `bits` whose company is not `key`. */
  private keepCompany(bits: Uint32Array, key: number, words32: number) {
    const keys = this.companyKeys;
    for (let w = 0; w < words32; w++) {
      let word32 = bits[w]!;
      let kept = word32;
      while (word32 !== 0) {
        const low = word32 & -word32;
        word32 ^= low;
        if (keys[(w << 5) | (31 - Math.clz32(low))] !== key) kept ^= low;
      }
      bits[w] = kept;
    }
  }

  private fillLive(bits: Uint32Array, words32: number) {
    bits.fill(0xffffffff, 0, words32);
    if (this.size & 31) bits[words32 - 1] = (1 << (this.size & 31)) - 1;
  }

  /**
   * The exact set of jobs containing `word`, for words searched more than once: computed once
   * (trigrams, then `includes`), then kept up to date from the log of changed search texts.
   * Null the first time a word is seen: the search then checks only its remaining candidates.
   */
  private keywordBits(word: string, words32: number): Uint32Array | null {
    let entry = this.keywords.get(word);
    const known = entry !== undefined || this.seenKeywords.delete(word);
    if (entry) {
      this.keywords.delete(word);
      // Far behind: computing it again is cheaper.
      if (this.changeLog.length - entry.logAt > this.size / 4) entry = undefined;
    }
    if (entry) {
      if (entry.bits.length < words32) entry.bits = growUint32(entry.bits, this.candidates.length);
      const bits = entry.bits;
      for (let i = entry.logAt; i < this.changeLog.length; i++) {
        const slot = this.changeLog[i]!;
        const mask = 1 << (slot & 31);
        if (this.searchTexts[slot]!.includes(word)) bits[slot >>> 5]! |= mask;
        else bits[slot >>> 5]! &= ~mask;
      }
      entry.logAt = this.changeLog.length;
      this.keywords.set(word, entry);
      return bits;
    }
    if (!known) {
      if (this.seenKeywords.size >= 10_000) this.seenKeywords.clear();
      this.seenKeywords.add(word);
      return null;
    }
    return this.keepKeyword(word);
  }

  private keepKeyword(word: string): Uint32Array {
    const words32 = (this.size + 31) >>> 5;
    const bits = new Uint32Array(this.candidates.length);
    this.fillLive(bits, words32);
    if (word.length >= 3 && !this.andTrigrams(bits, [word], words32)) bits.fill(0);
    // A 3-letter word is its own trigram: the posting is exact.
    if (word.length !== 3) this.keepContaining(bits, word, words32);
    this.keywords.set(word, { bits, logAt: this.changeLog.length });
    if (this.keywords.size > KEYWORD_CACHE) this.keywords.delete(this.keywords.keys().next().value!);
    return bits;
  }

  /**
   * A job's title, company and skills, lower case (the first three lines of its search text):
   * what a vocabulary of the board ("Did you mean", ADR 090) is made of, without the documents,
   * also after a snapshot was restored (which holds the search texts, not the documents).
   */
  vocabularyText(slot: number): string {
    const text = this.searchTexts[slot] ?? '';
    let end = -1;
    for (let line = 0; line < 3; line++) {
      end = text.indexOf('\n', end + 1);
      if (end === -1) return text;
    }
    return text.slice(0, end);
  }

  /** The kept keywords, most recently searched first. */
  recentKeywords(count: number): string[] {
    return [...this.keywords.keys()].reverse().slice(0, count);
  }

  /** Computes the exact sets of these keywords now (after a reload: what was popular stays fast). */
  keepKeywords(words: readonly string[]) {
    for (const word of [...words].reverse()) this.keepKeyword(word);
  }

  /**
   * The exact set of jobs a search matches (every condition but the page) and how many: kept
   * for a search asked before, brought up to date with the jobs changed since; otherwise one
   * pass per condition over the jobs, kept if it was asked before.
   */
  private matching(searchPlan: SearchPlan): { bits: Uint32Array; total: number } {
    const words32 = (this.size + 31) >>> 5;
    const key = answerKey(searchPlan);
    let entry = this.answers.get(key);
    const known = entry !== undefined || this.seenAnswers.delete(key);
    if (entry) {
      this.answers.delete(key);
      // Far behind: computing it again is cheaper.
      if (this.changeLog.length - entry.logAt > this.size / 32) entry = undefined;
    }
    if (entry) {
      if (entry.bits.length < words32) entry.bits = growUint32(entry.bits, this.candidates.length);
      if (entry.logAt < this.changeLog.length) {
        const matches = this.slotMatcher(searchPlan);
        const bits = entry.bits;
        for (let i = entry.logAt; i < this.changeLog.length; i++) {
          const slot = this.changeLog[i]!;
          const mask = 1 << (slot & 31);
          const was = (bits[slot >>> 5]! & mask) !== 0;
          if (matches(slot) === was) continue;
          bits[slot >>> 5]! ^= mask;
          entry.total += was ? -1 : 1;
        }
        entry.logAt = this.changeLog.length;
      }
      this.answers.set(key, entry);
      return entry;
    }
    const total = this.computeMatching(searchPlan, words32);
    if (!known) {
      if (this.seenAnswers.size >= 10_000) this.seenAnswers.clear();
      this.seenAnswers.add(key);
      return { bits: this.candidates, total };
    }
    const kept = { bits: this.candidates.slice(), total, logAt: this.changeLog.length };
    this.answers.set(key, kept);
    if (this.answers.size > ANSWER_CACHE) this.answers.delete(this.answers.keys().next().value!);
    return kept;
  }

  /**
   * One job against a search's conditions, exactly as `computeMatching` decides it over all of
   * them (what brings a kept search up to date with a changed job).
   */
  private slotMatcher({ required, forbidden, keywords, locationWords, type, companyId }: SearchPlan): (slot: number) => boolean {
    const locationTables = locationWords.map((word) => this.table('locationText', word));
    const typeTable = type === null ? null : this.table('typeText', type.text);
    const companyKey = companyId === null ? null : (this.companies.find(companyId) ?? -2);
    return (slot) => {
      const flags = this.flags[slot]!;
      if ((flags & required) !== required || (flags & forbidden) !== 0) return false;
      if (companyKey !== null && this.companyKeys[slot] !== companyKey) return false;
      for (const table of locationTables) if (table[this.locationKeys[slot]!] !== 1) return false;
      if (typeTable !== null && !(type!.orRemote && (flags & REMOTE) !== 0) && typeTable[this.typeKeys[slot]!] !== 1) return false;
      const text = this.searchTexts[slot]!;
      for (const word of keywords) if (!text.includes(word)) return false;
      return true;
    };
  }

  /** Every condition of a search over all the jobs, into `candidates`; returns how many match. */
  private computeMatching({ required, forbidden, keywords, locationWords, type, companyId }: SearchPlan, words32: number): number {
    const candidates = this.candidates;
    this.fillLive(candidates, words32);

    // Whole bitsets first: flags, and keywords searched before.
    for (const bit of FLAG_BITSETS) {
      const bits = this.flagBits[flagBitsetIndex(bit)]!;
      if (required & bit) for (let w = 0; w < words32; w++) candidates[w]! &= bits[w]!;
      if (forbidden & bit) for (let w = 0; w < words32; w++) candidates[w]! &= ~bits[w]!;
    }
    const unverified: string[] = [];
    const byTrigrams: string[] = [];
    for (const word of keywords) {
      const bits = this.keywordBits(word, words32);
      if (bits) {
        for (let w = 0; w < words32; w++) candidates[w]! &= bits[w]!;
        continue;
      }
      if (word.length >= 3) byTrigrams.push(word);
      if (word.length !== 3) unverified.push(word);
    }
    // Other keywords: their trigrams narrow the candidates, `includes` confirms at the end.
    if (byTrigrams.length > 0 && !this.andTrigrams(candidates, byTrigrams, words32)) {
      candidates.fill(0, 0, words32);
      return 0;
    }

    // Then one pass per remaining condition over the remaining jobs, cheapest first.
    if (companyId !== null) this.keepCompany(candidates, this.companies.find(companyId) ?? -2, words32);
    for (const word of locationWords) this.keepAccepted(candidates, this.locationKeys, this.table('locationText', word), words32);
    if (type !== null) {
      const remote = type.orRemote ? this.flagBits[flagBitsetIndex(REMOTE)]! : null;
      this.keepAccepted(candidates, this.typeKeys, this.table('typeText', type.text), words32, remote);
    }
    for (const word of unverified.sort((a, b) => b.length - a.length)) this.keepContaining(candidates, word, words32);

    let total = 0;
    for (let w = 0; w < words32; w++) if (candidates[w] !== 0) total += popcount(candidates[w]!);
    return total;
  }

  /** The slots of the page and the total (synchronous: no change comes in between); `jobsOf` makes the page. */
  search(searchPlan: SearchPlan): { slots: number[]; total: number } {
    this.settle();
    const { skip, limit } = searchPlan;
    const n = this.size;
    const words32 = (n + 31) >>> 5;
    const { bits: candidates, total } = this.matching(searchPlan);
    const end = Math.min(total, skip + limit);
    if (skip >= end) return { slots: [], total };
    const page: number[] = [];
    // Either walk the newest-first order until the page is full, or sort the ranks of the
    // few matches, whichever reads less.
    const walk = Math.min(n, (end * n) / total);
    if (total * (Math.log2(total) + 2) < walk) {
      const ranks = new Int32Array(total);
      let count = 0;
      for (let w = 0; w < words32; w++) {
        let word = candidates[w]!;
        while (word !== 0) {
          const low = word & -word;
          word ^= low;
          ranks[count++] = this.rankOf[(w << 5) | (31 - Math.clz32(low))]!;
        }
      }
      ranks.sort();
      for (let i = skip; i < end; i++) page.push(this.order[ranks[i]!]!);
    } else {
      let seen = 0;
      for (let rank = 0; rank < n && seen < end; rank++) {
        const slot = this.order[rank]!;
        if ((candidates[slot >>> 5]! & (1 << (slot & 31))) === 0) continue;
        if (seen >= skip) page.push(slot);
        seen++;
      }
    }
    return { slots: page, total };
  }

  /**
   * The structures as the sections of a snapshot file (ADR 085): the columns, the search texts,
   * the dictionaries, the postings and the order. Not the kept jobs nor the keyword sets (made
   * again as searches need them). Call with no change coming in until the file is written.
   */
  toSnapshot(): Record<string, Section> {
    this.settle();
    const n = this.size;
    const all = this.postings.all;
    const meta = new Int32Array(all.length * 3);
    let words = 0;
    all.forEach((posting, i) => {
      meta[i * 3] = posting.bits ? 1 : 0;
      meta[i * 3 + 1] = posting.count;
      meta[i * 3 + 2] = posting.bits ? posting.bits.length : posting.count;
      words += meta[i * 3 + 2]!;
    });
    const data = new Uint32Array(words);
    let at = 0;
    for (const posting of all) {
      if (posting.bits) data.set(posting.bits, at);
      else data.set(posting.list!.subarray(0, posting.count), at);
      at += posting.bits ? posting.bits.length : posting.count;
    }
    const keyText = (key: number | string) => (typeof key === 'number' ? String.fromCharCode(key >>> 14, (key >>> 7) & 127, key & 127) : key);
    return {
      ids: this.ids,
      createdAt: this.createdAt,
      searchTexts: this.searchTexts,
      flags: this.flags.subarray(0, n),
      locations: this.locations.values,
      types: this.types.values,
      companies: this.companies.values,
      locationKeys: this.locationKeys.subarray(0, n),
      typeKeys: this.typeKeys.subarray(0, n),
      companyKeys: this.companyKeys.subarray(0, n),
      order: this.order.subarray(0, n),
      postingKeys: this.postings.keys.map(keyText),
      postingMeta: meta,
      postingData: data,
    };
  }

  /** The structures read back from a snapshot (`toSnapshot`); throws `SnapshotRejected` when they do not fit together. */
  static fromSnapshot(file: SnapshotContents<unknown>, fetchJobs?: (ids: readonly string[]) => Promise<Job[]>, jobCacheSize?: number): IndexData {
    const data = new IndexData(fetchJobs, jobCacheSize);
    const ids = file.strings('ids');
    const n = ids.length;
    const createdAt = file.strings('createdAt');
    const searchTexts = file.strings('searchTexts');
    const flags = file.u8('flags');
    const columns = { locationKeys: file.i32('locationKeys'), typeKeys: file.i32('typeKeys'), companyKeys: file.i32('companyKeys') };
    const order = file.i32('order');
    if ([createdAt, searchTexts, flags, columns.locationKeys, columns.typeKeys, columns.companyKeys, order].some((column) => column.length !== n)) {
      throw new SnapshotRejected('its columns differ in length');
    }
    data.ensureCapacity(n);
    data.size = n;
    data.ids = ids;
    data.createdAt = createdAt;
    data.searchTexts = searchTexts;
    ids.forEach((id, slot) => data.slotOf.set(id, slot));
    if (data.slotOf.size !== n) throw new SnapshotRejected('its job ids repeat');
    data.flags.set(flags);
    for (let slot = 0; slot < n; slot++) {
      const word = slot >>> 5;
      const mask = 1 << (slot & 31);
      FLAG_BITSETS.forEach((bit, i) => {
        if (flags[slot]! & bit) data.flagBits[i]![word]! |= mask;
      });
    }
    for (const [name, dictionary, keys, target] of [
      ['locations', data.locations, columns.locationKeys, data.locationKeys],
      ['types', data.types, columns.typeKeys, data.typeKeys],
      ['companies', data.companies, columns.companyKeys, data.companyKeys],
    ] as const) {
      for (const value of file.strings(name)) dictionary.key(value);
      const count = dictionary.values.length;
      for (let slot = 0; slot < n; slot++) if (keys[slot]! >= count || keys[slot]! < (name === 'companies' ? -1 : 0)) throw new SnapshotRejected(`its ${name} keys are out of range`);
      target.set(keys);
    }
    const keys = file.strings('postingKeys');
    const meta = file.i32('postingMeta');
    const words = file.u32('postingData');
    if (meta.length !== keys.length * 3) throw new SnapshotRejected('its postings do not match their keys');
    let at = 0;
    keys.forEach((key, i) => {
      const length = meta[i * 3 + 2]!;
      if (key.length !== 3 || length < 0 || at + length > words.length) throw new SnapshotRejected('its postings are malformed');
      const posting = data.postings.getOrAdd(trigramKey(key, 0));
      posting.count = meta[i * 3 + 1]!;
      if (meta[i * 3] === 1) {
        posting.bits = words.slice(at, at + length);
        posting.list = null;
      } else {
        posting.list = new Int32Array(words.subarray(at, at + length));
        if (posting.count !== length) throw new SnapshotRejected('its postings are malformed');
      }
      at += length;
    });
    if (at !== words.length) throw new SnapshotRejected('its postings are malformed');
    const seen = new Uint8Array(n);
    for (const slot of order) {
      if (slot < 0 || slot >= n || seen[slot]) throw new SnapshotRejected('its order is not one of the jobs');
      seen[slot] = 1;
    }
    data.order = new Int32Array(order);
    data.rankOf = new Int32Array(data.capacity);
    for (let rank = 0; rank < n; rank++) data.rankOf[order[rank]!] = rank;
    // The vocabulary is not in the file: made again from the search texts it holds.
    for (let slot = 0; slot < n; slot++) data.vocabulary.add(vocabularyWords(data.vocabularyText(slot)));
    return data;
  }

  /** Distinct words of the vocabulary ("Did you mean"). */
  get vocabularySize() {
    return this.vocabulary.size;
  }

  /**
   * For a search that found nothing: its keywords with the ones that find no job on their own
   * replaced by the closest vocabulary word, when that corrected search finds jobs (ADR 090).
   */
  didYouMean(search: SearchPlan): string[] | null {
    if (search.keywords.length === 0 || this.vocabulary.size === 0) return null;
    const alone = (word: string): SearchPlan => ({ required: 0, forbidden: 0, keywords: [word], locationWords: [], type: null, companyId: null, skip: 0, limit: 0 });
    const corrected = correctedWords(search.keywords, this.vocabulary, (word) => this.search(alone(word)).total > 0);
    if (corrected === null) return null;
    return this.search({ ...search, keywords: [...new Set(corrected)], skip: 0, limit: 0 }).total > 0 ? corrected : null;
  }

  stats(): SearchIndexStats {
    let typedArrayBytes =
      this.flags.byteLength +
      this.locationKeys.byteLength +
      this.typeKeys.byteLength +
      this.companyKeys.byteLength +
      this.order.byteLength +
      this.rankOf.byteLength +
      this.candidates.byteLength +
      this.scratch.byteLength +
      this.flagBits.reduce((sum, bits) => sum + bits.byteLength, 0) +
      this.postings.bytes();
    let denseTrigrams = 0;
    let postingEntries = 0;
    for (const posting of this.postings.all) {
      typedArrayBytes += posting.bytes();
      if (posting.bits) denseTrigrams++;
      else postingEntries += posting.count;
    }
    return { jobs: this.size, trigrams: this.postings.all.length, denseTrigrams, postingEntries, typedArrayBytes };
  }
}

export interface JobSearchAnswer {
  jobs: Job[];
  total: number;
  /** `read-store`: the index was not loaded or not caught up yet (see `holdsWhatSearchMustSee`). */
  answeredBy: 'index' | 'read-store';
  /** When nothing matched: the search's keywords corrected to words the board holds, if that finds jobs (ADR 090). */
  didYouMean?: string[];
}

/** `ReadModelMirror`'s options (`progress`, `pageSize`, `maxWaitMs`, `verifyEveryMs`, `onError`, `now`), loads told in jobs. */
export interface JobSearchIndexOptions extends Omit<ReadModelMirrorOptions, 'onLoad'> {
  /** Told after each load: full (every job) or incremental (the jobs changed since the last one). */
  onLoad?: (load: { kind: 'full' | 'incremental'; jobs: number; ms: number }) => void;
  /** `Job`s kept in memory for pages (default 20,000); the others are read by id when a page shows them. */
  jobCacheSize?: number;
  /**
   * Where the index is saved with its position, and loaded from at start instead of being built
   * from the read store (ADR 085). `source` names the read store it was built from (a snapshot of
   * another one is not used). Without it, every start builds the index from the read store.
   */
  snapshot?: { file: string; source: string; everyMs?: number };
  /** Told what became of the snapshot: restored, saved, or why none was used (the app logs it). */
  onSnapshot?: (event: SearchIndexSnapshotEvent) => void;
}

export type SearchIndexSnapshotEvent =
  | { kind: 'restored'; jobs: number; position: string; bytes: number; ms: number }
  | { kind: 'saved'; jobs: number; position: string; bytes: number; ms: number }
  | { kind: 'missing'; file: string }
  /** Not used: damaged, another format or read model version, another source, or given up for a rebuild. The index is built from the read store. */
  | { kind: 'rejected'; reason: string }
  | { kind: 'failed'; error: unknown };

/**
 * The layout of `IndexData` in a snapshot: one more whenever `toSnapshot`/`fromSnapshot` change,
 * so that an older file is rebuilt rather than misread.
 */
export const SEARCH_INDEX_FORMAT = 2;

interface SnapshotMeta {
  format: number;
  /** The read model and its version (`job-board_v4`). */
  readModel: string;
  source: string;
  checkpoint: string;
  generation: number;
  jobs: number;
  /** Kept keywords, most recently searched first: computed again after the restore. */
  keywords: string[];
  savedAt: string;
}

/**
 * The board's search index. `start()` loads it in the background; `search()` answers exactly
 * what `searchJobs()` would over the read model as it stood when the search began, or at least
 * as far as `request.caughtUpWith(index)` waited for (read-your-writes: call it first). Following
 * the read model (loads, catch-ups, the read-store fallback) is `ReadModelMirror`'s.
 */
export class JobSearchIndex {
  private readonly mirror: ReadModelMirror<JobBoardDocument, IndexData>;

  /** The read models its answers come from (read-your-writes waits for them, ADR 054). */
  get readModels(): readonly string[] {
    return this.mirror.readModels;
  }

  /** The jobs of a page that the index does not keep, read by id. */
  private readonly readJobs = async (ids: readonly string[]): Promise<Job[]> =>
    (await jobsCollection(this.readStore).find({ _id: { $in: [...ids] } }, { limit: ids.length })).map(toJob);

  constructor(
    private readonly readStore: ReadStore,
    options: JobSearchIndexOptions = {},
  ) {
    const { onLoad, jobCacheSize: _jobCacheSize, snapshot, onSnapshot: _onSnapshot, ...mirrorOptions } = options;
    this.mirror = new ReadModelMirror(
      readStore,
      {
        projection: jobBoardProjection,
        collection: jobsCollection,
        createData: () => new IndexData(this.readJobs, options.jobCacheSize),
        finishFullLoad: (data, previous) => {
          data.trim();
          data.keepKeywords(previous?.recentKeywords(WARM_KEYWORDS) ?? []);
        },
        snapshots: snapshot && this.snapshots(snapshot, options),
      },
      {
        ...mirrorOptions,
        snapshotEveryMs: snapshot?.everyMs,
        onSnapshotDiscarded: (reason) => options.onSnapshot?.({ kind: 'rejected', reason }),
        onLoad: onLoad && (({ kind, documents, ms }) => onLoad({ kind, jobs: documents, ms })),
      },
    );
  }

  private snapshots(snapshot: NonNullable<JobSearchIndexOptions['snapshot']>, options: JobSearchIndexOptions): MirrorSnapshots<IndexData> {
    const tell = (event: SearchIndexSnapshotEvent) => options.onSnapshot?.(event);
    const readModel = checkpointName(jobBoardProjection);
    return {
      restore: async () => {
        const started = performance.now();
        try {
          const file = await readSnapshotFile<SnapshotMeta>(snapshot.file, (meta) => {
            if (meta?.format !== SEARCH_INDEX_FORMAT) return `it is of index format ${String(meta?.format)}, this version reads ${SEARCH_INDEX_FORMAT}`;
            if (meta.readModel !== readModel) return `it was built from ${meta.readModel}, this version reads ${readModel}`;
            if (meta.source !== snapshot.source) return 'it was built from another read store';
            if (typeof meta.checkpoint !== 'string' || typeof meta.generation !== 'number') return 'its position is missing';
            return null;
          });
          if (!file) {
            tell({ kind: 'missing', file: snapshot.file });
            return null;
          }
          const data = IndexData.fromSnapshot(file, this.readJobs, options.jobCacheSize);
          data.keepKeywords(Array.isArray(file.meta.keywords) ? file.meta.keywords.filter((word) => typeof word === 'string').slice(0, WARM_KEYWORDS) : []);
          tell({ kind: 'restored', jobs: data.size, position: file.meta.checkpoint, bytes: file.bytes, ms: performance.now() - started });
          return { data, checkpoint: file.meta.checkpoint, generation: file.meta.generation };
        } catch (error) {
          tell(error instanceof SnapshotRejected ? { kind: 'rejected', reason: error.message } : { kind: 'failed', error });
          return null;
        }
      },
      save: async (data, checkpoint, generation) => {
        const started = performance.now();
        try {
          const meta: SnapshotMeta = { format: SEARCH_INDEX_FORMAT, readModel, source: snapshot.source, checkpoint, generation, jobs: data.size, keywords: data.recentKeywords(WARM_KEYWORDS), savedAt: new Date().toISOString() };
          const { bytes } = await writeSnapshotFile(snapshot.file, meta, data.toSnapshot());
          tell({ kind: 'saved', jobs: data.size, position: checkpoint, bytes, ms: performance.now() - started });
        } catch (error) {
          // A snapshot is an optimisation: the next start rebuilds without it.
          tell({ kind: 'failed', error });
        }
      },
    };
  }

  get size() {
    return this.mirror.current?.size ?? 0;
  }

  /** Whether a load has completed (searches are answered from memory). */
  get loaded() {
    return this.mirror.current !== null;
  }

  /** Loads, for tests and logs. */
  get fullLoads() {
    return this.mirror.fullLoads;
  }

  get incrementalLoads() {
    return this.mirror.incrementalLoads;
  }

  /** Snapshots restored at start (then caught up), and saved. */
  get restoredLoads() {
    return this.mirror.restoredLoads;
  }

  get snapshotsSaved() {
    return this.mirror.snapshotsSaved;
  }

  /** Searches waiting now for a load or catch-up of the index (tests wait for it instead of sleeping). */
  get waitingSearches() {
    return this.mirror.waitingAnswers;
  }

  /** Searches answered from memory, and by the read store while the index was not ready. */
  get answers() {
    return this.mirror.answers;
  }

  stats(): SearchIndexStats | null {
    return this.mirror.current?.stats() ?? null;
  }

  /** Distinct words "Did you mean" chooses from (ADR 090). */
  get vocabularySize(): number {
    return this.mirror.current?.vocabularySize ?? 0;
  }

  /**
   * Loads every job in the background, and from then on catches up as soon as `progress`
   * tells that the job board moved on (so that searches seldom find the index behind).
   */
  start(): void {
    this.mirror.start();
  }

  /** Stops following the read model; a load under way ends at its next page. */
  stop(): Promise<void> {
    return this.mirror.stop();
  }

  /** Brings the index up to date with the read model now, verifying its size (full reload if needed). */
  refresh(): Promise<void> {
    return this.mirror.refresh();
  }

  /**
   * One page of the board and how many jobs match in all: what `searchJobs` answers, and who
   * answered (`read-store` only while the index is not loaded or not caught up yet: it waits
   * for the load at most `maxWaitMs`, see `ReadModelMirror`). A search the index cannot answer
   * throws `UnsupportedJobSearchError`: it is never sent elsewhere.
   */
  async search(search: JobSearch): Promise<JobSearchAnswer> {
    const searchPlan = plan(search);
    const { answer, answeredBy } = await this.mirror.answer<{ jobs: Job[] | Promise<Job[]>; total: number; didYouMean?: string[] }>(
      (data) => {
        const { slots, total } = data.search(searchPlan);
        const didYouMean = total === 0 ? data.didYouMean(searchPlan) : null;
        return { jobs: slots.length === 0 ? [] : data.jobsOf(slots), total, ...(didYouMean ? { didYouMean } : {}) };
      },
      // Only the index knows the vocabulary: while it loads, no suggestion.
      () => searchJobs(this.readStore, search),
    );
    return { jobs: await answer.jobs, total: answer.total, answeredBy, ...(answer.didYouMean ? { didYouMean: answer.didYouMean } : {}) };
  }
}

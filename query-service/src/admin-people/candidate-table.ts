import type { AdminCandidateList, AdminCandidateListQuery } from '@hireloop/contracts';
import { compareCodePoints, type ReadStore } from '@hireloop/platform/read-store';
import { adminPeopleProjection, toAdminCandidate, type AdminCandidateDocument } from '@hireloop/projections/admin-people/projection';
import { adminCandidatesCollection, clampPage, listAdminCandidates, type AdminSort } from '@hireloop/projections/admin-people/queries';
import { ReadModelMirror, type MirrorData, type ReadModelMirrorOptions } from '../shared/read-model-mirror';

/** Searches whose matching rows are kept (per order), least recently used dropped first. */
const MATCH_CACHE = 32;

const SORTS: readonly AdminSort[] = ['newest', 'oldest', 'name'];

const SEPARATOR = '\u0000';

/** Changes moved into the orders one by one before the next answer sorts them whole instead (a large catch-up). */
const MOVES_BEFORE_SORT = 2000;

/**
 * The admin Candidates table in memory (ADR 038), as Browse Candidates is (ADR 026): the
 * `admin-people` read model's `admin-candidates` followed through `ReadModelMirror`, and
 * `listAdminCandidates` (the read store) the reference that answers while it is not ready.
 *
 * Each row is a slot holding its document and its three lower-cased texts (in one string). The live slots are
 * kept in each of the three orders: sorted whole once (a sort of 50,000 rows takes tens of
 * milliseconds), then each change moves its slot in place (a binary search and a splice); a search
 * scans one order and tests each row's texts (`includes`, the spec's own rule), and its
 * matches are kept for the next pages (emptied by any change). A page is then a slice.
 */
export class AdminCandidateTableData implements MirrorData<AdminCandidateDocument> {
  size = 0;
  private readonly slotOf = new Map<string, number>();
  private readonly docs: Array<AdminCandidateDocument | null> = [];
  /** Each live row's three lower-cased texts in one string, a NUL between them (one `includes` per row). */
  private readonly texts: string[] = [];
  /** The live slots in each order; a change moves its slot in place (a binary search and a splice each). */
  private readonly orders = new Map<AdminSort, number[]>();
  private readonly matches = new Map<string, Int32Array>();
  /** Changes moved in place since the orders were last sorted whole. */
  private moved = 0;

  upsert(doc: AdminCandidateDocument) {
    let slot = this.slotOf.get(doc._id);
    if (slot === undefined) {
      slot = this.docs.length;
      this.slotOf.set(doc._id, slot);
      this.docs.push(null);
      this.texts.push('');
      this.size++;
    }
    this.matches.clear();
    // Past this many, sorting whole again (lazily) is cheaper than moving each one.
    if (++this.moved > MOVES_BEFORE_SORT) this.orders.clear();
    // Out of each order at its old place, then (an erased person's tombstone, a staff account without a profile: not listed, ADR 070) in at its new one.
    if (this.docs[slot]) for (const [sort, order] of this.orders) order.splice(this.place(sort, order, slot), 1);
    this.docs[slot] = doc.listed ? doc : null;
    this.texts[slot] = !doc.listed ? '' : `${doc.firstNameText}${SEPARATOR}${doc.lastNameText}${SEPARATOR}${doc.emailText}`;
    if (this.docs[slot]) for (const [sort, order] of this.orders) order.splice(this.place(sort, order, slot), 0, slot);
  }

  /** Where `slot` is, or goes, in `order` (its rows are all distinct in every order: the id breaks ties). */
  private place(sort: AdminSort, order: readonly number[], slot: number): number {
    const compare = this.compare(sort);
    let low = 0;
    let high = order.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (compare(order[middle]!, slot) < 0) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  private compare(sort: AdminSort): (a: number, b: number) => number {
    const docs = this.docs as AdminCandidateDocument[];
    const byId = (a: number, b: number) => compareCodePoints(docs[a]!._id, docs[b]!._id);
    switch (sort) {
      case 'newest':
        return (a, b) => compareCodePoints(docs[b]!.createdAt, docs[a]!.createdAt) || byId(a, b);
      case 'oldest':
        return (a, b) => compareCodePoints(docs[a]!.createdAt, docs[b]!.createdAt) || byId(a, b);
      case 'name':
        return (a, b) => compareCodePoints(docs[a]!.nameKey, docs[b]!.nameKey) || compareCodePoints(docs[b]!.createdAt, docs[a]!.createdAt) || byId(a, b);
    }
  }

  /** The live slots in `sort`'s order (sorted whole when there is none yet). */
  private order(sort: AdminSort): readonly number[] {
    let order = this.orders.get(sort);
    if (!order) {
      order = [];
      for (let slot = 0; slot < this.docs.length; slot++) if (this.docs[slot]) order.push(slot);
      order.sort(this.compare(sort));
      this.orders.set(sort, order);
      this.moved = 0;
    }
    return order;
  }

  /** The slots matching `search` (lower-cased, non-empty) in `sort`'s order. */
  private matching(sort: AdminSort, search: string): Int32Array {
    const key = `${sort}\n${search}`;
    const kept = this.matches.get(key);
    if (kept) {
      this.matches.delete(key);
      this.matches.set(key, kept);
      return kept;
    }
    const order = this.order(sort);
    const found = new Int32Array(order.length);
    let count = 0;
    // A text holding the separator would match across two of a row's texts: it is in none of them.
    if (!search.includes(SEPARATOR)) {
      const texts = this.texts;
      for (let i = 0; i < order.length; i++) {
        const slot = order[i]!;
        if (texts[slot]!.includes(search)) found[count++] = slot;
      }
    }
    const matches = found.slice(0, count);
    if (this.matches.size >= MATCH_CACHE) this.matches.delete(this.matches.keys().next().value!);
    this.matches.set(key, matches);
    return matches;
  }

  list(query: AdminCandidateListQuery): AdminCandidateList {
    const search = query.search.toLowerCase();
    const rows = search ? this.matching(query.sort, search) : this.order(query.sort);
    const total = rows.length;
    const { page, totalPages } = clampPage(total, query.page, query.pageSize);
    const start = (page - 1) * query.pageSize;
    const candidates = Array.from(rows.slice(start, start + query.pageSize), (slot) => toAdminCandidate(this.docs[slot]!));
    return { candidates, total, page, pageSize: query.pageSize, totalPages };
  }

  /** Sorts the three orders ahead of the first answers (after a full load). */
  warm() {
    for (const sort of SORTS) this.order(sort);
  }

  /** Forgets the kept matches (benchmarks: what a new search costs). */
  forgetMatches() {
    this.matches.clear();
  }
}

export class AdminCandidateTable {
  private readonly mirror: ReadModelMirror<AdminCandidateDocument, AdminCandidateTableData>;

  /** The read models its answers come from (read-your-writes waits for them, ADR 054). */
  get readModels(): readonly string[] {
    return this.mirror.readModels;
  }

  constructor(
    private readonly readStore: ReadStore,
    options: ReadModelMirrorOptions = {},
  ) {
    this.mirror = new ReadModelMirror(
      readStore,
      {
        projection: adminPeopleProjection,
        collection: adminCandidatesCollection,
        createData: () => new AdminCandidateTableData(),
        finishFullLoad: (data) => data.warm(),
      },
      options,
    );
  }

  /** Answers given from memory, and by the read store while the table was not ready. */
  get answers() {
    return this.mirror.answers;
  }

  start() {
    this.mirror.start();
  }

  stop() {
    return this.mirror.stop();
  }

  /** Brings the table up to date now (tests). */
  refresh() {
    return this.mirror.refresh();
  }

  /** The same answer as `listAdminCandidates(readStore, query)`, from memory when it holds what the answer must see. */
  async list(query: AdminCandidateListQuery): Promise<AdminCandidateList & { answeredBy: 'index' | 'read-store' }> {
    const { answer, answeredBy } = await this.mirror.answer(
      (data) => data.list(query),
      () => listAdminCandidates(this.readStore, query),
    );
    return { ...answer, answeredBy };
  }
}

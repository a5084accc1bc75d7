import type { AdminCandidateList, AdminCandidateListQuery } from '@hireloop/contracts';
import { compareCodePoints, type ReadStore } from '@hireloop/platform/read-store';
import { adminPeopleProjection, toAdminCandidate, type AdminCandidateDocument } from '@hireloop/projections/admin-people/projection';
import { adminCandidatesCollection, clampPage, listAdminCandidates, type AdminSort } from '@hireloop/projections/admin-people/queries';
import { ReadModelMirror, type MirrorData, type ReadModelMirrorOptions } from '../shared/read-model-mirror';

/** Searches whose matching rows are kept (per order), least recently used dropped first. */
const MATCH_CACHE = 32;

const SORTS: readonly AdminSort[] = ['newest', 'oldest', 'name'];

/**
 * The admin Candidates table in memory (ADR 038), as Browse Candidates is (ADR 026): the
 * `admin-people` read model's `candidates` followed through `ReadModelMirror`, and
 * `listAdminCandidates` (the read store) the reference that answers while it is not ready.
 *
 * Each row is a slot holding its document and its three lower-cased texts. The live slots are
 * kept in each of the three orders, sorted again lazily after a change (one sort of 50,000 rows
 * is a few milliseconds, and changes are rare next to reads); a search scans one order and tests
 * each row's three texts (`includes`, the spec's own rule), and its matches are kept for the next
 * pages (emptied by any change). A page is then a slice.
 */
export class AdminCandidateTableData implements MirrorData<AdminCandidateDocument> {
  size = 0;
  private readonly slotOf = new Map<string, number>();
  private readonly docs: Array<AdminCandidateDocument | null> = [];
  private readonly orders = new Map<AdminSort, Int32Array>();
  private readonly matches = new Map<string, Int32Array>();

  upsert(doc: AdminCandidateDocument) {
    let slot = this.slotOf.get(doc._id);
    if (slot === undefined) {
      slot = this.docs.length;
      this.slotOf.set(doc._id, slot);
      this.docs.push(null);
      this.size++;
    }
    // An erased person's tombstone: nothing of theirs is kept.
    this.docs[slot] = doc.erased ? null : doc;
    this.orders.clear();
    this.matches.clear();
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

  /** The live slots in `sort`'s order (made again after a change). */
  private order(sort: AdminSort): Int32Array {
    let order = this.orders.get(sort);
    if (!order) {
      const live: number[] = [];
      for (let slot = 0; slot < this.docs.length; slot++) if (this.docs[slot]) live.push(slot);
      live.sort(this.compare(sort));
      order = Int32Array.from(live);
      this.orders.set(sort, order);
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
    for (let i = 0; i < order.length; i++) {
      const doc = this.docs[order[i]!]!;
      if (doc.firstNameText.includes(search) || doc.lastNameText.includes(search) || doc.emailText.includes(search)) found[count++] = order[i]!;
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
    const candidates = Array.from(rows.subarray(start, start + query.pageSize), (slot) => toAdminCandidate(this.docs[slot]!));
    return { candidates, total, page, pageSize: query.pageSize, totalPages };
  }

  /** Sorts the three orders ahead of the first answers (after a full load). */
  warm() {
    for (const sort of SORTS) this.order(sort);
  }
}

export class AdminCandidateTable {
  private readonly mirror: ReadModelMirror<AdminCandidateDocument, AdminCandidateTableData>;

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

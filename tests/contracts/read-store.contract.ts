import { find } from 'mingo';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { encodePosition } from '@hireloop/platform/event-store/position';
import {
  CollectionNotFoundError,
  escapeRegex,
  ReadStoreQueryError,
  shadowCollection,
  TransactionAbortedError,
  UniqueConstraintError,
  type Doc,
  type Filter,
  type FindOptions,
  type ReadStore,
  type Scalar,
  type SortSpec,
} from '@hireloop/platform/read-store';

export interface ReadStoreFixture {
  /** A store with no collections and no checkpoints. */
  store: ReadStore;
  teardown(): Promise<void>;
}

export type ReadStoreFactory = () => Promise<ReadStoreFixture>;

// ---------------------------------------------------------------------------------------------
// Fixtures and helpers

export interface Person extends Doc {
  name?: string;
  age?: number | string;
  tags?: Scalar[] | string;
  address?: { city?: string; zip?: string } | null;
  active?: boolean;
  nickname?: string | null;
  joined?: string;
}

/** Mixed on purpose: missing fields, nulls, arrays, a scalar where others have arrays, a number stored as a string. */
export const PEOPLE: readonly Person[] = [
  {
    _id: 'p01',
    name: 'Ada Lovelace',
    age: 36,
    tags: ['math', 'poetry'],
    address: { city: 'London', zip: 'N1' },
    active: true,
    joined: '2024-01-15T10:00:00.000Z',
  },
  {
    _id: 'p02',
    name: 'alan turing',
    age: 41,
    tags: ['math', 'cs'],
    address: { city: 'Manchester' },
    active: false,
    joined: '2023-06-01T09:00:00.000Z',
  },
  {
    _id: 'p03',
    name: 'Grace Hopper',
    age: 85,
    tags: ['cs', 'navy'],
    address: { city: 'New York', zip: '10001' },
    active: true,
    nickname: null,
    joined: '2024-01-15T10:00:00.000Z',
  },
  { _id: 'p04', name: 'Edsger Dijkstra', age: '72', tags: [], address: null, joined: '2022-11-30T23:59:59.999Z' },
  { _id: 'p05', name: "O'Brien (50% off) [a.b]", tags: 'solo', nickname: 'OB' },
  {
    _id: 'p06',
    name: 'Barbara Liskov',
    age: 84,
    tags: ['cs', null],
    address: { city: 'los angeles' },
    active: true,
    nickname: 'Babs',
    joined: '2025-03-01T00:00:00.000Z',
  },
  { _id: 'p07', name: 'Zed', age: 9.5, tags: ['Math'], active: false },
];

let collectionCounter = 0;
/** A fresh, valid collection name. */
export const uniqueName = (prefix = 'c'): string => `${prefix}_${process.pid}_${++collectionCounter}`;

const position = (n: number) => encodePosition(1, n);

async function seed(store: ReadStore, name: string, docs: readonly Doc[]): Promise<void> {
  await store.ensureCollection(name);
  await store.transaction(async (tx) => {
    const collection = tx.collection(name);
    for (const doc of docs) await collection.put(doc);
  });
}

const idsOf = (docs: readonly Doc[]): string[] => docs.map((doc) => doc._id);

async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => new Error('expected a rejection, but the promise resolved'),
    (error: unknown) => error,
  );
}

const codePointOrder = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** The reference semantics: mingo over documents in _id order (the adapters' tie-break). */
export function mingoReference(docs: readonly Doc[], filter: Filter, options: FindOptions = {}): string[] {
  const ordered = [...docs].sort((a, b) => codePointOrder(a._id, b._id));
  let result: Doc[] = find<Doc>(ordered, filter).all();
  if (options.sort && Object.keys(options.sort).length > 0) result = find<Doc>(result, {}).sort(options.sort).all();
  const skip = options.skip ?? 0;
  return idsOf(result.slice(skip, options.limit === undefined ? undefined : skip + options.limit));
}

// ---------------------------------------------------------------------------------------------
// Random documents and filters (seeded, so failures are reproducible)

export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const STRINGS = [
  'alpha',
  'Alpha',
  'ALPHA beta',
  'beta',
  'gamma',
  'a.b',
  'a-b',
  "o'neil",
  '50%_off',
  'x"y',
  'back\\slash',
  '(paren) [bracket] {brace} $dollar ^caret *star +plus ?q |bar',
  '',
  'é',
  'École',
  'zeta',
  '10',
  '9',
  '2024-01-01T00:00:00.000Z',
  '2024-06-30T12:00:00.000Z',
  "'; DROP TABLE x; --",
];
const NUMBERS = [-5, -1.5, 0, 1, 2, 2.5, 3, 9, 10, 42, 1e6];

export class Generator {
  constructor(private readonly random: () => number) {}
  int(max: number): number {
    return Math.floor(this.random() * max);
  }
  chance(p: number): boolean {
    return this.random() < p;
  }
  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)]!;
  }
  string(): string {
    return this.pick(STRINGS);
  }
  number(): number {
    return this.pick(NUMBERS);
  }
  scalar(): Scalar {
    const r = this.random();
    if (r < 0.4) return this.string();
    if (r < 0.75) return this.number();
    if (r < 0.87) return this.chance(0.5);
    return null;
  }
  stringOrNumber(): string | number {
    return this.chance(0.5) ? this.string() : this.number();
  }
  scalars(max: number): Scalar[] {
    return Array.from({ length: this.int(max + 1) }, () => this.scalar());
  }

  document(index: number): Doc {
    const doc: Doc = { _id: `d${String(index).padStart(3, '0')}` };
    if (!this.chance(0.1)) doc.s = this.chance(0.8) ? this.string() : this.scalar();
    if (!this.chance(0.1)) doc.n = this.chance(0.8) ? this.number() : this.scalar();
    if (!this.chance(0.15)) {
      const r = this.random();
      doc.tags = r < 0.75 ? this.scalars(4) : r < 0.9 ? this.scalar() : [this.scalars(2), this.scalar()];
    }
    if (!this.chance(0.15)) {
      const r = this.random();
      if (r < 0.8) {
        const o: Record<string, unknown> = {};
        if (!this.chance(0.2)) o.x = this.chance(0.8) ? this.scalar() : this.scalars(3);
        if (!this.chance(0.2)) o.y = this.string();
        doc.o = o;
      } else {
        doc.o = r < 0.9 ? null : this.number();
      }
    }
    if (!this.chance(0.3)) doc.b = this.chance(0.9) ? this.chance(0.5) : null;
    return doc;
  }

  leaf(): Filter {
    const field = this.pick(['s', 'n', 'tags', 'o.x', 'o.y', 'b', 'nope', 'o.nope']);
    const comparison = () => this.pick(['$gt', '$gte', '$lt', '$lte'] as const);
    switch (this.int(14)) {
      case 0:
      case 1:
        return { [field]: this.scalar() };
      case 2:
        return { [field]: { $eq: this.scalar() } };
      case 3:
        return { [field]: { $ne: this.scalar() } };
      case 4:
      case 5:
        return { [field]: { [comparison()]: this.stringOrNumber() } };
      case 6:
        return { [field]: { [comparison()]: this.stringOrNumber(), [comparison()]: this.stringOrNumber() } };
      case 7:
        return { [field]: { $in: this.scalars(3) } };
      case 8:
        return { [field]: { $nin: this.scalars(3) } };
      case 9:
        return { [field]: { $exists: this.chance(0.5) } };
      case 10:
        return { [field]: { $all: this.scalars(2) } };
      case 11:
        return { [field]: { $size: this.int(4) } };
      default: {
        const source = this.string();
        const start = this.int(source.length + 1);
        const text = source.slice(start, start + 1 + this.int(4));
        const anchorStart = this.chance(0.2) && start === 0;
        const anchorEnd = this.chance(0.2) && start + text.length === source.length;
        const pattern = `${anchorStart ? '^' : ''}${escapeRegex(text)}${anchorEnd ? '$' : ''}`;
        return { [field]: { $regex: pattern, $options: this.chance(0.7) ? 'i' : '' } };
      }
    }
  }

  filter(depth = 0): Filter {
    const r = this.random();
    if (depth >= 2 || r < 0.45) return this.leaf();
    const children = Array.from({ length: 1 + this.int(3) }, () => this.filter(depth + 1));
    if (r < 0.6) return { $and: children };
    if (r < 0.8) return { $or: children };
    if (r < 0.9) return { $nor: children };
    // Implicit AND: several fields (or one field twice, the later one wins as in any JS object).
    return Object.assign({}, this.leaf(), this.leaf());
  }

  sort(): SortSpec | undefined {
    if (this.chance(0.4)) return undefined;
    const keys = ['s', 'n', 'b', 'o.y'];
    const spec: SortSpec = {};
    for (let count = 1 + this.int(2); count > 0; count--) spec[this.pick(keys)] = this.chance(0.5) ? 1 : -1;
    return spec;
  }
}

// ---------------------------------------------------------------------------------------------
// The contract every adapter must honour

export function readStoreContract(name: string, factory: ReadStoreFactory): void {
  describe(`${name} read store`, () => {
    let fixture: ReadStoreFixture;
    let store: ReadStore;

    beforeEach(async () => {
      fixture = await factory();
      store = fixture.store;
    });

    afterEach(async () => {
      await fixture.teardown();
    });

    describe('documents', () => {
      it('puts and gets documents; a missing id reads as null', async () => {
        const name = uniqueName();
        await seed(store, name, PEOPLE);
        expect(await store.collection<Person>(name).get('p03')).toEqual(PEOPLE[2]);
        expect(await store.collection(name).get('nope')).toBeNull();
        expect(await store.collection(name).count()).toBe(PEOPLE.length);
      });

      it('put replaces the whole document', async () => {
        const name = uniqueName();
        await seed(store, name, [{ _id: 'a', x: 1, y: { z: 2 }, tags: ['t'] }]);
        await store.transaction(async (tx) => {
          await tx.collection(name).put({ _id: 'a', x: 2 });
        });
        expect(await store.collection(name).get('a')).toEqual({ _id: 'a', x: 2 });
        expect(await store.collection(name).count({ tags: 't' })).toBe(0);
      });

      it('putMany writes a batch in one call; a later document with the same id wins', async () => {
        const name = uniqueName();
        await seed(store, name, [{ _id: 'a', x: 0 }]);
        await store.transaction(async (tx) => {
          await tx.collection(name).putMany([
            { _id: 'a', x: 1 },
            { _id: 'b', x: 2 },
            { _id: 'a', x: 3, y: 'last' },
          ]);
          await tx.collection(name).putMany([]);
          expect(await tx.collection(name).get('a')).toEqual({ _id: 'a', x: 3, y: 'last' });
        });
        expect(await store.collection(name).find({}, { sort: { _id: 1 } })).toEqual([
          { _id: 'a', x: 3, y: 'last' },
          { _id: 'b', x: 2 },
        ]);
      });

      it('stores copies: neither the written nor the returned objects alias the stored document', async () => {
        const name = uniqueName();
        await store.ensureCollection(name);
        const input = { _id: 'a', list: [1, 2], nested: { v: 'x' } };
        await store.transaction(async (tx) => {
          await tx.collection(name).put(input);
          input.list.push(3);
          input.nested.v = 'changed in transaction';
        });
        input.nested.v = 'changed after';
        const read = await store.collection(name).get('a');
        expect(read).toEqual({ _id: 'a', list: [1, 2], nested: { v: 'x' } });
        const found = await store.collection(name).find({ _id: 'a' });
        found[0]!.nested = 'mutated';
        expect(await store.collection(name).get('a')).toEqual({ _id: 'a', list: [1, 2], nested: { v: 'x' } });
      });

      it('stores JSON: undefined fields vanish and dates become ISO strings', async () => {
        const name = uniqueName();
        await store.ensureCollection(name);
        await store.transaction(async (tx) => {
          await tx.collection(name).put({ _id: 'a', gone: undefined, at: new Date('2024-05-06T07:08:09.000Z') });
        });
        expect(await store.collection(name).get('a')).toEqual({ _id: 'a', at: '2024-05-06T07:08:09.000Z' });
        expect(await store.collection(name).count({ gone: { $exists: true } })).toBe(0);
      });

      it('rejects documents without a string _id or with unstorable strings', async () => {
        const name = uniqueName();
        await store.ensureCollection(name);
        for (const doc of [{ _id: '' }, { _id: 5 }, { _id: 'a', text: 'nul\u0000char' }]) {
          const error = await rejectionOf(
            store.transaction(async (tx) => {
              // Deliberately invalid input, as it could arrive from untyped code.
              await tx.collection(name).put(JSON.parse(JSON.stringify(doc)) as Doc);
            }),
          );
          expect(error).toBeInstanceOf(ReadStoreQueryError);
        }
        expect(await store.collection(name).count()).toBe(0);
      });

      it('deletes one document, and many by filter returning how many', async () => {
        const name = uniqueName();
        await seed(store, name, PEOPLE);
        const deleted = await store.transaction(async (tx) => {
          const people = tx.collection(name);
          await people.delete('p01');
          await people.delete('does-not-exist');
          return people.deleteMany({ tags: 'cs' });
        });
        expect(deleted).toBe(3);
        expect(idsOf(await store.collection(name).find())).toEqual(['p04', 'p05', 'p07']);
        const rest = await store.transaction((tx) => tx.collection(name).deleteMany());
        expect(rest).toBe(3);
        expect(await store.collection(name).count()).toBe(0);
      });

      it('dropCollection removes every document but keeps the collection usable', async () => {
        const name = uniqueName();
        await seed(store, name, PEOPLE);
        await store.dropCollection(name);
        expect(await store.collection(name).count()).toBe(0);
        await seed(store, name, PEOPLE.slice(0, 2));
        expect(await store.collection(name).count()).toBe(2);
      });

      it('stores and matches values containing quotes and SQL text literally', async () => {
        const name = uniqueName();
        const nasty = `Robert'); DROP TABLE students; -- "quoted" \\ $1 %_ {a,b} '{x}'`;
        await seed(store, name, [
          { _id: "id'with\"quotes", text: nasty, tags: [nasty] },
          { _id: 'plain', text: 'plain' },
        ]);
        const people = store.collection(name);
        expect(await people.get("id'with\"quotes")).toEqual({ _id: "id'with\"quotes", text: nasty, tags: [nasty] });
        expect(idsOf(await people.find({ text: nasty }))).toEqual(["id'with\"quotes"]);
        expect(idsOf(await people.find({ tags: { $in: [nasty] } }))).toEqual(["id'with\"quotes"]);
        expect(idsOf(await people.find({ text: { $regex: escapeRegex("'); DROP"), $options: 'i' } }))).toEqual([
          "id'with\"quotes",
        ]);
        expect(idsOf(await people.find({ text: { $gt: "Robert'" } }))).toEqual(["id'with\"quotes", 'plain']);
        expect(await people.count()).toBe(2);
      });
    });

    describe('collections', () => {
      it('rejects invalid collection names', async () => {
        const invalid = ['', 'Upper', '1starts-with-digit', 'has space', "x'; DROP TABLE y; --", 'dot.ted', 'a'.repeat(52), 'quote"d'];
        for (const bad of invalid) {
          expect(() => store.collection(bad), bad).toThrow(ReadStoreQueryError);
          expect(await rejectionOf(store.ensureCollection(bad)), bad).toBeInstanceOf(ReadStoreQueryError);
          expect(await rejectionOf(store.dropCollection(bad)), bad).toBeInstanceOf(ReadStoreQueryError);
          const inTransaction = await rejectionOf(store.transaction(async (tx) => tx.collection(bad).put({ _id: 'a' })));
          expect(inTransaction, bad).toBeInstanceOf(ReadStoreQueryError);
        }
        // The longest and the most varied valid names work.
        for (const good of ['a'.repeat(51), 'a-b_c9']) {
          await store.ensureCollection(good);
          expect(await store.collection(good).count()).toBe(0);
        }
      });

      it('fails clearly when a collection was never ensured', async () => {
        const name = uniqueName('never');
        expect(await rejectionOf(store.collection(name).find())).toBeInstanceOf(CollectionNotFoundError);
        expect(await rejectionOf(store.collection(name).get('a'))).toBeInstanceOf(CollectionNotFoundError);
        expect(await rejectionOf(store.dropCollection(name))).toBeInstanceOf(CollectionNotFoundError);
        const error = await rejectionOf(store.transaction(async (tx) => tx.collection(name).put({ _id: 'a' })));
        expect(error).toBeInstanceOf(CollectionNotFoundError);
        expect(String(error)).toContain(name);
      });

      it('removeCollection takes a collection away with its documents and indexes; a missing one is no error', async () => {
        const name = uniqueName('removed');
        await store.ensureCollection(name, [{ fields: ['email'], unique: true }]);
        await seed(store, name, PEOPLE);
        await store.removeCollection(name);
        expect(await rejectionOf(store.collection(name).find())).toBeInstanceOf(CollectionNotFoundError);
        await store.removeCollection(name);
        await store.removeCollection(uniqueName('never'));
        // Made again, it starts empty.
        await store.ensureCollection(name, [{ fields: ['email'], unique: true }]);
        expect(await store.collection(name).count()).toBe(0);
      });

      it('ensureCollection is idempotent, also with indexes and when called concurrently', async () => {
        const name = uniqueName();
        const indexes = [{ fields: ['name'] }, { fields: ['address.city', 'age'] }, { fields: ['email'], unique: true }];
        await Promise.all([store.ensureCollection(name, indexes), store.ensureCollection(name, indexes)]);
        await store.ensureCollection(name, indexes);
        await seed(store, name, PEOPLE);
        await store.ensureCollection(name, indexes);
        expect(await store.collection(name).count()).toBe(PEOPLE.length);
        expect(idsOf(await store.collection(name).find({ name: { $gte: 'B', $lt: 'H' } }))).toEqual(['p03', 'p04', 'p06']);
      });

      it('rejects invalid index specifications', async () => {
        const name = uniqueName();
        for (const fields of [[], ['bad path'], ['$x'], ['a', 'a']]) {
          expect(await rejectionOf(store.ensureCollection(name, [{ fields }])), JSON.stringify(fields)).toBeInstanceOf(
            ReadStoreQueryError,
          );
        }
      });

      it('enforces unique indexes; documents missing the field (or null) are exempt', async () => {
        const name = uniqueName();
        await store.ensureCollection(name, [{ fields: ['email'], unique: true }]);
        await seed(store, name, [
          { _id: 'a', email: 'a@example.com' },
          { _id: 'b', email: 'b@example.com' },
          { _id: 'c' },
          { _id: 'd' },
          { _id: 'e', email: null },
          { _id: 'f', email: null },
        ]);
        // Re-putting the same document with the same value is fine.
        await seed(store, name, [{ _id: 'a', email: 'a@example.com', more: true }]);
        const error = await rejectionOf(
          store.transaction(async (tx) => {
            await tx.collection(name).put({ _id: 'g', email: 'new@example.com' });
            await tx.collection(name).put({ _id: 'h', email: 'b@example.com' });
          }),
        );
        expect(error).toBeInstanceOf(UniqueConstraintError);
        expect(await store.collection(name).get('g')).toBeNull();
        expect(await store.collection(name).count()).toBe(6);
      });

      it('refuses to add a unique index that existing documents violate', async () => {
        const name = uniqueName();
        await seed(store, name, [
          { _id: 'a', email: 'same' },
          { _id: 'b', email: 'same' },
        ]);
        expect(await rejectionOf(store.ensureCollection(name, [{ fields: ['email'], unique: true }]))).toBeInstanceOf(
          UniqueConstraintError,
        );
        await seed(store, name, [{ _id: 'c', email: 'same' }]);
        expect(await store.collection(name).count()).toBe(3);
      });
    });

    describe('queries', () => {
      let people: string;
      const query = async (filter?: Filter, options?: FindOptions): Promise<string[]> =>
        idsOf(await store.collection(people).find(filter, options));
      /** Same ids as mingo; results are compared in _id order. */
      const expectMatches = async (filter: Filter, expected: string[]): Promise<void> => {
        expect(await query(filter), JSON.stringify(filter)).toEqual(expected);
        expect(mingoReference(PEOPLE, filter), `mingo: ${JSON.stringify(filter)}`).toEqual(expected);
        expect(await store.collection(people).count(filter)).toBe(expected.length);
      };

      beforeEach(async () => {
        people = uniqueName('people');
        await seed(store, people, PEOPLE);
      });

      it('matches scalar equality, exactly and type-sensitively', async () => {
        await expectMatches({ name: 'Zed' }, ['p07']);
        await expectMatches({ name: 'zed' }, []);
        await expectMatches({ age: 36 }, ['p01']);
        await expectMatches({ age: 9.5 }, ['p07']);
        await expectMatches({ age: '72' }, ['p04']);
        await expectMatches({ age: 72 }, []);
        await expectMatches({ active: false }, ['p02', 'p07']);
        await expectMatches({ _id: 'p05' }, ['p05']);
        await expectMatches({ _id: { $in: ['p05', 'p01', 'nope'] } }, ['p01', 'p05']);
        await expectMatches({ age: { $eq: 41 } }, ['p02']);
      });

      it('matches equality on array fields as "contains", and scalars stored where others have arrays', async () => {
        await expectMatches({ tags: 'cs' }, ['p02', 'p03', 'p06']);
        await expectMatches({ tags: 'math' }, ['p01', 'p02']);
        await expectMatches({ tags: 'solo' }, ['p05']);
        await expectMatches({ tags: { $eq: 'navy' } }, ['p03']);
      });

      it('matches nested dotted paths', async () => {
        await expectMatches({ 'address.city': 'London' }, ['p01']);
        await expectMatches({ 'address.zip': { $exists: true } }, ['p01', 'p03']);
        await expectMatches({ 'address.city': { $gte: 'M' } }, ['p02', 'p03', 'p06']);
        await expectMatches({ 'address.city': { $regex: 'new', $options: 'i' } }, ['p03']);
      });

      it('treats null equality as "null or missing" (and arrays holding null)', async () => {
        await expectMatches({ nickname: null }, ['p01', 'p02', 'p03', 'p04', 'p07']);
        await expectMatches({ nickname: { $eq: null } }, ['p01', 'p02', 'p03', 'p04', 'p07']);
        await expectMatches({ address: null }, ['p04', 'p05', 'p07']);
        await expectMatches({ 'address.city': null }, ['p04', 'p05', 'p07']);
        await expectMatches({ tags: null }, ['p06']);
        await expectMatches({ nope: null }, idsOf(PEOPLE));
      });

      it('negates with $ne and $nin: missing fields match, arrays containing the value do not', async () => {
        await expectMatches({ nickname: { $ne: null } }, ['p05', 'p06']);
        await expectMatches({ active: { $ne: true } }, ['p02', 'p04', 'p05', 'p07']);
        await expectMatches({ tags: { $ne: 'cs' } }, ['p01', 'p04', 'p05', 'p07']);
        await expectMatches({ tags: { $nin: ['cs', 'math'] } }, ['p04', 'p05', 'p07']);
        await expectMatches({ nickname: { $nin: [null, 'OB'] } }, ['p06']);
        await expectMatches({ age: { $nin: [] } }, idsOf(PEOPLE));
      });

      it('tests presence with $exists (a null value exists)', async () => {
        await expectMatches({ nickname: { $exists: true } }, ['p03', 'p05', 'p06']);
        await expectMatches({ nickname: { $exists: false } }, ['p01', 'p02', 'p04', 'p07']);
        await expectMatches({ 'address.city': { $exists: false } }, ['p04', 'p05', 'p07']);
      });

      it('matches $in against scalars and array elements, including null for missing', async () => {
        await expectMatches({ tags: { $in: ['navy', 'poetry'] } }, ['p01', 'p03']);
        await expectMatches({ age: { $in: [36, '72', 1000] } }, ['p01', 'p04']);
        await expectMatches({ nickname: { $in: ['OB', null] } }, ['p01', 'p02', 'p03', 'p04', 'p05', 'p07']);
        await expectMatches({ tags: { $in: [] } }, []);
      });

      it('compares numbers with numbers and strings with strings only', async () => {
        await expectMatches({ age: { $gt: 50 } }, ['p03', 'p06']);
        await expectMatches({ age: { $gte: 41, $lt: 85 } }, ['p02', 'p06']);
        await expectMatches({ age: { $lte: 9.5 } }, ['p07']);
        await expectMatches({ age: { $lt: 100 } }, ['p01', 'p02', 'p03', 'p06', 'p07']);
        await expectMatches({ age: { $gt: '5' } }, ['p04']);
        await expectMatches({ age: { $gt: '' } }, ['p04']);
        // Binary (code point) collation: upper case sorts before lower case.
        await expectMatches({ name: { $lt: 'B' } }, ['p01']);
        await expectMatches({ name: { $gte: 'a' } }, ['p02']);
        await expectMatches({ tags: { $gt: 'n' } }, ['p01', 'p03', 'p05']);
      });

      it('compares ISO timestamps as strings', async () => {
        await expectMatches({ joined: { $gte: '2024-01-01T00:00:00.000Z', $lt: '2025-01-01T00:00:00.000Z' } }, ['p01', 'p03']);
        await expectMatches({ joined: { $lt: '2023-01-01T00:00:00.000Z' } }, ['p04']);
      });

      it('matches $all and $size on arrays only', async () => {
        await expectMatches({ tags: { $all: ['math', 'cs'] } }, ['p02']);
        await expectMatches({ tags: { $all: ['cs'] } }, ['p02', 'p03', 'p06']);
        await expectMatches({ tags: { $all: [] } }, []);
        await expectMatches({ tags: { $size: 2 } }, ['p01', 'p02', 'p03', 'p06']);
        await expectMatches({ tags: { $size: 0 } }, ['p04']);
        await expectMatches({ tags: { $size: 1 } }, ['p07']);
      });

      it('matches escaped, case-insensitive $regex substrings', async () => {
        await expectMatches({ name: { $regex: escapeRegex('(50% off) [a.b]'), $options: 'i' } }, ['p05']);
        await expectMatches({ name: { $regex: escapeRegex('a.b') } }, ['p05']);
        await expectMatches({ name: { $regex: escapeRegex("o'brien"), $options: 'i' } }, ['p05']);
        await expectMatches({ name: { $regex: 'LOVE', $options: 'i' } }, ['p01']);
        await expectMatches({ name: { $regex: 'LOVE', $options: '' } }, []);
        await expectMatches({ name: { $regex: 'ov' } }, ['p01', 'p06']);
        await expectMatches({ name: { $regex: '^a', $options: 'i' } }, ['p01', 'p02']);
        await expectMatches({ name: { $regex: 'r$' } }, ['p03']);
        await expectMatches({ name: { $regex: '^zed$', $options: 'i' } }, ['p07']);
        await expectMatches({ tags: { $regex: '^MATH$', $options: 'i' } }, ['p01', 'p02', 'p07']);
        // Regex only matches strings, never numbers.
        await expectMatches({ age: { $regex: '7' } }, ['p04']);
      });

      it('rejects regular expressions beyond escaped literals, in every adapter', async () => {
        for (const pattern of ['a.*b', 'a+', '[abc]', '\\d', '(x)', 'a|b', 'x{2}', 'a$b', '\\']) {
          const error = await rejectionOf(query({ name: { $regex: pattern } }));
          expect(error, pattern).toBeInstanceOf(ReadStoreQueryError);
        }
        // Outside the Filter type, as from untyped callers.
        const multiline: unknown = { name: { $regex: 'a', $options: 'm' } };
        const error = await rejectionOf(query(multiline as Filter));
        expect(error).toBeInstanceOf(ReadStoreQueryError);
      });

      it('combines $and, $or, $nor and implicit AND', async () => {
        await expectMatches({ $and: [{ tags: 'cs' }, { active: true }] }, ['p03', 'p06']);
        await expectMatches({ tags: 'cs', active: true, age: { $gt: 84 } }, ['p03']);
        await expectMatches({ $or: [{ age: { $lt: 10 } }, { nickname: 'OB' }] }, ['p05', 'p07']);
        await expectMatches({ $nor: [{ tags: 'cs' }, { active: false }] }, ['p01', 'p04', 'p05']);
        // $nor over a comparison on missing fields: "not greater" includes missing.
        await expectMatches({ $nor: [{ age: { $gt: 40 } }] }, ['p01', 'p04', 'p05', 'p07']);
        await expectMatches(
          { $or: [{ $and: [{ active: true }, { 'address.city': { $regex: 'lon', $options: 'i' } }] }, { $nor: [{ age: { $exists: true } }] }] },
          ['p01', 'p05'],
        );
        await expectMatches({ $and: [{ $or: [{ tags: 'math' }, { tags: 'navy' }] }, { $nor: [{ name: { $regex: '^a' } }] }] }, [
          'p01',
          'p03',
        ]);
      });

      it('rejects unknown operators and unsupported filter shapes, in every adapter', async () => {
        const invalid: unknown[] = [
          { age: { $foo: 1 } },
          { $where: 'this.age > 1' },
          { $text: { $search: 'x' } },
          { age: { $not: { $gt: 1 } } },
          { age: { $elemMatch: { $gt: 1 } } },
          { $or: [] },
          { $and: 'x' },
          { tags: ['cs'] },
          { address: { city: 'London' } },
          { age: {} },
          { age: undefined },
          { age: { $gt: null } },
          { age: { $gt: Number.NaN } },
          { age: { $in: 'x' } },
          { age: { $size: -1 } },
          { age: { $exists: 1 } },
          { age: { $options: 'i' } },
          { 'a..b': 1 },
          { 'tags.0': 'cs' },
          { "a'b": 1 },
          { 'a b': 1 },
        ];
        for (const filter of invalid) {
          // Deliberately outside the Filter type, as from untyped callers.
          const error = await rejectionOf(query(filter as Filter));
          expect(error, JSON.stringify(filter)).toBeInstanceOf(ReadStoreQueryError);
          expect(await rejectionOf(store.collection(people).count(filter as Filter))).toBeInstanceOf(ReadStoreQueryError);
        }
        for (const options of [{ skip: -1 }, { limit: 1.5 }, { sort: { age: 2 } }, { sort: { 'bad path': 1 } }]) {
          expect(await rejectionOf(query({}, options as FindOptions)), JSON.stringify(options)).toBeInstanceOf(
            ReadStoreQueryError,
          );
        }
      });

      it('sorts by two keys, ascending and descending, with missing fields first in ascending order', async () => {
        // null/missing < numbers < strings.
        expect(await query({}, { sort: { age: 1, _id: 1 } })).toEqual(['p05', 'p07', 'p01', 'p02', 'p06', 'p03', 'p04']);
        expect(await query({}, { sort: { age: -1, _id: 1 } })).toEqual(['p04', 'p03', 'p06', 'p02', 'p01', 'p07', 'p05']);
        // active: missing < false < true.
        expect(await query({}, { sort: { active: 1, name: 1 } })).toEqual(['p04', 'p05', 'p07', 'p02', 'p01', 'p06', 'p03']);
        expect(await query({}, { sort: { active: -1, name: -1 } })).toEqual(['p03', 'p06', 'p01', 'p02', 'p07', 'p05', 'p04']);
        expect(await query({}, { sort: { joined: -1, name: 1 } })).toEqual(['p06', 'p01', 'p03', 'p02', 'p04', 'p05', 'p07']);
        expect(await query({}, { sort: { 'address.city': 1, _id: -1 } })).toEqual(['p07', 'p05', 'p04', 'p01', 'p02', 'p03', 'p06']);
        for (const sort of [{ age: 1, _id: 1 }, { active: -1, name: -1 }, { 'address.city': 1, _id: -1 }] as SortSpec[]) {
          expect(await query({}, { sort })).toEqual(mingoReference(PEOPLE, {}, { sort }));
        }
      });

      it('returns documents in _id order when no sort is given, and breaks sort ties by _id', async () => {
        expect(await query()).toEqual(idsOf(PEOPLE));
        expect(await query({}, { sort: { active: 1 } })).toEqual(['p04', 'p05', 'p02', 'p07', 'p01', 'p03', 'p06']);
      });

      it('pages with skip and limit', async () => {
        const sort: SortSpec = { name: 1, _id: 1 };
        const all = await query({}, { sort });
        expect(all).toEqual(['p01', 'p06', 'p04', 'p03', 'p05', 'p07', 'p02']);
        const pages: string[][] = [];
        for (let skip = 0; skip < all.length; skip += 3) pages.push(await query({}, { sort, skip, limit: 3 }));
        expect(pages).toEqual([all.slice(0, 3), all.slice(3, 6), all.slice(6)]);
        expect(await query({ tags: 'cs' }, { sort: { age: -1, _id: 1 }, skip: 1, limit: 1 })).toEqual(['p06']);
        expect(await query({}, { sort, skip: 100 })).toEqual([]);
        expect(await query({}, { sort, limit: 0 })).toEqual([]);
      });

      it('pages by key: _id ranges and _id sorts in code point order, as mingo', async () => {
        const pages: string[][] = [];
        for (let after = ''; ; ) {
          const page = await query(after ? { _id: { $gt: after } } : {}, { sort: { _id: 1 }, limit: 3 });
          if (page.length === 0) break;
          pages.push(page);
          after = page.at(-1)!;
        }
        expect(pages).toEqual([['p01', 'p02', 'p03'], ['p04', 'p05', 'p06'], ['p07']]);
        const cases: Array<[Filter, FindOptions]> = [
          [{ _id: { $gte: 'p03', $lt: 'p05' } }, {}],
          [{ _id: { $lte: 'p02' }, tags: 'cs' }, {}],
          [{ $or: [{ _id: { $gt: 'p06' } }, { _id: 'p01' }] }, {}],
          [{}, { sort: { _id: -1 }, limit: 2 }],
          [{ active: true }, { sort: { _id: -1, name: 1 } }],
          // A number is no string: it never matches a string _id.
          [{ _id: { $gt: 5 } }, {}],
        ];
        for (const [filter, options] of cases) {
          expect(await query(filter, options), JSON.stringify([filter, options])).toEqual(mingoReference(PEOPLE, filter, options));
        }
        expect(await query({ _id: { $gt: 5 } })).toEqual([]);
      });

      it('counts with and without a filter, and finds one', async () => {
        const collection = store.collection<Person>(people);
        expect(await collection.count()).toBe(7);
        expect(await collection.count({ active: true })).toBe(3);
        expect(await collection.count({ nope: 1 })).toBe(0);
        expect((await collection.findOne({ tags: 'cs' }, { sort: { age: 1, _id: 1 } }))?._id).toBe('p02');
        expect((await collection.findOne({ tags: 'cs' }))?._id).toBe('p02');
        expect(await collection.findOne({ nope: 1 })).toBeNull();
      });
    });

    describe('transactions and checkpoints', () => {
      it('reads a missing checkpoint as null', async () => {
        expect(await store.getCheckpoint(uniqueName('projection'))).toBeNull();
        expect(await store.transaction((tx) => tx.getCheckpoint(uniqueName('projection')))).toBeNull();
      });

      it('commits documents and the checkpoint together, and returns the result of the work', async () => {
        const name = uniqueName();
        const projection = uniqueName('projection');
        await store.ensureCollection(name);
        const result = await store.transaction(async (tx) => {
          await tx.collection(name).put({ _id: 'a', v: 1 });
          await tx.setCheckpoint(projection, position(1));
          return 'done';
        });
        expect(result).toBe('done');
        expect(await store.collection(name).get('a')).toEqual({ _id: 'a', v: 1 });
        expect(await store.getCheckpoint(projection)).toBe(position(1));
        await store.transaction(async (tx) => {
          await tx.setCheckpoint(projection, position(2));
        });
        expect(await store.getCheckpoint(projection)).toBe(position(2));
      });

      it('discards documents and checkpoint when the work throws, and rethrows the error', async () => {
        const name = uniqueName();
        const projection = uniqueName('projection');
        await seed(store, name, [{ _id: 'kept', v: 1 }]);
        const failure = new Error('projection failed');
        const error = await rejectionOf(
          store.transaction(async (tx) => {
            await tx.collection(name).put({ _id: 'a', v: 1 });
            await tx.collection(name).put({ _id: 'kept', v: 2 });
            await tx.collection(name).delete('kept');
            await tx.setCheckpoint(projection, position(7));
            throw failure;
          }),
        );
        expect(error).toBe(failure);
        expect(await store.collection(name).get('a')).toBeNull();
        expect(await store.collection(name).get('kept')).toEqual({ _id: 'kept', v: 1 });
        expect(await store.getCheckpoint(projection)).toBeNull();
      });

      it('sees its own writes inside the transaction and hides them outside until commit', async () => {
        const name = uniqueName();
        const projection = uniqueName('projection');
        await seed(store, name, PEOPLE);
        await store.transaction(async (tx) => {
          const collection = tx.collection<Person>(name);
          await collection.put({ _id: 'p08', name: 'New', tags: ['cs'], age: 30 });
          await collection.put({ ...PEOPLE[0]!, age: 99 });
          await collection.delete('p02');
          await tx.setCheckpoint(projection, position(3));
          expect(await collection.get('p08')).toEqual({ _id: 'p08', name: 'New', tags: ['cs'], age: 30 });
          expect(await collection.get('p02')).toBeNull();
          expect(idsOf(await collection.find({ tags: 'cs' }, { sort: { age: 1, _id: 1 } }))).toEqual(['p08', 'p06', 'p03']);
          expect(await collection.count({ age: { $gt: 90 } })).toBe(1);
          expect((await collection.findOne({ age: 99 }))?._id).toBe('p01');
          expect(await tx.getCheckpoint(projection)).toBe(position(3));
          // Outside the transaction nothing has happened yet.
          expect(await store.collection(name).get('p08')).toBeNull();
          expect(await store.collection(name).get('p02')).not.toBeNull();
          expect(await store.getCheckpoint(projection)).toBeNull();
          const deleted = await collection.deleteMany({ age: { $gte: 84 } });
          expect(deleted).toBe(3);
          expect(await collection.count()).toBe(4);
        });
        expect(idsOf(await store.collection(name).find())).toEqual(['p04', 'p05', 'p07', 'p08']);
        expect(await store.getCheckpoint(projection)).toBe(position(3));
      });

      it('runs concurrent transactions without losing writes', async () => {
        const name = uniqueName();
        await store.ensureCollection(name);
        await Promise.all(
          Array.from({ length: 5 }, (_, index) =>
            store.transaction(async (tx) => {
              await tx.collection(name).put({ _id: `t${index}`, index });
              await tx.setCheckpoint(`${name}-projection-${index}`, position(index));
            }),
          ),
        );
        expect(await store.collection(name).count()).toBe(5);
        expect(await store.getCheckpoint(`${name}-projection-4`)).toBe(position(4));
      });

      it('rolls back the whole transaction when a failed write was caught by the work', async () => {
        const name = uniqueName();
        const projection = uniqueName('projection');
        await store.ensureCollection(name, [{ fields: ['email'], unique: true }]);
        await seed(store, name, [{ _id: 'a', email: 'x' }]);
        const error = await rejectionOf(
          store.transaction(async (tx) => {
            await tx.collection(name).put({ _id: 'b', email: 'y' });
            const conflict = await rejectionOf(tx.collection(name).put({ _id: 'c', email: 'x' }));
            expect(conflict).toBeInstanceOf(UniqueConstraintError);
            await tx.setCheckpoint(projection, position(1)).catch(() => undefined);
          }),
        );
        expect(error).toBeInstanceOf(TransactionAbortedError);
        expect(await store.collection(name).get('b')).toBeNull();
        expect(await store.getCheckpoint(projection)).toBeNull();
      });

      it('rejects invalid checkpoint positions and use of a finished transaction', async () => {
        const projection = uniqueName('projection');
        expect(await rejectionOf(store.transaction((tx) => tx.setCheckpoint(projection, 'not-a-position')))).toBeInstanceOf(
          ReadStoreQueryError,
        );
        const name = uniqueName();
        await store.ensureCollection(name);
        let leaked: ReturnType<typeof store.collection> | undefined;
        await store.transaction(async (tx) => {
          leaked = tx.collection(name);
        });
        expect(await rejectionOf(leaked!.count())).toBeInstanceOf(Error);
      });

      it('rejects nested transactions', async () => {
        const error = await rejectionOf(store.transaction(() => store.transaction(async () => 1)));
        expect(error).toBeInstanceOf(Error);
        expect(String(error)).toMatch(/nested/i);
      });

      it('a transaction that read a checkpoint makes another reader of it wait, then see its commit', async () => {
        const projection = uniqueName('projection');
        await store.transaction((tx) => tx.setCheckpoint(projection, position(1)));
        let releaseFirst!: () => void;
        const firstMayCommit = new Promise<void>((resolve) => (releaseFirst = resolve));
        let firstHasRead!: () => void;
        const firstRead = new Promise<void>((resolve) => (firstHasRead = resolve));
        const first = store.transaction(async (tx) => {
          expect(await tx.getCheckpoint(projection)).toBe(position(1));
          firstHasRead();
          await firstMayCommit;
          await tx.setCheckpoint(projection, position(2));
        });
        await firstRead;
        const second = store.transaction((tx) => tx.getCheckpoint(projection));
        // Give the second reader time to reach the checkpoint before the first commits.
        await new Promise((resolve) => setTimeout(resolve, 50));
        releaseFirst();
        await first;
        expect(await second).toBe(position(2));
      });

      it('tells where a checkpoint is and when it last moved', async () => {
        const projection = uniqueName('projection');
        expect(await store.getCheckpointState(projection)).toBeNull();
        await store.transaction((tx) => tx.setCheckpoint(projection, position(5)));
        const state = await store.getCheckpointState(projection);
        expect(state?.position).toBe(position(5));
        expect(new Date(state!.updatedAt).toISOString()).toBe(state!.updatedAt);
      });
    });

    describe('rebuilds aside: shadows, the switch and leases (ADR 049)', () => {
      const indexes = [{ fields: ['email'], unique: true }, { fields: ['name'] }];

      /** A collection in use (a, b) and its shadow (c, d), both with the same indexes. */
      const inUseAndShadow = async (base = uniqueName('live')) => {
        await store.ensureCollection(base, indexes);
        await seed(store, base, [
          { _id: 'a', email: 'a@example.com', name: 'Ada' },
          { _id: 'b', email: 'b@example.com', name: 'Bea' },
        ]);
        const shadow = shadowCollection(base);
        await store.ensureCollection(shadow);
        await store.resetForRebuild(shadow);
        await seed(store, shadow, [
          { _id: 'c', email: 'c@example.com', name: 'Cy' },
          { _id: 'd', email: 'a@example.com', name: 'Di' },
        ]);
        await store.ensureCollection(shadow, indexes);
        return { live: base, shadow };
      };

      it('puts a shadow in place of its collection at commit: its documents and indexes, the old ones gone', async () => {
        const { live, shadow } = await inUseAndShadow();
        await store.transaction(async (tx) => {
          await tx.switchToShadow(live);
          // Inside the transaction the collection already reads as the shadow.
          expect(idsOf(await tx.collection(live).find())).toEqual(['c', 'd']);
        });
        expect(idsOf(await store.collection(live).find())).toEqual(['c', 'd']);
        expect(idsOf(await store.collection(live).find({ name: { $gte: 'D' } }))).toEqual(['d']);
        expect(await rejectionOf(store.collection(shadow).count())).toBeInstanceOf(CollectionNotFoundError);
        // The shadow's unique index is the collection's now, and ensureCollection finds it.
        await store.ensureCollection(live, indexes);
        expect(await rejectionOf(store.transaction((tx) => tx.collection(live).put({ _id: 'e', email: 'c@example.com' })))).toBeInstanceOf(UniqueConstraintError);
        // A next rebuild starts from an empty shadow.
        await store.ensureCollection(shadow);
        expect(await store.collection(shadow).count()).toBe(0);
      });

      it('leaves the collection in use as it was when the switch rolls back', async () => {
        const { live, shadow } = await inUseAndShadow();
        const failure = new Error('killed half-way');
        expect(
          await rejectionOf(
            store.transaction(async (tx) => {
              await tx.switchToShadow(live);
              throw failure;
            }),
          ),
        ).toBe(failure);
        expect(idsOf(await store.collection(live).find())).toEqual(['a', 'b']);
        expect(idsOf(await store.collection(shadow).find())).toEqual(['c', 'd']);
      });

      it('refuses to switch a collection that has no shadow', async () => {
        const live = uniqueName('live');
        await seed(store, live, [{ _id: 'a' }]);
        expect(await rejectionOf(store.transaction((tx) => tx.switchToShadow(live)))).toBeInstanceOf(CollectionNotFoundError);
        expect(idsOf(await store.collection(live).find())).toEqual(['a']);
      });

      it('takes the longest collection names with their shadow', async () => {
        const live = `l${'x'.repeat(50)}`;
        const { shadow } = await inUseAndShadow(live);
        expect(shadow).toBe(`${live}__rebuild`);
        await store.transaction((tx) => tx.switchToShadow(live));
        expect(idsOf(await store.collection(live).find())).toEqual(['c', 'd']);
      });

      it('a lease makes another transaction taking it wait until the first ends', async () => {
        const lease = uniqueName('lease');
        const order: string[] = [];
        let releaseFirst!: () => void;
        const firstMayEnd = new Promise<void>((resolve) => (releaseFirst = resolve));
        let firstHolds!: () => void;
        const firstHasLease = new Promise<void>((resolve) => (firstHolds = resolve));
        const first = store.transaction(async (tx) => {
          await tx.lock(lease);
          firstHolds();
          await firstMayEnd;
          order.push('first ends');
        });
        await firstHasLease;
        const second = store.transaction(async (tx) => {
          await tx.lock(lease);
          order.push('second holds');
        });
        // Give the second time to reach the lease before the first ends.
        await new Promise((resolve) => setTimeout(resolve, 50));
        releaseFirst();
        await Promise.all([first, second]);
        expect(order).toEqual(['first ends', 'second holds']);
      });

      it('holds a lease across transactions: another taker is refused at once until it is released', async () => {
        const name = uniqueName('replay');
        const held = await store.tryLease(name);
        expect(held).not.toBeNull();
        expect(await store.tryLease(name)).toBeNull();
        const other = await store.tryLease(uniqueName('replay'));
        expect(other).not.toBeNull();
        await held!.release();
        const again = await store.tryLease(name);
        expect(again).not.toBeNull();
        await again!.release();
        await other!.release();
      });

      it('counts a generation more for a checkpoint set as rebuilt, and forgets a deleted checkpoint', async () => {
        const projection = uniqueName('projection');
        await store.transaction((tx) => tx.setCheckpoint(projection, position(1)));
        expect(await store.getCheckpointState(projection)).toMatchObject({ position: position(1), generation: 0 });
        await store.transaction((tx) => tx.setCheckpoint(projection, position(3), { rebuilt: true }));
        expect(await store.getCheckpointState(projection)).toMatchObject({ position: position(3), generation: 1 });
        await store.transaction((tx) => tx.setCheckpoint(projection, position(4)));
        expect(await store.getCheckpointState(projection)).toMatchObject({ position: position(4), generation: 1 });
        await store.transaction(async (tx) => {
          await tx.deleteCheckpoint(projection);
          expect(await tx.getCheckpoint(projection)).toBeNull();
        });
        expect(await store.getCheckpoint(projection)).toBeNull();
      });
    });

    describe('agreement with mingo on random data', () => {
      it('returns exactly the ids mingo returns for random filters, sorts and pages', async () => {
        const generator = new Generator(mulberry32(20240611));
        const docs = Array.from({ length: 200 }, (_, index) => generator.document(index));
        const name = uniqueName('random');
        await store.ensureCollection(name, [{ fields: ['s'] }, { fields: ['n', 's'] }, { fields: ['o.x'] }]);
        await seed(store, name, docs);
        const collection = store.collection(name);
        let nonTrivial = 0;
        for (let round = 0; round < 100; round++) {
          const filter = generator.filter();
          const sort = generator.sort();
          const skip = generator.chance(0.3) ? generator.int(20) : undefined;
          const limit = generator.chance(0.3) ? generator.int(30) : undefined;
          const expectedAll = mingoReference(docs, filter);
          if (expectedAll.length > 0 && expectedAll.length < docs.length) nonTrivial++;
          const label = `round ${round}: ${JSON.stringify(filter)}`;
          expect(idsOf(await collection.find(filter)), label).toEqual(expectedAll);
          expect(await collection.count(filter), label).toBe(expectedAll.length);
          const options: FindOptions = { sort, skip, limit };
          expect(idsOf(await collection.find(filter, options)), `${label} ${JSON.stringify(options)}`).toEqual(
            mingoReference(docs, filter, options),
          );
        }
        // The generator must produce filters that actually discriminate.
        expect(nonTrivial).toBeGreaterThan(40);
      });
    });
  });
}

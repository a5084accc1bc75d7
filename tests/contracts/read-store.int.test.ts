import pg from 'pg';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createMemoryReadStore, createPostgresReadStore, shadowCollection, type Filter } from '@hireloop/platform/read-store';
import { compileFilter, compileFind } from '@hireloop/platform/read-store/postgres';
import { SchemaNotMigratedError } from '@hireloop/platform/migrations/required-tables';
import { createMigratedSchema, createTestDatabase, type TestDatabase } from '../support/postgres';
import { PEOPLE, readStoreContract, uniqueName, type ReadStoreFactory } from './read-store.contract';

// One database for this file; every test gets its own migrated schema in it, so tests start empty.
let database: Promise<TestDatabase> | undefined;
const testDatabase = (): Promise<TestDatabase> => (database ??= createTestDatabase('hl_read_store'));
const freshSchema = async (): Promise<string> => createMigratedSchema((await testDatabase()).url, 'rs');

afterAll(async () => {
  if (database) await (await database).drop();
});

const factories: [string, ReadStoreFactory][] = [
  [
    'memory',
    async () => {
      const store = createMemoryReadStore();
      return { store, teardown: () => store.close() };
    },
  ],
  [
    'postgres',
    async () => {
      const { url } = await testDatabase();
      const store = await createPostgresReadStore({ connectionString: url, schema: await freshSchema() });
      return { store, teardown: () => store.close() };
    },
  ],
];

for (const [name, factory] of factories) readStoreContract(name, factory);

describe('postgres read store', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  const newPool = async (options: pg.PoolConfig = {}): Promise<pg.Pool> => {
    const { url } = await testDatabase();
    const pool = new pg.Pool({ connectionString: url, ...options });
    cleanups.push(() => pool.end());
    return pool;
  };

  it('keeps schemas apart and leaves a caller-owned pool open on close', async () => {
    const pool = await newPool();
    const [schemaA, schemaB] = [await freshSchema(), await freshSchema()];
    const a = await createPostgresReadStore({ pool, schema: schemaA });
    const b = await createPostgresReadStore({ pool, schema: schemaB });
    const name = uniqueName();
    await a.ensureCollection(name);
    await b.ensureCollection(name);
    await a.transaction((tx) => tx.collection(name).put({ _id: 'only-in-a' }));
    expect(await a.collection(name).count()).toBe(1);
    expect(await b.collection(name).count()).toBe(0);
    await a.close();
    await b.close();
    const collectionTables = async (schema: string) =>
      (await pool.query<{ table_name: string }>("SELECT table_name FROM information_schema.tables WHERE table_schema = $1 AND table_name LIKE 'rm\\_%'", [schema])).rows.map(
        (row) => row.table_name,
      );
    expect(await collectionTables(schemaA)).toEqual([`rm_${name}`]);
    expect(await collectionTables(schemaB)).toEqual([`rm_${name}`]);
  });

  it('refuses to start on a schema the migrations did not make, saying what to run', async () => {
    const pool = await newPool();
    await pool.query('CREATE SCHEMA rs_not_migrated');
    const starting = createPostgresReadStore({ pool, schema: 'rs_not_migrated' });
    await expect(starting).rejects.toThrow(SchemaNotMigratedError);
    await expect(starting).rejects.toThrow(/rs_not_migrated\.projection_checkpoints.*hireloop -- migrate/);
  });

  it('creates the same collection from several processes at once', async () => {
    const schema = await freshSchema();
    const stores = await Promise.all(
      Array.from({ length: 4 }, async () => createPostgresReadStore({ pool: await newPool({ max: 2 }), schema })),
    );
    const name = uniqueName();
    const indexes = [{ fields: ['name'] }, { fields: ['email'], unique: true }];
    await Promise.all(stores.map((store) => store.ensureCollection(name, indexes)));
    await stores[0]!.transaction((tx) => tx.collection(name).put({ _id: 'a', name: 'x' }));
    expect(await stores[3]!.collection(name).count()).toBe(1);
    await Promise.all(stores.map((store) => store.close()));
  });

  it('names indexes deterministically and lets the filters use them', async () => {
    const schema = await freshSchema();
    const pool = await newPool({ max: 1, options: '-c enable_seqscan=off' });
    const store = await createPostgresReadStore({ pool, schema });
    const name = uniqueName('plans');
    await store.ensureCollection(name, [{ fields: ['name'] }, { fields: ['address.city', 'age'] }, { fields: ['email'], unique: true }], { documentIndex: true });
    await store.transaction(async (tx) => {
      for (let copy = 0; copy < 30; copy++) {
        for (const person of PEOPLE) await tx.collection(name).put({ ...person, _id: `${person._id}-${copy}` });
      }
    });
    await pool.query(`ANALYZE ${schema}.rm_${name}`);
    const indexes = await pool.query('SELECT indexname FROM pg_indexes WHERE schemaname = $1 AND tablename = $2 ORDER BY 1', [
      schema,
      `rm_${name}`,
    ]);
    const names = indexes.rows.map((row: { indexname: string }) => row.indexname);
    expect(names.filter((index) => /_(gin|ix|ux|arr)_[0-9a-f]{10}$/.test(index))).toHaveLength(names.length - 1);

    const plan = async (filter: Filter): Promise<string> => {
      // Without ORDER BY: ordering by id would make the primary key the cheapest plan.
      const where = compileFilter(filter);
      const result = await pool.query(`EXPLAIN SELECT doc FROM ${schema}.rm_${name} WHERE ${where.sql}`, where.values);
      return result.rows.map((row: Record<string, string>) => row['QUERY PLAN']).join('\n');
    };
    expect(await plan({ tags: 'cs' })).toMatch(/_gin_/);
    expect(await plan({ name: { $gte: 'B', $lt: 'H' } })).toMatch(/_ix_/);
    expect(await plan({ 'address.city': { $gt: 'M' } })).toMatch(/_ix_/);
    expect(await plan({ _id: 'p01-3' })).toMatch(/pkey/);
    // Keyset paging: a range of the primary key read in its order, no sort of the rest.
    const page = compileFind(name, { _id: { $gt: 'p01-3' } }, { sort: { _id: 1 }, limit: 10 }, schema);
    const pagePlan = (await pool.query(`EXPLAIN ${page.sql}`, page.values)).rows.map((row: Record<string, string>) => row['QUERY PLAN']).join('\n');
    expect(pagePlan).toMatch(/Index Scan using \S+_pkey/);
    expect(pagePlan).not.toMatch(/Sort/);
    await store.close();
  });

  it('serves equality from the field\'s own unique or btree index when the collection has no whole-document index (ADR 112)', async () => {
    const schema = await freshSchema();
    const pool = await newPool({ max: 1, options: '-c enable_seqscan=off' });
    const store = await createPostgresReadStore({ pool, schema });
    const name = uniqueName('equality');
    await store.ensureCollection(name, [{ fields: ['name'] }, { fields: ['address.city', 'age'] }, { fields: ['email'], unique: true }]);
    await store.transaction(async (tx) => {
      for (let copy = 0; copy < 30; copy++) {
        for (const person of PEOPLE) await tx.collection(name).put({ ...person, _id: `${person._id}-${copy}`, email: `${person._id}-${copy}@example.com` });
      }
      await tx.collection(name).put({ _id: 'listed', name: ['Listed', 'Twice'], email: ['listed@example.com'] });
    });
    await pool.query(`ANALYZE ${schema}.rm_${name}`);
    const indexes = (await pool.query<{ indexname: string }>('SELECT indexname FROM pg_indexes WHERE schemaname = $1 AND tablename = $2', [schema, `rm_${name}`])).rows;
    expect(indexes.map((row) => row.indexname).filter((index) => index.includes('_gin_'))).toEqual([]);
    const plan = async (filter: Filter): Promise<string> => {
      const where = compileFilter(filter);
      const result = await pool.query(`EXPLAIN SELECT doc FROM ${schema}.rm_${name} WHERE ${where.sql}`, where.values);
      return result.rows.map((row: Record<string, string>) => row['QUERY PLAN']).join('\n');
    };
    const ids = async (filter: Filter) => (await store.collection(name).find(filter, { sort: { _id: 1 } })).map((doc) => doc._id);
    // A unique index: its jsonb value; a btree index: its text (also as the leading field of two).
    for (const [filter, index] of [
      [{ email: 'p02-7@example.com' }, '_ux_'],
      [{ name: 'Grace Hopper' }, '_ix_'],
      [{ 'address.city': 'London' }, '_ix_'],
      [{ email: { $in: ['p01-1@example.com', 'listed@example.com'] } }, '_ux_'],
    ] as const) {
      const found = await plan(filter);
      expect(found).toContain(index);
      // The array arm over the field's partial index: no scan of the table.
      expect(found).toMatch(/_arr_/);
      expect(found).not.toMatch(/Seq Scan/);
    }
    expect(await ids({ email: 'p02-7@example.com' })).toEqual(['p02-7']);
    expect(await ids({ email: 'listed@example.com' })).toEqual(['listed']);
    expect(await ids({ name: 'Twice' })).toEqual(['listed']);
    expect(await ids({ email: { $in: ['p01-1@example.com', 'listed@example.com'] } })).toEqual(['listed', 'p01-1']);
    expect(await ids({ 'address.city': 'London' })).toHaveLength(30);
    // A number's text is not unique to it: 72 and '72' stay apart.
    expect(await ids({ age: '72' })).toHaveLength(30);
    expect(await ids({ age: 72 })).toEqual([]);
    await store.close();
  });

  it("takes turns on DDL per collection: another collection's goes on, and a process taking the schema's turn (before ADR 112) still holds all of it off", async () => {
    const schema = await freshSchema();
    const pool = await newPool();
    const store = await createPostgresReadStore({ pool, schema });
    const [first, second, third] = [uniqueName('first'), uniqueName('second'), uniqueName('third')];
    const holder = await pool.connect();
    cleanups.push(async () => holder.release());
    /** Until a server process waits for an advisory lock in this database (pg_locks). */
    const someoneWaits = async () => {
      await expect
        .poll(async () => (await pool.query("SELECT count(*)::int AS n FROM pg_locks l JOIN pg_database d ON d.oid = l.database WHERE d.datname = current_database() AND l.locktype = 'advisory' AND NOT l.granted")).rows[0].n, { timeout: 20_000 })
        .toBeGreaterThan(0);
    };
    const locked = (name: string) => pool.query<{ found: boolean }>('SELECT to_regclass($1) IS NOT NULL AS found', [`${schema}.rm_${name}`]);

    await holder.query('BEGIN');
    await holder.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`hireloop.read-store.${schema}.${first}`]);
    const firstMade = store.ensureCollection(first);
    await someoneWaits();
    await store.ensureCollection(second);
    expect((await locked(first)).rows[0]?.found).toBe(false);
    await holder.query('COMMIT');
    await firstMade;
    expect((await locked(first)).rows[0]?.found).toBe(true);

    await holder.query('BEGIN');
    await holder.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`hireloop.read-store.${schema}`]);
    const thirdMade = store.ensureCollection(third);
    await someoneWaits();
    expect((await locked(third)).rows[0]?.found).toBe(false);
    await holder.query('COMMIT');
    await thirdMade;
    expect((await locked(third)).rows[0]?.found).toBe(true);
    await store.close();
  });

  it('after a switch, the collection has the indexes ensureCollection makes, under their names, and no more', async () => {
    const schema = await freshSchema();
    const pool = await newPool();
    const store = await createPostgresReadStore({ pool, schema });
    const name = uniqueName('switch');
    const indexes = [{ fields: ['name'] }, { fields: ['email'], unique: true }, { fields: ['title'], kind: 'substring' as const }];
    const indexNames = async () =>
      (await pool.query<{ indexname: string }>('SELECT indexname FROM pg_indexes WHERE schemaname = $1 AND tablename = $2 ORDER BY 1', [schema, `rm_${name}`])).rows.map(
        (row) => row.indexname,
      );
    await store.ensureCollection(name, indexes, { documentIndex: true });
    const usual = await indexNames();
    await store.ensureCollection(shadowCollection(name), indexes, { documentIndex: true });
    await store.transaction((tx) => tx.switchToShadow(name));
    expect(await indexNames()).toEqual(usual);
    await store.ensureCollection(name, indexes, { documentIndex: true });
    expect(await indexNames()).toEqual(usual);
    expect(usual).toContain(`rm_${name}_pkey`);
    await store.close();
  });

  it("builds a refilled shadow's indexes, its whole-document index on a connection of its own, with a pool of one connection (ADR 100)", async () => {
    const schema = await freshSchema();
    // One connection: the DDL holds it, so the whole-document index cannot have come from the pool.
    const pool = await newPool({ max: 1, options: '-c enable_seqscan=off' });
    const store = await createPostgresReadStore({ pool, schema });
    const name = uniqueName('refilled');
    const shadow = shadowCollection(name);
    const indexes = [{ fields: ['name'] }, { fields: ['email'], unique: true }];
    const indexNames = async (table: string) =>
      (await pool.query<{ indexname: string }>('SELECT indexname FROM pg_indexes WHERE schemaname = $1 AND tablename = $2 ORDER BY 1', [schema, table])).rows.map((row) => row.indexname);
    await store.ensureCollection(name, indexes, { documentIndex: true });
    await store.ensureCollection(shadow, indexes, { documentIndex: true });
    await store.resetForRebuild(shadow);
    expect(await indexNames(`rm_${shadow}`)).toEqual([`rm_${shadow}_pkey`]);
    await store.transaction(async (tx) => {
      for (let i = 0; i < 50; i++) await tx.collection(shadow).put({ _id: `p${i}`, name: `Person ${i % 5}`, email: `p${i}@example.com`, tags: [`t${i % 3}`] });
    });
    await store.ensureCollection(shadow, indexes, { documentIndex: true });
    const built = await indexNames(`rm_${shadow}`);
    expect(built).toHaveLength((await indexNames(`rm_${name}`)).length);
    expect(built.filter((index) => index.includes('_gin_'))).toHaveLength(1);
    const where = compileFilter({ tags: 't1' });
    const plan = await pool.query(`EXPLAIN SELECT doc FROM ${schema}.rm_${shadow} WHERE ${where.sql}`, where.values);
    expect(plan.rows.map((row: Record<string, string>) => row['QUERY PLAN']).join('\n')).toMatch(/_gin_/);
    expect((await store.collection(shadow).find({ tags: 't1' })).map((doc) => doc._id)).toHaveLength(17);
    await store.close();
  });

  it('serves case-insensitive substring searches from a trigram index on a substring-indexed field', async () => {
    const schema = await freshSchema();
    const pool = await newPool({ max: 1, options: '-c enable_seqscan=off' });
    const store = await createPostgresReadStore({ pool, schema });
    const name = uniqueName('texts');
    await store.ensureCollection(name, [{ fields: ['text'], kind: 'substring' }]);
    await store.transaction(async (tx) => {
      for (let i = 0; i < 300; i++) await tx.collection(name).put({ _id: `t${i}`, text: `document ${i} about ${i % 7 === 0 ? 'TypeScript and React' : 'Rust'}` });
      await tx.collection(name).put({ _id: 'array', text: ['nested typescript', 'other'] });
    });
    await pool.query(`ANALYZE ${schema}.rm_${name}`);
    const where = compileFilter({ text: { $regex: 'typescript', $options: 'i' } });
    const planRows = await pool.query(`EXPLAIN SELECT doc FROM ${schema}.rm_${name} WHERE ${where.sql}`, where.values);
    expect(planRows.rows.map((row: Record<string, string>) => row['QUERY PLAN']).join('\n')).toMatch(/_trgm_/);
    // Same answers as without the index, including the array element (MongoDB semantics).
    const found = await store.collection(name).find({ text: { $regex: 'typescript', $options: 'i' } }, { sort: { _id: 1 } });
    expect(found).toHaveLength(44);
    expect(found.map((doc) => doc._id)).toContain('array');
    await store.close();
  });

  it('refuses a substring index on several fields', async () => {
    const store = await createPostgresReadStore({ pool: await newPool(), schema: await freshSchema() });
    await expect(store.ensureCollection(uniqueName('bad'), [{ fields: ['a', 'b'], kind: 'substring' }])).rejects.toThrow('substring');
    await store.close();
  });
});

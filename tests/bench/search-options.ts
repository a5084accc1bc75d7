/**
 * How the board search could be answered, measured side by side (ADR 020): the in-memory index
 * (`JobSearchIndex`), a narrow PostgreSQL table with `pg_trgm` GIN indexes queried directly, and
 * for context the read-store query (`searchJobs`: jsonb, what answers while the index loads).
 * All three answer the same `JobSearch` objects and the script checks they agree before timing.
 * Measures; asserts nothing.
 *
 * `node --expose-gc --import tsx tests/bench/search-options.ts` — SIZES (default 10000,100000),
 * ROUNDS (default 3: each round times every option once, rounds alternate so the machine's
 * drifting load does not favour one), REPEAT (searches per query per round, default 20),
 * TEST_DATABASE_URL (default the local server; a fresh database, dropped afterwards).
 */
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { JobListQuery, type Job } from '@hireloop/contracts';
import { createPostgresReadStore, type ReadStore } from '@hireloop/platform/read-store';
import { collectionTable } from '@hireloop/platform/read-store/postgres';
import { jobSearch, noOtherField, unsupported, type JobSearch } from '@hireloop/projections/job-board/job-search';
import { jobBoardProjection } from '@hireloop/projections/job-board/projection';
import { searchJobs, toJob } from '@hireloop/projections/job-board/queries';
import { physicalCollection } from '@hireloop/projections/shared/projection';
import { JobSearchIndex } from '../../query-service/src/jobs/search-index';
import { createTestDatabase } from '../support/postgres';
import { quantile } from './load-generator';
import { fillJobBoard } from './search-index-load';

const SIZES = (process.env.SIZES ?? '10000,100000').split(',').map(Number);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const REPEAT = Number(process.env.REPEAT ?? 20);
/** The read-store query scans the collection: a few runs of each are enough to place it. */
const READ_STORE_REPEAT = Number(process.env.READ_STORE_REPEAT ?? 2);

/** Typical board searches, by kind. */
const KINDS: Record<string, string[]> = {
  text: ['search=engineer', 'search=react typescript', 'search=kubernetes', 'search=go', 'search=senior data'],
  'filters only': ['location=remote', 'location=usa&type=full-time', 'location=new york&type=part-time', 'status=all&type=contract', ''],
  'text + filters': [
    'search=engineer&location=usa&type=full-time',
    'search=react typescript&location=remote',
    'search=python&location=worldwide&type=contract',
    'search=go&location=berlin',
    'search=backend&location=austin&type=remote',
  ],
  'page 5': ['search=engineer&page=5', 'location=remote&page=5', 'page=5', 'search=senior&location=usa&page=5', 'type=full-time&page=5'],
};
const searchesOf = (kind: string) => KINDS[kind]!.map((raw) => jobSearch(JobListQuery.parse(Object.fromEntries(new URLSearchParams(raw)))));

type Answer = { jobs: Job[]; total: number };
interface Option {
  name: string;
  repeat: number;
  search(search: JobSearch): Promise<Answer>;
}

const log = (text: string) => process.stderr.write(`${text}\n`);
const load = () => loadavg().map((value) => value.toFixed(2)).join(' / ');
const mb = (bytes: number) => (bytes / 1_048_576).toFixed(0);
const ms = (value: number) => (value < 10 ? value.toFixed(2) : value.toFixed(0));

async function heapBytes() {
  for (let i = 0; i < 3; i++) {
    (globalThis as { gc?: () => void }).gc?.();
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.arrayBuffers;
}

// ---------------------------------------------------------------------------------------------
// (b) A narrow table with trigram indexes, answered in SQL

/** `LIKE` pattern for a substring (the search texts are lower case already). */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

function narrowWhere(search: JobSearch, values: unknown[]): string {
  const { keywords, location, type, status, internalOnly, companyId, sort, skip: _skip, limit: _limit, ...rest } = search;
  noOtherField(rest, 'JobSearch');
  // The board's searches the bench compares never ask for it: the narrow table has no source column.
  if (internalOnly) throw new Error('The narrow table does not answer source=internal');
  const param = (value: unknown) => {
    values.push(value);
    return `$${values.length}`;
  };
  const and: string[] = ['TRUE'];
  if (companyId !== null) and.push(`company_id = ${param(companyId)}`);
  switch (status) {
    case 'open':
      and.push('is_active');
      break;
    case 'closed':
      and.push('NOT is_active');
      break;
    case 'all':
      break;
    default:
      unsupported(status, 'status');
  }
  for (const word of keywords) and.push(`search_text LIKE ${param(containing(word))}`);
  if (location.remote) and.push('is_remote');
  if (location.global) and.push('is_global');
  if (location.us) and.push('is_us');
  for (const word of location.words) and.push(`location_text LIKE ${param(containing(word))}`);
  if (type) and.push(type.orRemote ? `(type_text LIKE ${param(containing(type.text))} OR is_remote)` : `type_text LIKE ${param(containing(type.text))}`);
  if (sort !== 'newest') unsupported(sort, 'sort');
  return and.join(' AND ');
}

async function buildNarrowTable(pool: pg.Pool, documents: string) {
  const started = performance.now();
  await pool.query('CREATE EXTENSION IF NOT EXISTS pg_trgm');
  await pool.query('DROP TABLE IF EXISTS job_search');
  await pool.query(`
    CREATE TABLE job_search AS
    SELECT id,
           (doc->>'createdAt') COLLATE "C" AS created_at,
           (doc->>'isActive')::boolean AS is_active,
           (doc->>'isRemote')::boolean AS is_remote,
           (doc->>'isGlobal')::boolean AS is_global,
           (doc->>'isUS')::boolean AS is_us,
           doc->>'companyId' AS company_id,
           doc->>'searchText' AS search_text,
           doc->>'locationText' AS location_text,
           doc->>'typeText' AS type_text
      FROM ${documents}`);
  await pool.query('ALTER TABLE job_search ADD PRIMARY KEY (id)');
  await pool.query('CREATE INDEX job_search_text ON job_search USING gin (search_text gin_trgm_ops)');
  await pool.query('CREATE INDEX job_search_location ON job_search USING gin (location_text gin_trgm_ops)');
  await pool.query('CREATE INDEX job_search_newest ON job_search (created_at DESC, id)');
  await pool.query('ANALYZE job_search');
  const buildMs = performance.now() - started;
  const { rows } = await pool.query<{ table: string; indexes: string }>(
    `SELECT pg_table_size('job_search') AS table, pg_indexes_size('job_search') AS indexes`,
  );
  return { buildMs, tableBytes: Number(rows[0]!.table), indexBytes: Number(rows[0]!.indexes) };
}

/**
 * What writing jobs costs with the trigram indexes in place, against the same table without
 * them: rows per second, written in batches of 100 rows per statement (as the projection's
 * write buffer does), `count` rows taken out of the table and written back.
 */
async function narrowWriteRates(pool: pg.Pool, count = 5000) {
  await pool.query('CREATE TABLE job_search_plain (LIKE job_search)');
  await pool.query('INSERT INTO job_search_plain SELECT * FROM job_search');
  await pool.query('ALTER TABLE job_search_plain ADD PRIMARY KEY (id)');
  await pool.query('CREATE INDEX job_search_plain_newest ON job_search_plain (created_at DESC, id)');
  const rate = async (table: string) => {
    await pool.query(`CREATE TABLE job_search_sample AS SELECT * FROM ${table} ORDER BY id LIMIT ${count}`);
    await pool.query(`DELETE FROM ${table} WHERE id IN (SELECT id FROM job_search_sample)`);
    await pool.query(`VACUUM ${table}`);
    const { rows } = await pool.query<{ id: string }>('SELECT id FROM job_search_sample ORDER BY id');
    const ids = rows.map((row) => row.id);
    const started = performance.now();
    for (let i = 0; i < ids.length; i += 100) {
      await pool.query(`INSERT INTO ${table} SELECT * FROM job_search_sample WHERE id = ANY($1)`, [ids.slice(i, i + 100)]);
    }
    const perSecond = ids.length / ((performance.now() - started) / 1000);
    await pool.query('DROP TABLE job_search_sample');
    return perSecond;
  };
  const withTrigrams = await rate('job_search');
  const without = await rate('job_search_plain');
  await pool.query('DROP TABLE job_search_plain');
  return { withTrigrams, without };
}

function narrowOption(pool: pg.Pool, documents: string): Option {
  return {
    name: 'pg_trgm narrow table',
    repeat: REPEAT,
    async search(search) {
      const values: unknown[] = [];
      const where = narrowWhere(search, values);
      const [page, count] = await Promise.all([
        pool.query<{ doc: Parameters<typeof toJob>[0] }>(
          `SELECT d.doc FROM job_search s JOIN ${documents} d USING (id) WHERE ${where}
            ORDER BY s.created_at DESC, s.id LIMIT ${search.limit} OFFSET ${search.skip}`,
          values,
        ),
        pool.query<{ n: string }>(`SELECT count(*) AS n FROM job_search WHERE ${where}`, values),
      ]);
      return { jobs: page.rows.map((row) => toJob(row.doc)), total: Number(count.rows[0]!.n) };
    },
  };
}

// ---------------------------------------------------------------------------------------------

async function timeOption(option: Option, kind: string): Promise<number[]> {
  const times: number[] = [];
  const searches = searchesOf(kind);
  for (let n = 0; n < option.repeat; n++) {
    for (const search of searches) {
      const started = performance.now();
      await option.search(search);
      times.push(performance.now() - started);
    }
  }
  return times;
}

async function expectAgreement(options: readonly Option[]) {
  for (const kind of Object.keys(KINDS)) {
    for (const search of searchesOf(kind)) {
      const answers = await Promise.all(options.map((option) => option.search(search)));
      const [first, ...others] = answers.map((answer) => JSON.stringify([answer.total, answer.jobs.map((job) => job.id)]));
      others.forEach((other, i) => {
        if (other !== first) throw new Error(`${options[i + 1]!.name} disagrees with ${options[0]!.name} on ${JSON.stringify(search)}`);
      });
    }
  }
}

async function measureSize(pool: pg.Pool, readStore: ReadStore, documents: string, size: number, report: string[]) {
  log(`== ${size} jobs (load ${load()})`);
  // (a) the index: a full load from the read model, and what it holds afterwards.
  const before = await heapBytes();
  // Told of progress as in the query service, where a search between two writes reads nothing;
  // nothing is written while this runs.
  const index = new JobSearchIndex(readStore, { maxWaitMs: 60_000, progress: { position: () => undefined, watch: () => () => {} } });
  const indexStarted = performance.now();
  await index.refresh();
  const indexBuildMs = performance.now() - indexStarted;
  const indexBytes = (await heapBytes()) - before;
  const stats = index.stats()!;
  const indexOption: Option = {
    name: 'in-memory index',
    repeat: REPEAT,
    async search(search) {
      const answer = await index.search(search);
      if (answer.answeredBy !== 'index') throw new Error('the index was not ready');
      return answer;
    },
  };
  // (b)
  const narrow = await buildNarrowTable(pool, documents);
  const narrowOptionForSize = narrowOption(pool, documents);
  const readStoreOption: Option = { name: 'read-store query (jsonb)', repeat: READ_STORE_REPEAT, search: (search) => searchJobs(readStore, search) };
  const options = [indexOption, narrowOptionForSize, readStoreOption];
  await expectAgreement(options);
  log('   all options agree');

  // Warm-up, then rounds; each kind's p50/p99 is the median over rounds.
  for (const option of options) for (const kind of Object.keys(KINDS)) await timeOption({ ...option, repeat: 1 }, kind);
  const figures = new Map<string, { p50: number[]; p99: number[] }>();
  const loads: string[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    loads.push(loadavg()[0]!.toFixed(2));
    for (const option of round % 2 === 0 ? options : [...options].reverse()) {
      for (const kind of Object.keys(KINDS)) {
        const times = (await timeOption(option, kind)).sort((a, b) => a - b);
        const key = `${option.name}\u0000${kind}`;
        const entry = figures.get(key) ?? { p50: [], p99: [] };
        entry.p50.push(quantile(times, 0.5));
        entry.p99.push(quantile(times, 0.99));
        figures.set(key, entry);
      }
    }
    log(`   round ${round + 1} done (load ${load()})`);
  }
  const median = (values: number[]) => quantile([...values].sort((a, b) => a - b), 0.5);
  const writeRates = await narrowWriteRates(pool);

  report.push(`### ${size.toLocaleString('en-US')} jobs (1-min load average per round: ${loads.join(', ')})`, '');
  report.push(`| option | ${Object.keys(KINDS).map((kind) => `${kind} p50 / p99 ms`).join(' | ')} |`);
  report.push(`|---|${Object.keys(KINDS).map(() => '---:').join('|')}|`);
  for (const option of options) {
    const cells = Object.keys(KINDS).map((kind) => {
      const entry = figures.get(`${option.name}\u0000${kind}`)!;
      return `${ms(median(entry.p50))} / ${ms(median(entry.p99))}`;
    });
    report.push(`| ${option.name} | ${cells.join(' | ')} |`);
  }
  report.push('');
  report.push(`- in-memory index: full load ${(indexBuildMs / 1000).toFixed(1)} s; heap after GC +${mb(indexBytes)} MB (typed arrays ${mb(stats.typedArrayBytes)} MB; the documents themselves are the rest).`);
  report.push(
    `- pg_trgm narrow table: built from the read model in ${(narrow.buildMs / 1000).toFixed(1)} s; table ${mb(narrow.tableBytes)} MB + indexes ${mb(narrow.indexBytes)} MB on disk; ` +
      `writes ${Math.round(writeRates.withTrigrams).toLocaleString('en-US')} rows/s with its trigram indexes, ${Math.round(writeRates.without).toLocaleString('en-US')} rows/s without them (batches of 100).`,
  );
  report.push('');
  await index.stop();
}

async function main() {
  const database = await createTestDatabase('hl_bench');
  const pool = new pg.Pool({ connectionString: database.url, max: 8, options: '-c jit=off' });
  const readStore = await createPostgresReadStore({ pool });
  const documents = `public."${collectionTable(physicalCollection(jobBoardProjection, 'jobs'))}"`;
  const report = [`## Board search options — ${new Date().toISOString()}`, '', `Load average at start (1/5/15 min): ${load()}; Node ${process.version}; ${ROUNDS} rounds of ${REPEAT} runs of each query (read-store query: ${READ_STORE_REPEAT}).`, ''];
  try {
    let loaded = 0;
    for (const size of SIZES) {
      const seconds = await fillJobBoard(readStore, loaded, size);
      await pool.query(`ANALYZE ${documents}`);
      log(`filled ${size} jobs (+${seconds.toFixed(1)} s)`);
      loaded = size;
      await measureSize(pool, readStore, documents, size, report);
    }
    report.push(`Load average at the end: ${load()}.`);
    process.stdout.write(`${report.join('\n')}\n`);
  } finally {
    await readStore.close();
    await pool.end();
    await database.drop();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});

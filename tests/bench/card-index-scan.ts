/**
 * Browse Candidates' in-memory index without HTTP or a database: how long it takes to build from
 * N sources, and what one list costs when its filters are not kept (the scan of every card) and
 * when they are (the next pages of the same filters). The bench's HTTP section repeats 4 filters,
 * so it mostly measures the kept path; this measures the other. Measures; asserts nothing.
 *
 * `node --expose-gc --import tsx tests/bench/card-index-scan.ts` (SIZE, default 50000; RUNS, default 200).
 */
import { performance } from 'node:perf_hooks';
import { CandidateListQuery } from '@hireloop/contracts';
import { encodePosition } from '@hireloop/platform/event-store';
import type { CardSourceDocument } from '@hireloop/projections/candidate-cards/projection';
import { syntheticJob } from '../../cli/src/demo-jobs';
import { CardIndexData, cardFilter } from '../../query-service/src/candidates/card-index';
import { quantile } from './load-generator';

const SIZE = Number(process.env.SIZE ?? 50_000);
const RUNS = Number(process.env.RUNS ?? 200);

/** The bench's profiles (tests/bench/main.ts `fillCards`), as the projection stores their sources. */
const source = (i: number): CardSourceDocument => {
  const job = syntheticJob(i);
  const at = new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString();
  const id = `bench-card-${i}`;
  return {
    _id: id,
    id,
    userId: `bench-user-${i}`,
    title: job.title,
    location: job.location,
    experience: `${(i % 12) + 1} years`,
    availability: i % 3 === 0 ? 'open' : 'immediate',
    lookingStatus: i % 3 === 0 ? 'passive' : 'active',
    workPreference: 'remote',
    skills: job.skills,
    isPublic: true,
    createdAt: at,
    updatedAt: at,
    position: encodePosition(0, i + 1),
  };
};

const QUERIES = [
  'search=engineer&location=berlin&lookingStatus=active&count=12&page=3',
  'search=react&location=new%20york&lookingStatus=passive&count=12&page=3',
  'search=python&location=remote&lookingStatus=active&count=12&page=3',
  'search=data&location=london&count=12&page=3',
  'search=engineer',
  'skills=python&lookingStatus=passive',
  'search=a',
  'count=100',
  'location=zzz',
];

const ms = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return `${quantile(sorted, 0.5).toFixed(3)} / ${quantile(sorted, 0.99).toFixed(3)}`;
};

const gc = (globalThis as { gc?: () => void }).gc;
const sources = Array.from({ length: SIZE }, (_, i) => source(i));
gc?.();
const heapBefore = process.memoryUsage().heapUsed;
const data = new CardIndexData();
let started = performance.now();
for (const doc of sources) data.upsert(doc);
data.finish();
const buildMs = performance.now() - started;
gc?.();
const heapMb = gc ? `, heap +${((process.memoryUsage().heapUsed - heapBefore) / 1_048_576).toFixed(0)} MB` : '';
process.stdout.write(`${SIZE} cards: built in ${buildMs.toFixed(0)} ms${heapMb}\n\n| query | total | uncached p50 / p99 ms | kept p50 / p99 ms |\n|---|---:|---:|---:|\n`);
for (const raw of QUERIES) {
  const query = CandidateListQuery.parse(Object.fromEntries(new URLSearchParams(raw)));
  const filter = cardFilter(query);
  const skip = (query.page - 1) * query.count;
  const uncached: number[] = [];
  const kept: number[] = [];
  let total = 0;
  for (let run = 0; run < RUNS; run++) {
    // Any change empties the kept filters: an unchanged source does, without moving anything.
    data.upsert(sources[run % SIZE]!);
    started = performance.now();
    total = data.list(filter, skip, query.count).total;
    uncached.push(performance.now() - started);
    started = performance.now();
    data.list(filter, skip + query.count, query.count);
    kept.push(performance.now() - started);
  }
  process.stdout.write(`| \`${raw}\` | ${total} | ${ms(uncached)} | ${ms(kept)} |\n`);
}

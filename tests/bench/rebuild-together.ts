/** Profiles the one-pass rebuild of every read model alone: `node --import tsx tests/bench/rebuild-together.ts` (BENCH_LOG_EVENTS, default 200,000). */
import { rebuildSection } from './rebuild';

const events = Number(process.env.BENCH_LOG_EVENTS ?? 200_000);
await rebuildSection({
  events,
  line: (text = '') => console.log(text),
  log: (text) => console.error(text),
  togetherOnly: true,
  keptDatabase: process.env.BENCH_KEPT_DATABASE,
  databasePrefix: 'hl_rbb',
});

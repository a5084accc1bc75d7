/**
 * Writes generated resumes and their ground truth:
 *   tsx tests/resume-eval/generator/main.ts OUT_DIR [--seed N] [--count N] [--scans N]
 */
import { parseArgs } from 'node:util';
import { DEFAULT_COUNT, DEFAULT_SEED, generateResumes, type GeneratedResume } from './index';

const usage =
  'usage: tsx tests/resume-eval/generator/main.ts OUT_DIR [--seed N] [--count N] [--scans N]\n' +
  '  --scans N  also write scanned copies (PNG or image-only PDF, no text layer) of N PDF resumes';

const integer = (name: string, value: string | undefined, fallback: number): number => {
  if (value === undefined) return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0) {
    console.error(`--${name} must be a whole number, not "${value}".\n${usage}`);
    process.exit(2);
  }
  return parsed;
};

const tally = (resumes: readonly GeneratedResume[], key: (resume: GeneratedResume) => string): string =>
  Object.entries(
    resumes.reduce<Record<string, number>>((counts, resume) => {
      const k = key(resume);
      counts[k] = (counts[k] ?? 0) + 1;
      return counts;
    }, {}),
  )
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([k, n]) => `${k} ${n}`)
    .join(', ');

const main = async (): Promise<void> => {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      seed: { type: 'string' },
      count: { type: 'string' },
      scans: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help || positionals.length !== 1) {
    console.error(usage);
    process.exit(values.help ? 0 : 2);
  }
  const outDir = positionals[0] as string;
  const seed = integer('seed', values.seed, DEFAULT_SEED);
  const count = integer('count', values.count, DEFAULT_COUNT);
  const scans = integer('scans', values.scans, 0);
  const started = performance.now();
  const { resumes } = await generateResumes(outDir, { seed, count, scans });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`Wrote ${resumes.length} resumes and ground-truth.json to ${outDir} (seed ${seed}) in ${seconds} s.`);
  console.log(`  formats: ${tally(resumes, (r) => (r.scanOf ? 'scanned ' : '') + r.file.slice(r.file.lastIndexOf('.') + 1))}`);
  console.log(`  layouts: ${tally(resumes, (r) => r.layout)}`);
  console.log(`  professions: ${tally(resumes, (r) => r.profession)}`);
  console.log(`  countries: ${tally(resumes, (r) => r.country)}`);
  console.log(`  names: ${tally(resumes, (r) => r.nameShape)}`);
  console.log(`  dates: ${tally(resumes, (r) => r.dateStyle)}`);
  console.log(`  jobs: ${tally(resumes, (r) => r.jobShape)}`);
};

await main();

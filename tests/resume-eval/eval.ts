/*
 * `npm run eval:resumes [-- --dir PATH ...] [--set PATH ...] [--generated N | --no-generated] [--verbose] [--adapter local|openai] [--only TEXT]`
 *
 * `--dir` replaces the devset; `--set` adds a labelled folder beside it (a held-out set kept outside
 * the repository, say). `RESUME_EVAL_SETS` (folders joined by the platform's path delimiter, `:` on
 * Linux) adds folders the same way, for runs that cannot pass arguments.
 *
 * By default it scores the devset (../shared/data/resumes/devset) and a freshly generated set of
 * resumes nobody tuned for (./generator, seed 21, 60 files, 4 of them scans), each folder with its
 * own table, then all together. Runs the production path (resumeText, then an AI adapter) on every file of each labelled
 * directory and prints a per-field table and an overall score (scoring: ./score.ts). Each
 * directory holds resume files and a `ground-truth.json` keyed by file name (the devset's
 * format). Files the text reader cannot read count as misses on every field and are listed.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import type { ExtractedResume } from '@hireloop/contracts';
import { extractResumeLocally } from '@hireloop/platform/ai/local';
import { createOpenAiAdapter } from '@hireloop/platform/ai/openai';
import { DOCX_MEDIA_TYPE, PDF_MEDIA_TYPE, resumeText } from '@hireloop/platform/resume-text';
import { stopOcr } from '@hireloop/platform/resume-text/ocr';
import { generateResumes } from './generator/index';
import {
  FIELDS,
  MISSED,
  answerOf,
  formatTable,
  scoreAnswer,
  totalsOf,
  type Answer,
  type FieldScores,
  type GroundTruth,
} from './score';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const DEFAULT_DIR = path.resolve(ROOT, '../shared/data/resumes/devset');
/** Fixed, so that "Present" means the same on every run. */
const NOW = new Date('2026-11-23T12:00:00Z');

/** The generated set: fixed seed, so every run scores the same files. */
const GENERATED_SEED = 21;
const GENERATED_COUNT = 60;
const GENERATED_SCANS = 4;

const MEDIA_TYPES: Record<string, string> = {
  '.pdf': PDF_MEDIA_TYPE,
  '.docx': DOCX_MEDIA_TYPE,
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
};

interface Options {
  dirs: string[];
  /** Folders scored besides `dirs` (or the devset when no `--dir` is given). */
  sets: string[];
  /** Resumes to generate and score besides the folders (0: none). */
  generated: number;
  verbose: boolean;
  adapter: 'local' | 'openai';
  only?: string;
}

const usage = (message: string): never => {
  console.error(`${message}\nusage: npm run eval:resumes -- [--dir PATH]... [--set PATH]... [--generated N | --no-generated] [--verbose] [--adapter local|openai] [--only TEXT]`);
  process.exit(2);
};

/** The folders named in RESUME_EVAL_SETS, resolved; empty entries ignored. */
const setsFromEnv = (value: string | undefined): string[] =>
  (value ?? '')
    .split(path.delimiter)
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '')
    .map((entry) => path.resolve(entry));

const parseArgs = (argv: readonly string[]): Options => {
  const options: Options = { dirs: [], sets: setsFromEnv(process.env.RESUME_EVAL_SETS), generated: GENERATED_COUNT, verbose: false, adapter: 'local' };
  for (let index = 0; index < argv.length; index += 1) {
    const arg = argv[index];
    const value = () => argv[++index] ?? usage(`${arg} needs a value`);
    if (arg === '--dir') options.dirs.push(path.resolve(value()));
    else if (arg === '--set') options.sets.push(path.resolve(value()));
    else if (arg === '--verbose' || arg === '-v') options.verbose = true;
    else if (arg === '--generated') options.generated = Number(value());
    else if (arg === '--no-generated') options.generated = 0;
    else if (arg === '--only') options.only = value();
    else if (arg === '--adapter') {
      const adapter = value();
      if (adapter !== 'local' && adapter !== 'openai') usage(`unknown adapter ${adapter}`);
      options.adapter = adapter as Options['adapter'];
    } else usage(`unknown argument ${arg}`);
  }
  if (options.dirs.length === 0) options.dirs.push(DEFAULT_DIR);
  for (const set of options.sets) if (!options.dirs.includes(set)) options.dirs.push(set);
  return options;
};

type Extract = (text: string) => Promise<ExtractedResume>;

const extractorFor = (adapter: Options['adapter']): Extract => {
  if (adapter === 'local') return (text) => Promise.resolve(extractResumeLocally(text, NOW));
  const apiKey = process.env.OPENAI_API_KEY;
  if (!apiKey && !process.env.OPENAI_BASE_URL) usage('--adapter openai needs OPENAI_API_KEY (or OPENAI_BASE_URL)');
  const ai = createOpenAiAdapter({
    apiKey: apiKey ?? 'no-key',
    baseURL: process.env.OPENAI_BASE_URL,
    model: process.env.OPENAI_MODEL ?? 'gpt-4o-mini',
    timeoutMs: 120_000,
  });
  return (text) => ai.extractResume(text);
};

interface FileResult {
  readonly file: string;
  readonly scores: FieldScores;
  readonly answer?: Answer;
  readonly truth: GroundTruth;
  readonly failure?: string;
  readonly ms: number;
}

const loadTruth = (dir: string): Record<string, GroundTruth> => {
  if (!existsSync(dir)) {
    throw new Error(
      `Labelled resume folder not found: ${dir}. The devset lives in ../shared/data/resumes/devset beside the repository; pass --dir for another folder.`,
    );
  }
  const file = path.join(dir, 'ground-truth.json');
  if (!existsSync(file)) throw new Error(`${dir} has no ground-truth.json`);
  const truth = JSON.parse(readFileSync(file, 'utf8')) as Record<string, GroundTruth>;
  const unlabelled = readdirSync(dir).filter(
    (name) => path.extname(name).toLowerCase() in MEDIA_TYPES && !(name in truth),
  );
  if (unlabelled.length > 0) console.warn(`warning: ${dir}: files without ground truth (not scored): ${unlabelled.join(', ')}`);
  return truth;
};

const evaluateFile = async (dir: string, file: string, truth: GroundTruth, extract: Extract): Promise<FileResult> => {
  const started = performance.now();
  const mediaType = MEDIA_TYPES[path.extname(file).toLowerCase()];
  const fullPath = path.join(dir, file);
  if (!existsSync(fullPath)) return { file, truth, scores: MISSED, failure: 'file missing', ms: 0 };
  try {
    if (mediaType === undefined) throw new Error(`no media type for ${file}`);
    const text = await resumeText(readFileSync(fullPath), mediaType);
    const answer = answerOf(await extract(text));
    return { file, truth, answer, scores: scoreAnswer(truth, answer), ms: performance.now() - started };
  } catch (error) {
    const failure = error instanceof Error ? error.message : String(error);
    return { file, truth, scores: MISSED, failure, ms: performance.now() - started };
  }
};

const show = (value: unknown): string => JSON.stringify(value) ?? 'undefined';

const diffOf = (result: FileResult): string[] => {
  const lines = [`### ${result.file} (${Math.round(result.ms)} ms)`];
  if (result.failure !== undefined) return [...lines, `  MISS (not read): ${result.failure}`];
  for (const field of FIELDS) {
    const score = result.scores[field];
    const mark = score === 1 ? 'ok  ' : score === 0 ? 'MISS' : `${score.toFixed(2)}`;
    const expected = result.truth[field];
    const got = result.answer?.[field];
    lines.push(`  ${mark} ${field.padEnd(15)} expected ${show(expected)}${score === 1 ? '' : `\n${' '.repeat(23)}got ${show(got)}`}`);
  }
  return lines;
};

const main = async () => {
  const options = parseArgs(process.argv.slice(2));
  const extract = extractorFor(options.adapter);
  const results: FileResult[] = [];
  const byDir = new Map<string, FileResult[]>();
  const generatedDir = options.generated > 0 ? mkdtempSync(path.join(tmpdir(), 'hireloop-generated-resumes-')) : null;
  if (generatedDir !== null) {
    await generateResumes(generatedDir, { seed: GENERATED_SEED, count: options.generated, scans: Math.min(GENERATED_SCANS, options.generated) });
    options.dirs.push(generatedDir);
  }
  for (const dir of options.dirs) {
    const truth = loadTruth(dir);
    const files = Object.keys(truth).filter((file) => options.only === undefined || file.includes(options.only));
    for (const file of files.sort()) {
      const label = options.dirs.length > 1 ? path.join(path.basename(dir), file) : file;
      const result = await evaluateFile(dir, file, truth[file] as GroundTruth, extract);
      results.push({ ...result, file: label });
      byDir.set(dir, [...(byDir.get(dir) ?? []), { ...result, file: label }]);
    }
  }
  await stopOcr();
  if (generatedDir !== null) rmSync(generatedDir, { recursive: true, force: true });
  if (options.verbose) for (const result of results) console.log(`${diffOf(result).join('\n')}\n`);
  const unread = results.filter((result) => result.failure !== undefined);
  console.log(`Adapter: ${options.adapter}. Folders: ${options.dirs.join(', ')}`);
  if (unread.length > 0) {
    console.log(`\nNot read (${unread.length}, scored as misses on every field):`);
    for (const result of unread) console.log(`- ${result.file}: ${result.failure}`);
  }
  const read = results.filter((result) => result.failure === undefined).map((result) => result.ms).sort((a, b) => a - b);
  if (read.length > 0) {
    const p95 = read[Math.min(read.length - 1, Math.ceil(read.length * 0.95) - 1)] ?? 0;
    console.log(`\nText + fields per read file: median ${Math.round(read[Math.floor(read.length / 2)] ?? 0)} ms, p95 ${Math.round(p95)} ms, max ${Math.round(read.at(-1) ?? 0)} ms`);
  }
  if (byDir.size > 1) {
    for (const [dir, dirResults] of byDir) {
      const name = dir === generatedDir ? `generated (seed ${GENERATED_SEED}, ${options.generated} files + ${Math.min(GENERATED_SCANS, options.generated)} scans)` : path.basename(dir);
      console.log(`\n${name}:\n\n${formatTable(totalsOf(dirResults.map((result) => result.scores)), 'field')}`);
    }
    console.log('\nAll folders together:');
  }
  console.log(`\n${formatTable(totalsOf(results.map((result) => result.scores)), 'field')}`);
  if (unread.length > 0) {
    const readScores = results.filter((result) => result.failure === undefined).map((result) => result.scores);
    console.log(`\nThe same on the ${readScores.length} files read (for comparison only; the score above is the one that counts):\n`);
    console.log(formatTable(totalsOf(readScores), 'field (files read)'));
  }
};

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

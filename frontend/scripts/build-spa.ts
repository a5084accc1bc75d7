/**
 * Builds the SPA into `frontend/dist` (`npm run build`), or, with `--if-changed`, only when what it
 * is built from changed since the last build (`npm start`, so a start where nothing did takes a
 * couple of seconds).
 *
 * The build's inputs (the frontend's sources, the contracts it imports, the shared TypeScript
 * settings and the lockfile) are hashed, and the hash is kept in `frontend/dist/.source-hash`
 * after a build that succeeded. Vite empties `dist` when a build starts, so a failed or
 * interrupted build leaves no hash behind and the next start builds again.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** What the SPA is built from, relative to the repository root (folders are read recursively). */
const INPUTS = ['frontend', 'contracts/src', 'contracts/package.json', 'tsconfig.base.json', 'package-lock.json'];

/** Never part of the bundle: built output, caches, the generated route tree, tests and notes. */
const SKIPPED = [
  /(^|\/)(node_modules|dist|\.tanstack)(\/|$)/,
  /^frontend\/src\/routeTree\.gen\.ts$/,
  /^frontend\/src\/testing\//,
  /\.test\.tsx?$/,
  /\.md$/,
];

export const HASH_FILE = 'frontend/dist/.source-hash';

async function filesUnder(root: string, relative: string): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(path.join(root, relative), { withFileTypes: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOTDIR') return [relative];
    if (code === 'ENOENT') return [];
    throw error;
  }
  const nested = await Promise.all(
    entries
      .map((entry) => ({ entry, file: `${relative}/${entry.name}` }))
      .filter(({ file }) => !SKIPPED.some((pattern) => pattern.test(file)))
      .map(({ entry, file }) => (entry.isDirectory() ? filesUnder(root, file) : [file])),
  );
  return nested.flat();
}

/** A hash of every file the SPA is built from, and of its path: an edited, new or removed file changes it. */
export async function frontendSourceHash(root: string): Promise<string> {
  const files = (await Promise.all(INPUTS.map((input) => filesUnder(root, input)))).flat().sort();
  const hash = createHash('sha256');
  for (const file of files) {
    hash.update(`${file}\0`);
    hash.update(await readFile(path.join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

export type BuildOutcome = 'up to date' | 'built' | 'failed';

/** The SPA's page addresses (`/job/$jobId`), for the server to answer any other address with a 404 status. */
export const ROUTES_FILE = 'frontend/dist/routes.json';

/** The full paths of the route tree TanStack Router generated for the build (`fullPaths: | '/' | '/jobs' …`). */
export function routePathsOf(routeTree: string): string[] {
  const union = /fullPaths:\s*((?:\|\s*'[^']*'\s*)+)/.exec(routeTree)?.[1] ?? '';
  return [...union.matchAll(/'([^']*)'/g)].map((match) => match[1]!);
}

/**
 * Runs `build` unless `ifChanged` and `frontend/dist` was built from the sources as they are now;
 * after a build that succeeded, keeps their hash.
 */
export async function buildSpa(options: { root: string; ifChanged: boolean; build: () => boolean; log: (line: string) => void }): Promise<BuildOutcome> {
  const { root, log } = options;
  // Hashed before building: a file edited during the build makes the next start build again.
  const hash = await frontendSourceHash(root);
  if (options.ifChanged) {
    const kept = await readFile(path.join(root, HASH_FILE), 'utf8').catch(() => null);
    if (kept?.trim() === hash) {
      log('The SPA in frontend/dist is up to date.');
      return 'up to date';
    }
    log('Building the SPA into frontend/dist: its sources changed since the last build.');
  }
  if (!options.build()) return 'failed';
  // Without the route tree (never without a real build), the server treats every address as a page.
  const routeTree = await readFile(path.join(root, 'frontend/src/routeTree.gen.ts'), 'utf8').catch(() => null);
  if (routeTree) await writeFile(path.join(root, ROUTES_FILE), `${JSON.stringify(routePathsOf(routeTree), null, 2)}\n`);
  await writeFile(path.join(root, HASH_FILE), `${hash}\n`);
  return 'built';
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  const outcome = await buildSpa({
    root,
    ifChanged: process.argv.includes('--if-changed'),
    build: () => spawnSync('npm', ['run', 'build', '-w', '@hireloop/frontend'], { cwd: root, stdio: 'inherit' }).status === 0,
    log: (line) => process.stderr.write(`${line}\n`),
  });
  if (outcome === 'failed') process.exit(1);
}

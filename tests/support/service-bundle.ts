/**
 * The CLI compiled once into plain JavaScript (esbuild, the compiler tsx itself uses), for suites
 * that start and kill the same processes many times (`npm run prove`'s chaos: 50 restarts of the
 * projections process). Under tsx every start compiles and resolves a few thousand modules through
 * its loader thread: 15–20 s of a 20 s restart at load average 20 on two cores, against about 3 s
 * for the same code loaded from the bundle (ADR 096).
 *
 * The bundle holds the workspaces' code; packages stay outside it and are loaded by node as
 * usual, so it lives inside the repository (its imports find node_modules). Each module keeps
 * its own `import.meta.url` (migrations, the SPA, worker files are found next to their sources),
 * and what a process imports only when configured (KurrentDB, MongoDB, the command side) is a
 * chunk of its own, loaded only then. One bundle per test process, removed when it exits.
 */
import { existsSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

let built: Promise<string> | null = null;

/** The bundle's entry (`main.mjs`, run as `node main.mjs serve projections`), built on the first call. */
export function serviceBundle(): Promise<string> {
  built ??= buildBundle();
  return built;
}

async function buildBundle(): Promise<string> {
  const outdir = path.join(ROOT, 'node_modules/.cache/hireloop/service-bundle', String(process.pid));
  process.once('exit', () => rmSync(outdir, { recursive: true, force: true }));
  await build({
    entryPoints: { main: path.join(ROOT, 'cli/src/main.ts') },
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outdir,
    outExtension: { '.js': '.mjs' },
    logLevel: 'warning',
    plugins: [
      {
        name: 'packages-outside-and-own-urls',
        setup(bundle) {
          bundle.onResolve({ filter: /^[^./]/ }, async (args) => {
            // The workspaces are compiled in; JSON is inlined (node would want an import attribute).
            if (args.path.startsWith('@hireloop/') || args.path.endsWith('.json') || args.pluginData === 'resolving') return undefined;
            const name = args.path.startsWith('@') ? args.path.split('/').slice(0, 2).join('/') : args.path.split('/')[0]!;
            if (args.path.startsWith('node:') || existsSync(path.join(ROOT, 'node_modules', name))) return { path: args.path, external: true };
            // A package only a workspace has (command-service/node_modules/…): imported by its path.
            const found = await bundle.resolve(args.path, { resolveDir: args.resolveDir, kind: args.kind, pluginData: 'resolving' });
            if (found.errors.length > 0) return { errors: found.errors };
            return { path: found.path, external: true };
          });
          bundle.onLoad({ filter: /\.ts$/ }, async (args) => {
            const source = await readFile(args.path, 'utf8');
            return { contents: source.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)), loader: 'ts' };
          });
        },
      },
    ],
  });
  return path.join(outdir, 'main.mjs');
}

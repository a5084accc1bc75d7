import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readFile } from 'node:fs/promises';
import { buildSpa, routePathsOf } from '../../frontend/scripts/build-spa';

/** A repository with just what the SPA is built from, and a fake build that counts its runs. */
let root: string;
let builds: number;
let buildSucceeds: boolean;

const write = async (file: string, content: string) => {
  await mkdir(path.dirname(path.join(root, file)), { recursive: true });
  await writeFile(path.join(root, file), content);
};

const start = () =>
  buildSpa({
    root,
    ifChanged: true,
    log: () => undefined,
    build: () => {
      builds++;
      return buildSucceeds;
    },
  });

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'hireloop-build-spa-'));
  builds = 0;
  buildSucceeds = true;
  await write('frontend/index.html', '<title>Hireloop</title>');
  await write('frontend/src/main.tsx', 'render()');
  await write('contracts/src/index.ts', 'export const a = 1;');
  await write('tsconfig.base.json', '{}');
  await write('package-lock.json', '{"lockfileVersion":3}');
  await mkdir(path.join(root, 'frontend/dist'), { recursive: true });
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('npm start builds the SPA only when what it is built from changed', () => {
  it('builds on the first start and not on the next one', async () => {
    expect(await start()).toBe('built');
    expect(await start()).toBe('up to date');
    expect(builds).toBe(1);
  });

  it('builds again after a change to the frontend, the contracts it imports or the lockfile', async () => {
    await start();
    for (const [file, content] of [
      ['frontend/src/main.tsx', 'render(2)'],
      ['frontend/src/routes/new-page.tsx', 'export {}'],
      ['contracts/src/index.ts', 'export const a = 2;'],
      ['package-lock.json', '{"lockfileVersion":3,"packages":{}}'],
    ] as const) {
      await write(file, content);
      expect(await start(), file).toBe('built');
    }
    expect(builds).toBe(5);
  });

  it('does not build for tests, notes, the generated route tree or the built output', async () => {
    await start();
    await write('frontend/src/lib/format.test.ts', 'it()');
    await write('frontend/README.md', '# notes');
    await write('frontend/src/routeTree.gen.ts', '// generated');
    await write('frontend/dist/assets/index.js', 'built');
    await write('frontend/node_modules/some-package/index.js', 'installed');
    expect(await start()).toBe('up to date');
    expect(builds).toBe(1);
  });

  it('tries again on the next start after a build that failed', async () => {
    buildSucceeds = false;
    expect(await start()).toBe('failed');
    buildSucceeds = true;
    expect(await start()).toBe('built');
    expect(builds).toBe(2);
  });

  it('npm run build always builds, and the next start does not', async () => {
    await buildSpa({ root, ifChanged: false, log: () => undefined, build: () => (builds++, true) });
    await buildSpa({ root, ifChanged: false, log: () => undefined, build: () => (builds++, true) });
    expect(await start()).toBe('up to date');
    expect(builds).toBe(2);
  });
});

describe('the page addresses the server knows (routes.json)', () => {
  const tree = `export interface FileRouteTypes {\n  fileRoutesByFullPath: FileRoutesByFullPath\n  fullPaths:\n    | '/'\n    | '/jobs'\n    | '/job/$jobId'\n    | '/reset-password/'\n  fileRoutesByTo: FileRoutesByTo\n  to: '/' | '/jobs'\n}`;

  it('reads the full paths of the generated route tree', () => {
    expect(routePathsOf(tree)).toEqual(['/', '/jobs', '/job/$jobId', '/reset-password/']);
  });

  it('writes them beside the build', async () => {
    await write('frontend/src/routeTree.gen.ts', tree);
    await start();
    expect(JSON.parse(await readFile(path.join(root, 'frontend/dist/routes.json'), 'utf8'))).toEqual(['/', '/jobs', '/job/$jobId', '/reset-password/']);
  });
});

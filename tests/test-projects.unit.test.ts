import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createVitest } from 'vitest/node';

/**
 * Each test entry point (`npm run test:unit`, `test:int`, `test:e2e`) runs one group of vitest
 * projects. A test file that no project picks up never runs, and one that two projects pick up
 * runs twice, maybe without the services it needs: vitest itself is asked which files each
 * project runs, and every test file in the repository must be in exactly one.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const NOT_SOURCE = new Set(['node_modules', 'dist', 'coverage', '.git', '.data', '.test-data']);
const TEST_FILE = /\.(test|spec)\.[cm]?[jt]sx?$/;

function testFilesUnder(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    if (NOT_SOURCE.has(entry.name)) return [];
    const file = path.join(directory, entry.name);
    if (entry.isDirectory()) return testFilesUnder(file);
    return TEST_FILE.test(entry.name) ? [file] : [];
  });
}

/** Project names by test file, as `vitest run` would run them. */
async function projectsByFile(): Promise<Map<string, string[]>> {
  const quiet = new PassThrough().resume();
  const vitest = await createVitest(
    'test',
    { config: path.join(ROOT, 'vitest.config.ts'), root: ROOT, watch: false, reporters: [] },
    {},
    { stdout: quiet, stderr: quiet },
  );
  try {
    const owners = new Map<string, string[]>();
    for (const project of vitest.projects) {
      const { testFiles } = await project.globTestFiles();
      for (const file of testFiles) owners.set(file, [...(owners.get(file) ?? []), project.name]);
    }
    return owners;
  } finally {
    await vitest.close();
  }
}

const relative = (file: string) => path.relative(ROOT, file);

describe('test projects', () => {
  it('put every test file in exactly one of unit, unit-dom, unit-dom-mocks, data, int and e2e', async () => {
    const owners = await projectsByFile();
    const onDisk = testFilesUnder(ROOT);
    expect(onDisk.length).toBeGreaterThan(50);

    const misplaced = onDisk
      .map((file) => ({ file: relative(file), projects: owners.get(file) ?? [] }))
      .filter(({ projects }) => projects.length !== 1);
    // A file in none: name it *.unit.test.ts (no services, nothing outside the repository),
    // *.data.test.ts (../shared/data), *.int.test.ts (PostgreSQL, NATS) or *.e2e.test.ts
    // (Chromium); frontend tests live under frontend/src (jsdom).
    expect(misplaced).toEqual([]);

    const byProject = new Map<string, string[]>();
    for (const [file, projects] of owners) {
      for (const project of projects) byProject.set(project, [...(byProject.get(project) ?? []), relative(file)]);
    }
    expect([...byProject.keys()].sort()).toEqual(['data', 'e2e', 'int', 'unit', 'unit-dom', 'unit-dom-mocks']);
    expect(byProject.get('e2e')?.every((file) => file.startsWith('tests/e2e/'))).toBe(true);
    expect(byProject.get('data')?.every((file) => file.endsWith('.data.test.ts'))).toBe(true);
    expect(byProject.get('unit-dom')?.every((file) => file.startsWith('frontend/src/'))).toBe(true);
    // unit-dom shares one module registry per worker: a file that mocks modules runs on its own.
    const mocking = (file: string) => /\bvi\.(do)?[mM]ock\(/.test(readFileSync(path.join(ROOT, file), 'utf8'));
    expect(byProject.get('unit-dom')?.filter(mocking)).toEqual([]);
    // So does unit (ADR 061): a mock there would be left to the files after it in the worker.
    expect(byProject.get('unit')?.filter(mocking)).toEqual([]);
    expect(byProject.get('unit-dom-mocks')?.length).toBeGreaterThan(0);
    expect(byProject.get('unit-dom-mocks')?.every((file) => file.startsWith('frontend/src/') && mocking(file))).toBe(true);
    expect(byProject.get('int')).toEqual(expect.arrayContaining(['tests/contracts/event-store.int.test.ts']));
  }, 60_000);
});

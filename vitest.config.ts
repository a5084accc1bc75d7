import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * One project per thing a test needs, so each entry point runs exactly what the machine can
 * serve (README, "Tests"). A test file's name says which project it belongs to, and
 * `tests/test-projects.unit.test.ts` fails when a file belongs to none or to two.
 *
 * - `unit`, `unit-dom`, `unit-dom-mocks`: no services. `unit` shares one module registry per
 *   worker across files (`isolate: false`), as `unit-dom` does. `unit-dom` is the frontend in jsdom (a
 *   project has one environment), sharing one jsdom and module registry per worker across files
 *   (`isolate: false`): setting up a jsdom per file was most of the project's time (ADR 058).
 *   A file that mocks modules (`vi.mock`) would leave its mock to the next file, so those run in
 *   `unit-dom-mocks`, a fresh environment each. `npm run test:unit` runs the three.
 * - `data`: no services, but the real resumes and job-board answers in ../shared/data, beside
 *   the repository (`*.data.test.ts`); each of its files fails naming the folder when it is missing.
 * - `int`: PostgreSQL on 127.0.0.1:5432 and NATS JetStream on 127.0.0.1:4222.
 * - `e2e`: Chromium at /usr/bin/chromium and the built SPA; the app runs on embedded PostgreSQL.
 */
const SKIPPED_DIRECTORIES = ['**/node_modules/**', '**/dist/**', '.data/**', '.test-data/**'];

const FRONTEND_TESTS = 'frontend/src/**/*.test.{ts,tsx}';
const ROOT = path.dirname(fileURLToPath(import.meta.url));

/** The frontend test files that mock a module (`vi.mock`, `vi.doMock`), as repository paths. */
function frontendFilesMockingModules(directory = 'frontend/src'): string[] {
  return readdirSync(path.join(ROOT, directory), { withFileTypes: true }).flatMap((entry) => {
    const file = path.posix.join(directory, entry.name);
    if (entry.isDirectory()) return frontendFilesMockingModules(file);
    return /\.test\.tsx?$/.test(entry.name) && /\bvi\.(do)?[mM]ock\(/.test(readFileSync(path.join(ROOT, file), 'utf8')) ? [file] : [];
  });
}
const MOCKING_MODULES = frontendFilesMockingModules();

export default defineConfig({
  test: {
    exclude: SKIPPED_DIRECTORIES,
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // Two cores: keep integration suites from starving each other.
    maxWorkers: 2,
    reporters: ['default', './tests/support/summary-reporter.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          include: ['**/*.unit.test.ts'],
          exclude: [...SKIPPED_DIRECTORIES, 'frontend/**'],
          // One module registry per worker across files: importing the same workspaces again for
          // each of ~100 files was most of this project's time (ADR 061). No file here mocks a
          // module (the projects test checks it).
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'unit-dom',
          environment: 'jsdom',
          include: [FRONTEND_TESTS],
          exclude: [...SKIPPED_DIRECTORIES, ...MOCKING_MODULES],
          isolate: false,
          setupFiles: ['frontend/src/testing/setup-tests.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'unit-dom-mocks',
          environment: 'jsdom',
          include: MOCKING_MODULES,
          setupFiles: ['frontend/src/testing/setup-tests.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'data',
          environment: 'node',
          include: ['**/*.data.test.ts'],
          exclude: [...SKIPPED_DIRECTORIES, 'frontend/**'],
          setupFiles: ['tests/support/shared-data-setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'int',
          environment: 'node',
          include: ['**/*.int.test.ts'],
          exclude: [...SKIPPED_DIRECTORIES, 'frontend/**'],
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['**/*.e2e.test.ts'],
          exclude: [...SKIPPED_DIRECTORIES, 'frontend/**'],
        },
      },
    ],
  },
});

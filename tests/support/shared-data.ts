import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The real resumes and job-board answers the `data` project's tests read (`*.data.test.ts`):
 * kept beside the repository, not in it (their licences are the sources' own; see its README.md).
 */
export const SHARED_DATA = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../shared/data');

/**
 * Fails with what to do when the folder is missing, so a clone without it sees why the `data`
 * project fails instead of 19 unrelated "no such file" errors, or a silent skip.
 */
export function assertSharedData(folder: string = SHARED_DATA): void {
  if (existsSync(folder)) return;
  throw new Error(
    `The "data" test project reads real resumes and job-board answers from ${folder}, which is missing. ` +
      'Put the shared/ folder beside the repository (../shared/data), or run the tests that need nothing outside it: ' +
      'npm run test:unit (README, "Tests").',
  );
}

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { assertSharedData } from './support/shared-data';

describe('the data project’s check for ../shared/data', () => {
  const present = mkdtempSync(path.join(tmpdir(), 'shared-data-'));
  afterAll(() => rmSync(present, { recursive: true, force: true }));

  it('fails naming the missing folder and the tests that need nothing outside the repository', () => {
    const missing = path.join(present, 'no-such-folder');
    expect(() => assertSharedData(missing)).toThrow(`reads real resumes and job-board answers from ${missing}, which is missing`);
    expect(() => assertSharedData(missing)).toThrow('npm run test:unit');
  });

  it('lets the tests run when the folder is there', () => {
    expect(() => assertSharedData(present)).not.toThrow();
  });
});

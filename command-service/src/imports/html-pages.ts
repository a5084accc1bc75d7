import { INVALID_ITEM } from './job-feeds';
import { FeedFormatError, isRecord } from './parsers';
import { XmlSyntaxError, type XmlItem } from './xml-stream';

/**
 * A web page's schema.org `JobPosting`s (ADR 117): what Google for Jobs reads, in the page's
 * `<script type="application/ld+json">` blocks. The page is scanned as a stream for those blocks
 * only (the rest of the HTML is not parsed, so a page of any size reads in the memory of one
 * block); each block is JSON and may hold one posting, a list, an `@graph`, or an `ItemList` of
 * them. A block that is not JSON is reported as a skipped item; a page with no posting at all is
 * not a job feed.
 */

const SCRIPT_OPEN = /<script\b[^>]*?\btype\s*=\s*["']?application\/ld\+json\b[^>]*>/i;
const SCRIPT_CLOSE = /<\/script\s*>/i;
/** A tag cut between two chunks is kept for the next. */
const KEEP_CHARS = 4096;
const MAX_POSTINGS_DEPTH = 16;

const isJobPosting = (value: Record<string, unknown>) => {
  const type = value['@type'];
  return type === 'JobPosting' || (Array.isArray(type) && type.includes('JobPosting'));
};

/** Every JobPosting in a JSON-LD value: itself, in a list, an `@graph`, an ItemList's items, a page's `mainEntity`. */
function postingsIn(value: unknown, found: Array<Record<string, unknown>>, depth = 0): void {
  if (depth > MAX_POSTINGS_DEPTH) return;
  if (Array.isArray(value)) {
    for (const entry of value) postingsIn(entry, found, depth + 1);
    return;
  }
  if (!isRecord(value)) return;
  if (isJobPosting(value)) {
    found.push(value);
    return;
  }
  for (const key of ['@graph', 'itemListElement', 'item', 'mainEntity']) if (key in value) postingsIn(value[key], found, depth + 1);
}

export class JsonLdPageStream {
  private buffer = '';
  private inBlock = false;
  private blocks = 0;
  private postingIndex = -1;
  private items: XmlItem[] = [];

  constructor(private readonly maxBlockChars: number) {}

  write(text: string): void {
    this.buffer += text;
    for (;;) {
      if (!this.inBlock) {
        const open = SCRIPT_OPEN.exec(this.buffer);
        if (!open) {
          if (this.buffer.length > KEEP_CHARS) this.buffer = this.buffer.slice(-KEEP_CHARS);
          return;
        }
        this.buffer = this.buffer.slice(open.index + open[0].length);
        this.inBlock = true;
        this.blocks++;
      }
      const close = SCRIPT_CLOSE.exec(this.buffer);
      if (!close) {
        if (this.buffer.length > this.maxBlockChars) {
          throw new XmlSyntaxError(`The page's JSON-LD block ${this.blocks} is larger than ${Math.round(this.maxBlockChars / 1024 / 1024)} MB: the run stops there`);
        }
        return;
      }
      this.block(this.buffer.slice(0, close.index));
      this.buffer = this.buffer.slice(close.index + close[0].length);
      this.inBlock = false;
    }
  }

  private block(source: string): void {
    const json = source.replace(/^\s*(?:<!--|\/\/\s*<!\[CDATA\[|<!\[CDATA\[)/, '').replace(/(?:-->|\/\/\s*\]\]>|\]\]>)\s*$/, '');
    let value: unknown;
    try {
      value = JSON.parse(json);
    } catch (error) {
      this.items.push({ index: ++this.postingIndex, value: { [INVALID_ITEM]: `the page's JSON-LD block ${this.blocks} is not valid JSON (${error instanceof Error ? error.message : String(error)})` } });
      return;
    }
    const found: Array<Record<string, unknown>> = [];
    postingsIn(value, found);
    for (const posting of found) this.items.push({ index: ++this.postingIndex, value: posting });
  }

  takeItems(): XmlItem[] {
    const items = this.items;
    this.items = [];
    return items;
  }

  end(): void {
    if (this.inBlock) throw new XmlSyntaxError(`The page ends inside its JSON-LD block ${this.blocks} (was it cut short?)`);
    if (this.postingIndex < 0) {
      throw new FeedFormatError('The page has no schema.org JobPosting in its JSON-LD (<script type="application/ld+json">): there is nothing to import from it');
    }
  }
}

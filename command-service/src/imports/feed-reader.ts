import { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { Tokenizer, TokenParser, TokenType, type ParsedElementInfo, type ParsedTokenInfo } from '@streamparser/json';
import { FeedFormatError, hireloopEnvelope, hireloopItems, himalayasItems, isRemoteOkNotice, remoteOkItems, type ItemReader } from './parsers';
import { JsonLdPageStream } from './html-pages';
import { ashbyItems, greenhouseItems, isAshbyJob, isGreenhouseJob, isLeverPosting, isWorkableJob, jsonLdItems, leverItems, recruiteeItems, smartRecruitersItems, workableItems } from './job-feeds';
import { jsonFeedItems, xmlEncodingOf } from './web-feeds';
import { XmlFeedStream } from './xml-stream';

/**
 * Reads a feed as a stream (ADR 084): bytes in, items out, a chunk at a time, so a feed of any
 * size is read in the memory of a few items. The tokenizer and the token parser are
 * `@streamparser/json`; this file only follows where the tokens are (top-level keys, the list of
 * items, the byte where each item starts) to recognise the format the way `detectFeedFormat`
 * does for a document in memory, to say where a broken document breaks, and to bound what one
 * item may take.
 */

/** Where a feed's bytes come from. */
export interface FeedSource {
  /** The size in bytes when it is known (a file, an answer with Content-Length). */
  readonly size: number | null;
  /** The bytes from the start. */
  chunks(): AsyncIterable<Uint8Array>;
  /** A file can be read again from the start; an HTTP answer cannot (it is capped in size instead). */
  readonly rereadable: boolean;
}

export interface FeedReadProgress {
  bytesRead: number;
  totalBytes: number | null;
  /** 2 when the document had to be read twice (its format was only known at its end). */
  pass: 1 | 2;
}

export interface FeedItem {
  /** The index in the document's list, as `ItemReader.label` takes it. */
  index: number;
  value: unknown;
}

export type FeedPart = { kind: 'format'; reader: ItemReader } | { kind: 'items'; items: FeedItem[] };

export interface ReadFeedOptions {
  onProgress?: (progress: FeedReadProgress) => void;
  /**
   * Items of a document whose format is not known yet (its `jobs` come before its `source`, or it
   * has none: a Himalayas page) are held up to this many bytes; past it a rereadable source is
   * read again once the format is known. Default 16 MB.
   */
  holdBytes?: number;
  /** One item larger than this fails the run (no job is anywhere near: a description is at most 50,000 characters). Default 8 MB. */
  maxItemBytes?: number;
}

/** The document is broken (not JSON, cut short, an item too large): the run stops where it broke. */
export class FeedSyntaxError extends FeedFormatError {}

export const HOLD_BYTES = 16 * 1024 * 1024;
export const MAX_ITEM_BYTES = 8 * 1024 * 1024;
const MAX_DEPTH = 64;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const LEFT_BRACE = 0x7b;
const RIGHT_BRACE = 0x7d;
const LEFT_BRACKET = 0x5b;
const RIGHT_BRACKET = 0x5d;

const UNRECOGNISED =
  'Unrecognised feed: expected a Hireloop feed ({ "source": …, "jobs": [ … ] }), a Remote OK API array, a Himalayas API page ({ "jobs": [ … ] }), a JSON Feed ({ "items": [ … ] }), RSS or Atom';

/** Top-level lists that hold a JSON feed's items besides `jobs`: JSON Feed's `items`, Recruitee's `offers`, SmartRecruiters' `content` (ADR 117). */
const OTHER_LISTS: Record<string, ItemReader> = { items: jsonFeedItems, offers: recruiteeItems, content: smartRecruitersItems };

const count = (n: number) => n.toLocaleString('en-US');

/** The item reader of an object feed, once it is known whether it has a `source`. */
function objectFeedReader(source: { value: unknown } | null, jobsIsList: boolean): ItemReader {
  if (source !== null) return hireloopItems(hireloopEnvelope({ source: source.value, jobs: jobsIsList ? [] : null }).source);
  if (!jobsIsList) throw new FeedFormatError('Not a valid Himalayas page: jobs must be a list');
  return himalayasItems;
}

/** One read of the document from its first byte. */
class Pass {
  readonly tokenizer = new Tokenizer();
  parser: TokenParser | null = null;
  depth = 0;
  top: 'array' | 'object' | 'other' | null = null;
  /** Top-level object: the key whose value comes next, and where we are around it. */
  key: string | null = null;
  expectKey = false;
  afterColon = false;
  jobs: 'list' | 'other' | null = null;
  inList = false;
  /** The top-level key of the list of items (`jobs`, `items`, `offers`, `content`), once it opens. */
  listKey: string | null = null;
  source: { value: unknown } | null = null;
  /** Ashby's answer says `apiVersion`; Workable's names its account (`name`) before its jobs. */
  apiVersion = false;
  accountName: string | null = null;
  /** The byte where the item being read starts (-1 between items) and its index. */
  itemStart = -1;
  itemIndex = -1;
  lastOffset = 0;
  reader: ItemReader | null;
  /** Items read since the last hand-over; null once they no longer fit in `holdBytes` (undecided only). */
  items: FeedItem[] | null = [];
  heldBytes = 0;
  overflowed = false;
  /**
   * Items that open with `{` or `[` are not given to the tokenizer (ADR 126): their bytes are found
   * by a scan that follows only strings and brackets, and parsed by `JSON.parse`, which does in
   * native code what the tokenizer and token parser did a byte and a token at a time (a third of a
   * job's reading). The tokenizer still reads everything around them (the envelope, the commas,
   * any other value), so the format is recognised and a broken envelope reported as before; an
   * item `JSON.parse` refuses is read again by a tokenizer of its own, which says where it breaks.
   * `skipped`: the bytes so far not given to the tokenizer, added to its offsets.
   */
  private skipped = 0;
  /** The tokenizer's last token was the list's `[` or a comma in it: a value in the list comes next. */
  private expectingItem = false;
  /** Outside items, whether the scan is inside a string (a `{` there starts nothing). */
  private inString = false;
  private afterBackslash = false;
  /** The item being scanned: its bytes so far, its nesting (the brackets opened), and its string state. */
  private item: { parts: Uint8Array[]; bytes: number; brackets: number[]; inString: boolean; backslashes: number } | null = null;
  /** The value of the scanned item handed to the token parser in place of its tokens. */
  private scannedValue: unknown = undefined;

  constructor(
    reader: ItemReader | null,
    private readonly holdBytes: number,
  ) {
    this.reader = reader;
    this.tokenizer.onToken = (token) => this.onToken(token);
  }

  private get itemsDepth() {
    return this.top === 'array' ? 1 : 2;
  }

  private onToken(info: ParsedTokenInfo): void {
    const { token } = info;
    const offset = info.offset + this.skipped;
    this.lastOffset = offset;
    if (this.depth === 0 && this.top === null) this.start(token);
    const opens = token === TokenType.LEFT_BRACE || token === TokenType.LEFT_BRACKET;
    const closes = token === TokenType.RIGHT_BRACE || token === TokenType.RIGHT_BRACKET;
    // An item begins: a value directly in the list.
    if (this.itemStart < 0 && this.depth === this.itemsDepth && (this.top === 'array' || this.inList) && token !== TokenType.COMMA && !closes) {
      this.itemStart = offset;
      this.itemIndex++;
    }
    if (this.top === 'object' && this.depth === 1) this.followTopLevelKeys(token, opens, info.value);
    if (opens && ++this.depth > MAX_DEPTH) throw new FeedSyntaxError(`The feed nests deeper than ${MAX_DEPTH} levels at byte ${count(offset)}`);
    if (closes) {
      this.depth--;
      if (this.inList && this.depth === 1) this.inList = false;
    }
    this.expectingItem = (token === TokenType.COMMA || token === TokenType.LEFT_BRACKET) && this.depth === this.itemsDepth && (this.top === 'array' || this.inList);
    this.parser!.write(info);
  }

  private start(token: TokenType): void {
    this.top = token === TokenType.LEFT_BRACKET ? 'array' : token === TokenType.LEFT_BRACE ? 'object' : 'other';
    this.parser = new TokenParser({ paths: this.top === 'array' ? ['$.*'] : ['$.jobs.*', '$.items.*', '$.offers.*', '$.content.*', '$.source', '$.name'], keepStack: false });
    this.parser.onValue = (element) => this.onValue(element);
    // An array is Remote OK's or Lever's: its first job says which.
    if (this.top === 'object') this.expectKey = true;
  }

  private followTopLevelKeys(token: TokenType, opens: boolean, value: unknown): void {
    if (token === TokenType.COMMA) this.expectKey = true;
    else if (token === TokenType.COLON) this.afterColon = true;
    else if (this.expectKey && token === TokenType.STRING) {
      this.key = String(value);
      this.expectKey = false;
    } else if (this.afterColon) {
      this.afterColon = false;
      if (this.key === 'apiVersion') this.apiVersion = true;
      const isList = opens && token === TokenType.LEFT_BRACKET;
      // A JSON Feed (jsonfeed.org) lists its entries in `items`, Recruitee its offers in `offers`,
      // SmartRecruiters its postings in `content`: no other format has these.
      const otherList = this.key !== null && this.key in OTHER_LISTS && this.jobs === null && this.listKey === null && isList;
      if ((this.key !== 'jobs' || this.listKey !== null) && !otherList) return;
      if (otherList) this.reader ??= OTHER_LISTS[this.key!]!;
      this.jobs = isList ? 'list' : 'other';
      this.inList = this.jobs === 'list';
      if (this.inList) this.listKey = this.key;
      // The list starts: with its `source` already read, the format is known now.
      if (this.inList && this.reader === null && this.source !== null) this.reader = objectFeedReader(this.source, true);
    }
  }

  private onValue(element: ParsedElementInfo): void {
    const { key, stack } = element;
    const value = this.scannedValue === undefined ? element.value : this.scannedValue;
    this.scannedValue = undefined;
    if (this.top === 'object' && stack.length === 1) {
      if (key === 'source') this.source = { value };
      if (key === 'name' && typeof value === 'string') this.accountName = value;
      return;
    }
    // Items of a list that is not the feed's (`items` beside `jobs`): not jobs.
    if (this.top === 'object' && stack[1]?.key !== this.listKey) {
      this.itemStart = -1;
      return;
    }
    if (this.reader === null) this.reader = this.readerFromItem(value);
    const item = { index: this.itemIndex, value };
    const size = this.lastOffset - this.itemStart + 1;
    this.itemStart = -1;
    if (this.reader === null) {
      // The format is not known yet: hold the item, within bounds.
      if (this.items === null) return;
      this.heldBytes += size;
      if (this.heldBytes > this.holdBytes) {
        this.items = null;
        this.overflowed = true;
        return;
      }
    }
    this.items!.push(item);
  }

  /**
   * The format told by a job, for those that have no `source` to wait for (ADR 117): Lever's
   * postings in an array, Greenhouse's, Ashby's and Workable's jobs in `jobs`. Null: not yet known
   * (a Himalayas page, or a Hireloop feed whose `source` comes later).
   */
  private readerFromItem(value: unknown): ItemReader | null {
    if (this.top === 'array') return isRemoteOkNotice(value) ? null : isLeverPosting(value) ? leverItems : remoteOkItems;
    if (this.listKey !== 'jobs' || this.source !== null) return null;
    if (isGreenhouseJob(value)) return greenhouseItems;
    if (this.apiVersion || isAshbyJob(value)) return ashbyItems;
    if (isWorkableJob(value)) return workableItems(this.accountName);
    return null;
  }

  /** Where the reading is, for a message: `at byte 1,234 (in jobs[5])`. */
  where(offset = this.lastOffset): string {
    const inItem = this.itemStart >= 0 ? ` (in ${(this.reader ?? (this.top === 'array' ? remoteOkItems : himalayasItems)).label(this.itemIndex)}, which starts at byte ${count(this.itemStart)})` : '';
    return `at byte ${count(offset)}${inItem}`;
  }

  write(chunk: Uint8Array, bytesRead: number, maxItemBytes: number): void {
    const chunkStart = bytesRead - chunk.byteLength;
    let from = 0;
    let at = 0;
    while (at < chunk.byteLength) {
      if (this.item !== null) {
        at = this.scanItem(chunk, at, chunkStart);
        if (this.item.brackets.length === 0) this.endItem();
        from = at;
        continue;
      }
      const byte = chunk[at]!;
      if (this.inString) {
        if (this.afterBackslash) this.afterBackslash = false;
        else if (byte === BACKSLASH) this.afterBackslash = true;
        else if (byte === QUOTE) this.inString = false;
      } else if (byte === QUOTE) this.inString = true;
      else if (byte === LEFT_BRACE || byte === LEFT_BRACKET) {
        // What comes before goes to the tokenizer first: whether the list expects an item here is its to say.
        this.tokenize(chunk.subarray(from, at));
        from = at;
        if (this.expectingItem) {
          this.startItem(chunkStart + at);
          continue;
        }
      }
      at++;
    }
    if (this.item === null) this.tokenize(chunk.subarray(from));
    if (this.itemStart >= 0 && bytesRead - this.itemStart > maxItemBytes) {
      // A break inside the item comes first, as when the tokenizer read it.
      if (this.item !== null) this.reread(this.itemBytes(), 'part');
      throw new FeedSyntaxError(`An item of the feed is larger than ${count(maxItemBytes / 1024 / 1024)} MB ${this.where(this.itemStart)}: the run stops there`);
    }
  }

  private tokenize(bytes: Uint8Array): void {
    if (bytes.byteLength === 0) return;
    try {
      this.tokenizer.write(bytes);
    } catch (error) {
      throw this.syntaxError(error, this.skipped);
    }
  }

  /** A tokenizer's or token parser's error as the run reports it; `shift`: where that tokenizer's byte 0 is in the feed. */
  private syntaxError(error: unknown, shift: number): Error {
    if (error instanceof FeedFormatError) return error;
    const message = error instanceof Error ? error.message.replace(/ at chunk position "\d+" \(absolute position "\d+"\)/, '') : String(error);
    const absolute = error instanceof Error ? /absolute position "(\d+)"/.exec(error.message)?.[1] : undefined;
    return new FeedSyntaxError(`The feed is not valid JSON ${this.where(absolute === undefined ? this.lastOffset : Number(absolute) + shift)}: ${message}`);
  }

  private startItem(offset: number): void {
    this.itemStart = offset;
    this.itemIndex++;
    this.lastOffset = offset;
    this.expectingItem = false;
    this.item = { parts: [], bytes: 0, brackets: [], inString: false, backslashes: 0 };
  }

  /**
   * Follows the item from `at` to its closing bracket or the chunk's end: strings (found with
   * `indexOf`, a quote after an odd number of backslashes is in the string) and brackets, nothing
   * else. A closing bracket of the wrong kind ends it too: `JSON.parse` then refuses it. Answers
   * where it stopped.
   */
  private scanItem(chunk: Uint8Array, at: number, chunkStart: number): number {
    const item = this.item!;
    const { brackets } = item;
    const start = at;
    let i = at;
    const end = chunk.byteLength;
    while (i < end) {
      if (item.inString) {
        const quote = chunk.indexOf(QUOTE, i);
        if (quote === -1) {
          // The backslashes that end the chunk escape the next chunk's first byte (or not).
          let run = 0;
          while (run < end - i && chunk[end - 1 - run] === BACKSLASH) run++;
          item.backslashes = run === end - i ? item.backslashes + run : run;
          i = end;
          break;
        }
        let run = 0;
        while (quote - 1 - run >= i && chunk[quote - 1 - run] === BACKSLASH) run++;
        if (quote - run === i) run += item.backslashes;
        item.backslashes = 0;
        i = quote + 1;
        if (run % 2 === 0) item.inString = false;
        continue;
      }
      const byte = chunk[i++]!;
      if (byte === QUOTE) item.inString = true;
      else if (byte === LEFT_BRACE || byte === LEFT_BRACKET) {
        brackets.push(byte);
        if (this.depth + brackets.length > MAX_DEPTH) throw new FeedSyntaxError(`The feed nests deeper than ${MAX_DEPTH} levels at byte ${count(chunkStart + i - 1)}`);
      } else if (byte === RIGHT_BRACE || byte === RIGHT_BRACKET) {
        const opened = brackets.pop();
        if (opened !== (byte === RIGHT_BRACE ? LEFT_BRACE : LEFT_BRACKET)) brackets.length = 0;
        if (brackets.length === 0) break;
      }
    }
    item.parts.push(chunk.subarray(start, i));
    item.bytes += i - start;
    return i;
  }

  private itemBytes(): Uint8Array {
    const { parts, bytes } = this.item!;
    if (parts.length === 1) return parts[0]!;
    const joined = new Uint8Array(bytes);
    let at = 0;
    for (const part of parts) {
      joined.set(part, at);
      at += part.byteLength;
    }
    return joined;
  }

  /** The scanned item, parsed, goes to the token parser as one value in place of its tokens. */
  private endItem(): void {
    const bytes = this.itemBytes();
    const start = this.itemStart;
    let value: unknown;
    try {
      value = JSON.parse(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8'));
    } catch {
      // Where it breaks, in the tokenizer's words (or its value, should the tokenizer take what JSON.parse does not).
      value = this.reread(bytes, 'whole');
    }
    this.item = null;
    this.skipped += bytes.byteLength;
    this.lastOffset = start + bytes.byteLength - 1;
    // `null` is a value wherever the list expects one: the token parser goes on as after the item's own tokens.
    this.scannedValue = value;
    try {
      this.parser!.write({ token: TokenType.NULL, value: null });
    } catch (error) {
      throw this.syntaxError(error, 0);
    } finally {
      this.scannedValue = undefined;
    }
  }

  /**
   * The item's bytes read by a tokenizer and token parser of their own: throws where they break,
   * as the document's own would have. `whole` (its closing bracket was found): answers its value;
   * `cut` (the document ended inside it): throws when it ends inside a token; `part`: only the break.
   */
  private reread(bytes: Uint8Array, kind: 'whole' | 'cut' | 'part'): unknown {
    const tokenizer = new Tokenizer();
    const parser = new TokenParser({ keepStack: false });
    const shift = this.itemStart;
    let value: unknown;
    parser.onValue = ({ value: read, stack }) => {
      if (stack.length === 0) value = read;
    };
    tokenizer.onToken = (info) => {
      this.lastOffset = info.offset + shift;
      parser.write(info);
    };
    try {
      tokenizer.write(bytes);
    } catch (error) {
      throw this.syntaxError(error, shift);
    }
    if (kind === 'part') return undefined;
    if (kind === 'whole' && parser.isEnded) return value;
    if (kind === 'whole') throw new FeedSyntaxError(`The feed is not valid JSON ${this.where()}: the item does not end where its brackets do`);
    try {
      tokenizer.end();
    } catch (error) {
      throw new FeedSyntaxError(`The feed ends in the middle of a value after ${count(this.itemStart + bytes.byteLength)} bytes ${this.where()}: ${error instanceof Error ? error.message : String(error)} (was it cut short?)`);
    }
    return undefined;
  }

  /** The input has ended: a document that has not is cut short. */
  end(bytesRead: number): void {
    if (this.top === null) throw new FeedFormatError('The feed is empty');
    if (this.item !== null) {
      this.reread(this.itemBytes(), 'cut');
      throw new FeedSyntaxError(`The feed ends after ${count(bytesRead)} bytes before its document does ${this.where()}: it was cut short (truncated)`);
    }
    try {
      this.tokenizer.end();
    } catch (error) {
      throw new FeedSyntaxError(`The feed ends in the middle of a value after ${count(bytesRead)} bytes ${this.where()}: ${error instanceof Error ? error.message : String(error)} (was it cut short?)`);
    }
    if (this.depth > 0 || !this.parser?.isEnded) {
      throw new FeedSyntaxError(`The feed ends after ${count(bytesRead)} bytes before its document does ${this.where()}: it was cut short (truncated)`);
    }
  }

  takeItems(): FeedItem[] {
    const items = this.items ?? [];
    this.items = this.overflowed ? null : [];
    return items;
  }
}

/**
 * The parts of a feed in order: its format (an item reader) once known, then its items a chunk
 * at a time. The next chunk is read only when the caller asks for the next part, so a slow
 * consumer (the event store) holds the reading back. Throws `FeedFormatError` when the document
 * is not a feed, `FeedSyntaxError` where it breaks; errors of the source pass through.
 */
export async function* readFeed(original: FeedSource, options: ReadFeedOptions = {}): AsyncGenerator<FeedPart> {
  const source = await sniffed(original);
  if (source.kind !== 'json') {
    yield* readMarkupFeed(source, options);
    return;
  }
  const holdBytes = source.rereadable ? (options.holdBytes ?? HOLD_BYTES) : Number.POSITIVE_INFINITY;
  const maxItemBytes = options.maxItemBytes ?? MAX_ITEM_BYTES;
  let known: ItemReader | null = null;
  for (const passNumber of [1, 2] as const) {
    const pass: Pass = new Pass(known, holdBytes);
    let announced = false;
    let bytesRead = 0;
    for await (const chunk of source.chunks()) {
      bytesRead += chunk.byteLength;
      let broken: unknown = null;
      try {
        pass.write(chunk, bytesRead, maxItemBytes);
      } catch (error) {
        broken = error;
      }
      options.onProgress?.({ bytesRead, totalBytes: source.size, pass: passNumber });
      if (pass.reader !== null) {
        if (!announced) {
          announced = true;
          yield { kind: 'format', reader: pass.reader };
        }
        // The whole items before a break are handed over first.
        const items = pass.takeItems();
        if (items.length > 0) yield { kind: 'items', items };
      }
      if (broken !== null) throw broken;
    }
    pass.end(bytesRead);
    if (pass.reader === null && pass.top === 'array') pass.reader = remoteOkItems;
    if (pass.reader === null) {
      if (pass.top !== 'object' || pass.jobs === null) throw new FeedFormatError(UNRECOGNISED);
      pass.reader = objectFeedReader(pass.source, pass.jobs === 'list');
    }
    if (!pass.overflowed) {
      if (!announced) yield { kind: 'format', reader: pass.reader };
      const items = pass.takeItems();
      if (items.length > 0) yield { kind: 'items', items };
      return;
    }
    // Its items did not fit while the format was unknown: read it again, knowing.
    known = pass.reader;
  }
}

// ---------------------------------------------------------------------------------------------
// What the bytes are: gzip, XML or JSON (ADR 105)

/** At most this many bytes come out of a gzip-compressed answer (a file has no cap, as its JSON is streamed). */
export const MAX_GUNZIPPED_BYTES = 256 * 1024 * 1024;

const isGzip = (chunk: Uint8Array | undefined) => chunk !== undefined && chunk[0] === 0x1f && chunk[1] === 0x8b;

const SNIFF_BYTES = 64;

/** The first chunk (at least SNIFF_BYTES) of a source, and its chunks again from the start (an answer that can be read once keeps the first). */
async function firstChunk(source: FeedSource): Promise<{ first: Uint8Array | undefined; again: FeedSource }> {
  const iterator = source.chunks()[Symbol.asyncIterator]();
  // Enough bytes to tell what they are (`<!DOCTYPE html`, UTF-16), however small the chunks.
  const parts: Uint8Array[] = [];
  let size = 0;
  while (size < SNIFF_BYTES) {
    const next = await iterator.next();
    if (next.done) break;
    parts.push(next.value);
    size += next.value.byteLength;
  }
  const first = size === 0 ? undefined : parts.length === 1 ? parts[0] : Buffer.concat(parts);
  if (source.rereadable) {
    await iterator.return?.();
    return { first, again: source };
  }
  let taken = false;
  return {
    first,
    again: {
      size: source.size,
      rereadable: false,
      async *chunks() {
        if (taken) throw new FeedFormatError('The feed can be read only once');
        taken = true;
        if (first === undefined) return;
        yield first;
        for (;;) {
          const next = await iterator.next();
          if (next.done) return;
          yield next.value;
        }
      },
    },
  };
}

/** The decompressed bytes of a gzip-compressed source (`feed.json.gz`, or an answer sent as application/gzip). */
function gunzipped(source: FeedSource): FeedSource {
  return {
    size: null,
    rereadable: source.rereadable,
    async *chunks() {
      const gunzip = createGunzip();
      const input = Readable.from(source.chunks());
      input.on('error', (error) => gunzip.destroy(error));
      input.pipe(gunzip);
      let size = 0;
      try {
        for await (const chunk of gunzip) {
          size += (chunk as Buffer).byteLength;
          if (!source.rereadable && size > MAX_GUNZIPPED_BYTES) {
            throw new FeedSyntaxError(`The feed is gzip-compressed and decompresses to more than ${count(MAX_GUNZIPPED_BYTES / 1024 / 1024)} MB: the run stops there`);
          }
          yield chunk as Buffer;
        }
      } catch (error) {
        if (error instanceof FeedFormatError || !(error instanceof Error) || !('code' in error) || !String(error.code).startsWith('Z_')) throw error;
        throw new FeedSyntaxError(`The feed is gzip-compressed but could not be decompressed: ${error.message} (was it cut short?)`);
      } finally {
        input.destroy();
        gunzip.destroy();
      }
    },
  };
}

type Sniffed = FeedSource & { kind: 'json' | 'xml' | 'html'; /** Transcoded from UTF-16: its bytes are UTF-8, whatever it declares. */ utf8: boolean };

/** UTF-16 by its byte-order mark, or by a zero byte beside the first character (JSON and XML start with ASCII). */
const utf16Of = (chunk: Uint8Array | undefined): 'utf-16le' | 'utf-16be' | null => {
  if (chunk === undefined || chunk.byteLength < 2) return null;
  if ((chunk[0] === 0xff && chunk[1] === 0xfe) || (chunk[0] !== 0 && chunk[1] === 0)) return 'utf-16le';
  if ((chunk[0] === 0xfe && chunk[1] === 0xff) || (chunk[0] === 0 && chunk[1] !== 0)) return 'utf-16be';
  return null;
};

/** A UTF-16 source as UTF-8 bytes (ADR 117): the JSON tokenizer reads UTF-8 only. */
function transcoded(source: FeedSource, encoding: 'utf-16le' | 'utf-16be'): FeedSource {
  return {
    size: null,
    rereadable: source.rereadable,
    async *chunks() {
      const decoder = new TextDecoder(encoding);
      const encoder = new TextEncoder();
      for await (const chunk of source.chunks()) {
        const text = decoder.decode(chunk, { stream: true });
        if (text) yield encoder.encode(text);
      }
      const rest = decoder.decode();
      if (rest) yield encoder.encode(rest);
    },
  };
}

/** Decompresses a gzip-compressed source, transcodes UTF-16, and tells HTML (a page's JSON-LD) and XML (`<`, after a BOM and spaces) from JSON. */
async function sniffed(original: FeedSource): Promise<Sniffed> {
  let { first, again } = await firstChunk(original);
  if (isGzip(first)) ({ first, again } = await firstChunk(gunzipped(again)));
  const utf16 = utf16Of(first);
  if (utf16) ({ first, again } = await firstChunk(transcoded(again, utf16)));
  const text = first === undefined ? '' : new TextDecoder('latin1').decode(first.subarray(0, 256));
  // UTF-8 BOM (read as Latin-1), then white space.
  const start = text.replace(/^\u00ef\u00bb\u00bf/, '').trimStart();
  const kind = /^<(!doctype\s+html|html\b|head\b|body\b|meta\b)/i.test(start) ? 'html' : start.startsWith('<') ? 'xml' : 'json';
  return Object.assign(again, { kind, utf8: utf16 !== null } as const);
}

/**
 * An XML feed (RSS, Atom, job feeds: xml-stream.ts) or an HTML page (its JSON-LD: html-pages.ts),
 * read as a stream in the encoding it names (ADR 117), its items handed over a chunk at a time.
 */
async function* readMarkupFeed(source: Sniffed, options: ReadFeedOptions): AsyncGenerator<FeedPart> {
  const maxItemChars = options.maxItemBytes ?? MAX_ITEM_BYTES;
  const stream = source.kind === 'html' ? new JsonLdPageStream(maxItemChars) : new XmlFeedStream(maxItemChars);
  const fixedReader = source.kind === 'html' ? jsonLdItems : null;
  let decoder: InstanceType<typeof TextDecoder> | null = null;
  let head: Uint8Array[] = [];
  let headBytes = 0;
  let bytesRead = 0;
  let announced = false;
  /** The encoding is named in the first bytes (a BOM, the XML declaration, a meta charset): decoding starts once they are in. */
  const startDecoding = (final: boolean) => {
    const bytes = Buffer.concat(head);
    head = [];
    const encoding = source.utf8 ? 'utf-8' : source.kind === 'html' ? htmlEncodingOf(bytes) : xmlEncodingOf(bytes);
    try {
      decoder = new TextDecoder(encoding);
    } catch {
      throw new FeedFormatError(`The feed declares the character encoding "${encoding}", which is not supported: send it as UTF-8`);
    }
    stream.write(decoder.decode(bytes, { stream: !final }));
  };
  const feed = (bytes: Uint8Array) => {
    if (decoder !== null) {
      stream.write(decoder.decode(bytes, { stream: true }));
      return;
    }
    head.push(bytes);
    headBytes += bytes.byteLength;
    if (headBytes >= 1024) startDecoding(false);
  };
  const parts = function* (): Generator<FeedPart> {
    const reader = fixedReader ?? (stream instanceof XmlFeedStream ? stream.reader : null);
    if (reader === null) return;
    if (!announced) {
      announced = true;
      yield { kind: 'format', reader };
    }
    const items = stream.takeItems();
    if (items.length > 0) yield { kind: 'items', items };
  };
  for await (const chunk of source.chunks()) {
    bytesRead += chunk.byteLength;
    let broken: unknown = null;
    try {
      feed(chunk);
    } catch (error) {
      broken = error;
    }
    options.onProgress?.({ bytesRead, totalBytes: source.size, pass: 1 });
    // The whole items before a break are handed over first.
    yield* parts();
    if (broken !== null) throw broken;
  }
  let broken: unknown = null;
  try {
    if (decoder === null) startDecoding(true);
    else stream.write((decoder as InstanceType<typeof TextDecoder>).decode());
    stream.end();
  } catch (error) {
    broken = error;
  }
  yield* parts();
  if (broken !== null) throw broken;
}

/** A page's encoding: its BOM, else its `<meta charset>`, else UTF-8. */
function htmlEncodingOf(bytes: Uint8Array): string {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf-8';
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 1024));
  return /<meta[^>]+charset\s*=\s*["']?([A-Za-z0-9._:-]+)/i.exec(head)?.[1] ?? 'utf-8';
}

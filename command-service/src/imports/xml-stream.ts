import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { FeedFormatError, NAMED_ENTITIES, type ItemReader } from './parsers';
import { ITEM_BASE, atomItems, rssItems } from './web-feeds';
import { personioItems, xmlJobItems } from './job-feeds';

/**
 * XML feeds read as a stream (ADR 117), with `saxes` (the strict SAX parser jsdom uses; it passes
 * the W3C XML conformance suite): bytes in, decoded in the document's encoding a chunk at a time,
 * items out as soon as each closes. Only an item's own elements are kept, so memory does not grow
 * with the document. The item shapes: RSS `<rss><channel><item>` and RSS 1.0 `<rdf:RDF><item>`,
 * Atom `<feed><entry>`, Personio's `<workzag-jobs><position>`, and the job-feed shape that
 * Indeed, LinkedIn, ZipRecruiter and Jooble-style feeds share: `<job>` elements under the root
 * (or under a `<jobs>` inside it), whatever the root is called (`<source>`, `<jobs>`, …).
 *
 * Limits, as for a JSON feed: 64 levels of nesting, one item at most `maxItemChars`; entities
 * declared in a DOCTYPE at most 50, each at most 10,000 characters and nested at most 3 deep, and
 * all their uses together at most 1 MB of text (no "billion laughs"); an external entity
 * (`SYSTEM`/`PUBLIC`) is never read. HTML's named entities (`&eacute;`, `&nbsp;`), which XML does
 * not define but feeds write, are read as HTML means them.
 */

export const MAX_XML_DEPTH = 64;
const MAX_ENTITIES = 50;
const MAX_ENTITY_CHARS = 10_000;
const MAX_ENTITY_NESTING = 3;
const MAX_EXPANDED_CHARS = 1_000_000;

const count = (n: number) => n.toLocaleString('en-US');
const localName = (name: string) => name.slice(name.indexOf(':') + 1);

/** The document broke (not well-formed, too deep, an item too large): the run stops where it broke. */
export class XmlSyntaxError extends FeedFormatError {}

/** A feed shape: where its items are and how they are read. */
interface XmlShape {
  reader: ItemReader;
  /** The element at this path (local names from the root's child down) is an item. */
  isItem(name: string, parents: readonly string[]): boolean;
}

const RSS: XmlShape = { reader: rssItems, isItem: (name, parents) => name === 'item' && (parents.length === 1 || (parents.length === 2 && parents[1] === 'channel')) };
const ATOM: XmlShape = { reader: atomItems, isItem: (name, parents) => name === 'entry' && parents.length === 1 };
const PERSONIO: XmlShape = { reader: personioItems, isItem: (name, parents) => name === 'position' && parents.length === 1 };
const JOBS: XmlShape = { reader: xmlJobItems, isItem: (name, parents) => name === 'job' && (parents.length === 1 || (parents.length === 2 && parents[1] === 'jobs')) };

const shapeOf = (root: string): XmlShape => (root === 'rss' || root === 'RDF' ? RSS : root === 'feed' ? ATOM : root === 'workzag-jobs' ? PERSONIO : JOBS);

const UNRECOGNISED = (root: string) =>
  `Unrecognised XML feed: expected RSS (<rss><channel><item>…), Atom (<feed><entry>…), a job feed (<source><job>… or <jobs><job>…) or Personio's <workzag-jobs><position>…, found <${root}>`;

/** An element being built: its attributes, children by local name, text. */
interface Frame {
  name: string;
  attributes: Record<string, string>;
  children: Record<string, unknown> | null;
  text: string;
}

const valueOf = (frame: Frame): unknown => {
  const text = frame.text.trim();
  const attributeNames = Object.keys(frame.attributes);
  if (frame.children === null && attributeNames.length === 0) return text;
  const value: Record<string, unknown> = frame.children ?? {};
  for (const name of attributeNames) value[`@_${name}`] = frame.attributes[name];
  if (text) value['#text'] = text;
  return value;
};

const addChild = (parent: Frame, name: string, value: unknown) => {
  parent.children ??= {};
  const existing = parent.children[name];
  if (existing === undefined) parent.children[name] = value;
  else if (Array.isArray(existing)) existing.push(value);
  else parent.children[name] = [existing, value];
};

/** `<!ENTITY name "value">` declarations of a DOCTYPE's internal subset, bounded (see above). */
function declareEntities(doctype: string, entities: Record<string, string>, onExpand: (chars: number) => void): void {
  const declarations = [...doctype.matchAll(/<!ENTITY\s+(%\s+)?([^\s%;"']+)\s+(?:"([^"]*)"|'([^']*)'|(SYSTEM|PUBLIC)\b[^>]*)>/g)];
  const general = declarations.filter((declaration) => declaration[1] === undefined);
  if (general.length > MAX_ENTITIES) throw new XmlSyntaxError(`The feed declares ${count(general.length)} entities in its DOCTYPE (at most ${MAX_ENTITIES} are read): the run stops there`);
  const nesting = new Map<string, number>();
  for (const [, , name, double, single, external] of general) {
    if (external !== undefined) {
      Object.defineProperty(entities, name!, {
        configurable: true,
        get: () => {
          throw new XmlSyntaxError(`The feed uses the external entity &${name};, which is never read (it could reach files or addresses the feed should not): the run stops there`);
        },
      });
      continue;
    }
    const raw = double ?? single ?? '';
    if (raw.length > MAX_ENTITY_CHARS) throw new XmlSyntaxError(`The entity &${name}; of the feed's DOCTYPE is longer than ${count(MAX_ENTITY_CHARS)} characters: the run stops there`);
    let depth = 1;
    const expanded = raw.replace(/&([^\s&;]+);/g, (reference, inner: string) => {
      if (inner.startsWith('#')) {
        const code = inner[1] === 'x' ? Number.parseInt(inner.slice(2), 16) : Number.parseInt(inner.slice(1), 10);
        return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : reference;
      }
      const innerDepth = nesting.get(inner);
      if (innerDepth === undefined) return entities[inner] ?? reference;
      depth = Math.max(depth, innerDepth + 1);
      return (Object.getOwnPropertyDescriptor(entities, `${inner}\u0000value`)?.value as string | undefined) ?? '';
    });
    if (depth > MAX_ENTITY_NESTING) throw new XmlSyntaxError(`The feed's DOCTYPE nests entities ${depth} deep (at most ${MAX_ENTITY_NESTING}): the run stops there`);
    if (expanded.length > MAX_EXPANDED_CHARS) throw new XmlSyntaxError(`The entity &${name}; of the feed's DOCTYPE expands to more than ${count(MAX_EXPANDED_CHARS)} characters: the run stops there`);
    nesting.set(name!, depth);
    // Each use is counted: all of them together stay within MAX_EXPANDED_CHARS.
    Object.defineProperty(entities, name!, {
      configurable: true,
      enumerable: true,
      get: () => {
        onExpand(expanded.length);
        return expanded;
      },
    });
    Object.defineProperty(entities, `${name!}\u0000value`, { value: expanded });
  }
}

export interface XmlItem {
  index: number;
  value: unknown;
}

/**
 * A streaming reader of one XML document: `write` text as it is decoded, take the items that
 * closed since, `end` once the input ends. Throws `XmlSyntaxError` where the document breaks and
 * `FeedFormatError` when it is XML of another kind.
 */
export class XmlFeedStream {
  private readonly parser = new SaxesParser<{ xmlns: false; position: true }>({ xmlns: false, position: true });
  /** Local names of the open elements from the root. */
  private readonly open: string[] = [];
  private shape: XmlShape | null = null;
  private root: string | null = null;
  /** The item being built, its elements from the item down. */
  private frames: Frame[] = [];
  private itemChars = 0;
  private itemIndex = -1;
  private items: XmlItem[] = [];
  private expandedChars = 0;
  /** The channel's (or publisher's) own address, for the items' relative links. */
  private base: string | null = null;
  private baseText: string | null = null;

  constructor(private readonly maxItemChars: number) {
    for (const [name, value] of Object.entries(NAMED_ENTITIES)) if (!(name in this.parser.ENTITIES)) this.parser.ENTITIES[name] = value;
    this.parser.on('doctype', (doctype) =>
      declareEntities(doctype, this.parser.ENTITIES, (chars) => {
        this.expandedChars += chars;
        if (this.expandedChars > MAX_EXPANDED_CHARS) throw new XmlSyntaxError(`The feed's entities expand to more than ${count(MAX_EXPANDED_CHARS)} characters in all: the run stops there`);
      }),
    );
    this.parser.on('opentag', (tag) => this.onOpen(tag));
    this.parser.on('text', (text) => this.onText(text));
    this.parser.on('cdata', (text) => this.onText(text));
    this.parser.on('closetag', () => this.onClose());
  }

  /** The format, once the root element has been read. */
  get reader(): ItemReader | null {
    return this.shape?.reader ?? null;
  }

  /** Where the parser is, for a message: `line 3, column 14 (in item[41])`. */
  private where(): string {
    const inItem = this.frames.length > 0 && this.shape ? ` (in ${this.shape.reader.label(this.itemIndex)})` : '';
    return `line ${count(this.parser.line)}, column ${count(this.parser.column)}${inItem}`;
  }

  private onOpen(tag: SaxesTagPlain): void {
    const name = localName(tag.name);
    if (this.open.length >= MAX_XML_DEPTH) throw new XmlSyntaxError(`The feed is not well-formed XML for an import: it nests deeper than ${MAX_XML_DEPTH} levels at ${this.where()}`);
    if (this.root === null) {
      this.root = name;
      this.shape = shapeOf(name);
    }
    const attributes: Record<string, string> = {};
    for (const [key, value] of Object.entries(tag.attributes)) if (key !== 'xmlns' && !key.startsWith('xmlns:')) attributes[localName(key)] = value;
    if (this.frames.length > 0) {
      this.frames.push({ name, attributes, children: null, text: '' });
    } else if (this.shape!.isItem(name, this.open)) {
      this.itemIndex++;
      this.itemChars = 0;
      this.frames.push({ name, attributes, children: null, text: '' });
    } else if (this.isBaseLink(name)) {
      this.baseText = attributes.href ?? '';
    }
    this.open.push(name);
  }

  /** `<rss><channel><link>`, or a job feed's `<publisherurl>`/`<link>` under its root (Atom's entries carry absolute links). */
  private isBaseLink(name: string): boolean {
    if (this.base !== null) return false;
    const parents = this.open;
    if (this.root === 'rss') return name === 'link' && parents.length === 2 && parents[1] === 'channel';
    if (this.root === 'feed') return false;
    return parents.length === 1 && (name === 'publisherurl' || name === 'link');
  }

  private onText(text: string): void {
    const frame = this.frames.at(-1);
    if (frame) {
      this.itemChars += text.length;
      if (this.itemChars > this.maxItemChars) {
        throw new XmlSyntaxError(`An item of the feed is larger than ${count(this.maxItemChars / 1024 / 1024)} MB at ${this.where()}: the run stops there`);
      }
      frame.text += text;
    } else if (this.baseText !== null) {
      this.baseText += text;
    }
  }

  private onClose(): void {
    this.open.pop();
    const frame = this.frames.pop();
    if (frame === undefined) {
      if (this.baseText !== null) {
        this.base = this.baseText.trim() || null;
        this.baseText = null;
      }
      return;
    }
    const value = valueOf(frame);
    const parent = this.frames.at(-1);
    if (parent) {
      addChild(parent, frame.name, value);
      return;
    }
    const item = typeof value === 'object' && value !== null && this.base !== null ? { ...value, [ITEM_BASE]: this.base } : value;
    this.items.push({ index: this.itemIndex, value: item });
  }

  write(text: string): void {
    try {
      this.parser.write(text);
    } catch (error) {
      throw this.broken(error);
    }
  }

  private broken(error: unknown): FeedFormatError {
    if (error instanceof FeedFormatError) return error;
    const message = error instanceof Error ? error.message.replace(/^\d+:\d+: /, '') : String(error);
    return new XmlSyntaxError(`The feed is not well-formed XML at ${this.where()}: ${message}`);
  }

  takeItems(): XmlItem[] {
    const items = this.items;
    this.items = [];
    return items;
  }

  /** The input has ended: a document that has not is cut short; one with no items of its shape is not a feed. */
  end(): void {
    if (this.root === null) throw new FeedFormatError('The feed is empty');
    try {
      this.parser.close();
    } catch (error) {
      const broken = this.broken(error);
      throw new XmlSyntaxError(`${broken.message} (was it cut short?)`);
    }
    if (this.shape === JOBS && this.itemIndex < 0 && this.root !== 'jobs' && this.root !== 'source') throw new FeedFormatError(UNRECOGNISED(this.root));
  }
}

import { mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { setImmediate } from 'node:timers/promises';
import { crc32 } from 'node:zlib';

/**
 * A file of typed arrays and string lists, with a JSON header, for the in-memory indexes'
 * snapshots (ADR 085). Layout: the 8-byte magic, the header's length (uint32 LE), the header
 * (UTF-8 JSON: the caller's `meta`, each section's kind, offset and length, and the CRC-32 of
 * the body), then the body: the sections one after another, each at an 8-byte boundary.
 *
 * Strings are stored exactly (lone surrogates included): one kind byte per string, then
 * latin1 bytes when every code unit fits in one byte (most texts), else UTF-16LE.
 * Written to a temporary file and renamed: a reader sees the old file or the new one, whole.
 */

const MAGIC = Buffer.from('HLSNAP01', 'latin1');

export type Section = Uint8Array | Int32Array | Uint32Array | readonly string[];

type SectionKind = 'u8' | 'i32' | 'u32' | 'strings';

interface SectionEntry {
  name: string;
  kind: SectionKind;
  offset: number;
  byteLength: number;
  /** Elements (array length or string count). */
  count: number;
}

interface Header<Meta> {
  meta: Meta;
  sections: SectionEntry[];
  bodyStart: number;
  bodyBytes: number;
  crc32: number;
}

/** Why a snapshot was not used: the caller logs it and rebuilds. */
export class SnapshotRejected extends Error {}

/** A code unit above 255: the string is stored as UTF-16. */
const WIDE = /[\u0100-\uffff]/;
const ONE_BYTE = 0;
const TWO_BYTES = 1;

/** Strings as [kind, uint32 length in bytes, bytes]… in chunks of about 4 MB. */
async function* encodeStrings(values: readonly string[]): AsyncGenerator<Buffer> {
  let chunk = Buffer.allocUnsafe(4 << 20);
  let at = 0;
  for (let i = 0; i < values.length; i++) {
    const value = values[i]!;
    const wide = WIDE.test(value);
    const bytes = wide ? value.length * 2 : value.length;
    if (at + 5 + bytes > chunk.length) {
      if (at > 0) yield chunk.subarray(0, at);
      chunk = Buffer.allocUnsafe(Math.max(4 << 20, 5 + bytes));
      at = 0;
      await setImmediate();
    }
    chunk[at] = wide ? TWO_BYTES : ONE_BYTE;
    chunk.writeUInt32LE(bytes, at + 1);
    chunk.write(value, at + 5, bytes, wide ? 'utf16le' : 'latin1');
    at += 5 + bytes;
  }
  if (at > 0) yield chunk.subarray(0, at);
}

function decodeStrings(body: Buffer, count: number): string[] {
  const values = new Array<string>(count);
  let at = 0;
  for (let i = 0; i < count; i++) {
    if (at + 5 > body.length) throw new SnapshotRejected('a string list ends early');
    const kind = body[at]!;
    const bytes = body.readUInt32LE(at + 1);
    const end = at + 5 + bytes;
    if (end > body.length || (kind !== ONE_BYTE && kind !== TWO_BYTES) || (kind === TWO_BYTES && bytes % 2 !== 0)) {
      throw new SnapshotRejected('a string list is malformed');
    }
    values[i] = body.toString(kind === ONE_BYTE ? 'latin1' : 'utf16le', at + 5, end);
    at = end;
  }
  if (at !== body.length) throw new SnapshotRejected('a string list has bytes left over');
  return values;
}

const kindOf = (section: Section): SectionKind =>
  section instanceof Uint8Array ? 'u8' : section instanceof Int32Array ? 'i32' : section instanceof Uint32Array ? 'u32' : 'strings';

/** Writes `sections` with `meta` to `file` (atomically: a temporary file renamed over it). */
export async function writeSnapshotFile<Meta>(file: string, meta: Meta, sections: Record<string, Section>): Promise<{ bytes: number }> {
  await mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
  const handle = await open(temporary, 'w');
  try {
    // The body first, after room for the header (its length is known only at the end): written
    // from a fixed offset, then the header placed before it.
    const entries: SectionEntry[] = [];
    let crc = 0;
    let bodyBytes = 0;
    const bodyChunks: Array<{ name: string; kind: SectionKind; count: number; chunks: AsyncIterable<Buffer> | Iterable<Buffer> }> = [];
    for (const [name, section] of Object.entries(sections)) {
      const kind = kindOf(section);
      const chunks =
        kind === 'strings'
          ? encodeStrings(section as readonly string[])
          : [Buffer.from((section as Uint8Array).buffer, (section as Uint8Array).byteOffset, (section as Uint8Array).byteLength)];
      bodyChunks.push({ name, kind, count: (section as { length: number }).length, chunks });
    }
    // The header is at most this big (names and numbers): the body starts after it.
    const headerRoom = 64 * 1024 + JSON.stringify(meta).length * 3;
    let position = MAGIC.length + 4 + headerRoom;
    const bodyStart = position;
    for (const { name, kind, count, chunks } of bodyChunks) {
      const padding = (8 - (bodyBytes % 8)) % 8;
      if (padding > 0) {
        const zeros = Buffer.alloc(padding);
        await handle.write(zeros, 0, padding, position);
        crc = crc32(zeros, crc);
        position += padding;
        bodyBytes += padding;
      }
      const offset = bodyBytes;
      for await (const chunk of chunks) {
        await handle.write(chunk, 0, chunk.length, position);
        crc = crc32(chunk, crc);
        position += chunk.length;
        bodyBytes += chunk.length;
      }
      entries.push({ name, kind, offset, byteLength: bodyBytes - offset, count });
    }
    const header: Header<Meta> = { meta, sections: entries, bodyStart, bodyBytes, crc32: crc };
    const headerBytes = Buffer.from(JSON.stringify(header), 'utf8');
    if (headerBytes.length > headerRoom) throw new Error('snapshot header larger than its room');
    const start = Buffer.alloc(MAGIC.length + 4 + headerRoom, 0x20);
    MAGIC.copy(start, 0);
    start.writeUInt32LE(headerBytes.length, MAGIC.length);
    headerBytes.copy(start, MAGIC.length + 4);
    await handle.write(start, 0, start.length, 0);
    await handle.sync();
    await handle.close();
    await rename(temporary, file);
    return { bytes: bodyStart + bodyBytes };
  } catch (error) {
    await handle.close().catch(() => undefined);
    await rm(temporary, { force: true });
    throw error;
  }
}

export interface SnapshotContents<Meta> {
  meta: Meta;
  u8(name: string): Uint8Array;
  i32(name: string): Int32Array;
  u32(name: string): Uint32Array;
  strings(name: string): string[];
  bytes: number;
}

/**
 * Reads a snapshot file: null when there is none; `SnapshotRejected` when it is damaged
 * (wrong magic, a header that does not parse, a length or checksum that does not match).
 * `accept(meta)` returns why the caller cannot use it (another format or source), or null.
 */
export async function readSnapshotFile<Meta>(file: string, accept: (meta: Meta) => string | null): Promise<SnapshotContents<Meta> | null> {
  let data: Buffer;
  try {
    data = await readFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  if (data.length < MAGIC.length + 4 || !data.subarray(0, MAGIC.length).equals(MAGIC)) throw new SnapshotRejected('not a snapshot file (its first bytes are not the magic)');
  const headerLength = data.readUInt32LE(MAGIC.length);
  let header: Header<Meta>;
  try {
    header = JSON.parse(data.toString('utf8', MAGIC.length + 4, MAGIC.length + 4 + headerLength)) as Header<Meta>;
  } catch {
    throw new SnapshotRejected('its header is not JSON');
  }
  const why = accept(header.meta);
  if (why !== null) throw new SnapshotRejected(why);
  const { bodyStart, bodyBytes } = header;
  if (!Number.isInteger(bodyStart) || !Number.isInteger(bodyBytes) || bodyStart < MAGIC.length + 4 + headerLength || data.length !== bodyStart + bodyBytes) {
    throw new SnapshotRejected(`its length (${data.length} B) does not match its header (cut short?)`);
  }
  const body = data.subarray(bodyStart);
  if (crc32(body) !== header.crc32) throw new SnapshotRejected('its checksum does not match (damaged)');
  const section = (name: string, kind: SectionKind) => {
    const entry = header.sections.find((candidate) => candidate.name === name);
    if (!entry || entry.kind !== kind || entry.offset < 0 || entry.offset + entry.byteLength > body.length) throw new SnapshotRejected(`section ${name} is missing`);
    return { entry, bytes: body.subarray(entry.offset, entry.offset + entry.byteLength) };
  };
  // Typed arrays are copied out (aligned, and the file's buffer can then be let go).
  const typed = <T>(name: string, kind: SectionKind, make: (buffer: ArrayBuffer, count: number) => T, width: number) => {
    const { entry, bytes } = section(name, kind);
    if (entry.byteLength !== entry.count * width) throw new SnapshotRejected(`section ${name} has the wrong length`);
    const copy = new ArrayBuffer(entry.byteLength);
    new Uint8Array(copy).set(bytes);
    return make(copy, entry.count);
  };
  return {
    meta: header.meta,
    bytes: data.length,
    u8: (name) => typed(name, 'u8', (buffer, count) => new Uint8Array(buffer, 0, count), 1),
    i32: (name) => typed(name, 'i32', (buffer, count) => new Int32Array(buffer, 0, count), 4),
    u32: (name) => typed(name, 'u32', (buffer, count) => new Uint32Array(buffer, 0, count), 4),
    strings: (name) => {
      const { entry, bytes } = section(name, 'strings');
      return decodeStrings(bytes, entry.count);
    },
  };
}

import { readFeed, type FeedSource } from '../../command-service/src/imports/feed-reader';
import { ItemCollector, type ItemContext, type ParsedFeed } from '../../command-service/src/imports/parsers';

/** The text as a source cut into chunks of `size` bytes (tokens, strings and UTF-8 characters split across chunks). */
export const chunkedSource = (text: string, size: number, rereadable = true): FeedSource => {
  const bytes = new TextEncoder().encode(text);
  return {
    size: bytes.byteLength,
    rereadable,
    async *chunks() {
      for (let start = 0; start < bytes.byteLength; start += size) yield bytes.subarray(start, start + size);
    },
  };
};

/** What the stream reader makes of a document, in the shape `parseFeed` answers. */
export async function streamed(source: FeedSource, options: Parameters<typeof readFeed>[1] = {}, context: ItemContext = {}): Promise<ParsedFeed> {
  let collector: ItemCollector | null = null;
  const parsed: ParsedFeed = { format: 'hireloop', source: 'indeed', jobs: [], skipped: [] };
  for await (const part of readFeed(source, options)) {
    if (part.kind === 'format') {
      collector = new ItemCollector(part.reader, context);
      parsed.format = part.reader.format;
      parsed.source = part.reader.source;
      continue;
    }
    for (const { index, value } of part.items) {
      const result = collector!.add(index, value);
      if ('job' in result) parsed.jobs.push(result.job);
      else if ('skipped' in result) parsed.skipped.push(result.skipped);
    }
  }
  return parsed;
}


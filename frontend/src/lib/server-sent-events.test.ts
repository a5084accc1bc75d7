import { describe, expect, it } from 'vitest';
import { createEventStreamParser, readEventStream, type ServerSentEvent } from './server-sent-events';

describe('reading Server-Sent Events from a fetch body', () => {
  it('joins data lines, names events, keeps the last id, skips comments, and waits for the blank line', () => {
    const events: ServerSentEvent[] = [];
    const retries: number[] = [];
    const parser = createEventStreamParser((event) => events.push(event), (ms) => retries.push(ms));
    parser.push('retry: 5000\n: a comment\n\nid: 7\nevent: admin-activity\ndata: {"a":');
    expect(events).toEqual([]);
    parser.push('1}\ndata:second\r\n\r');
    expect(events).toEqual([]);
    parser.push('\ndata: plain\n\n');
    expect(events).toEqual([
      { event: 'admin-activity', data: '{"a":1}\nsecond', lastEventId: '7' },
      { event: 'message', data: 'plain', lastEventId: '7' },
    ]);
    expect(retries).toEqual([5000]);
    expect(parser.lastEventId).toBe('7');
  });

  it('reads a streamed body to its end, multi-byte characters split across chunks included', async () => {
    const bytes = new TextEncoder().encode('id: 1\nevent: x\ndata: café →\n\n');
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes.slice(0, 22));
        controller.enqueue(bytes.slice(22));
        controller.close();
      },
    });
    const events: ServerSentEvent[] = [];
    const lastId = await readEventStream(body, (event) => events.push(event));
    expect(events).toEqual([{ event: 'x', data: 'café →', lastEventId: '1' }]);
    expect(lastId).toBe('1');
  });
});

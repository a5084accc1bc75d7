/**
 * Server-Sent Events read from a `fetch` body (ADR 035): the browser's `EventSource` cannot send an
 * `Authorization` header, and a token in the address would land in logs. This reads the same
 * `text/event-stream` format (WHATWG HTML, "Server-sent events": `event:`, `data:`, `id:`, `retry:`,
 * comments, a blank line ends an event).
 */
export interface ServerSentEvent {
  /** `message` when the server named none. */
  event: string;
  data: string;
  /** The last `id:` seen so far in the stream (what `Last-Event-ID` sends back on reconnect). */
  lastEventId: string;
}

/** A push parser: feed it text as it arrives; it calls `onEvent` for each complete event. */
export function createEventStreamParser(onEvent: (event: ServerSentEvent) => void, onRetry?: (ms: number) => void) {
  let buffer = '';
  let event = '';
  let data: string[] = [];
  let lastEventId = '';

  const line = (text: string) => {
    if (text === '') {
      if (data.length > 0) onEvent({ event: event || 'message', data: data.join('\n'), lastEventId });
      event = '';
      data = [];
      return;
    }
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
    else if (field === 'id' && !value.includes('\0')) lastEventId = value;
    else if (field === 'retry' && /^\d+$/.test(value)) onRetry?.(Number(value));
  };

  return {
    push(chunk: string) {
      buffer += chunk;
      for (;;) {
        const match = /\r\n|\r|\n/.exec(buffer);
        // A lone \r at the end may be the first half of \r\n: wait for more.
        if (!match || (match[0] === '\r' && match.index === buffer.length - 1)) return;
        line(buffer.slice(0, match.index));
        buffer = buffer.slice(match.index + match[0].length);
      }
    },
    get lastEventId() {
      return lastEventId;
    },
  };
}

/** Reads `body` to its end (or until `signal` aborts), handing each event to `onEvent`. */
export async function readEventStream(
  body: ReadableStream<Uint8Array>,
  onEvent: (event: ServerSentEvent) => void,
  { onRetry }: { onRetry?: (ms: number) => void } = {},
): Promise<string> {
  const parser = createEventStreamParser(onEvent, onRetry);
  const reader = body.getReader();
  const decoder = new TextDecoder();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parser.push(decoder.decode(value, { stream: true }));
    }
    parser.push(decoder.decode());
  } finally {
    reader.releaseLock();
  }
  return parser.lastEventId;
}

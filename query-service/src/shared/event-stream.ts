import type { FastifyReply, FastifyRequest } from 'fastify';

export interface EventStream {
  /** Whether the stream is still open (the browser has not gone, the server is not closing). */
  readonly open: boolean;
  /** Writes raw Server-Sent Events text, if still open. */
  write(text: string): void;
  /** Ends the stream (idempotent): stops the keep-alive, runs the `onEnd` callbacks. */
  end(): void;
  /** Runs `callback` when the stream ends, whoever ends it. */
  onEnd(callback: () => void): void;
  /**
   * Writes `retry: 5000`, the stream's first line, once the route listens to its feed: from then on,
   * no news is missed. A client (or a test) that has read it may act and expect to hear of it.
   */
  listening(): void;
}

/**
 * Turns a request into a Server-Sent Events stream (the candidate feed, ADR 026; the admin activity
 * log, ADR 035): the headers Fastify's hooks set so far (security headers) kept, no caching and no
 * proxy buffering, `retry: 5000` once the route listens (`listening`), a comment every `keepAliveMs` so proxies and browsers keep it
 * open, and an end when the browser leaves. `streams` holds every open stream's `end`, for the
 * server to end them before it closes (it waits for open connections, and a stream never ends by itself).
 */
export function openEventStream(request: FastifyRequest, reply: FastifyReply, { keepAliveMs, streams }: { keepAliveMs: number; streams: Set<() => void> }): EventStream {
  const raw = reply.raw;
  const headers: Record<string, string | number | string[]> = {};
  for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) headers[name] = value;
  reply.hijack();
  raw.writeHead(200, {
    ...headers,
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'keep-alive',
    // nginx and similar proxies must not buffer the stream.
    'x-accel-buffering': 'no',
  });
  // The headers now (the client sees the stream open); the first line once the route listens.
  raw.flushHeaders();

  let open = true;
  const callbacks: Array<() => void> = [];
  const keepAlive = setInterval(() => {
    if (open) raw.write(': keep-alive\n\n');
  }, keepAliveMs);
  keepAlive.unref();
  const end = () => {
    if (!open) return;
    open = false;
    clearInterval(keepAlive);
    for (const callback of callbacks.splice(0)) callback();
    streams.delete(end);
    if (!raw.writableEnded) raw.end();
  };
  streams.add(end);
  request.raw.on('close', end);
  raw.on('close', end);
  raw.on('error', end);
  return {
    get open() {
      return open;
    },
    write: (text) => {
      if (open) raw.write(text);
    },
    end,
    onEnd: (callback) => {
      if (open) callbacks.push(callback);
      else callback();
    },
    listening: () => {
      if (open) raw.write('retry: 5000\n\n');
    },
  };
}

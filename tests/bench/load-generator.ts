/**
 * The benchmark's HTTP load, in a process of its own so that generating requests does not
 * compete with the server for the same event loop. Reads a plan (JSON) from stdin, runs it, and
 * writes the latencies per label (JSON) to stdout.
 *
 * A plan is a list of rounds; each round runs its streams in parallel for `seconds`. Measuring
 * a route and the bare baseline in alternating short rounds (rather than one after the other)
 * keeps the machine's drifting load from favouring either.
 */
import { performance } from 'node:perf_hooks';

/** The value at quantile `q` (0..1) of values sorted ascending. */
export const quantile = (sorted: readonly number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;

export interface LoadStream {
  label: string;
  urls: readonly string[];
  concurrency: number;
  method?: 'GET' | 'POST';
  /** For POST: one body per client (clients take `bodies[client % bodies.length]`). */
  bodies?: readonly unknown[];
  /** One header set per client (say, a bearer token each). */
  headers?: ReadonlyArray<Record<string, string>>;
  /** Each request takes the next header set instead (many accounts shared by a few clients). */
  headersPerRequest?: boolean;
  /**
   * Offered load instead of closed-loop clients: requests start at this many a second, evenly
   * spaced, whatever the answers' speed, with at most `concurrency` in flight. A latency counts
   * from the moment its request was due (a slow server is not excused by sending it less:
   * coordinated omission); a request due while `concurrency` are in flight is not sent and
   * counted as shed (the box did not keep up with the rate).
   */
  ratePerSecond?: number;
}

export interface LoadRound {
  seconds: number;
  streams: readonly LoadStream[];
}

export interface LoadSummary {
  label: string;
  requests: number;
  seconds: number;
  throughput: number;
  p50: number;
  p99: number;
  errors: number;
  /** Requests due at the offered rate but not sent: `concurrency` were still in flight (0 for closed-loop streams). */
  shed: number;
  /** The first few non-2xx answers, to tell a broken route from a slow one. */
  sampleErrors: string[];
}

type Totals = { latencies: number[]; errors: number; shed: number; sampleErrors: string[] };

async function send(stream: LoadStream, request: number, clientHeaders: Record<string, string>, body: string | undefined, since: number, into: Totals) {
  const url = stream.urls[request % stream.urls.length]!;
  const headers =
    stream.headersPerRequest && stream.headers?.length ? { ...stream.headers[request % stream.headers.length], ...(body ? { 'content-type': 'application/json' } : {}) } : clientHeaders;
  try {
    const response = await fetch(url, { method: stream.method ?? 'GET', headers, body });
    const text = await response.text();
    into.latencies.push(performance.now() - since);
    if (!response.ok) {
      into.errors++;
      if (into.sampleErrors.length < 3) into.sampleErrors.push(`${response.status} ${text.slice(0, 200)}`);
    }
  } catch (error) {
    into.errors++;
    if (into.sampleErrors.length < 3) into.sampleErrors.push(String(error));
  }
}

/** A stream at an offered rate (`ratePerSecond`): see LoadStream. */
async function runOffered(stream: LoadStream, rate: number, deadline: number, into: Totals) {
  const started = performance.now();
  const interval = 1000 / rate;
  const inFlight = new Set<Promise<void>>();
  for (let request = 0; ; request++) {
    const due = started + request * interval;
    if (due >= deadline) break;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    if (inFlight.size >= stream.concurrency) {
      into.shed++;
      continue;
    }
    const clientHeaders = { ...(stream.headers?.[request % stream.headers.length] ?? {}) };
    const body = stream.bodies ? JSON.stringify(stream.bodies[request % stream.bodies.length]) : undefined;
    if (body) clientHeaders['content-type'] = 'application/json';
    const sent = send(stream, request, clientHeaders, body, due, into).finally(() => inFlight.delete(sent));
    inFlight.add(sent);
  }
  await Promise.all(inFlight);
}

async function runStream(stream: LoadStream, deadline: number, into: Totals) {
  if (stream.ratePerSecond !== undefined) return runOffered(stream, stream.ratePerSecond, deadline, into);
  let n = 0;
  await Promise.all(
    Array.from({ length: stream.concurrency }, async (_, client) => {
      const clientHeaders = { ...(stream.headers?.[client % stream.headers.length] ?? {}) };
      const body = stream.bodies ? JSON.stringify(stream.bodies[client % stream.bodies.length]) : undefined;
      if (body) clientHeaders['content-type'] = 'application/json';
      while (performance.now() < deadline) await send(stream, n++, clientHeaders, body, performance.now(), into);
    }),
  );
}

export async function runPlan(rounds: readonly LoadRound[]): Promise<LoadSummary[]> {
  const totals = new Map<string, Totals & { ms: number }>();
  for (const round of rounds) {
    const started = performance.now();
    const deadline = started + round.seconds * 1000;
    await Promise.all(
      round.streams.map(async (stream) => {
        let total = totals.get(stream.label);
        if (!total) totals.set(stream.label, (total = { latencies: [], errors: 0, shed: 0, sampleErrors: [], ms: 0 }));
        await runStream(stream, deadline, total);
      }),
    );
    const elapsed = performance.now() - started;
    for (const stream of round.streams) totals.get(stream.label)!.ms += elapsed;
  }
  return [...totals].map(([label, { latencies, errors, shed, sampleErrors, ms }]) => {
    latencies.sort((a, b) => a - b);
    const at = (q: number) => quantile(latencies, q);
    return { label, requests: latencies.length, seconds: ms / 1000, throughput: latencies.length / (ms / 1000), p50: at(0.5), p99: at(0.99), errors, shed, sampleErrors };
  });
}

const isMain = process.argv[1]?.endsWith('load-generator.ts');
if (isMain) {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  const plan = JSON.parse(Buffer.concat(chunks).toString('utf8')) as LoadRound[];
  process.stdout.write(JSON.stringify(await runPlan(plan)));
}

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
  /** The first few non-2xx answers, to tell a broken route from a slow one. */
  sampleErrors: string[];
}

async function runStream(stream: LoadStream, deadline: number, into: { latencies: number[]; errors: number; sampleErrors: string[] }) {
  let n = 0;
  await Promise.all(
    Array.from({ length: stream.concurrency }, async (_, client) => {
      const clientHeaders = { ...(stream.headers?.[client % stream.headers.length] ?? {}) };
      const body = stream.bodies ? JSON.stringify(stream.bodies[client % stream.bodies.length]) : undefined;
      if (body) clientHeaders['content-type'] = 'application/json';
      while (performance.now() < deadline) {
        const request = n++;
        const url = stream.urls[request % stream.urls.length]!;
        const headers =
          stream.headersPerRequest && stream.headers?.length
            ? { ...stream.headers[request % stream.headers.length], ...(body ? { 'content-type': 'application/json' } : {}) }
            : clientHeaders;
        const started = performance.now();
        try {
          const response = await fetch(url, { method: stream.method ?? 'GET', headers, body });
          const text = await response.text();
          into.latencies.push(performance.now() - started);
          if (!response.ok) {
            into.errors++;
            if (into.sampleErrors.length < 3) into.sampleErrors.push(`${response.status} ${text.slice(0, 200)}`);
          }
        } catch (error) {
          into.errors++;
          if (into.sampleErrors.length < 3) into.sampleErrors.push(String(error));
        }
      }
    }),
  );
}

export async function runPlan(rounds: readonly LoadRound[]): Promise<LoadSummary[]> {
  const totals = new Map<string, { latencies: number[]; errors: number; sampleErrors: string[]; ms: number }>();
  for (const round of rounds) {
    const started = performance.now();
    const deadline = started + round.seconds * 1000;
    await Promise.all(
      round.streams.map(async (stream) => {
        let total = totals.get(stream.label);
        if (!total) totals.set(stream.label, (total = { latencies: [], errors: 0, sampleErrors: [], ms: 0 }));
        await runStream(stream, deadline, total);
      }),
    );
    const elapsed = performance.now() - started;
    for (const stream of round.streams) totals.get(stream.label)!.ms += elapsed;
  }
  return [...totals].map(([label, { latencies, errors, sampleErrors, ms }]) => {
    latencies.sort((a, b) => a - b);
    const at = (q: number) => quantile(latencies, q);
    return { label, requests: latencies.length, seconds: ms / 1000, throughput: latencies.length / (ms / 1000), p50: at(0.5), p99: at(0.99), errors, sampleErrors };
  });
}

const isMain = process.argv[1]?.endsWith('load-generator.ts');
if (isMain) {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  const plan = JSON.parse(Buffer.concat(chunks).toString('utf8')) as LoadRound[];
  process.stdout.write(JSON.stringify(await runPlan(plan)));
}

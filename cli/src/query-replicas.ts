/** One query service the gateway may send reads to, and what the gateway has seen of it. */
export interface QueryReplica {
  readonly url: string;
  /** Until when it is avoided after a read could not reach it (passive health). */
  restingUntil: number;
  /** Reads it answered (any status): how the reads were spread. */
  answered: number;
  /** Reads it could not take (connection refused or reset before an answer). */
  failures: number;
}

export interface QueryReplicasOptions {
  /** How long a replica that could not be reached is avoided before a read tries it again. */
  restMs?: number;
  now?: () => number;
}

/**
 * The query-service replicas behind the gateway (ADR 051): reads go round-robin over those not
 * resting; a replica a read could not reach rests for `restMs`, then the next read it is picked
 * for probes it (and is retried elsewhere if it is still down). When every replica rests, the one
 * resting longest is tried anyway: a read is never refused without trying.
 */
export class QueryReplicas {
  readonly replicas: readonly QueryReplica[];
  private next = 0;
  private readonly restMs: number;
  private readonly now: () => number;

  constructor(urls: readonly string[], options: QueryReplicasOptions = {}) {
    if (urls.length === 0) throw new Error('QueryReplicas needs at least one URL');
    this.replicas = urls.map((url) => ({ url, restingUntil: 0, answered: 0, failures: 0 }));
    this.restMs = options.restMs ?? 5000;
    this.now = options.now ?? Date.now;
  }

  /** The replica for the next read, other than those in `tried`; null when every one was tried. */
  pick(tried: ReadonlySet<QueryReplica> = new Set()): QueryReplica | null {
    const candidates = this.replicas.filter((replica) => !tried.has(replica));
    if (candidates.length === 0) return null;
    const now = this.now();
    const count = this.replicas.length;
    for (let step = 0; step < count; step++) {
      const replica = this.replicas[(this.next + step) % count]!;
      if (!tried.has(replica) && replica.restingUntil <= now) {
        this.next = (this.next + step + 1) % count;
        return replica;
      }
    }
    return candidates.reduce((earliest, replica) => (replica.restingUntil < earliest.restingUntil ? replica : earliest));
  }

  /** The replica could not be reached: avoided for a while. */
  failed(replica: QueryReplica): void {
    replica.failures++;
    replica.restingUntil = this.now() + this.restMs;
  }

  /** The replica answered: back in the rotation at once. */
  answeredBy(replica: QueryReplica): void {
    replica.answered++;
    replica.restingUntil = 0;
  }
}

/** Errors of a request that never reached the upstream, or lost it before any answer: safe to send a read elsewhere. */
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'ENOTFOUND', 'UND_ERR_SOCKET', 'UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_CLOSED']);

/** Whether `error` (as @fastify/reply-from hands it over, the undici error as its cause) means the upstream was not reached. */
export function isUnreachable(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 4; current = (current as { cause?: unknown }).cause, depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && UNREACHABLE_CODES.has(code)) return true;
  }
  return false;
}

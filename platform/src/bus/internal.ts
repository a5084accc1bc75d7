/**
 * Rules shared by the bus adapters so that the in-memory bus behaves like the NATS one.
 * Not part of the port: import from './index' instead.
 */

export const DEFAULT_MAX_ATTEMPTS = 5;
export const DEFAULT_ACK_WAIT_MS = 30_000;
/** How long an enqueue `messageId` is remembered (the JetStream stream's `duplicate_window`). */
export const DEDUPE_WINDOW_MS = 120_000;

/** Called when a `subscribe` handler throws (broadcasts are not redelivered). */
export type BusErrorReporter = (error: unknown, context: { subject: string }) => void;

export const defaultErrorReporter: BusErrorReporter = (error, context) => {
  console.error(`bus: subscriber for '${context.subject}' failed`, error);
};

/**
 * Delay before a failed work item is offered again: 200 ms, 400 ms, 800 ms, ... capped at
 * the queue's ack wait and at 10 s.
 */
export function redeliveryDelayMs(attempt: number, ackWaitMs: number): number {
  return Math.max(0, Math.min(200 * 2 ** Math.max(0, attempt - 1), ackWaitMs, 10_000));
}

const BAD_TOKEN_CHARS = /[\s]/;

/**
 * A subject is dot-separated non-empty tokens without whitespace. Wildcards (`*` for one
 * token, `>` for the rest, last token only) are allowed only where `wildcards` is true.
 */
export function validateSubject(subject: string, wildcards: boolean): void {
  if (typeof subject !== 'string' || subject.length === 0) {
    throw new Error('bus: subject must be a non-empty string');
  }
  const tokens = subject.split('.');
  tokens.forEach((token, index) => {
    if (token.length === 0 || BAD_TOKEN_CHARS.test(token)) {
      throw new Error(`bus: invalid subject '${subject}'`);
    }
    const isWildcard = token === '*' || token === '>';
    if (!isWildcard && (token.includes('*') || token.includes('>'))) {
      throw new Error(`bus: invalid subject '${subject}' (wildcards must be whole tokens)`);
    }
    if (isWildcard && !wildcards) {
      throw new Error(`bus: subject '${subject}' must not contain wildcards here`);
    }
    if (token === '>' && index !== tokens.length - 1) {
      throw new Error(`bus: invalid subject '${subject}' ('>' must be the last token)`);
    }
  });
}

/** NATS matching: `*` matches exactly one token, a final `>` one or more tokens. */
export function subjectMatches(pattern: string, subject: string): boolean {
  const p = pattern.split('.');
  const s = subject.split('.');
  for (let i = 0; i < p.length; i++) {
    const token = p[i];
    if (token === '>') {
      return s.length > i;
    }
    if (i >= s.length) {
      return false;
    }
    if (token !== '*' && token !== s[i]) {
      return false;
    }
  }
  return p.length === s.length;
}

/** Queue names become JetStream durable names: no whitespace, `.`, `*`, `>`, `/` or `\`. */
export function validateQueueName(name: string, kind = 'queue'): void {
  if (typeof name !== 'string' || name.length === 0 || /[\s.*>/\\]/.test(name)) {
    throw new Error(`bus: invalid ${kind} name '${String(name)}' (no whitespace, '.', '*', '>', '/', '\\')`);
  }
}

export function validateWorkOptions(maxAttempts: number, ackWaitMs: number): void {
  if (!Number.isInteger(maxAttempts) || maxAttempts < 1) {
    throw new Error(`bus: maxAttempts must be a positive integer, got ${maxAttempts}`);
  }
  if (!Number.isFinite(ackWaitMs) || ackWaitMs < 1) {
    throw new Error(`bus: ackWaitMs must be a positive number, got ${ackWaitMs}`);
  }
}

/** Messages are JSON: what a handler receives is what JSON round-tripping gives (undefined → null). */
export function encodeJson(data: unknown): string {
  return JSON.stringify(data) ?? 'null';
}

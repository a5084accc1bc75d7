/**
 * FAULT INJECTION, for tests only and off by default: when the environment variable
 * `HIRELOOP_FAULT_KILL_AT` names this point, the process kills itself with SIGKILL there (no
 * cleanup, no flushing: what a power cut or an OOM kill does). Tests use it to prove that work
 * recorded before the point survives a crash at it (the kill -9 outbox test, ADR 053).
 */
export const CRASH_POINTS = {
  /** After the events (and the mail they ask for) are committed, before the mail is handed over. */
  afterAppendBeforeMail: 'after-append-before-mail',
} as const;

export type CrashPoint = (typeof CRASH_POINTS)[keyof typeof CRASH_POINTS];

export function crashPoint(point: CrashPoint): void {
  if (process.env.HIRELOOP_FAULT_KILL_AT === point) process.kill(process.pid, 'SIGKILL');
}

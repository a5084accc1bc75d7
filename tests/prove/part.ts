/**
 * `npm run prove` (issue 27) runs parts, each a group of checks against the real product on this
 * machine, and prints one table of their rows. Each part lives in its own file of this folder and
 * is listed in main.ts; a short version of each (`short: true`) runs in `npm test`.
 */

export interface ProveRow {
  /** The part that checked it ("chaos", "authorisation", "fuzz", "traffic", "webhooks"). */
  readonly part: string;
  /** What was checked, in words ("kill -9 the projections process 50 times under writes"). */
  readonly check: string;
  /** What was measured ("50 kills, 0 missing, 0 applied twice"). */
  readonly measured: string;
  /** What passing means ("0 missing, 0 applied twice"). */
  readonly expected: string;
  readonly pass: boolean;
}

export interface ProveOptions {
  /** The short version that runs in `npm test`: fewer rounds, fewer requests, same checks. */
  readonly short: boolean;
  /** Progress for a person watching the terminal (stderr). */
  readonly log: (line: string) => void;
}

export interface ProvePart {
  readonly name: string;
  run(options: ProveOptions): Promise<ProveRow[]>;
}

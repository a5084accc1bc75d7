/**
 * A position in the global log. Opaque to callers, but totally ordered by plain
 * string comparison: every adapter encodes its native position as fixed-width
 * digits so that `a < b` as strings means "a was committed to the log before b".
 *
 * - postgres: `<transaction id, 20 digits>.<sequence, 20 digits>`
 * - memory:   `<0, 20 digits>.<sequence, 20 digits>`
 * - kurrentdb: `<commit position, 20 digits>.<prepare position, 20 digits>` ($all order, ADR 075)
 *
 * The empty string is the position before the first event.
 */
export type Position = string;

export const START: Position = '';

const WIDTH = 20;

export const encodePosition = (major: bigint | number, minor: bigint | number): Position =>
  `${BigInt(major).toString().padStart(WIDTH, '0')}.${BigInt(minor).toString().padStart(WIDTH, '0')}`;

export const decodePosition = (position: Position): { major: bigint; minor: bigint } => {
  const match = /^(\d{20})\.(\d{20})$/.exec(position);
  if (!match) throw new Error(`Not a position: ${JSON.stringify(position)}`);
  return { major: BigInt(match[1]!), minor: BigInt(match[2]!) };
};

export const isPosition = (value: string): boolean => value === START || /^\d{20}\.\d{20}$/.test(value);

export const comparePositions = (a: Position, b: Position): number => (a < b ? -1 : a > b ? 1 : 0);

export const maxPosition = (a: Position, b: Position): Position => (a >= b ? a : b);

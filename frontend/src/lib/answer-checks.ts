/**
 * Checks of the answers a first page reads, without zod (ADR 095): zod/mini was 7 kB gzipped of
 * /jobs' first load. Each check is a Standard Schema like the contract's own (`parseAnswer` takes
 * either), accepts and refuses what the contract's schema does, with the same paths, and gives
 * the same output (unknown keys left out); `answer-checks.test.ts` compares each with its
 * contract, field by field. The contracts' schemas stay the server's and every other page's.
 */

export interface AnswerIssue {
  readonly message: string;
  readonly path: readonly PropertyKey[];
}

type CheckResult<T> = { readonly value: T; readonly issues?: undefined } | { readonly issues: readonly AnswerIssue[] };

/** What `parseAnswer` takes: the Standard Schema interface (`~standard.validate`). */
export interface AnswerCheck<T> {
  readonly '~standard': { readonly version: 1; readonly vendor: 'hireloop'; validate(value: unknown): CheckResult<T> };
}

/** Checks `value` at `path`, adding what is wrong to `issues`; its return counts only when none was added. */
export type Check<T> = (value: unknown, path: PropertyKey[], issues: AnswerIssue[]) => T;

function describe(value: unknown): string {
  if (value === null) return 'null';
  return Array.isArray(value) ? 'array' : typeof value;
}

function kind<T>(expected: string, accepts: (value: unknown) => boolean): Check<T> {
  return (value, path, issues) => {
    if (!accepts(value)) issues.push({ path, message: `Invalid input: expected ${expected}, received ${describe(value)}` });
    return value as T;
  };
}

export const string = kind<string>('string', (value) => typeof value === 'string');
export const boolean = kind<boolean>('boolean', (value) => typeof value === 'boolean');

/** An integer from `min` to `max`. */
export const integer = (min: number, max: number) =>
  kind<number>(`an integer from ${min} to ${max}`, (value) => Number.isSafeInteger(value) && (value as number) >= min && (value as number) <= max);

export const literal = <const T extends string | boolean>(expected: T) => kind<T>(JSON.stringify(expected), (value) => value === expected);

export const oneOf = <const T extends string>(values: readonly T[]) =>
  kind<T>(`one of ${values.map((value) => JSON.stringify(value)).join('|')}`, (value) => values.includes(value as T));

export const nullable =
  <T>(check: Check<T>): Check<T | null> =>
  (value, path, issues) =>
    value === null ? null : check(value, path, issues);

export const array =
  <T>(item: Check<T>): Check<T[]> =>
  (value, path, issues) => {
    if (!Array.isArray(value)) return kind<T[]>('array', () => false)(value, path, issues);
    return value.map((element, index) => item(element, [...path, index], issues));
  };

export const object =
  <T extends object>(shape: { [K in keyof T]: Check<T[K]> }): Check<T> =>
  (value, path, issues) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return kind<T>('object', () => false)(value, path, issues);
    const fields = value as Record<string, unknown>;
    const output: Partial<T> = {};
    for (const key of Object.keys(shape) as (keyof T & string)[]) output[key] = shape[key](fields[key], [...path, key], issues);
    return output as T;
  };

/** `check` as a Standard Schema, for `parseAnswer`. */
export function answerCheck<T>(check: Check<T>): AnswerCheck<T> {
  return {
    '~standard': {
      version: 1,
      vendor: 'hireloop',
      validate(value) {
        const issues: AnswerIssue[] = [];
        const output = check(value, [], issues);
        return issues.length > 0 ? { issues } : { value: output };
      },
    },
  };
}

import type { SearchSchemaInput } from '@tanstack/react-router';

/**
 * The routes' `validateSearch` schemas, without zod. The route tree loads with every first page,
 * and zod/mini was 7 kB gzipped of /jobs' first load (ADR 095); a search parameter never fails a
 * page (a missing or invalid one takes its default), so each is a function from what the router
 * read to a value. The tests of each schema compare it with the classic zod schema it replaced.
 */

/** One parameter: what the router read from the address (anything), to its value. */
export type SearchField<T> = (value: unknown) => T;

/** A route's search: it refuses only a search that is not an object. */
export interface SearchSchema<T> {
  readonly fields: { [K in keyof T]: SearchField<T[K]> };
  /** The route's `validateSearch`: typed so that a link may give any of the parameters, each of its type. */
  validate(input: Partial<T> & SearchSchemaInput): T;
  parse(input: unknown): T;
  safeParse(input: unknown): { success: true; data: T } | { success: false };
}

/** A search of named parameters; parameters it does not name are left out, as zod's objects do. */
export function searchObject<T>(fields: { [K in keyof T]: SearchField<T[K]> }): SearchSchema<T> {
  const read = (input: unknown): T | undefined => {
    if (typeof input !== 'object' || input === null || Array.isArray(input)) return undefined;
    const search = input as Record<string, unknown>;
    const output: Partial<T> = {};
    for (const key of Object.keys(fields) as (keyof T & string)[]) output[key] = fields[key](search[key]);
    return output as T;
  };
  const parse = (input: unknown): T => {
    const search = read(input);
    if (search === undefined) throw new TypeError('A search must be an object');
    return search;
  };
  return {
    fields,
    validate: parse,
    parse,
    safeParse(input) {
      const search = read(input);
      return search === undefined ? { success: false } : { success: true, data: search };
    },
  };
}

/** One of `values`, or `fallback` when the parameter is missing or anything else. */
export const searchChoice =
  <const Value extends string, const Fallback extends string | undefined>(values: readonly Value[], fallback: Fallback): SearchField<Value | Fallback> =>
  (value) =>
    values.includes(value as Value) ? (value as Value) : fallback;

/**
 * Text of at most `maxLength` characters, '' when missing or invalid. The router reads a
 * number-looking value (`?search=123`) as a number: it is still text.
 */
export const searchText =
  (maxLength: number): SearchField<string> =>
  (value) => {
    const text = typeof value === 'number' ? String(value) : value;
    return typeof text === 'string' && text.length <= maxLength ? text : '';
  };

/** A page number, 1 to `maxPage` (a page given as text is read as a number, as `Number` reads it); 1 when missing or invalid. */
export const searchPage =
  (maxPage: number): SearchField<number> =>
  (value) => {
    if (value === undefined) return 1;
    const page = Number(value);
    return Number.isSafeInteger(page) && page >= 1 && page <= maxPage ? page : 1;
  };

/** Non-blank text, trimmed; undefined when missing or invalid. */
export const searchToken: SearchField<string | undefined> = (value) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined);

import * as z from 'zod/mini';

/**
 * Pieces of the routes' `validateSearch` schemas. The route tree loads with the first page, so
 * these are written with `zod/mini` (about a quarter of classic zod's weight); classic zod loads
 * only with the forms that need it (ADR 014).
 */

/** `schema`, or `value` when the parameter is missing or invalid: an address never fails a page. */
export function withFallback<T extends z.ZodMiniType>(schema: T, value: z.core.util.NoUndefined<z.output<T>>) {
  return z.catch(z._default(schema, value), value);
}

/**
 * Text of at most `maxLength` characters, '' when missing or invalid. The router reads a
 * number-looking value (`?search=123`) as a number: it is still text.
 */
export const searchText = (maxLength: number) =>
  withFallback(
    z.pipe(
      z.transform((value: unknown) => (typeof value === 'number' ? String(value) : value)),
      z.string().check(z.maxLength(maxLength)),
    ),
    '',
  );

/** A page number, 1 to `maxPage` (a page given as text is read as a number); 1 when missing or invalid. */
export const searchPage = (maxPage: number) =>
  withFallback(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(maxPage)), 1);

import { zodResolver } from '@hookform/resolvers/zod';
import type { ErrorBody } from '@hireloop/contracts';
import type { FieldPath, FieldValues, Resolver, UseFormSetError } from 'react-hook-form';
import type { z } from 'zod';
import { ApiError } from './api-client';

/**
 * A form's resolver from a contract's request schema (or the frontend's extension of one): the
 * form is checked with the server's own rules and words, and submits the schema's output (the
 * body as the server will read it). The form's values may be a narrower shape of the schema's
 * input (text as typed where the contract also takes a list); the compiler checks that they are.
 * They are inferred from the form (`useForm<Values, unknown, Output>`).
 */
export function contractResolver<TSchema extends z.ZodType<unknown, FieldValues>, TValues extends FieldValues & z.input<TSchema>>(
  schema: TSchema,
): Resolver<TValues, unknown, z.output<TSchema>> {
  // Only the types narrow: the schema parses whatever the form holds either way.
  return zodResolver(schema) as unknown as Resolver<TValues, unknown, z.output<TSchema>>;
}

/** One field's reason in a refused request: an entry of the contract's `ErrorBody.details`. */
export type FieldIssue = NonNullable<ErrorBody['details']>[number];

/** How far down an error's `cause` chain the API error may sit (a feature rewords it once or twice). */
const MAX_CAUSE_DEPTH = 4;

/**
 * The field-level reasons of a 4xx answer (`{ success: false, error, details: [{ path, message }] }`),
 * read from the {@link ApiError} itself or from the error it caused: a feature's API functions
 * reword errors for people and keep the original as their `cause`. Empty when there are none.
 */
export function fieldIssuesOf(error: unknown): FieldIssue[] {
  let current: unknown = error;
  for (let depth = 0; current instanceof Error && depth <= MAX_CAUSE_DEPTH; depth += 1) {
    if (current instanceof ApiError) {
      return current.status >= 400 && current.status < 500 ? detailsOf(current.body) : [];
    }
    current = current.cause;
  }
  return [];
}

function detailsOf(body: string): FieldIssue[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return [];
  }
  if (typeof parsed !== 'object' || parsed === null || !('details' in parsed) || !Array.isArray(parsed.details)) {
    return [];
  }
  return parsed.details.filter(
    (detail: unknown): detail is FieldIssue =>
      typeof detail === 'object' &&
      detail !== null &&
      'path' in detail &&
      typeof detail.path === 'string' &&
      'message' in detail &&
      typeof detail.message === 'string',
  );
}

/**
 * Puts the server's field reasons on the form's fields (`setError`) and moves the focus to the
 * first of them, in the form's order. `fields` names the form's fields in that order (the ones
 * on screen first); a reason about `skills.2` goes to `skills`, one about no field of the form
 * is left to the form's general message. Answers whether any reason found its field.
 */
export function showFieldIssues<TValues extends FieldValues>(
  setError: UseFormSetError<TValues>,
  issues: readonly FieldIssue[],
  fields: readonly FieldPath<TValues>[],
): boolean {
  let shown = false;
  for (const field of fields) {
    const issue = issues.find(({ path }) => path === field || path.startsWith(`${field}.`));
    if (!issue) continue;
    setError(field, { type: 'server', message: issue.message }, { shouldFocus: !shown });
    shown = true;
  }
  return shown;
}

import type { FastifyRequest } from 'fastify';
import { DomainError } from '@hireloop/contracts';

/**
 * Text that is not text: a NUL character (PostgreSQL refuses it in `text` and `jsonb`) or a lone
 * UTF-16 surrogate (JSON's `"\uD800"` makes one; it has no UTF-8 form, so storing, hashing or
 * comparing it fails or silently changes it). Both are refused at the edge, for every route,
 * before any schema or store sees them.
 */
const isUnsafeText = (text: string) => text.includes('\u0000') || !text.isWellFormed();

const isPlainContainer = (value: unknown): value is Record<string, unknown> | unknown[] => {
  if (Array.isArray(value)) return true;
  if (typeof value !== 'object' || value === null) return false;
  // Dictionaries only: parsed JSON, and the router's and query parser's objects (whose prototype
  // is an empty null-prototype object); streams and buffers (the gateway's bodies) are not walked.
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === null || Object.getPrototypeOf(prototype) === null;
};

/**
 * Where in `value` the first unsafe string (or object key) is, as a dotted path like
 * `skills.2` (`''` for `value` itself), or null when all text in it is well-formed.
 * Walks with its own stack, so a deeply nested body cannot overflow the call stack.
 */
export function findUnsafeText(value: unknown): string | null {
  const pending: Array<[unknown, string]> = [[value, '']];
  while (pending.length > 0) {
    const [current, path] = pending.pop()!;
    if (typeof current === 'string') {
      if (isUnsafeText(current)) return path;
    } else if (isPlainContainer(current)) {
      const entries = Object.entries(current);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, child] = entries[i]!;
        const childPath = path ? `${path}.${key}` : key;
        if (isUnsafeText(key)) return childPath;
        pending.push([child, childPath]);
      }
    }
  }
  return null;
}

export const UNSAFE_TEXT_MESSAGE = 'contains a character that is not allowed (a NUL character or an unpaired UTF-16 surrogate).';

/** A `preValidation` hook: bad text in the path, the query or the body is a 400 that says where. */
export async function rejectUnsafeText(request: FastifyRequest): Promise<void> {
  // Path parameter names are ours, not the caller's: name the address instead.
  if (findUnsafeText(request.params) !== null) throw new DomainError('validation', `The address ${UNSAFE_TEXT_MESSAGE}`);
  const inQuery = findUnsafeText(request.query);
  if (inQuery !== null) throw new DomainError('validation', `${inQuery || 'The query string'} ${UNSAFE_TEXT_MESSAGE}`);
  const inBody = findUnsafeText(request.body);
  if (inBody !== null) throw new DomainError('validation', `${inBody || 'The request body'} ${UNSAFE_TEXT_MESSAGE}`);
}

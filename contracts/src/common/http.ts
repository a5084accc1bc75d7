import { z } from 'zod';

export * from './headers';

/**
 * The response schema of a redirect: no body, a Location header. (`type: 'null'` is what tells
 * @fastify/swagger that the answer has no content.)
 */
export const redirectTo = (description: string) =>
  z.void().meta({ type: 'null', description, headers: { location: { type: 'string', description: 'Where the browser goes next.' } } });

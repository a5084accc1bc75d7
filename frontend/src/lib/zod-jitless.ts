/**
 * `zod`, as the browser bundle sees it (vite.config.ts points every `import 'zod'` here, the
 * contracts' included). Zod compiles object parsers with `new Function` when it may; the
 * Content-Security-Policy forbids eval, and zod's probe for it is reported as a policy violation
 * even though zod then falls back. Configured here, jitless holds before any module builds a
 * schema, since every such module imports this one first.
 */
import { z } from 'zod/v4';

z.config({ jitless: true });

export * from 'zod/v4';
export default z;

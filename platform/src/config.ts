import path from 'node:path';
import { z } from 'zod';

const optionalUrl = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined));

const Schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('.data'),
  /** PostgreSQL for events, read models and secrets. Unset in the embedded profile: started from npm. */
  DATABASE_URL: optionalUrl,
  /** NATS with JetStream. Unset: the in-process bus (one process only). */
  NATS_URL: optionalUrl,
  /** Where people reach the app; used in links sent by email. */
  PUBLIC_URL: optionalUrl,
  SESSION_TTL_HOURS: z.coerce.number().positive().default(24 * 7),
  /** How long a query waits for `X-Min-Position` before answering with what it has. */
  READ_YOUR_WRITES_TIMEOUT_MS: z.coerce.number().int().min(0).max(30_000).default(2000),
  /** `serve gateway`: where the query and command services listen. */
  GATEWAY_QUERY_URL: optionalUrl,
  GATEWAY_COMMAND_URL: optionalUrl,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type Config = z.infer<typeof Schema> & { publicUrl: string; dataDir: string };

/** Parses the environment once at start-up; a bad setting stops the process naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = Schema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const config = parsed.data;
  return {
    ...config,
    dataDir: path.resolve(config.DATA_DIR),
    publicUrl: config.PUBLIC_URL ?? `http://localhost:${config.PORT}`,
  };
}

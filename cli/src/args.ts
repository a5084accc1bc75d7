import { parseArgs, type ParseArgsConfig } from 'node:util';

type ParseArgsOptionsConfig = NonNullable<ParseArgsConfig['options']>;
import { isPosition } from '@hireloop/platform/event-store';

/** A command line that cannot be run as written: printed with the usage, exit code 2. */
export class UsageError extends Error {}

export interface CommandLine<O extends ParseArgsOptionsConfig> {
  flags: { [K in keyof O]?: O[K] extends { type: 'boolean' } ? boolean : O[K] extends { multiple: true } ? string[] : string };
  positionals: string[];
}

/**
 * The flags and arguments of `command`, checked (node's util.parseArgs, strict): an unknown flag,
 * a flag without its value, or more or fewer arguments than the command takes is a UsageError
 * that names it.
 */
export function commandLine<O extends ParseArgsOptionsConfig>(
  command: string,
  args: string[],
  options: O,
  positionals: { min?: number; max?: number; what?: string } = {},
): CommandLine<O> {
  const { min = 0, max = 0, what = 'arguments' } = positionals;
  const known = Object.keys(options).map((name) => `--${name}`);
  const takes = known.length ? `it takes ${known.join(', ')}` : 'it takes no flags';
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (error) {
    const code = (error as { code?: string }).code;
    const message = error instanceof Error ? error.message : String(error);
    if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
      const flag = /'([^']+)'/.exec(message)?.[1] ?? message;
      throw new UsageError(`${command}: unknown flag ${flag} (${takes})`);
    }
    if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
      const flag = /'(--?[\w-]+)/.exec(message)?.[1] ?? '';
      throw new UsageError(`${command}: ${flag ? `${flag} needs a value` : message}`);
    }
    throw new UsageError(`${command}: ${message}`);
  }
  if (parsed.positionals.length < min || parsed.positionals.length > max) {
    const expected = max === 0 ? 'no arguments' : min === max ? `${min} ${what}` : `${min === 0 ? 'at most' : `${min} to`} ${max === Infinity ? 'any number of' : max} ${what}`;
    throw new UsageError(`${command} takes ${expected}, not ${parsed.positionals.length === 0 ? 'none' : parsed.positionals.map((arg) => JSON.stringify(arg)).join(' ')}`);
  }
  return { flags: parsed.values as CommandLine<O>['flags'], positionals: parsed.positionals };
}

/** `--from`: a position printed by an earlier `hireloop events` (or an X-Position header). */
export function positionArg(value: string): string {
  if (!isPosition(value)) {
    throw new UsageError(`events: --from must be a position as printed by hireloop events or sent in X-Position (20 digits, a dot, 20 digits), not ${JSON.stringify(value)}`);
  }
  return value;
}

/** `--type`: event type names (repeat the flag or separate them with commas). */
export function eventTypesArg(values: readonly string[]): string[] {
  const types = values.flatMap((value) => value.split(',')).map((type) => type.trim()).filter(Boolean);
  const bad = types.find((type) => !/^[A-Z][A-Za-z0-9]*$/.test(type));
  if (bad !== undefined || types.length === 0) {
    throw new UsageError(`events: --type takes event type names such as JobPosted (comma-separated or repeated), not ${JSON.stringify(bad ?? values.join(','))}`);
  }
  return [...new Set(types)];
}

/**
 * A command line's flags, for every `pirates` command alike: node's own parser, unknown flags refused, and a
 * failure as a value with the parser's sentence (the command prints it with its usage and exits 2).
 */
import { parseArgs } from 'node:util';

/** Each flag and what it takes: a value ('string'), a value each time it is given ('strings') or nothing ('boolean'). */
export type FlagKinds = Readonly<Record<string, 'string' | 'strings' | 'boolean'>>;

export type FlagValues<K extends FlagKinds> = {
  -readonly [F in keyof K]?: K[F] extends 'boolean' ? boolean : K[F] extends 'strings' ? string[] : string;
};

export type ParsedFlags<K extends FlagKinds> =
  | { readonly ok: true; readonly values: FlagValues<K>; readonly positionals: string[] }
  | { readonly ok: false; readonly message: string };

export function parseFlags<K extends FlagKinds>(
  args: readonly string[],
  kinds: K,
  positionals = false,
): ParsedFlags<K> {
  const options = Object.fromEntries(
    Object.entries(kinds).map(([name, type]) => [
      name,
      type === 'strings' ? { type: 'string' as const, multiple: true } : { type },
    ]),
  );
  try {
    const parsed = parseArgs({ args: [...args], options, strict: true, allowPositionals: positionals });
    return { ok: true, values: parsed.values as FlagValues<K>, positionals: parsed.positionals };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * A command line refused: one line naming the command, then its usage (or where to find it), exit code 2.
 * Every command says it the same way.
 */
export function refuse(command: string, message: string, usage?: string): number {
  const after = usage === undefined ? `Run 'pirates ${command} --help' for the options.` : usage;
  process.stderr.write(`pirates ${command}: ${message}\n${after}\n`);
  return 2;
}

/**
 * A command line read and checked in one place: `readFlags` parses (refusing unknown flags), then the
 * command asks for each value with its kind and default; every bad value adds one sentence, and `refuse`
 * prints them all at once with exit code 2. Commands no longer repeat the parse-and-validate block.
 */
export interface FlagReader<K extends FlagKinds> {
  readonly values: FlagValues<K>;
  readonly positionals: readonly string[];
  readonly problems: string[];
  /** A whole number from `min` (and up to `max`), or the default when the flag is absent. */
  whole(flag: keyof K & string, fallback: number, min?: number, max?: number): number;
  /** A number from `min` to `max`, or the default when absent. */
  number(flag: keyof K & string, fallback: number, min: number, max?: number): number;
  /** One of `choices`, or the default when absent. */
  choice<C extends string>(flag: keyof K & string, fallback: C, choices: readonly C[]): C;
  /** A comma-separated list, blanks dropped. */
  list(flag: keyof K & string): string[];
  /** The string, or the default when absent. */
  text(flag: keyof K & string, fallback: string): string;
  /** Prints every problem (or `message`) and the usage pointer; returns exit code 2. */
  refuse(message?: string): number;
}

export function readFlags<K extends FlagKinds>(
  command: string,
  args: readonly string[],
  kinds: K,
  usage?: string,
  positionals = false,
): FlagReader<K> | number {
  const parsed = parseFlags(args, kinds, positionals);
  if (!parsed.ok) return refuse(command, parsed.message, usage);
  const values = parsed.values;
  const problems: string[] = [];
  const raw = (flag: string): string | undefined => {
    const value = (values as Record<string, unknown>)[flag];
    return typeof value === 'string' ? value : undefined;
  };
  return {
    values,
    positionals: parsed.positionals,
    problems,
    whole(flag, fallback, min = 1, max = Number.MAX_SAFE_INTEGER) {
      const text = raw(flag);
      if (text === undefined) return fallback;
      const value = Number(text);
      if (!/^[0-9]+$/.test(text.trim()) || !Number.isSafeInteger(value) || value < min || value > max) {
        const range = max === Number.MAX_SAFE_INTEGER ? `from ${min}` : `from ${min} to ${max}`;
        problems.push(`--${flag} must be a whole number ${range}, not '${text}'.`);
        return fallback;
      }
      return value;
    },
    number(flag, fallback, min, max = Number.POSITIVE_INFINITY) {
      const text = raw(flag);
      if (text === undefined) return fallback;
      const value = Number(text);
      if (text.trim() === '' || !Number.isFinite(value) || value < min || value > max) {
        const range = max === Number.POSITIVE_INFINITY ? `from ${min}` : `from ${min} to ${max}`;
        problems.push(`--${flag} must be a number ${range}, not '${text}'.`);
        return fallback;
      }
      return value;
    },
    choice(flag, fallback, choices) {
      const text = raw(flag);
      if (text === undefined) return fallback;
      if (!(choices as readonly string[]).includes(text)) {
        problems.push(`--${flag} must be ${choices.map((c) => `'${c}'`).join(' or ')}, not '${text}'.`);
        return fallback;
      }
      return text as typeof fallback;
    },
    list(flag) {
      return (raw(flag) ?? '')
        .split(',')
        .map((item) => item.trim())
        .filter((item) => item.length > 0);
    },
    text(flag, fallback) {
      return raw(flag) ?? fallback;
    },
    refuse(message) {
      const lines = message === undefined ? problems : [message];
      return refuse(command, lines.join(`\npirates ${command}: `));
    },
  };
}

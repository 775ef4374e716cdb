/**
 * A command line's flags, for every `pirates` command alike: node's own parser, unknown flags refused, and a
 * failure as a value with the parser's sentence (the command prints it with its usage and exits 2).
 */
import { parseArgs } from 'node:util';

/** Each flag and what it takes: a value ('string') or nothing ('boolean'). */
export type FlagKinds = Readonly<Record<string, 'string' | 'boolean'>>;

export type FlagValues<K extends FlagKinds> = {
  -readonly [F in keyof K]?: K[F] extends 'boolean' ? boolean : string;
};

export type ParsedFlags<K extends FlagKinds> =
  | { readonly ok: true; readonly values: FlagValues<K>; readonly positionals: string[] }
  | { readonly ok: false; readonly message: string };

export function parseFlags<K extends FlagKinds>(
  args: readonly string[],
  kinds: K,
  positionals = false,
): ParsedFlags<K> {
  const options = Object.fromEntries(Object.entries(kinds).map(([name, type]) => [name, { type }]));
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

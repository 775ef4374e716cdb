/**
 * The `pirates` command: one entry point, one file per subcommand.
 * Each subcommand returns an exit code instead of calling process.exit, so tests can run it in-process.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from '../server/package-root.ts';
import { commands } from './commands.ts';

export async function main(argv: readonly string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === '--version' || name === '-v' || name === 'version') {
    process.stdout.write(`${version()}\n`);
    return 0;
  }
  if (name === 'help' && rest.length > 0) return help(rest);
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    process.stdout.write(usage());
    return 0;
  }
  const command = commands.find((c) => c.name === name);
  if (command === undefined) {
    process.stderr.write(`pirates: unknown command '${name}'. Run 'pirates --help' for the list.\n`);
    return 2;
  }
  if (rest.includes('--help') || rest.includes('-h')) {
    process.stdout.write(`${command.usage}\n`);
    return 0;
  }
  return command.run(rest);
}

/** `pirates help <command>`: the command's usage, as `pirates <command> --help` prints it. */
function help(names: readonly string[]): number {
  const [name, ...more] = names;
  const command = commands.find((c) => c.name === name);
  if (command === undefined || more.length > 0) {
    process.stderr.write(
      `pirates help: ${more.length > 0 ? 'name one command' : `no command '${name}'`}. Commands: ${commands.map((c) => c.name).join(', ')}.\n`,
    );
    return 2;
  }
  process.stdout.write(`${command.usage}\n`);
  return 0;
}

/** The package's version, from its package.json. */
export function version(): string {
  const manifest = JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8')) as {
    version: string;
  };
  return manifest.version;
}

export function usage(): string {
  const width = Math.max(...commands.map((c) => c.name.length));
  const lines = commands.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`);
  return [
    'pirates: the Pirates! Stratego command',
    '',
    'Usage: pirates <command> [options]',
    "       pirates help <command>     a command's options (or pirates <command> --help)",
    '       pirates --version',
    '',
    'Commands:',
    ...lines,
    '',
    "Run 'pirates help <command>' for a command's options.",
    '',
  ].join('\n');
}

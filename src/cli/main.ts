/**
 * The `pirates` command: one entry point, one file per subcommand.
 * Each subcommand returns an exit code instead of calling process.exit, so tests can run it in-process.
 */
import { commands } from './commands.ts';

export async function main(argv: readonly string[]): Promise<number> {
  const [name, ...rest] = argv;
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

export function usage(): string {
  const width = Math.max(...commands.map((c) => c.name.length));
  const lines = commands.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`);
  return [
    'pirates: the Pirates! Stratego command',
    '',
    'Usage: pirates <command> [options]',
    '',
    'Commands:',
    ...lines,
    '',
    "Run 'pirates <command> --help' for a command's options.",
    '',
  ].join('\n');
}

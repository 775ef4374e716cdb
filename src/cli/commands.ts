/** The list of subcommands; each lives in its own file. */
import { benchCommand } from './bench.ts';
import { benchServerCommand } from './bench-server.ts';
import { cannonCommand } from './cannon.ts';
import type { Command } from './command.ts';
import { fitEvaluationCommand } from './fit-evaluation.ts';
import { serveCommand } from './serve.ts';
import { tournamentCommand } from './tournament.ts';
import { verifyCommand } from './verify.ts';

export const commands: readonly Command[] = [
  serveCommand,
  cannonCommand,
  benchCommand,
  benchServerCommand,
  tournamentCommand,
  fitEvaluationCommand,
  verifyCommand,
];

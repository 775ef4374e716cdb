/** The list of subcommands; each lives in its own file. */
import { benchCommand } from './bench.ts';
import { BENCH_SERVER_SUMMARY, BENCH_SERVER_USAGE } from './bench-server/usage.ts';
import { cannonCommand } from './cannon.ts';
import type { Command } from './command.ts';
import { fitEvaluationCommand } from './fit-evaluation.ts';
import { fitSetupCommand } from './fit-setup.ts';
import { learnServerCommand } from './learn-server.ts';
import { plotCommand } from './plot.ts';
import { serveCommand } from './serve.ts';
import { loadServerPart } from './server-part.ts';
import { tournamentCommand } from './tournament.ts';
import { trainCommand } from './train.ts';
import { verifyCommand } from './verify.ts';

/** The benchmark loads its server-side libraries (pg, Redis, ws) only when it runs. */
const benchServerCommand: Command = {
  name: 'bench-server',
  summary: BENCH_SERVER_SUMMARY,
  usage: BENCH_SERVER_USAGE,
  async run(args) {
    const loaded = await loadServerPart('bench-server', () => import('./bench-server.ts'));
    return typeof loaded === 'number' ? loaded : loaded.benchServerCommand.run(args);
  },
};

export const commands: readonly Command[] = [
  serveCommand,
  cannonCommand,
  benchCommand,
  benchServerCommand,
  tournamentCommand,
  fitEvaluationCommand,
  fitSetupCommand,
  verifyCommand,
  learnServerCommand,
  trainCommand,
  plotCommand,
];

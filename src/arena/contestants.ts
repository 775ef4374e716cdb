/**
 * The names a tournament takes: every in-process bot's (src/ai: createBot's, and oracle:N) and
 * `cmd:COMMAND`, an external program that plays by the bot protocol (docs/bots.md).
 */
import type { CandidateModels } from '../ai/candidate-models.ts';
import { contestant } from '../ai/round-robin.ts';

const PREFIX = 'cmd:';

/** The shell command of an external bot's name, or null for an in-process bot. */
export function externalCommand(name: string): string | null {
  return name.startsWith(PREFIX) ? name.slice(PREFIX.length).trim() : null;
}

/**
 * An error sentence for a name no tournament can seat (with `models`, the candidate model files it would
 * read), or null when it is fine.
 */
export function refusedName(name: string, models: CandidateModels = {}): string | null {
  const command = externalCommand(name);
  if (command !== null) {
    return command === ''
      ? `'${name}': cmd: needs the command that starts the bot, e.g. cmd:python3 bot.py.`
      : null;
  }
  const made = contestant(name, models);
  return typeof made === 'string' ? made : null;
}

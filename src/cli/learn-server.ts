/**
 * `pirates learn-server`: the learning API over a pipe, for programs in any language (docs/learn.md, "From
 * Python"). One JSON request a line on stdin, one answer a line on stdout, in order; one process serves a whole
 * run. The session (src/learn/remote.ts) does the work; this file only reads and writes lines.
 */
import { createInterface } from 'node:readline';
import { LearnSession } from '../learn/remote.ts';
import type { Command } from './command.ts';

const USAGE = [
  'Usage: pirates learn-server',
  '',
  'Serves the learning API (batched envs, explicit-chance games, observations, masks, resampling) as',
  'JSON lines on stdin and stdout, for clients in other languages: python/pirates_learn.py is one',
  '(standard library only). The requests and answers: docs/learn.md, "From Python".',
].join('\n');

export const learnServerCommand: Command = {
  name: 'learn-server',
  summary: 'Serve the learning API as JSON lines on stdin/stdout (the Python client speaks it)',
  usage: USAGE,
  async run(args) {
    if (args.includes('--help') || args.includes('-h')) {
      process.stdout.write(`${USAGE}\n`);
      return 0;
    }
    if (args.length > 0) {
      process.stderr.write(
        `pirates learn-server: it takes no arguments (got ${args.join(' ')}).\n${USAGE}\n`,
      );
      return 2;
    }
    const session = new LearnSession();
    const lines = createInterface({ input: process.stdin, crlfDelay: Number.POSITIVE_INFINITY });
    for await (const line of lines) {
      if (line.trim() === '') continue;
      let request: unknown;
      try {
        request = JSON.parse(line);
      } catch {
        request = undefined;
      }
      const answer =
        request === undefined
          ? { ok: false, error: { code: 'learn/not-json', message: 'A request is one line of JSON.' } }
          : session.answer(request);
      if (!process.stdout.write(`${JSON.stringify(answer)}\n`)) {
        await new Promise((done) => process.stdout.once('drain', done));
      }
    }
    return 0;
  },
};

/** Runs `pirates serve` as a child process (crash and shutdown tests), and finds its port in its log. */

import { type ChildProcess, spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { PATIENCE_MS } from '../patience.ts';

export interface ServerProcess {
  readonly child: ChildProcess;
  readonly url: string;
  readonly output: string[];
  /** Resolves with the exit code (or signal name). */
  readonly exited: Promise<number | string>;
}

export async function spawnServer(
  databasePath: string,
  env: Record<string, string> = {},
  /** Another install's bin/pirates.js (test/package/production.test.ts), run in its own folder. */
  script = join(import.meta.dirname, '../../bin/pirates.js'),
): Promise<ServerProcess> {
  const child = spawn(process.execPath, [script, 'serve'], {
    cwd: dirname(dirname(script)),
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_PATH: databasePath,
      BOT_DELAY_MIN_MS: '0',
      BOT_DELAY_MAX_MS: '0',
      GAMES_PER_MINUTE: '100000',
      MESSAGES_PER_SECOND: '100000',
      MESSAGE_BURST: '100000',
      SOCKETS_PER_ADDRESS: '100000',
      SOCKET_OPENS_PER_MINUTE: '100000',
      COMPUTER_GAMES_PER_ADDRESS: '100000',
      SEEKS_PER_PLAYER: '100000',
      SEEKS_PER_ADDRESS: '100000',
      // No proxy in front waits to notice a stopping process (the rolling-restart test sets its own).
      DRAIN_SECONDS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')),
  );
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`server did not start: ${output.join('')}`)),
      PATIENCE_MS,
    );
    let buffered = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      output.push(text);
      buffered += text;
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) {
        if (!line.includes('pirates server ready')) continue;
        clearTimeout(timer);
        resolve((JSON.parse(line) as { url: string }).url);
      }
    });
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString('utf8')));
    child.once('exit', () => reject(new Error(`server exited: ${output.join('')}`)));
  });
  return { child, url, output, exited };
}

/**
 * A server that cannot start ends at once with a clear line and exit code 1, holding nothing: a supervisor
 * sees it fail (issue 15's first finding: with its port taken, `pirates serve` printed the error and kept
 * running, its bot workers and database open).
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PATIENCE_MS } from '../patience.ts';
import { startTestServer, type TestServer, tempDir } from './harness.ts';

let taken: TestServer;
beforeAll(async () => {
  taken = await startTestServer();
});
afterAll(async () => {
  await taken.stop();
});

describe('pirates serve when it cannot start', () => {
  it('with its port taken: one line, exit code 1, nothing left running', async () => {
    const child = spawn(process.execPath, [join(import.meta.dirname, '../../bin/pirates.js'), 'serve'], {
      env: {
        ...process.env,
        PORT: String(taken.port),
        HOST: '127.0.0.1',
        DATABASE_PATH: join(tempDir(), 'games.sqlite'),
        BOT_WORKERS: '2',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
    });
    const exit = await new Promise<number | string>((resolve, reject) => {
      // Far above need (it exits in about a second): only a process that never exits reaches it.
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        reject(new Error(`pirates serve kept running: ${stderr}`));
      }, PATIENCE_MS);
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        resolve(code ?? signal ?? 'unknown');
      });
    });
    expect(exit).toBe(1);
    expect(stderr).toContain('pirates serve: could not start');
    expect(stderr).toContain('EADDRINUSE');
  });
});

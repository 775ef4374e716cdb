/**
 * A PgBouncer of a test's own in front of the test PostgreSQL, on a free port: Debian's pgbouncer binary,
 * its ini written to a temp folder. PgBouncer refuses to run as root, so as root (CI) it runs as the
 * `postgres` user (runuser) in a folder that user owns, as the own PostgreSQL does (own-services.ts).
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { chownSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PATIENCE_MS } from '../patience.ts';
import { freePort } from './own-services.ts';

/** Where Debian puts pgbouncer; null when it is not installed. */
export function pgbouncerBinary(): string | null {
  for (const path of ['/usr/sbin/pgbouncer', '/usr/bin/pgbouncer']) if (existsSync(path)) return path;
  return null;
}

export interface PgBouncerSettings {
  /** PgBouncer's pool_mode. */
  readonly poolMode: 'session' | 'transaction';
  /** Server connections per database and user: what PostgreSQL sees, however many clients there are. */
  readonly poolSize: number;
}

export class OwnPgBouncer {
  readonly #child: ChildProcess;
  readonly #dir: string;
  readonly port: number;
  /** What it logged (its log goes to stderr). */
  readonly log: string[];

  private constructor(child: ChildProcess, dir: string, port: number, log: string[]) {
    this.#child = child;
    this.#dir = dir;
    this.port = port;
    this.log = log;
  }

  /**
   * Starts PgBouncer for the database of `postgresUrl` (trust authentication: PgBouncer logs in as that URL's
   * user whatever the client says, `auth_type = any`), and waits until it accepts connections.
   */
  static async start(postgresUrl: string, settings: PgBouncerSettings): Promise<OwnPgBouncer> {
    const binary = pgbouncerBinary();
    if (binary === null) throw new Error('no pgbouncer binary');
    const target = new URL(postgresUrl);
    const database = target.pathname.slice(1);
    const dir = mkdtempSync(join(tmpdir(), 'pirates-pgbouncer-'));
    const port = await freePort();
    const ini = join(dir, 'pgbouncer.ini');
    writeFileSync(
      ini,
      [
        '[databases]',
        `${database} = host=${target.hostname} port=${target.port || 5432} dbname=${database} user=${decodeURIComponent(target.username)}`,
        '[pgbouncer]',
        'listen_addr = 127.0.0.1',
        `listen_port = ${port}`,
        'unix_socket_dir =',
        'auth_type = any',
        `pool_mode = ${settings.poolMode}`,
        `default_pool_size = ${settings.poolSize}`,
        'max_client_conn = 1000',
        '',
      ].join('\n'),
    );
    const root = process.getuid?.() === 0;
    if (root) {
      const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }));
      const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }));
      chownSync(dir, uid, gid);
      chownSync(ini, uid, gid);
    }
    const child = root
      ? spawn('runuser', ['-u', 'postgres', '--', binary, ini], { stdio: ['ignore', 'ignore', 'pipe'] })
      : spawn(binary, [ini], { stdio: ['ignore', 'ignore', 'pipe'] });
    const log: string[] = [];
    child.stderr?.on('data', (chunk: Buffer) => log.push(chunk.toString('utf8')));
    const bouncer = new OwnPgBouncer(child, dir, port, log);
    const deadline = Date.now() + PATIENCE_MS;
    while (!(await accepts(port))) {
      if (child.exitCode !== null || Date.now() > deadline) {
        bouncer.stop();
        throw new Error(`pgbouncer did not start: ${log.join('')}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return bouncer;
  }

  /** The test URL with PgBouncer's address in place of PostgreSQL's. */
  urlFor(postgresUrl: string): string {
    const url = new URL(postgresUrl);
    url.hostname = '127.0.0.1';
    url.port = String(this.port);
    return url.toString();
  }

  stop(): void {
    if (this.#child.exitCode === null && this.#child.signalCode === null) this.#child.kill('SIGTERM');
    rmSync(this.#dir, { recursive: true, force: true });
  }

  async stopped(): Promise<void> {
    if (this.#child.exitCode === null && this.#child.signalCode === null) await once(this.#child, 'exit');
  }
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * A PostgreSQL and a Redis of a test's own, so it may stop and start them whole (not just cut connections):
 * PostgreSQL made by initdb in a temp folder and run by pg_ctl on a free port, Redis a redis-server child on
 * a free port without persistence. PostgreSQL refuses to run as root, so as root (CI) its commands run as the
 * `postgres` user (runuser) in a folder that user owns. Missing binaries skip the tests with a line saying
 * why, except under CI, where they are a failure.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { describe, it } from 'vitest';
import { PATIENCE_MS } from '../patience.ts';

/** A port nobody listens on now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Whether `port` can be listened on now. */
function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** The newest /usr/lib/postgresql/<n>/bin holding pg_ctl, or null. */
function postgresBin(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((name) => existsSync(join(root, name, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] === undefined ? null : join(root, versions[0], 'bin');
}

function which(command: string): string | null {
  try {
    return execFileSync('sh', ['-c', `command -v ${command}`], { encoding: 'utf8' }).trim() || null;
  } catch {
    return null;
  }
}

/** Why the own services cannot run here, or null. */
export function ownServicesMissing(): string | null {
  if (postgresBin() === null) return 'no PostgreSQL server binaries under /usr/lib/postgresql/*/bin';
  if (which('redis-server') === null) return 'no redis-server on PATH';
  if (process.getuid?.() === 0 && which('runuser') === null) return 'running as root without runuser';
  return null;
}

/** Like skipWithoutServices (services.ts), for tests that start their own PostgreSQL and Redis. */
export function skipWithoutOwnServices(file: string): boolean {
  const reason = ownServicesMissing();
  if (reason === null) return false;
  if (process.env.CI !== undefined && process.env.CI !== '' && process.env.CI !== 'false') {
    throw new Error(`${file} cannot run under CI: ${reason}`);
  }
  console.warn(`own PostgreSQL/Redis tests skipped (${file}): ${reason}`);
  describe.skip(`own PostgreSQL/Redis tests skipped: ${reason}`, () => {
    it('needs PostgreSQL server binaries and redis-server', () => undefined);
  });
  return true;
}

/** Runs a PostgreSQL binary, as the `postgres` user when this process is root. */
function runPostgres(bin: string, command: string, args: string[]): void {
  const path = join(bin, command);
  const [file, argv] =
    process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', path, ...args]] : [path, args];
  execFileSync(file, argv, { stdio: 'pipe', timeout: PATIENCE_MS });
}

export class OwnPostgres {
  readonly #bin: string;
  readonly #dir: string;
  readonly port: number;

  private constructor(bin: string, dir: string, port: number) {
    this.#bin = bin;
    this.#dir = dir;
    this.port = port;
  }

  /** A fresh cluster in a temp folder, started; trust authentication on loopback only. */
  static async start(): Promise<OwnPostgres> {
    const bin = postgresBin();
    if (bin === null) throw new Error('no PostgreSQL server binaries');
    const dir = mkdtempSync(join(tmpdir(), 'pirates-pg-'));
    if (process.getuid?.() === 0) {
      const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }));
      const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }));
      chownSync(dir, uid, gid);
    }
    runPostgres(bin, 'initdb', ['-D', join(dir, 'data'), '-U', 'postgres', '--auth=trust', '--no-sync']);
    const postgres = new OwnPostgres(bin, dir, await freePort());
    postgres.startAgain();
    return postgres;
  }

  get url(): string {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }

  /** Starts the server process (again), and waits until it accepts connections. */
  startAgain(): void {
    const options = `-p ${this.port} -k ${this.#dir} -c listen_addresses=127.0.0.1`;
    runPostgres(this.#bin, 'pg_ctl', [
      '-D',
      join(this.#dir, 'data'),
      '-o',
      options,
      '-l',
      join(this.#dir, 'log'),
      '-w',
      'start',
    ]);
  }

  /** Stops the server process whole: every connection is cut, and nothing answers until `startAgain`. */
  stop(): void {
    runPostgres(this.#bin, 'pg_ctl', ['-D', join(this.#dir, 'data'), '-m', 'fast', '-w', 'stop']);
  }

  destroy(): void {
    try {
      this.stop();
    } catch {
      // Already stopped.
    }
    rmSync(this.#dir, { recursive: true, force: true });
  }
}

export class OwnRedis {
  readonly port: number;
  #child: ChildProcess | null = null;

  private constructor(port: number) {
    this.port = port;
  }

  static async start(): Promise<OwnRedis> {
    const redis = new OwnRedis(await freePort());
    await redis.startAgain();
    return redis;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  /** Starts redis-server (again) on the same port, empty (no persistence), and waits until it answers. */
  async startAgain(): Promise<void> {
    const args = ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'];
    this.#child = spawn('redis-server', args, { stdio: 'ignore' });
    const client = new Redis(this.url, { lazyConnect: true, retryStrategy: () => null });
    try {
      await connectPatiently(client);
    } finally {
      client.disconnect();
    }
  }

  /** Stops the server process whole (SIGTERM, then waits for it to exit). */
  async stop(): Promise<void> {
    const child = this.#child;
    this.#child = null;
    if (child === null || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
}

/**
 * A Redis Cluster of the test's own: three masters (redis-server children on free ports, no persistence, no
 * replicas), the 16,384 slots split between them, joined with CLUSTER MEET. Each shard holds the channels
 * and keys of its slots, so a test can see that a game's notices cross shards.
 */
export class OwnRedisCluster {
  readonly ports: readonly number[];
  readonly #dir: string;
  readonly #children: ChildProcess[] = [];

  private constructor(ports: readonly number[], dir: string) {
    this.ports = ports;
    this.#dir = dir;
  }

  static async start(shards = 3): Promise<OwnRedisCluster> {
    const ports: number[] = [];
    while (ports.length < shards) {
      const port = await freePort();
      // A cluster node also listens on its port + 10000 (the cluster bus): both must be free.
      if (!ports.includes(port) && port + 10000 <= 65535 && (await portFree(port + 10000))) ports.push(port);
    }
    const cluster = new OwnRedisCluster(ports, mkdtempSync(join(tmpdir(), 'pirates-redis-cluster-')));
    try {
      await cluster.#form();
    } catch (error) {
      await cluster.stop();
      throw error;
    }
    return cluster;
  }

  /** REDIS_URL for the servers: one node is enough, the client finds the others. */
  get seed(): string {
    return `redis://127.0.0.1:${this.ports[0]}`;
  }

  /** A plain client to node `i` (its own shard only). */
  node(i: number): Redis {
    const client = new Redis({ host: '127.0.0.1', port: this.ports[i] ?? 0, lazyConnect: true });
    // A shard restarting refuses its client for a moment: it reconnects by itself; nothing to report.
    client.on('error', () => undefined);
    return client;
  }

  async stop(): Promise<void> {
    await Promise.all(
      this.#children.map(async (child) => {
        if (child.exitCode !== null || child.signalCode !== null) return;
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }),
    );
    rmSync(this.#dir, { recursive: true, force: true });
  }

  /**
   * Stops shard `i` whole and starts it again on the same port. It keeps its identity and slots (its nodes
   * file) and comes back empty (no persistence), as a shard's restart does.
   */
  async restart(i: number): Promise<void> {
    const port = this.ports[i];
    const child = this.#children[i];
    if (port === undefined || child === undefined) throw new Error(`no shard ${i}`);
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
    this.#children[i] = this.#spawn(port);
    const node = this.node(i);
    try {
      await connectPatiently(node);
      await this.#untilFormed([node]);
    } finally {
      node.disconnect();
    }
  }

  #spawn(port: number): ChildProcess {
    const args = [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--cluster-enabled',
      'yes',
      '--cluster-config-file',
      join(this.#dir, `nodes-${port}.conf`),
      '--dir',
      this.#dir,
      '--save',
      '',
      '--appendonly',
      'no',
    ];
    return spawn('redis-server', args, { stdio: 'ignore' });
  }

  /** Waits until every node in `nodes` sees the whole cluster, every slot served. */
  async #untilFormed(nodes: readonly Redis[]): Promise<void> {
    const until = Date.now() + PATIENCE_MS;
    for (const node of nodes) {
      for (;;) {
        const info = String(await node.call('CLUSTER', 'INFO'));
        const known = String(await node.call('CLUSTER', 'NODES'))
          .trim()
          .split('\n').length;
        if (info.includes('cluster_state:ok') && known === this.ports.length) break;
        if (Date.now() > until) throw new Error(`the Redis Cluster did not form: ${info.split('\n')[0]}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  }

  async #form(): Promise<void> {
    for (const port of this.ports) this.#children.push(this.#spawn(port));
    const nodes = this.ports.map((_, i) => this.node(i));
    try {
      for (const node of nodes) await connectPatiently(node);
      const per = Math.ceil(16384 / nodes.length);
      for (const [i, node] of nodes.entries()) {
        await node.call('CLUSTER', 'ADDSLOTSRANGE', i * per, Math.min(16383, (i + 1) * per - 1));
      }
      for (const port of this.ports.slice(1)) {
        await nodes[0]?.call('CLUSTER', 'MEET', '127.0.0.1', port);
      }
      await this.#untilFormed(nodes);
    } finally {
      for (const node of nodes) node.disconnect();
    }
  }
}

/** Connects, trying again while the server is still starting (refused until it listens). */
async function connectPatiently(client: Redis): Promise<void> {
  client.on('error', () => undefined);
  const until = Date.now() + PATIENCE_MS;
  for (;;) {
    try {
      await client.connect();
      await client.ping();
      return;
    } catch (error) {
      if (Date.now() > until) throw error;
      client.disconnect();
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

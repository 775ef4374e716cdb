/**
 * The shipped proxy configs, run by the tests as an operator runs them: HAProxy straight from
 * deploy/haproxy.cfg with its addresses in the environment, nginx from deploy/nginx.conf with its addresses
 * filled in as `envsubst` would (the named variables alone: nginx's own `$remote_addr` stay), inside a
 * smallest main config that gives it a temp folder. Each listens on a free loopback port.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PATIENCE_MS } from '../patience.ts';
import { freePort } from './own-services.ts';

export const HAPROXY_CONFIG = join(import.meta.dirname, '../../deploy/haproxy.cfg');
export const NGINX_CONFIG = join(import.meta.dirname, '../../deploy/nginx.conf');

function which(command: string, fallback: string): string | null {
  try {
    return (
      execFileSync('sh', ['-c', `command -v ${command} || ls ${fallback}`], { encoding: 'utf8' })
        .split('\n')[0]
        ?.trim() || null
    );
  } catch {
    return null;
  }
}

export const haproxyBinary = (): string | null => which('haproxy', '/usr/sbin/haproxy');
export const nginxBinary = (): string | null => which('nginx', '/usr/sbin/nginx');

export interface RunningProxy {
  /** e.g. 'http://127.0.0.1:41234' */
  readonly url: string;
  /** What the proxy wrote (HAProxy's warnings, nginx's error log). */
  readonly output: string[];
  readonly child: ChildProcess;
  stop(): Promise<void>;
}

/** The environment both configs read: where to listen, and the processes (host:port). */
function addresses(port: number, servers: readonly string[]): Record<string, string> {
  return {
    PIRATES_PROXY_BIND: `127.0.0.1:${port}`,
    ...Object.fromEntries(servers.map((server, i) => [`PIRATES_SERVER_${i + 1}`, server])),
  };
}

async function started(child: ChildProcess, url: string, output: string[], cleanup: () => void) {
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const proxy: RunningProxy = {
    url,
    output,
    child,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
      cleanup();
    },
  };
  const until = Date.now() + PATIENCE_MS;
  for (;;) {
    const ok = await fetch(`${url}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return proxy;
    if (Date.now() > until || child.exitCode !== null) {
      await proxy.stop();
      throw new Error(`the proxy did not start: ${output.join('')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** HAProxy on the shipped file (or `configText` in its place), plus any extra config files after it. */
export async function startHaproxy(
  servers: readonly string[],
  options: { configText?: string; extra?: string } = {},
): Promise<RunningProxy> {
  const binary = haproxyBinary();
  if (binary === null) throw new Error('haproxy is not installed');
  const dir = mkdtempSync(join(tmpdir(), 'pirates-haproxy-'));
  const files = [HAPROXY_CONFIG];
  if (options.configText !== undefined) {
    files[0] = join(dir, 'haproxy.cfg');
    writeFileSync(files[0], options.configText);
  }
  if (options.extra !== undefined) {
    files.push(join(dir, 'extra.cfg'));
    writeFileSync(join(dir, 'extra.cfg'), options.extra);
  }
  const port = await freePort();
  const child = spawn(binary, ['-db', ...files.flatMap((file) => ['-f', file])], {
    env: { ...process.env, ...addresses(port, servers) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return started(child, `http://127.0.0.1:${port}`, [], () => rmSync(dir, { recursive: true, force: true }));
}

/** What `envsubst '$PIRATES_PROXY_BIND $PIRATES_SERVER_1 ...'` makes of the text: those names alone. */
export function fillIn(text: string, values: Readonly<Record<string, string>>): string {
  return text.replace(/\$\{(PIRATES_[A-Z0-9_]+)\}/g, (whole, name: string) => values[name] ?? whole);
}

/** nginx on the shipped file (or `configText` in its place), inside a main config of the test's own. */
export async function startNginx(
  servers: readonly string[],
  options: { configText?: string } = {},
): Promise<RunningProxy> {
  const binary = nginxBinary();
  if (binary === null) throw new Error('nginx is not installed');
  const dir = mkdtempSync(join(tmpdir(), 'pirates-nginx-'));
  // Its workers may run as another user (nobody, when the test runs as root): they write their temp files here.
  const temp = join(dir, 'temp');
  mkdirSync(temp);
  chmodSync(temp, 0o777);
  const port = await freePort();
  const text = options.configText ?? readFileSync(NGINX_CONFIG, 'utf8');
  writeFileSync(join(dir, 'pirates.conf'), fillIn(text, addresses(port, servers)));
  writeFileSync(
    join(dir, 'main.conf'),
    [
      'daemon off;',
      'worker_processes 1;',
      `pid ${join(dir, 'nginx.pid')};`,
      'error_log stderr warn;',
      'events {}',
      'http {',
      '    access_log off;',
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
        (kind) => `    ${kind}_temp_path ${join(temp, kind)};`,
      ),
      `    include ${join(dir, 'pirates.conf')};`,
      '}',
      '',
    ].join('\n'),
  );
  const child = spawn(binary, ['-p', dir, '-c', join(dir, 'main.conf')], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return started(child, `http://127.0.0.1:${port}`, [], () => rmSync(dir, { recursive: true, force: true }));
}

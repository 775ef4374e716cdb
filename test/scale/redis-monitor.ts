/**
 * Redis's MONITOR, read straight off a socket: every command any client sends, as its list of words.
 *
 * Why not ioredis's `monitor()`: ioredis (6.0 and before) marks its connection as monitoring only a promise
 * turn after MONITOR's "+OK" is read, so a command line that arrives in the same packet as that "+OK" is
 * taken for the answer to a command never sent ("Command queue state error", as in
 * https://github.com/taskforcesh/bullmq/issues/2505). With other processes busy on the same Redis that
 * failed a CI run. MONITOR's output is one simple line per command (`+<time> [<db> <client>] "word" ...`,
 * no line breaks inside: Redis escapes them), so reading it needs no client library at all.
 */
import { connect } from 'node:net';

export interface Monitor {
  stop(): void;
}

/** Starts monitoring; resolves once Redis has said "+OK", so every command sent after that is heard. */
export function monitorRedis(url: string, onCommand: (words: string[]) => void): Promise<Monitor> {
  const address = new URL(url);
  const socket = connect({ host: address.hostname, port: Number(address.port || 6379) });
  const password = decodeURIComponent(address.password);
  const user = decodeURIComponent(address.username);
  // AUTH (when the address names a password) and MONITOR each answer "+OK" before the commands flow.
  const commands = [
    ...(password === '' ? [] : [user === '' ? ['AUTH', password] : ['AUTH', user, password]]),
    ['MONITOR'],
  ];
  let okToCome = commands.length;
  return new Promise((resolve, reject) => {
    let pending = '';
    socket.setEncoding('utf8');
    socket.on('error', reject);
    socket.on('connect', () => {
      for (const words of commands) socket.write(encode(words));
    });
    socket.on('data', (chunk: string) => {
      pending += chunk;
      const lines = pending.split('\r\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        if (line.startsWith('-')) {
          socket.destroy();
          reject(new Error(`Redis refused MONITOR: ${line.slice(1)}`));
        } else if (okToCome > 0) {
          okToCome--;
          if (okToCome === 0) resolve({ stop: () => socket.destroy() });
        } else if (line.startsWith('+')) {
          onCommand(words(line));
        }
      }
    });
  });
}

function encode(words: readonly string[]): string {
  return `*${words.length}\r\n${words.map((word) => `$${Buffer.byteLength(word)}\r\n${word}\r\n`).join('')}`;
}

/** The quoted words of one MONITOR line, unescaped (Redis writes \", \\, \n, \r, \t and \xHH). */
function words(line: string): string[] {
  const found: string[] = [];
  for (const match of line.matchAll(/"((?:[^"\\]|\\.)*)"/g)) {
    const quoted = match[1] ?? '';
    found.push(
      quoted.replace(/\\(x[0-9a-fA-F]{2}|.)/g, (_all, escaped: string) => {
        if (escaped.startsWith('x') && escaped.length === 3)
          return String.fromCharCode(Number.parseInt(escaped.slice(1), 16));
        return { n: '\n', r: '\r', t: '\t', a: '\x07', b: '\b' }[escaped] ?? escaped;
      }),
    );
  }
  return found;
}

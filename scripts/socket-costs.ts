/**
 * What a socket costs with WebSocket compression on and off (COMPRESSION; issue 34 item 4; docs/deploy.md
 * "Compression"), through a real `pirates serve`: the bytes on the wire per update a seat's socket receives (the
 * page's hello: `rulesOnce`, `deltas`; the client offers permessage-deflate as browsers do), and the server's
 * resident memory per open socket (spectator sockets, each sent its state once). A measurement, not a test:
 *   npx tsx scripts/socket-costs.ts --games 10 --sockets 2000
 */
import { readFileSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { parseArgs } from 'node:util';
import type WebSocket from 'ws';
import type { JoinGameResponse } from '../src/protocol/index.ts';
import { Client, createGame, hello, isState, post, tempDir } from '../test/server/harness.ts';
import { playRandomly } from '../test/server/players.ts';
import { spawnServer } from '../test/server/process.ts';

const { values } = parseArgs({
  options: { games: { type: 'string', default: '10' }, sockets: { type: 'string', default: '2000' } },
});
const games = Number(values.games);
const extraSockets = Number(values.sockets);

/** A socket whose TCP stream is kept, so the bytes that came off the wire can be read. */
async function counted(url: string, gameId: string): Promise<{ client: Client; tcp: () => Socket }> {
  let tcp: Socket | null = null;
  const [host, port] = new URL(url).host.split(':');
  const client = await Client.open(url, gameId, {
    createConnection: () => {
      tcp = connect(Number(port), host);
      return tcp;
    },
  } as WebSocket.ClientOptions);
  return {
    client,
    tcp: () => {
      if (tcp === null) throw new Error('no TCP socket');
      return tcp;
    },
  };
}

function rssKiB(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(line?.replace(/\D+/g, '') ?? 0);
}

async function measure(mode: 'on' | 'off') {
  const dir = tempDir();
  const server = await spawnServer(`${dir}/costs.sqlite`, { COMPRESSION: mode });
  const pid = server.child.pid ?? 0;
  let wire = 0;
  let updates = 0;
  let extension = '';
  for (let i = 0; i < games; i++) {
    const created = await createGame(server.url, { opponent: 'friend', seat: 'red' });
    const joined = await post<JoinGameResponse>(server.url, `/api/games/${created.gameId}/join`, {
      invite: created.invite,
    });
    const red = await counted(server.url, created.gameId);
    const blue = await counted(server.url, created.gameId);
    await red.client.ask(hello(created.token), isState);
    await blue.client.ask(hello(joined.body.token), isState);
    const before = red.tcp().bytesRead + blue.tcp().bytesRead;
    const heard = red.client.texts.length + blue.client.texts.length;
    await Promise.all([playRandomly(red.client, `r${i}`), playRandomly(blue.client, `b${i}`)]);
    wire += red.tcp().bytesRead + blue.tcp().bytesRead - before;
    updates += red.client.texts.length + blue.client.texts.length - heard;
    extension = red.client.extensions;
    await Promise.all([red.client.close(), blue.client.close()]);
  }
  // Memory: spectator sockets on one game, each sent its state; the server's RSS before and after.
  const created = await createGame(server.url, { opponent: 'computer', level: 'random', seat: 'red' });
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const rssBefore = rssKiB(pid);
  const watchers: Client[] = [];
  for (let i = 0; i < extraSockets; i++) {
    const watcher = await Client.open(server.url, created.gameId);
    await watcher.ask({ t: 'hello', spectate: true, rulesOnce: true, deltas: true }, isState);
    watchers.push(watcher);
  }
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const rssAfter = rssKiB(pid);
  for (const watcher of watchers) watcher.terminate();
  server.child.kill('SIGTERM');
  await server.exited;
  rmSync(dir, { recursive: true, force: true });
  return {
    mode,
    updates,
    wireBytesPerUpdate: wire / updates,
    rssPerSocketKiB: (rssAfter - rssBefore) / extraSockets,
    extension,
  };
}

for (const mode of ['off', 'on', 'off', 'on'] as const) {
  const m = await measure(mode);
  console.log(
    `COMPRESSION=${m.mode}: ${m.updates} updates, ${m.wireBytesPerUpdate.toFixed(0)} bytes on the wire an update (frames, TCP payload); server RSS ${m.rssPerSocketKiB.toFixed(1)} KiB a socket (${extraSockets} spectator sockets)`,
  );
}

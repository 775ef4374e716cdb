/**
 * Bytes a seat's socket receives per update, and what WebSocket permessage-deflate would make of them (issue
 * 30 item 7; docs/deploy.md "The million games, completed"). Plays G random friend games on one server in this
 * process, both seats saying hello as the page does (`rulesOnce`, `deltas: 2`), a second tab of red reading
 * whole views (`rulesOnce` alone) and a third reading patches as a page of the release before (`deltas: true`,
 * format 1), keeps every message each socket received as sent,
 * then deflates each socket's messages as ws would: raw deflate, zlib's default level, a 32 KiB window kept
 * from message to message (context takeover) or each message alone (`server_no_context_takeover`), the
 * 4-byte sync-flush tail dropped. It times that CPU too. A measurement, not a test:
 *   npx tsx scripts/update-bytes.ts --games 20
 * With `--postgres postgres://...` the games are stored in a fresh schema there, and the bytes each action
 * takes in the actions table (and with its key's index) are printed; the schema is dropped after.
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { deflated } from '../src/cli/bench/updates.ts';
import type { JoinGameResponse } from '../src/protocol/index.ts';
import { Client, createGame, hello, isState, post, startTestServer } from '../test/server/harness.ts';
import { playRandomly } from '../test/server/players.ts';

const { values } = parseArgs({
  options: { games: { type: 'string', default: '20' }, postgres: { type: 'string' } },
});
const games = Number(values.games);
// --postgres URL: the games go to a fresh schema there, and the storage per action is printed (then dropped).
const schema = `bytes_${randomBytes(4).toString('hex')}`;
const server = await startTestServer({
  turnLimit: 400,
  logLevel: 'silent',
  ...(values.postgres === undefined ? {} : { databaseUrl: values.postgres, databaseSchema: schema }),
});
/**
 * Each socket's texts as sent: the seats read patches as the page does; a second tab of red reads whole views,
 * a third patches in format 1.
 */
const sockets: { mode: 'patches' | 'whole' | 'format 1'; texts: string[] }[] = [];
for (let i = 0; i < games; i++) {
  const created = await createGame(server.url, { opponent: 'friend', seat: 'red' });
  const joined = await post<JoinGameResponse>(server.url, `/api/games/${created.gameId}/join`, {
    invite: created.invite,
  });
  const red = await Client.open(server.url, created.gameId);
  await red.ask(hello(created.token), isState);
  const wholeRed = await Client.open(server.url, created.gameId);
  await wholeRed.ask({ t: 'hello', token: created.token, rulesOnce: true }, isState);
  const formerRed = await Client.open(server.url, created.gameId);
  await formerRed.ask(hello(created.token, true), isState);
  const blue = await Client.open(server.url, created.gameId);
  await blue.ask(hello(joined.body.token), isState);
  await Promise.all([playRandomly(red, `bytes-red-${i}`), playRandomly(blue, `bytes-blue-${i}`)]);
  const last = red.latest()?.v ?? 0;
  await wholeRed.find((m) => (m.t === 'update' || m.t === 'state') && m.v >= last);
  await formerRed.find((m) => (m.t === 'update' || m.t === 'state') && m.v >= last);
  sockets.push(
    { mode: 'patches', texts: red.texts },
    { mode: 'patches', texts: blue.texts },
    { mode: 'whole', texts: wholeRed.texts },
    { mode: 'format 1', texts: formerRed.texts },
  );
  await Promise.all([red.close(), blue.close(), wholeRed.close(), formerRed.close()]);
}
await server.stop();
if (values.postgres !== undefined) {
  const client = new pg.Client({ connectionString: values.postgres });
  await client.connect();
  await client.query(`VACUUM ANALYZE "${schema}".actions`);
  const sizes = await client.query<{ rows: string; heap: string; total: string; games: string }>(
    `SELECT (SELECT count(*) FROM "${schema}".actions) AS rows, (SELECT count(*) FROM "${schema}".games) AS games,
            pg_relation_size('"${schema}".actions') AS heap, pg_total_relation_size('"${schema}".actions') AS total`,
  );
  const row = sizes.rows[0];
  if (row !== undefined) {
    const rows = Number(row.rows);
    console.log(
      `PostgreSQL actions: ${rows} rows in ${row.games} games, ${(Number(row.heap) / rows).toFixed(0)} bytes a row in the table, ${(Number(row.total) / rows).toFixed(0)} with its index and TOAST`,
    );
  }
  await client.query(`DROP SCHEMA "${schema}" CASCADE`);
  await client.end();
}

const µs = (usage: NodeJS.CpuUsage) => usage.user + usage.system;
console.log(
  `${games} games; seats read patches (deltas 2), a second tab of red whole views (rulesOnce), a third format 1 (deltas: true)`,
);
for (const mode of ['whole', 'patches', 'format 1'] as const) {
  const texts = sockets.filter((s) => s.mode === mode).flatMap((s) => s.texts);
  const updates = texts.filter((text) => text.startsWith('{"t":"update"'));
  const bytes = updates.reduce((sum, text) => sum + Buffer.byteLength(text), 0);
  const all = texts.reduce((sum, text) => sum + Buffer.byteLength(text), 0);
  const perSocket = all / sockets.filter((s) => s.mode === mode).length;
  const before = process.cpuUsage();
  const withContext = await deflated(updates, true);
  const contextCpu = µs(process.cpuUsage(before));
  const aloneBefore = process.cpuUsage();
  const alone = await deflated(updates, false);
  const aloneCpu = µs(process.cpuUsage(aloneBefore));
  console.log(
    `${mode.padEnd(8)}: ${updates.length} updates, ${(bytes / updates.length).toFixed(0)} bytes an update, ${perSocket.toFixed(0)} bytes a seat's socket a game (every message)`,
  );
  console.log(
    `         deflated with context takeover ${(withContext / updates.length).toFixed(0)} bytes (${((100 * withContext) / bytes).toFixed(1)}%), ${(contextCpu / updates.length).toFixed(1)} µs an update; each alone ${(alone / updates.length).toFixed(0)} bytes (${((100 * alone) / bytes).toFixed(1)}%), ${(aloneCpu / updates.length).toFixed(1)} µs`,
  );
}

/**
 * Bytes a seat's socket receives per update, and what WebSocket permessage-deflate would make of them (issue
 * 30 item 7; docs/deploy.md "The million games, completed"). Plays G random friend games on one server in this
 * process, both seats saying hello as the page does (`rulesOnce`), keeps every message each socket received,
 * then deflates each socket's messages as ws would: raw deflate, zlib's default level, a 32 KiB window kept
 * from message to message (context takeover) or each message alone (`server_no_context_takeover`), the
 * 4-byte sync-flush tail dropped. It times that CPU too. A measurement, not a test:
 *   npx tsx scripts/update-bytes.ts --games 20
 * With `--postgres postgres://...` the games are stored in a fresh schema there, and the bytes each action
 * takes in the actions table (and with its key's index) are printed; the schema is dropped after.
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { constants, createDeflateRaw, deflateRawSync, inflateRawSync } from 'node:zlib';
import pg from 'pg';
import type { JoinGameResponse, ServerMessage } from '../src/protocol/index.ts';
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
const sockets: ServerMessage[][] = [];
for (let i = 0; i < games; i++) {
  const created = await createGame(server.url, { opponent: 'friend', seat: 'red' });
  const joined = await post<JoinGameResponse>(server.url, `/api/games/${created.gameId}/join`, {
    invite: created.invite,
  });
  const red = await Client.open(server.url, created.gameId);
  await red.ask(hello(created.token), isState);
  const blue = await Client.open(server.url, created.gameId);
  await blue.ask(hello(joined.body.token), isState);
  await Promise.all([playRandomly(red, `bytes-red-${i}`), playRandomly(blue, `bytes-blue-${i}`)]);
  sockets.push(red.messages as ServerMessage[], blue.messages as ServerMessage[]);
  await Promise.all([red.close(), blue.close()]);
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

/** Each message's deflated size through one stream (context takeover), as ws sends it. */
async function deflatedWithContext(texts: string[]): Promise<number[]> {
  const deflate = createDeflateRaw({ level: constants.Z_DEFAULT_COMPRESSION, windowBits: 15, memLevel: 8 });
  const sizes: number[] = [];
  for (const text of texts) {
    const chunks: Buffer[] = [];
    const onData = (chunk: Buffer) => chunks.push(chunk);
    deflate.on('data', onData);
    deflate.write(text);
    await new Promise<void>((resolve) => deflate.flush(constants.Z_SYNC_FLUSH, () => resolve()));
    deflate.off('data', onData);
    sizes.push(Buffer.concat(chunks).length - 4);
  }
  deflate.close();
  return sizes;
}

let updates = 0;
let updateBytes = 0;
let updateWithContext = 0;
let updateAlone = 0;
let allBytes = 0;
let allWithContext = 0;
let messages = 0;
const cpuBefore = process.cpuUsage();
for (const received of sockets) {
  const texts = received.map((m) => JSON.stringify(m));
  const withContext = await deflatedWithContext(texts);
  texts.forEach((text, i) => {
    const bytes = Buffer.byteLength(text);
    allBytes += bytes;
    allWithContext += withContext[i] ?? 0;
    messages++;
    if (received[i]?.t !== 'update') return;
    updates++;
    updateBytes += bytes;
    updateWithContext += withContext[i] ?? 0;
  });
}
const contextCpu = process.cpuUsage(cpuBefore);
const aloneBefore = process.cpuUsage();
let inflateCpu = 0;
for (const received of sockets) {
  for (const m of received) {
    if (m.t !== 'update') continue;
    const packed = deflateRawSync(JSON.stringify(m));
    updateAlone += packed.length;
    const start = process.cpuUsage();
    inflateRawSync(packed);
    const spent = process.cpuUsage(start);
    inflateCpu += spent.user + spent.system;
  }
}
const aloneCpu = process.cpuUsage(aloneBefore);
const µs = (usage: NodeJS.CpuUsage) => usage.user + usage.system;
console.log(`${games} games, ${sockets.length} sockets, ${messages} messages, ${updates} updates`);
console.log(`update: ${(updateBytes / updates).toFixed(0)} bytes of JSON on average`);
console.log(
  `deflated, context takeover: ${(updateWithContext / updates).toFixed(0)} bytes (${((100 * updateWithContext) / updateBytes).toFixed(1)}%); all messages ${((100 * allWithContext) / allBytes).toFixed(1)}%`,
);
console.log(
  `deflated, each alone (server_no_context_takeover): ${(updateAlone / updates).toFixed(0)} bytes (${((100 * updateAlone) / updateBytes).toFixed(1)}%)`,
);
console.log(
  `CPU to deflate, context takeover: ${(µs(contextCpu) / messages).toFixed(1)} µs a message (all ${messages}); each alone, with inflating: ${((µs(aloneCpu) - inflateCpu) / updates).toFixed(1)} µs an update; inflate ${(inflateCpu / updates).toFixed(1)} µs`,
);

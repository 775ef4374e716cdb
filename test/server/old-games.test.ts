/**
 * Games stored before keyed chance (docs/fairness.md "Old games"): a database written by the previous
 * version, with a game half played on xoroshiro128+, is migrated at start; the game loads, goes on from its
 * log on its old generator, finishes, and its record (format 1) replays.
 */
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import {
  applyAction,
  checkGame,
  createGame,
  legalActions,
  randomFromSeed,
  replay,
  toAct,
} from '../../src/engine/index.ts';
import type { RecordResponse } from '../../src/protocol/index.ts';
import { Client, get, hello, isState, startTestServer, type TestServer, tempDir } from './harness.ts';
import { playRandomly } from './players.ts';

/** The schema as the previous version left it (its migration 1, user_version 1). */
const OLD_SCHEMA = `
CREATE TABLE games (id TEXT PRIMARY KEY, created_at INTEGER NOT NULL, options TEXT NOT NULL,
  seed_hash TEXT NOT NULL, seats TEXT NOT NULL, invite_hash TEXT, invite_used INTEGER NOT NULL DEFAULT 0,
  over INTEGER NOT NULL DEFAULT 0, version INTEGER NOT NULL DEFAULT 0);
CREATE INDEX games_running ON games (over);
CREATE TABLE actions (game_id TEXT NOT NULL REFERENCES games (id), seq INTEGER NOT NULL, seat TEXT NOT NULL,
  action TEXT NOT NULL, created_at INTEGER NOT NULL, PRIMARY KEY (game_id, seq)) WITHOUT ROWID;
`;
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

let server: TestServer | null = null;
afterAll(async () => {
  await server?.stop();
});

describe('games stored before keyed chance', () => {
  it('load after the migration, go on from their log on their old generator, finish and replay', async () => {
    const dir = tempDir();
    // The old server's options named no generator: this game drew from xoroshiro128+.
    const options = { seed: 'an old game', shots: 'quick' as const, turnLimit: 80 };
    let state = createGame({ ...options, chance: 'xoroshiro128plus' });
    const random = randomFromSeed('old moves');
    while (state.log.length < 12) {
      const seat = toAct(state)[0] ?? 'red';
      const choices = legalActions(state, seat);
      const result = applyAction(state, seat, choices[random.int(choices.length)]);
      if (!result.ok) throw new Error(result.error.message);
      state = result.state;
    }
    const db = new Database(join(dir, 'games.sqlite'));
    db.exec(OLD_SCHEMA);
    db.pragma('user_version = 1');
    const tokens = { red: 'old-red-token', blue: 'old-blue-token' };
    const seats = {
      red: { holder: 'human', tokenHash: sha256(tokens.red), level: null },
      blue: { holder: 'human', tokenHash: sha256(tokens.blue), level: null },
    };
    db.prepare(
      'INSERT INTO games (id, created_at, options, seed_hash, seats, version) VALUES (?, ?, ?, ?, ?, ?)',
    ).run('oldgame01', Date.now(), JSON.stringify(options), sha256(options.seed), JSON.stringify(seats), 12);
    const insert = db.prepare(
      'INSERT INTO actions (game_id, seq, seat, action, created_at) VALUES (?, ?, ?, ?, ?)',
    );
    state.log.forEach((entry, seq) => {
      insert.run('oldgame01', seq, entry.seat, JSON.stringify(entry.action), Date.now());
    });
    db.close();

    server = await startTestServer({}, dir);
    const red = await Client.open(server.url, 'oldgame01');
    const blue = await Client.open(server.url, 'oldgame01');
    const redState = await red.ask(hello(tokens.red), isState);
    await blue.ask(hello(tokens.blue), isState);
    expect(redState.t === 'state' && redState.v).toBe(12);
    await Promise.all([playRandomly(red, 'red on'), playRandomly(blue, 'blue on')]);
    await Promise.all([red.close(), blue.close()]);

    const { body } = await get<RecordResponse>(server.url, '/api/games/oldgame01/record');
    expect(body.record.format).toBe(1);
    expect(body.record.actions.slice(0, 12)).toEqual(state.log);
    const replayed = replay(body.record);
    expect(replayed.ok && replayed.value.outcome).toEqual(body.outcome);
    expect(replayed.ok && replayed.value.chance.generator).toBe('xoroshiro128plus');
    const report = checkGame({
      record: body.record,
      seedHash: sha256(options.seed),
      outcome: body.outcome,
      seedOnly: true,
    });
    expect(report.fair).toBe(true);
    expect(report.checks.find((c) => c.name === 'contributions')?.message).toContain(
      'from before keyed chance',
    );
  });
});

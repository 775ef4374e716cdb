/**
 * The PostgreSQL store on its own: migrations run at start and again harmlessly, two stores (as two
 * processes would hold) racing to append the same sequence numbers see exactly one winner each, appends
 * of a batch fail alone (a taken sequence number, a game never stored), and an invite is used once however
 * many race for it.
 */
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import type { RecordEntry } from '../../src/engine/index.ts';
import { type ClockState, SequenceConflict, type StoredGame } from '../../src/server/store/game-store.ts';
import { PostgresGameStore } from '../../src/server/store/postgres-store.ts';
import { isolation, PG_TEST_URL, skipWithoutServices } from './services.ts';

const skip = await skipWithoutServices('store');
const isolated = isolation('store');
afterAll(() => (skip ? undefined : isolated.drop()));

const open = () => PostgresGameStore.open({ url: PG_TEST_URL, schema: isolated.schema, poolSize: 4 });

function game(id: string): StoredGame {
  return {
    id,
    createdAt: Date.now(),
    options: { seed: `seed-${id}`, shots: 'quick' },
    seedHash: 'hash',
    seats: {
      red: { holder: 'human', tokenHash: 'r', level: null },
      blue: { holder: 'human', tokenHash: null, level: null },
    },
    inviteHash: 'invite',
    inviteUsed: false,
    over: false,
  };
}

/** `count` log entries (the store does not judge them; the rooms do). */
function entries(count: number): RecordEntry[] {
  return Array.from(
    { length: count },
    (_, i): RecordEntry => ({
      seat: i % 2 === 0 ? 'red' : 'blue',
      action: { type: 'resign' },
    }),
  );
}

describe.skipIf(skip)('PostgreSQL store', () => {
  it('migration 2 marks the games stored before keyed chance as xoroshiro128plus, and no other', async () => {
    const store = await open();
    await store.createGame({
      ...game('g-new'),
      options: { seed: 's', chance: 'chacha20', entropy: 'seats' },
    });
    // A game as the previous version stored it (no generator named), and the schema as it stood then.
    const client = new pg.Client({ connectionString: PG_TEST_URL });
    await client.connect();
    const t = `"${isolated.schema}"`;
    await client.query(
      `INSERT INTO ${t}.games (id, created_at, options, seed_hash, seats) VALUES ($1, $2, $3, $4, $5)`,
      [
        'g-old',
        Date.now(),
        JSON.stringify({ seed: 'old', shots: 'quick' }),
        'h',
        JSON.stringify(game('x').seats),
      ],
    );
    await client.query(`DELETE FROM ${t}.schema_migrations WHERE version = 2`);
    await client.end();
    await store.close();
    const again = await open();
    expect((await again.load('g-old'))?.game.options).toMatchObject({
      seed: 'old',
      chance: 'xoroshiro128plus',
    });
    expect((await again.load('g-new'))?.game.options).toMatchObject({ chance: 'chacha20', entropy: 'seats' });
    await again.close();
  });

  it('runs its migrations at start, and again without harm when several processes start at once', async () => {
    const stores = await Promise.all([open(), open(), open()]);
    await stores[0]?.createGame(game('g-migrate'));
    expect((await stores[1]?.load('g-migrate'))?.game.id).toBe('g-migrate');
    await Promise.all(stores.map((s) => s.close()));
  });

  it('of two stores racing on one game, exactly one wins each sequence number', async () => {
    const [a, b] = await Promise.all([open(), open()]);
    await a.createGame(game('g-race'));
    const log = entries(40);
    const winners: string[] = [];
    for (const [seq, entry] of log.entries()) {
      const outcomes = await Promise.allSettled([
        a.appendAction('g-race', seq, entry, false).then(() => 'a'),
        b.appendAction('g-race', seq, entry, false).then(() => 'b'),
      ]);
      const won = outcomes.flatMap((o) => (o.status === 'fulfilled' ? [o.value] : []));
      const lost = outcomes.flatMap((o) => (o.status === 'rejected' ? [o.reason] : []));
      expect(won).toHaveLength(1);
      expect(lost).toHaveLength(1);
      expect(lost[0]).toBeInstanceOf(SequenceConflict);
      winners.push(won[0] ?? '');
    }
    const stored = await b.load('g-race');
    expect(stored?.actions).toHaveLength(log.length);
    const tail = await a.loadFrom('g-race', 35);
    expect(tail?.actions).toHaveLength(5);
    await Promise.all([a.close(), b.close()]);
  });

  it('appends made at once are committed together, and a taken or broken one fails alone', async () => {
    const store = await open();
    const ids = Array.from({ length: 12 }, (_, i) => `g-group-${i}`);
    await Promise.all(ids.map((id) => store.createGame(game(id))));
    const clock: ClockState = {
      control: { kind: 'live', minutes: 5, increment: 0 },
      left: { red: 1000, blue: 2000 },
      running: 'red',
      since: 5,
    };
    const [first] = entries(1);
    if (first === undefined) throw new Error('no entry');
    await store.appendAction('g-group-0', 0, first, false);
    // In one turn: every game's first action, game 0's again (taken), and a game never stored.
    const outcomes = await Promise.allSettled([
      ...ids.map((id) => store.appendAction(id, 0, first, false, clock)),
      store.appendAction('g-group-missing', 0, first, false),
    ]);
    const rejected = outcomes.flatMap((o, i) => (o.status === 'rejected' ? [[i, o.reason]] : []));
    expect(rejected.map(([i]) => i)).toEqual([0, ids.length]);
    expect(rejected[0]?.[1]).toBeInstanceOf(SequenceConflict);
    expect(rejected[1]?.[1]).not.toBeInstanceOf(SequenceConflict);
    expect(String(rejected[1]?.[1])).toContain('g-group-missing is not stored');
    // The batch's catch-ups come back each with its own game and from its own sequence number.
    const loaded = await Promise.all([
      ...ids.map((id) => store.loadFrom(id, 0)),
      store.loadFrom('g-group-1', 1),
      store.loadFrom('g-group-missing', 0),
    ]);
    for (const [i, id] of ids.entries()) {
      expect(loaded[i]?.game.id).toBe(id);
      expect(loaded[i]?.actions).toEqual([first]);
      expect(loaded[i]?.game.clock).toEqual(i === 0 ? null : clock);
    }
    expect(loaded[ids.length]?.actions).toEqual([]);
    expect(loaded[ids.length + 1]).toBeNull();
    // The append of the game never stored left no row behind (no foreign key checks that since migration 7:
    // the append's own statement does).
    const client = new pg.Client({ connectionString: PG_TEST_URL });
    await client.connect();
    const t = `"${isolated.schema}"`;
    const orphans = await client.query(`SELECT count(*)::int AS n FROM ${t}.actions WHERE game_id = $1`, [
      'g-group-missing',
    ]);
    const keys = await client.query(
      `SELECT count(*)::int AS n FROM pg_constraint WHERE contype = 'f' AND conrelid = '${t}.actions'::regclass`,
    );
    await client.end();
    expect(orphans.rows[0]?.n).toBe(0);
    expect(keys.rows[0]?.n).toBe(0);
    await store.close();
  });

  it('an invite is used once, whoever races for it', async () => {
    const [a, b] = await Promise.all([open(), open()]);
    await a.createGame(game('g-invite'));
    const outcomes = await Promise.all([
      a.useInvite('g-invite', 'invite', 'blue', 'x'),
      b.useInvite('g-invite', 'invite', 'blue', 'y'),
      b.useInvite('g-invite', 'invite', 'blue', 'z'),
    ]);
    expect(outcomes.filter((o) => o === 'joined')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'used')).toHaveLength(2);
    expect(await a.useInvite('g-invite', 'other', 'blue', 'w')).toBe('wrong');
    await Promise.all([a.close(), b.close()]);
  });
});

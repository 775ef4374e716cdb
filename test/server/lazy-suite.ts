/**
 * Issue 16 item 1, games live where they are played: with thousands of unfinished games stored (every tenth
 * against the computer, whose seat must act), a server starts without reading one of them; the watch list
 * still lists them from the store; a hello loads exactly its own game, whose computer seat then plays; and
 * no other game is read or moved. And the store finds the clocks that ran out in games nobody holds. Run on SQLite (test/server/lazy.test.ts) and on PostgreSQL + Redis
 * (test/scale/lazy-pg.test.ts).
 */
import { describe, expect, it } from 'vitest';
import type { LiveGamesResponse } from '../../src/protocol/index.ts';
import type { ServerConfig } from '../../src/server/config.ts';
import { newGameId, newSeed, newToken, sha256 } from '../../src/server/secrets.ts';
import { type RunningServer, startServer } from '../../src/server/server.ts';
import type { ClockState, GameStore, StoredGame } from '../../src/server/store/game-store.ts';
import { Client, get, hello, isState, testConfig } from './harness.ts';

/** How many unfinished games are stored before the server starts. */
export const STORED_GAMES = 3000;

/** A store that records which games were read from it, by any `load...` method (the rest passes through). */
export function countingStore(store: GameStore): { store: GameStore; read: string[] } {
  const read: string[] = [];
  const counted = new Proxy(store, {
    get(target, name, receiver) {
      const value: unknown = Reflect.get(target, name, receiver);
      if (typeof value !== 'function') return value;
      if (typeof name === 'string' && name.startsWith('load')) {
        return (...args: unknown[]) => {
          read.push(typeof args[0] === 'string' ? args[0] : `${name}(all)`);
          return (value as (...args: unknown[]) => unknown).apply(target, args);
        };
      }
      return (value as (...args: unknown[]) => unknown).bind(target);
    },
  });
  return { store: counted, read };
}

/** An unfinished game at its start: both seats owe their contribution; blue is the computer if `computer`. */
function storedGame(redToken: string, computer: boolean): StoredGame {
  const seed = newSeed();
  return {
    id: newGameId(),
    createdAt: Date.now(),
    options: { seed, chance: 'chacha20', entropy: 'seats', shots: 'quick' },
    seedHash: sha256(seed),
    seats: {
      red: { holder: 'human', tokenHash: sha256(redToken), level: null },
      blue: computer
        ? { holder: 'computer', tokenHash: null, level: 'random' }
        : { holder: 'human', tokenHash: sha256(newToken()), level: null },
    },
    inviteHash: null,
    inviteUsed: false,
    over: false,
  };
}

export interface LazySetup {
  /** Opens the store the server will use (the same database each time). */
  open(): Promise<GameStore>;
  /** Config fields for this backend (PostgreSQL and Redis, or a SQLite folder). */
  readonly config: Partial<ServerConfig>;
  readonly dir: string;
}

export function lazySuite(name: string, setup: () => LazySetup): void {
  describe(`${name}: games live where they are played`, () => {
    it(`start-up reads none of ${STORED_GAMES} unfinished games; a hello loads exactly its own, whose computer then plays`, async () => {
      const { open, config, dir } = setup();
      const seeding = await open();
      const token = newToken();
      const games = Array.from({ length: STORED_GAMES }, (_, i) => storedGame(token, i % 10 === 0));
      for (const game of games) await seeding.createGame(game);
      await seeding.close();

      const { store, read } = countingStore(await open());
      let server: RunningServer | null = null;
      try {
        server = await startServer(testConfig(dir, { logLevel: 'silent', ...config }), store);
        expect(read).toEqual([]);
        // The watch list comes from the store, not from memory: it lists games nobody loaded.
        const live = await get<LiveGamesResponse>(server.url, '/api/live');
        expect(live.body.games.length).toBeGreaterThan(0);
        expect(read).toEqual([]);

        // A computer game: its seat must contribute, and does so once a hello loads the game.
        const target = games[STORED_GAMES / 2];
        if (target?.seats.blue.holder !== 'computer') throw new Error('the middle game is a computer game');
        const red = await Client.open(server.url, target.id);
        await red.ask(hello(token), isState);
        // Red has not acted: the only one who can have moved the game is the computer (maybe before the state).
        await red.find((m) => (m.t === 'update' || m.t === 'state') && m.v === 1);
        expect(new Set(read)).toEqual(new Set([target.id]));
        expect(read.filter((id) => id === target.id).length).toBeGreaterThanOrEqual(1);
        await red.close();

        // Every other computer game is where it was: nobody loaded it, so nobody played it.
        const others = games.filter((g) => g.seats.blue.holder === 'computer' && g.id !== target.id);
        for (const game of others.slice(0, 20)) expect((await store.load(game.id))?.actions).toEqual([]);
      } finally {
        await server?.close();
      }
    });

    it('the store names the clocks past their deadline, the longest overdue first, with seat and version', async () => {
      const store = await setup().open();
      const control = { kind: 'live', minutes: 1, increment: 0 } as const;
      const timed = (id: string, clock: ClockState | null, over = false): StoredGame => ({
        id,
        createdAt: 1,
        options: { seed: `seed-${id}`, shots: 'quick' },
        seedHash: 'hash',
        seats: {
          red: { holder: 'human', tokenHash: 'r', level: null },
          blue: { holder: 'human', tokenHash: 'b', level: null },
        },
        inviteHash: null,
        inviteUsed: false,
        over,
        clock,
      });
      const running = (seat: 'red' | 'blue', since: number, left: number): ClockState => ({
        control,
        left: { red: seat === 'red' ? left : 60_000, blue: seat === 'blue' ? left : 60_000 },
        running: seat,
        since,
      });
      try {
        await store.createGame(timed('due-late', running('red', 1_000, 500)));
        await store.createGame(timed('due-early', running('blue', 1_000, 100)));
        await store.createGame(timed('not-yet', running('red', 1_000, 5_000)));
        await store.createGame(timed('stopped', { ...running('red', 1_000, 1), running: null, since: null }));
        await store.createGame(timed('finished', running('red', 1_000, 1), true));
        await store.createGame(timed('untimed', null));
        expect(await store.dueClocks(1_600, 10)).toEqual([
          { gameId: 'due-early', seat: 'blue', v: 0 },
          { gameId: 'due-late', seat: 'red', v: 0 },
        ]);
        expect(await store.dueClocks(1_300, 10)).toEqual([{ gameId: 'due-early', seat: 'blue', v: 0 }]);
        expect(await store.dueClocks(1_600, 1)).toHaveLength(1);
        // A version counts the game's actions: two appended (the clock left as it was) make it 2, in the
        // clocks' list, and in the lobby's list of games being played.
        const resign = { seat: 'red', action: { type: 'resign' } } as const;
        await store.appendAction('due-late', 0, resign, false);
        await store.appendAction('due-late', 1, resign, false, null);
        expect(await store.dueClocks(1_600, 10)).toEqual([
          { gameId: 'due-early', seat: 'blue', v: 0 },
          { gameId: 'due-late', seat: 'red', v: 2 },
        ]);
        // The newest game heads the lobby's list (the store holds this suite's other games too).
        await store.createGame({ ...timed('listed', null), createdAt: Date.now() + 1e9 });
        expect((await store.liveGames(1)).map((row) => row.moves)).toEqual([0]);
        await store.appendAction('listed', 0, resign, false);
        expect((await store.liveGames(1)).map((row) => [row.game.id, row.moves])).toEqual([['listed', 1]]);
      } finally {
        await store.close();
      }
    });
  });
}

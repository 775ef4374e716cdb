/**
 * The SQLite store's group commit: the appends of one event-loop turn are committed in one transaction,
 * each resolves only once committed, a taken sequence number (or an unknown game) fails that append alone,
 * and closing the store commits what is waiting first.
 */

import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { RecordEntry } from '../../src/engine/index.ts';
import { SequenceConflict, type StoredGame } from '../../src/server/store/game-store.ts';
import { SqliteGameStore } from '../../src/server/store/sqlite-store.ts';
import { tempDir } from './harness.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function storePath(): string {
  const dir = tempDir();
  dirs.push(dir);
  return join(dir, 'games.sqlite');
}

function game(id: string): StoredGame {
  return {
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
    over: false,
  };
}

const entry = (i: number): RecordEntry => ({
  seat: i % 2 === 0 ? 'red' : 'blue',
  action: { type: 'resign' },
});

describe('SQLite store, group commit', () => {
  it('commits the appends of many games made in one turn, each game in order', async () => {
    const path = storePath();
    const store = new SqliteGameStore(path);
    const ids = Array.from({ length: 20 }, (_, i) => `game-${i}`);
    for (const id of ids) await store.createGame(game(id));
    for (let seq = 0; seq < 5; seq++) {
      await Promise.all(ids.map((id) => store.appendAction(id, seq, entry(seq), seq === 4)));
    }
    await store.close();
    const reopened = new SqliteGameStore(path);
    for (const id of ids) {
      const stored = await reopened.load(id);
      expect(stored?.actions).toEqual([0, 1, 2, 3, 4].map(entry));
      expect(stored?.game.over).toBe(true);
    }
    await reopened.close();
  });

  it('a taken sequence number or an unknown game fails that append alone', async () => {
    const store = new SqliteGameStore(storePath());
    await store.createGame(game('a'));
    await store.createGame(game('b'));
    await store.appendAction('a', 0, entry(0), false);
    const outcomes = await Promise.allSettled([
      store.appendAction('a', 0, entry(0), false),
      store.appendAction('b', 0, entry(0), false),
      store.appendAction('nobody', 0, entry(0), false),
      store.appendAction('a', 1, entry(1), false),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'fulfilled', 'rejected', 'fulfilled']);
    expect(outcomes[0]?.status === 'rejected' && outcomes[0].reason).toBeInstanceOf(SequenceConflict);
    expect((await store.load('a'))?.actions).toHaveLength(2);
    expect((await store.load('b'))?.actions).toHaveLength(1);
    await store.close();
  });

  it('closing commits the appends still waiting for their turn', async () => {
    const path = storePath();
    const store = new SqliteGameStore(path);
    await store.createGame(game('c'));
    const appended = store.appendAction('c', 0, entry(0), false);
    await store.close();
    await appended;
    const reopened = new SqliteGameStore(path);
    expect((await reopened.load('c'))?.actions).toEqual([entry(0)]);
    await reopened.close();
  });
});

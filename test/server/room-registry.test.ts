/**
 * Letting finished games go: a finished room nobody looks at is dropped on the second sweep, with what
 * its hooks hold (fan-out listeners, presence, computer seats), and comes back from the store, the same
 * game, when asked for. Running games, watched rooms and rooms asked for since the last sweep stay.
 */
import { describe, expect, it } from 'vitest';
import { recordOf } from '../../src/engine/index.ts';
import { LocalFanout } from '../../src/server/fanout/fanout.ts';
import { RoomRegistry } from '../../src/server/rooms/room-registry.ts';
import type { StoredGame } from '../../src/server/store/game-store.ts';
import { SqliteGameStore } from '../../src/server/store/sqlite-store.ts';

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

function registry() {
  const store = new SqliteGameStore(':memory:');
  const fanout = new LocalFanout();
  const rooms = new RoomRegistry(store, fanout, (id, message) => {
    throw new Error(`${id}: ${message}`);
  });
  const released: string[] = [];
  rooms.onRoom((room) => {
    const unsubscribe = fanout.subscribe(room.id, () => undefined);
    return () => {
      unsubscribe();
      released.push(room.id);
    };
  });
  return { store, fanout, rooms, released };
}

describe('finished rooms are let go and come back', () => {
  it('a finished room nobody looks at goes on the second sweep and is loaded again, the same game', async () => {
    const { store, fanout, rooms, released } = registry();
    const room = await rooms.create(game('done-1'));
    expect(await room.act('red', null, { type: 'resign' })).toEqual({ kind: 'applied', v: 1 });
    const record = recordOf(room.state);
    expect(rooms.sweep()).toEqual([]);
    expect(rooms.sweep()).toEqual(['done-1']);
    expect(released).toEqual(['done-1']);
    expect(fanout.listenerCount('done-1')).toBe(0);
    expect(rooms.rooms()).toEqual([]);

    const back = await rooms.get('done-1');
    expect(back).not.toBe(room);
    expect(back?.over).toBe(true);
    expect(back?.version).toBe(1);
    expect(back && recordOf(back.state)).toEqual(record);
    expect(fanout.listenerCount('done-1')).toBe(1);
    await store.close();
  });

  it('keeps running games, watched rooms and rooms asked for since the last sweep', async () => {
    const { store, rooms } = registry();
    await rooms.create(game('running'));
    const watched = await rooms.create(game('watched'));
    const asked = await rooms.create(game('asked'));
    await watched.act('blue', null, { type: 'resign' });
    await asked.act('blue', null, { type: 'resign' });
    const leave = watched.watch();
    rooms.sweep();
    await rooms.get('asked');
    expect(rooms.sweep()).toEqual([]);
    expect(rooms.rooms().map((r) => r.id)).toEqual(['running', 'watched', 'asked']);
    leave();
    expect(rooms.sweep()).toEqual(['asked']);
    expect(rooms.sweep()).toEqual(['watched']);
    expect(rooms.sweep()).toEqual([]);
    expect(rooms.rooms().map((r) => r.id)).toEqual(['running']);
    await store.close();
  });
});

/**
 * Games live where they are played: a room nobody looks at, finished or not, is dropped on the second
 * sweep, with what its hooks hold (fan-out listeners, presence, computer seats), and comes back from the
 * store, the same game, when asked for. Watched rooms, rooms a keeper holds and rooms asked for since the
 * last sweep stay.
 */
import { describe, expect, it } from 'vitest';
import { recordOf, viewFor } from '../../src/engine/index.ts';
import { LocalFanout } from '../../src/server/fanout/fanout.ts';
import { RoomRegistry } from '../../src/server/rooms/room-registry.ts';
import type { StoredGame } from '../../src/server/store/game-store.ts';
import { SqliteGameStore } from '../../src/server/store/sqlite-store.ts';
import { pick } from './harness.ts';

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

describe('rooms are let go and come back', () => {
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

  it('lets a running game go too, and it comes back where it was', async () => {
    const { store, rooms, released } = registry();
    const room = await rooms.create(game('running'));
    const action = pick(viewFor(room.state, 'red'), () => 0);
    if (action === null) throw new Error('red has nothing to do at the start');
    expect(await room.act('red', 0, action)).toEqual({ kind: 'applied', v: 1 });
    rooms.sweep();
    expect(rooms.sweep()).toEqual(['running']);
    expect(released).toEqual(['running']);
    expect(rooms.holds('running')).toBe(false);
    const loads = rooms.loads;
    const back = await rooms.get('running');
    expect(rooms.loads).toBe(loads + 1);
    expect(back?.over).toBe(false);
    expect(back?.version).toBe(1);
    await store.close();
  });

  it('keeps watched rooms, rooms a keeper holds and rooms asked for since the last sweep', async () => {
    const { store, rooms } = registry();
    const kept = await rooms.create(game('kept'));
    const watched = await rooms.create(game('watched'));
    await rooms.create(game('asked'));
    let keep = true;
    rooms.keepWhile((room) => keep && room === kept);
    await watched.act('blue', null, { type: 'resign' });
    const leave = watched.watch();
    rooms.sweep();
    await rooms.get('asked');
    expect(rooms.sweep()).toEqual([]);
    expect(rooms.rooms().map((r) => r.id)).toEqual(['kept', 'watched', 'asked']);
    leave();
    keep = false;
    expect(rooms.sweep()).toEqual(['asked']);
    expect(rooms.sweep()).toEqual(['kept', 'watched']);
    expect(rooms.sweep()).toEqual([]);
    expect(rooms.rooms()).toEqual([]);
    await store.close();
  });

  it('a move stored by another process while the game is read is caught up, its hint heard before the room was here', async () => {
    const store = new SqliteGameStore(':memory:');
    const fail = (id: string, message: string) => {
      throw new Error(`${id}: ${message}`);
    };
    const here = new RoomRegistry(store, new LocalFanout(), fail);
    const room = await here.create(game('raced'));
    // The other process's store reads the game, then (before the read comes back) this process moves it
    // and the hint of that move arrives: there is no room there yet to catch up.
    let elsewhere: RoomRegistry | null = null;
    const slowStore = new Proxy(store, {
      get(target, key) {
        if (key === 'load') {
          return async (gameId: string) => {
            const read = await target.load(gameId);
            const action = pick(viewFor(room.state, 'red'), () => 0);
            if (action === null) throw new Error('red has nothing to do at the start');
            expect(await room.act('red', 0, action)).toEqual({ kind: 'applied', v: 1 });
            await elsewhere?.hinted(gameId, 1);
            return read;
          };
        }
        const value: unknown = Reflect.get(target, key, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    elsewhere = new RoomRegistry(slowStore, new LocalFanout(), fail);
    const there = await elsewhere.get('raced');
    expect(there?.version).toBe(1);
    await store.close();
  });
});

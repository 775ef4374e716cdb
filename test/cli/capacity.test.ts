/**
 * The server side's capacity with the players elsewhere (bench-server/capacity.ts): the cores over the whole
 * server side's CPU per action, or each process's one thread over its own, whichever binds first.
 */
import { describe, expect, it } from 'vitest';
import { capacityWithPlayersElsewhere } from '../../src/cli/bench-server/capacity.ts';

describe('capacity with the players elsewhere', () => {
  it('binds one SQLite process by its one thread, however many cores the machine has', () => {
    const one = capacityWithPlayersElsewhere({
      serverMs: 0.2,
      databaseMs: null,
      redisMs: null,
      processes: 1,
      cores: 2,
    });
    expect(one).toEqual({ actionsPerSecond: 5000, serverSideMs: 0.2, boundBy: 'processes' });
    const many = capacityWithPlayersElsewhere({
      serverMs: 0.2,
      databaseMs: null,
      redisMs: null,
      processes: 1,
      cores: 16,
    });
    expect(many?.actionsPerSecond).toBe(5000);
  });

  it('binds processes sharing a database by the cores they, PostgreSQL and Redis share', () => {
    const shared = capacityWithPlayersElsewhere({
      serverMs: 0.3,
      databaseMs: 0.09,
      redisMs: 0.01,
      processes: 2,
      cores: 2,
    });
    expect(shared?.boundBy).toBe('cores');
    expect(shared?.serverSideMs).toBeCloseTo(0.4, 12);
    expect(shared?.actionsPerSecond).toBeCloseTo(5000, 6);
  });

  it('binds by the threads when the cores outnumber the processes', () => {
    const wide = capacityWithPlayersElsewhere({
      serverMs: 0.3,
      databaseMs: 0.09,
      redisMs: 0.01,
      processes: 2,
      cores: 8,
    });
    expect(wide?.boundBy).toBe('processes');
    expect(wide?.actionsPerSecond).toBeCloseTo(2000 / 0.3, 6);
  });

  it('gives nothing without a measured server CPU', () => {
    expect(
      capacityWithPlayersElsewhere({ serverMs: 0, databaseMs: null, redisMs: null, processes: 1, cores: 2 }),
    ).toBeNull();
    expect(
      capacityWithPlayersElsewhere({
        serverMs: Number.NaN,
        databaseMs: null,
        redisMs: null,
        processes: 1,
        cores: 2,
      }),
    ).toBeNull();
  });
});

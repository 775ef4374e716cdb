/**
 * The server side's capacity with the players elsewhere (bench-server/capacity.ts): the cores over the whole
 * server side's CPU per action, or the busiest process's event loop over its own, whichever binds first; no
 * figure from a missing or broken input.
 */
import { describe, expect, it } from 'vitest';
import { capacityWithPlayersElsewhere, type ServerSideCost } from '../../src/cli/bench-server/capacity.ts';

const sqlite: ServerSideCost = {
  serverMs: 0.2,
  busiestLoopMs: 0.18,
  databaseMs: 'in-server',
  redisMs: 'none',
  cores: 2,
};
const shared: ServerSideCost = {
  serverMs: 0.3,
  busiestLoopMs: 0.13,
  databaseMs: 0.09,
  redisMs: 0.01,
  cores: 2,
};

describe('capacity with the players elsewhere', () => {
  it("binds one SQLite process by its event loop, not by its helper threads' CPU nor the cores", () => {
    expect(capacityWithPlayersElsewhere(sqlite)).toEqual({
      actionsPerSecond: 1000 / 0.18,
      serverSideMs: 0.2,
      boundBy: 'event loop',
    });
    expect(capacityWithPlayersElsewhere({ ...sqlite, cores: 16 })?.actionsPerSecond).toBe(1000 / 0.18);
    // On one core the whole process's CPU binds first.
    expect(capacityWithPlayersElsewhere({ ...sqlite, cores: 1 })).toEqual({
      actionsPerSecond: 1000 / 0.2,
      serverSideMs: 0.2,
      boundBy: 'cores',
    });
  });

  it('binds processes sharing a database by the cores they, PostgreSQL and Redis share', () => {
    const figure = capacityWithPlayersElsewhere(shared);
    expect(figure?.boundBy).toBe('cores');
    expect(figure?.serverSideMs).toBeCloseTo(0.4, 12);
    expect(figure?.actionsPerSecond).toBeCloseTo(5000, 6);
  });

  it('binds by the busiest event loop when the cores are many', () => {
    const wide = capacityWithPlayersElsewhere({ ...shared, cores: 8 });
    expect(wide?.boundBy).toBe('event loop');
    expect(wide?.actionsPerSecond).toBeCloseTo(1000 / 0.13, 6);
  });

  it('counts what PostgreSQL and Redis spend against the cores', () => {
    const free = capacityWithPlayersElsewhere({ ...shared, databaseMs: 0, redisMs: 0 });
    const paid = capacityWithPlayersElsewhere(shared);
    expect(free?.actionsPerSecond).toBeCloseTo(2000 / 0.3, 6);
    expect(paid?.actionsPerSecond ?? Number.POSITIVE_INFINITY).toBeLessThan(free?.actionsPerSecond ?? 0);
  });

  it('gives no figure from a missing or broken input', () => {
    for (const broken of [
      { serverMs: 0 },
      { serverMs: Number.NaN },
      { busiestLoopMs: 0 },
      { busiestLoopMs: Number.POSITIVE_INFINITY },
      { databaseMs: Number.NaN },
      { databaseMs: -0.1 },
      { redisMs: Number.NaN },
      { cores: 0 },
      { cores: 1.5 },
    ] satisfies Partial<ServerSideCost>[]) {
      expect(capacityWithPlayersElsewhere({ ...shared, ...broken })).toBeNull();
    }
  });
});

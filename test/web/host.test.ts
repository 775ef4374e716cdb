import { describe, expect, it } from 'vitest';
import { type Action, checkGame, randomFromSeed } from '../../src/engine/index.ts';
import { LocalHost } from '../../src/web/local/host.ts';
import type { FromHost } from '../../src/web/local/messages.ts';

function update(message: FromHost): Extract<FromHost, { t: 'update' }> {
  if (message.t !== 'update') throw new Error(`expected an update, got ${JSON.stringify(message)}`);
  return message;
}

describe('the local host (what the Web Worker runs)', () => {
  it('plays a whole game against the computer: the person always sees their own view, and the record at the end', () => {
    const host = new LocalHost({
      t: 'start',
      mode: 'computer',
      options: { turnLimit: 60 },
      human: 'blue',
      level: 'easy',
      contributions: { red: null, blue: 'b1'.repeat(32) },
    });
    let last = update(host.begin());
    expect(last.bot).toEqual({ name: 'easy' });
    expect(last.view.ships.red.ready).toBe(true); // the computer set up at once
    const random = randomFromSeed('person');
    for (let i = 0; i < 2000 && last.view.outcome === null; i++) {
      expect(last.seat).toBe('blue');
      expect(last.view.viewer).toBe('blue');
      for (const e of last.events) expect(e.audience === 'all' || e.audience === 'blue').toBe(true);
      const actions = last.view.legalActions;
      const action: Action | undefined = actions[random.int(actions.length)];
      if (action === undefined) throw new Error('the person has nothing to do, yet the game runs');
      last = update(host.handle({ t: 'act', seat: 'blue', action }));
    }
    expect(last.view.outcome).not.toBeNull();
    expect(last.record?.actions.length).toBeGreaterThan(0);
  });

  it('draws its own secret seed, commits to it, and deals from both shares: the record checks out at the end', () => {
    const start = {
      t: 'start',
      mode: 'computer',
      options: { turnLimit: 40 },
      human: 'red',
      level: 'easy',
      contributions: { red: 'c0ffee'.repeat(8), blue: null },
    } as const;
    const one = new LocalHost(start);
    const two = new LocalHost(start);
    const first = update(one.begin());
    // A fresh seed each game, so the same page contribution never gives the same deal twice.
    expect(first.seedHash).toMatch(/^[0-9a-f]{64}$/);
    expect(update(two.begin()).seedHash).not.toBe(first.seedHash);
    expect(first.since).toBe(0);
    expect(first.view.cards).toHaveLength(10);
    const seen = [...first.events];
    let last = first;
    for (let i = 0; i < 2000 && last.view.outcome === null; i++) {
      const action = last.view.legalActions[0];
      if (action === undefined) throw new Error('nothing to do');
      last = update(one.handle({ t: 'act', seat: 'red', action }));
      expect(last.since).toBeNull();
      seen.push(...last.events);
    }
    const record = last.record;
    if (record === null) throw new Error('no record at the end');
    const report = checkGame({
      record,
      seedHash: first.seedHash,
      outcome: last.view.outcome,
      mine: { seat: 'red', contribution: start.contributions.red },
      computerSeats: ['blue'],
      seen: {
        viewer: 'red',
        runs: [{ from: 0, events: seen }],
        views: [
          { v: first.v, view: first.view },
          { v: last.v, view: last.view },
        ],
      },
    });
    expect(report.checks.map((c) => [c.name, c.ok])).toEqual([
      ['replay', true],
      ['commitment', true],
      ['contributions', true],
      ['yours', true],
      ['events', true],
      ['outcome', true],
    ]);
    // The computer's share is the one derived from the seed (fixed before the person's arrived).
    expect(report.checks[2]?.message).toContain("Blue's is the server's for a computer seat");
    expect(report.checks[2]?.message).toContain('Red: c0ffeec0ffeec0ff…');
  });

  it('refuses moves for the computer seat and illegal moves, with a sentence', () => {
    const host = new LocalHost({
      t: 'start',
      mode: 'computer',
      options: {},
      human: 'red',
      level: 'hard',
      contributions: { red: 'a2'.repeat(32), blue: null },
    });
    host.begin();
    const refused = host.handle({ t: 'act', seat: 'blue', action: { type: 'pass' } });
    expect(refused).toMatchObject({ t: 'error', code: 'action/not-your-seat' });
    const illegal = host.handle({ t: 'act', seat: 'red', action: { type: 'turnCard', card: 3 } });
    expect(illegal.t).toBe('error');
  });

  it('pass and play: the seat that decides sees what its decision did first, then the device goes to the next seat', () => {
    const host = new LocalHost({
      t: 'start',
      mode: 'pass',
      options: { firstSeat: 'red', turnLimit: 40 },
      human: 'red',
      level: 'easy',
      contributions: { red: 'a3'.repeat(32), blue: 'b3'.repeat(32) },
    });
    const first = update(host.begin());
    expect(first).toMatchObject({ seat: 'red', handTo: null });
    const setup = first.view.legalActions[0];
    if (setup === undefined) throw new Error('no setup');
    const mine = update(host.handle({ t: 'act', seat: 'red', action: setup }));
    // Red is shown its own setup done, and told to pass the device to Blue.
    expect(mine).toMatchObject({ seat: 'red', handTo: 'blue' });
    expect(mine.events.some((e) => e.type === 'setupChosen' && e.seat === 'red')).toBe(true);
    const second = update(host.handle({ t: 'handOver' }));
    expect(second.seat).toBe('blue');
    expect(second.view.viewer).toBe('blue');
    // Red's private setup event is not in blue's events.
    expect(second.events.some((e) => e.type === 'setupChosen' && e.seat === 'red')).toBe(false);
    expect(second.events.some((e) => e.type === 'ready' && e.seat === 'red')).toBe(true);

    // A whole game: every decision's own events (an attack's battle, a shot) reach the seat that made it.
    const random = randomFromSeed('pass and play');
    let last = second;
    let handOvers = 0;
    for (let i = 0; i < 3000 && last.view.outcome === null; i++) {
      if (last.handTo !== null) {
        const next = last.handTo;
        last = update(host.handle({ t: 'handOver' }));
        expect(last.seat).toBe(next);
        handOvers++;
        continue;
      }
      const seat = last.seat;
      expect(last.view.toAct).toContain(seat);
      const action = last.view.legalActions[random.int(last.view.legalActions.length)];
      if (action === undefined) throw new Error('the seat holding the device has nothing to do');
      last = update(host.handle({ t: 'act', seat, action }));
      expect(last.seat).toBe(seat);
      for (const e of last.events) expect(e.audience === 'all' || e.audience === seat).toBe(true);
      if (action.type === 'shoot')
        expect(last.events.some((e) => e.type === 'shot' && e.seat === seat)).toBe(true);
    }
    expect(last.view.outcome).not.toBeNull();
    expect(handOvers).toBeGreaterThan(5);
  });
});

import { describe, expect, it } from 'vitest';
import { type Action, randomFromSeed } from '../../src/engine/index.ts';
import { LocalHost } from '../../src/web/local/host.ts';
import type { FromHost } from '../../src/web/local/messages.ts';

function update(message: FromHost): Extract<FromHost, { t: 'update' }> {
  if (message.t !== 'update') throw new Error(`expected an update, got ${message.message}`);
  return message;
}

describe('the local host (what the Web Worker runs)', () => {
  it('plays a whole game against the computer: the person always sees their own view, and the record at the end', () => {
    const host = new LocalHost({
      t: 'start',
      mode: 'computer',
      options: { seed: 'h1', turnLimit: 60 },
      human: 'blue',
      level: 'easy',
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

  it('refuses moves for the computer seat and illegal moves, with a sentence', () => {
    const host = new LocalHost({
      t: 'start',
      mode: 'computer',
      options: { seed: 'h2' },
      human: 'red',
      level: 'hard',
    });
    host.begin();
    const refused = host.handle({ t: 'act', seat: 'blue', action: { type: 'pass' } });
    expect(refused).toMatchObject({ t: 'error', code: 'action/not-your-seat' });
    const illegal = host.handle({ t: 'act', seat: 'red', action: { type: 'turnCard', card: 3 } });
    expect(illegal.t).toBe('error');
  });

  it('pass and play: after a seat decides, the update is for the seat that must decide next, with only its events', () => {
    const host = new LocalHost({
      t: 'start',
      mode: 'pass',
      options: { seed: 'h3', firstSeat: 'red' },
      human: 'red',
      level: 'easy',
    });
    const first = update(host.begin());
    expect(first.seat).toBe('red');
    const setup = first.view.legalActions[0];
    if (setup === undefined) throw new Error('no setup');
    const second = update(host.handle({ t: 'act', seat: 'red', action: setup }));
    expect(second.seat).toBe('blue');
    expect(second.view.viewer).toBe('blue');
    // Red's private setup event is not in blue's events.
    expect(second.events.some((e) => e.type === 'setupChosen')).toBe(false);
    expect(second.events.some((e) => e.type === 'ready' && e.seat === 'red')).toBe(true);
  });
});

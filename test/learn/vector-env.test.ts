/**
 * VectorEnv: what it writes is what the views say (observations and masks from the state equal the view's),
 * games end with zero-sum rewards and start afresh on the next step, the same seed gives the same games, and
 * a bad action is refused before anything moves.
 */
import { describe, expect, it } from 'vitest';
import { randomFromSeed, SEATS } from '../../src/engine/index.ts';
import {
  legalActionMask,
  NUM_DISTINCT_ACTIONS,
  OBSERVATION_SIZE,
  observationTensor,
  VectorEnv,
  type VectorStep,
} from '../../src/learn/index.ts';

function randomLegal(step: VectorStep, games: number, seed: string): Int32Array {
  const random = randomFromSeed(seed);
  const actions = new Int32Array(games);
  for (let g = 0; g < games; g++) {
    const legal: number[] = [];
    for (let i = 0; i < NUM_DISTINCT_ACTIONS; i++)
      if (step.masks[g * NUM_DISTINCT_ACTIONS + i] === 1) legal.push(i);
    actions[g] = legal.length === 0 ? 0 : (legal[random.int(legal.length)] ?? 0);
  }
  return actions;
}

function maskRow(step: VectorStep, g: number): Uint8Array {
  return step.masks.subarray(g * NUM_DISTINCT_ACTIONS, (g + 1) * NUM_DISTINCT_ACTIONS);
}

describe('VectorEnv', () => {
  for (const shots of ['quick', 'aimed'] as const) {
    for (const variant of ['standard', 'advanced'] as const) {
      it(`${shots} shots, ${variant}: each row is the acting seat's view; games end zero-sum and restart`, () => {
        const games = 8;
        const env = new VectorEnv({ games, seed: `t-${shots}-${variant}`, shots, variant, turnLimit: 120 });
        let step = env.reset();
        let ended = 0;
        for (let s = 0; s < 400; s++) {
          for (let g = 0; g < games; g++) {
            if (step.done[g] === 1) continue;
            const seat = SEATS[step.seats[g] ?? 0] ?? 'red';
            const view = env.view(g, seat);
            expect(view.toAct).toContain(seat);
            const row = step.observations.subarray(g * OBSERVATION_SIZE, (g + 1) * OBSERVATION_SIZE);
            expect(Array.from(row)).toEqual(Array.from(observationTensor(view)));
            expect(Array.from(maskRow(step, g))).toEqual(Array.from(legalActionMask(view)));
          }
          const wasDone = Array.from(step.done);
          step = env.step(randomLegal(step, games, `a-${s}`));
          for (let g = 0; g < games; g++) {
            const red = step.rewards[g * 2] ?? 0;
            const blue = step.rewards[g * 2 + 1] ?? 0;
            expect(red + blue).toBe(0);
            if (step.done[g] === 1) {
              ended++;
              const outcome = env.view(g, 'red').outcome;
              expect(outcome).not.toBeNull();
              expect(red).toBe(outcome?.winner === 'red' ? 1 : outcome?.winner === 'blue' ? -1 : 0);
              expect(maskRow(step, g).every((bit) => bit === 0)).toBe(true);
            } else {
              expect(red).toBe(0);
            }
            if (wasDone[g] === 1) {
              // Started afresh: a new game's setup.
              expect(step.done[g]).toBe(0);
              expect(env.view(g, 'red').phase).toBe('setup');
            }
          }
        }
        expect(ended).toBeGreaterThan(0);
      });
    }
  }

  it('the same seed and actions give the same games; another seed other games', () => {
    const run = (seed: string) => {
      const env = new VectorEnv({ games: 4, seed, shots: 'quick' });
      let step = env.reset();
      const trace: number[] = [];
      for (let s = 0; s < 150; s++) {
        step = env.step(randomLegal(step, 4, `same-${s}`));
        trace.push(...step.seats, ...step.done, ...step.rewards);
      }
      return { trace, observations: Array.from(step.observations), state: env.state(0) };
    };
    expect(run('same')).toEqual(run('same'));
    expect(run('other').state.kinds).not.toEqual(run('same').state.kinds);
  });

  it('refuses an illegal action, a wrong count or a bad index, naming the game, and changes nothing', () => {
    const env = new VectorEnv({ games: 3, seed: 'bad', shots: 'quick' });
    const step = env.reset();
    const good = randomLegal(step, 3, 'bad');
    const before = [0, 1, 2].map((g) => env.state(g));
    const illegal = Int32Array.from(good);
    illegal[1] = maskRow(step, 1).indexOf(0);
    expect(() => env.step(illegal)).toThrow(/game 1's action \d+ is not legal/);
    expect(() => env.step([1, 2])).toThrow(/expected 3 actions/);
    expect(() => env.step([good[0] ?? 0, -1, good[2] ?? 0])).toThrow(
      /game 1's action -1 is not an action index/,
    );
    expect(() => env.step([good[0] ?? 0, good[1] ?? 0, 1.5])).toThrow(/game 2's action 1.5/);
    expect([0, 1, 2].map((g) => env.state(g))).toEqual(before);
    expect(() => new VectorEnv({ games: 0 })).toThrow(/games must be a whole number/);
    expect(() => env.view(7, 'red')).toThrow(/no game 7/);
  });
});

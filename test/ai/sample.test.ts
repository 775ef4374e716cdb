import { describe, expect, it } from 'vitest';
import { randomBot } from '../../src/ai/random-bot.ts';
import { Determinizer, sampleAssignment, sampleState } from '../../src/ai/sample.ts';
import {
  applyAction,
  type CardSides,
  createGame,
  eventsFor,
  type GameEvent,
  type PlayerView,
  randomFromSeed,
  SEATS,
  toAct,
  viewFor,
} from '../../src/engine/index.ts';
import { hiddenOf } from '../../src/learn/hidden.ts';
import { dealProblem, ODD_CARD_SET } from '../learn/worlds.ts';

/** Views (with the seat's events) met along random games, setup included. */
function viewsFromRandomGames(
  games: number,
  variant: 'standard' | 'advanced',
  options: { shots?: 'quick' | 'aimed'; cardSet?: readonly CardSides[] } = {},
): { view: PlayerView; history: GameEvent[] }[] {
  const found: { view: PlayerView; history: GameEvent[] }[] = [];
  for (let g = 0; g < games; g++) {
    let state = createGame({
      seed: `views-${variant}-${g}`,
      shots: 'quick',
      turnLimit: 200,
      variant,
      ...options,
    });
    const history = { red: [] as GameEvent[], blue: [] as GameEvent[] };
    const random = randomFromSeed(`bot-${g}`);
    while (state.outcome === null) {
      for (const seat of SEATS) found.push({ view: viewFor(state, seat), history: history[seat].slice() });
      const seat = toAct(state)[0];
      if (seat === undefined) break;
      const action = randomBot.decide({ view: viewFor(state, seat), history: history[seat], random });
      const result = applyAction(state, seat, action);
      if (!result.ok) throw new Error(result.error.message);
      state = result.state;
      for (const s of SEATS) history[s].push(...eventsFor(result.events, s));
    }
    for (const seat of SEATS) found.push({ view: viewFor(state, seat), history: history[seat].slice() });
  }
  return found;
}

describe('sampleState (the OpenSpiel check)', () => {
  for (const variant of ['standard', 'advanced'] as const) {
    it(`R11: viewFor(sampleState(view), seat) equals the view, every view of random ${variant} games (sampleState is resample)`, () => {
      const random = randomFromSeed('sampler');
      let checked = 0;
      for (const { view, history } of viewsFromRandomGames(12, variant)) {
        const seat = view.viewer === 'spectator' ? 'red' : view.viewer;
        const sampled = sampleState(view, random, history);
        expect(viewFor(sampled, seat)).toEqual(view);
        checked++;
      }
      expect(checked).toBeGreaterThan(500);
    });
  }

  it('a boarded enemy piece is never the Bomb; kinds are the ones not yet accounted for', () => {
    const random = randomFromSeed('bomb');
    let boardedSeen = 0;
    for (const { view } of viewsFromRandomGames(6, 'standard')) {
      const hidden = hiddenOf(view);
      for (let i = 0; i < 20; i++) {
        const kinds = sampleAssignment(hidden, random);
        expect(kinds.slice().sort()).toEqual(hidden.pool.slice().sort());
        kinds.forEach((kind, at) => {
          if (hidden.mayBeBomb[at] === false) {
            boardedSeen++;
            expect(kind).not.toBe('bomb');
          }
        });
      }
    }
    expect(boardedSeen).toBeGreaterThan(0);
  });

  it('the Bomb can sit on any piece that never boarded, evenly', () => {
    const view = viewFor(createGame({ seed: 'even', shots: 'quick' }), 'red');
    const hidden = hiddenOf(view);
    const random = randomFromSeed('even');
    const counts = new Map<number, number>();
    for (let i = 0; i < 5000; i++) {
      const at = sampleAssignment(hidden, random).indexOf('bomb');
      counts.set(at, (counts.get(at) ?? 0) + 1);
    }
    expect(counts.size).toBe(10);
    for (const count of counts.values()) expect(Math.abs(count - 500)).toBeLessThan(120);
  });
});

describe("the search's Determinizer", () => {
  const cases = [
    { variant: 'standard', shots: 'aimed' },
    { variant: 'advanced', shots: 'quick' },
    { variant: 'standard', shots: 'quick', cardSet: ODD_CARD_SET },
  ] as const;
  for (const { variant, shots, ...rest } of cases) {
    it(`R9: every world it draws (its own, the enemy's imagined ones) deals the card set and plays on: ${variant}, ${shots}${'cardSet' in rest ? ', another card set' : ''}`, () => {
      const random = randomFromSeed('determinizer');
      const play = randomFromSeed('determinizer-play');
      let worlds = 0;
      let playedOn = 0;
      for (const [i, { view, history }] of viewsFromRandomGames(4, variant, { shots, ...rest }).entries()) {
        if (view.viewer === 'spectator') continue;
        // As the search bots make it: shots as quick shots at the bot's odds.
        const determinizer = new Determinizer(view, history, { quickOdds: { sail: 0.5, skull: 0.4 } });
        const plain = new Determinizer(view, history);
        for (const world of [determinizer.sample(random), determinizer.sampleEnemyView(random)]) {
          expect(dealProblem(world.cards, view.rules.cardSet)).toBeNull();
          worlds++;
        }
        expect(viewFor(plain.sample(random), view.viewer)).toStrictEqual(view);
        if (i % 10 === 0) {
          let state = determinizer.sample(random);
          for (let n = 0; n < 3000 && state.outcome === null; n++) {
            const seat = toAct(state)[0];
            if (seat === undefined) break;
            const result = applyAction(
              state,
              seat,
              randomBot.decide({ view: viewFor(state, seat), history: [], random: play }),
            );
            expect(result.ok).toBe(true);
            if (!result.ok) break;
            state = result.state;
          }
          expect(state.outcome).not.toBeNull();
          playedOn++;
        }
      }
      expect(worlds).toBeGreaterThan(500);
      expect(playedOn).toBeGreaterThan(20);
    });
  }
});

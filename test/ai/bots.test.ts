import { describe, expect, it } from 'vitest';
import type { Bot } from '../../src/ai/bot.ts';
import { search } from '../../src/ai/ismcts.ts';
import { BOT_NAMES, createBot } from '../../src/ai/levels.ts';
import { playMatch } from '../../src/ai/match.ts';
import { sampleState } from '../../src/ai/sample.ts';
import {
  actionKey,
  applyAction,
  createGame,
  eventsFor,
  type GameEvent,
  type GameState,
  randomFromSeed,
  SEATS,
  type Seat,
  toAct,
  viewFor,
} from '../../src/engine/index.ts';

function bot(name: string): Bot {
  const made = createBot(name);
  if (!made.ok) throw new Error(made.error.message);
  return made.value;
}

/** Cheap stand-ins for the levels' code paths, so many games fit in the test budget. */
const QUICK_BOTS = ['random', 'heuristic', 'easy', 'ismcts:60', 'belief:60', 'imagine:40'] as const;

describe('bots by name', () => {
  it('createBot knows every level and refuses unknown names with a sentence', () => {
    for (const name of [...BOT_NAMES, 'ismcts:10', 'belief:10', 'imagine:10'])
      expect(createBot(name).ok).toBe(true);
    for (const name of ['nobody', 'ismcts:0', 'ismcts:x', 'random:3', 'oracle', 'oracle:100']) {
      const made = createBot(name);
      expect(made.ok).toBe(false);
      if (!made.ok) expect(made.error.code).toBe('bot/unknown');
    }
  });
});

describe('bots only ever return legal actions', () => {
  for (const shots of ['quick', 'aimed'] as const) {
    it(`every quick bot against every other, seeded games (${shots} shots)`, () => {
      let games = 0;
      for (const a of QUICK_BOTS) {
        for (const b of QUICK_BOTS) {
          for (let g = 0; g < 2; g++) {
            // playMatch applies every action through the public API and throws on a refused one.
            const result = playMatch(
              { red: bot(a), blue: bot(b) },
              { red: randomFromSeed(`${a}-${g}`), blue: randomFromSeed(`${b}-${g}`) },
              {
                seed: `legal-${a}-${b}-${g}`,
                shots,
                turnLimit: 120,
                variant: g === 1 ? 'advanced' : 'standard',
              },
            );
            expect(result.state.outcome).not.toBeNull();
            games++;
          }
        }
      }
      expect(games).toBe(72);
    });
  }

  it('medium and hard play whole games legally', () => {
    for (const [a, b] of [
      ['medium', 'heuristic'],
      ['hard', 'easy'],
    ] as const) {
      const result = playMatch(
        { red: bot(a), blue: bot(b) },
        { red: randomFromSeed('x'), blue: randomFromSeed('y') },
        { seed: `levels-${a}`, shots: 'quick', turnLimit: 60 },
      );
      expect(result.state.outcome).not.toBeNull();
    }
  });
});

describe('bots are deterministic per seed', () => {
  for (const name of ['heuristic', 'easy', 'ismcts:80', 'belief:80', 'imagine:80']) {
    it(`${name}: the same seeds give the same game`, () => {
      const play = () =>
        playMatch(
          { red: bot(name), blue: bot('heuristic') },
          { red: randomFromSeed('same'), blue: randomFromSeed('seed') },
          { seed: `determinism-${name}`, shots: 'quick', turnLimit: 150 },
        ).state.log;
      expect(play()).toEqual(play());
    });
  }
});

/** Mid-game positions with each seat's events, from seeded games between heuristic bots. */
function positions(count: number): { state: GameState; seat: Seat; history: GameEvent[] }[] {
  const found: { state: GameState; seat: Seat; history: GameEvent[] }[] = [];
  for (let g = 0; found.length < count && g < 50; g++) {
    let state = createGame({ seed: `positions-${g}`, shots: 'quick', turnLimit: 200 });
    const history = { red: [] as GameEvent[], blue: [] as GameEvent[] };
    const random = randomFromSeed(`p-${g}`);
    while (state.outcome === null && found.length < count) {
      const seat = toAct(state)[0];
      if (seat === undefined) break;
      const view = viewFor(state, seat);
      if (state.phase === 'play' && view.legalActions.length > 1 && state.turn % 3 === 0) {
        found.push({ state, seat, history: history[seat].slice() });
      }
      const result = applyAction(state, seat, bot('easy').decide({ view, history: history[seat], random }));
      if (!result.ok) throw new Error(result.error.message);
      state = result.state;
      for (const s of SEATS) history[s].push(...eventsFor(result.events, s));
    }
  }
  return found;
}

describe('no cheating', () => {
  it('R11: for one view, a bot decides the same for states that differ only in what the view hides', () => {
    const cases = positions(12);
    expect(cases.length).toBe(12);
    for (const name of ['heuristic', 'easy', 'ismcts:150', 'belief:150', 'imagine:150']) {
      for (const [i, { state, seat, history }] of cases.entries()) {
        const view = viewFor(state, seat);
        // Another world behind the same view: the enemy's kinds, flag order and card backs redrawn.
        const other = sampleState(view, randomFromSeed(`other-${i}`), history);
        expect(other.kinds).not.toEqual(state.kinds);
        const otherView = viewFor(other, seat);
        expect(otherView).toEqual(view);
        const decide = (v: typeof view) =>
          bot(name).decide({ view: v, history, random: randomFromSeed(`d-${i}`) });
        expect(decide(otherView)).toEqual(decide(view));
      }
    }
  });
});

describe('a deadline (issue 15, item 3): the search is anytime', () => {
  it('a search given 0 ms runs its first 31 iterations and stops; given none, its whole budget', () => {
    const [position] = positions(1);
    if (position === undefined) throw new Error('no position');
    const worlds = () => position.state;
    const quick = search(position.seat, worlds, randomFromSeed('d'), { iterations: 16_000, ms: 0 });
    expect(quick.iterations).toBe(31);
    expect(quick.stats.length).toBeGreaterThan(0);
    const whole = search(position.seat, worlds, randomFromSeed('d'), { iterations: 100 });
    expect(whole.iterations).toBe(100);
  });

  it('past its deadline every level answers with a legal action: a searching level with its quick look', () => {
    for (const [i, { state, seat, history }] of positions(4).entries()) {
      const view = viewFor(state, seat);
      const keys = view.legalActions.map((a) => actionKey(a));
      for (const name of ['easy', 'medium', 'hard', 'expert']) {
        for (const timeLeftMs of [0, -1000]) {
          const random = () => randomFromSeed(`${name}-${i}`);
          const action = bot(name).decide({ view, history, random: random(), timeLeftMs });
          expect(keys).toContain(actionKey(action));
          // The search stopped after its first 31 iterations: the same choice as the level cut to 31.
          if (name !== 'easy') {
            const quickLook = bot(`${name}:31`).decide({ view, history, random: random() });
            expect(action).toEqual(quickLook);
          }
        }
      }
    }
  });
});

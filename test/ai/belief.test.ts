import { describe, expect, it } from 'vitest';
import { ParticleBelief } from '../../src/ai/belief.ts';
import { createBot } from '../../src/ai/levels.ts';
import { assignmentAllowed, Determinizer } from '../../src/ai/sample.ts';
import {
  applyAction,
  createGame,
  eventsFor,
  type GameEvent,
  type GameState,
  type PlayerView,
  type Random,
  randomFromSeed,
  SEATS,
  toAct,
  viewFor,
} from '../../src/engine/index.ts';

/**
 * Plays one seeded game between heuristic players; before each of red's decisions in play, `watch` sees the
 * true state, red's view and the events red has seen.
 */
function watchRed(
  seed: string,
  random: { red: Random; blue: Random },
  watch: (state: GameState, view: PlayerView, history: readonly GameEvent[]) => void,
): void {
  const heuristic = createBot('heuristic');
  if (!heuristic.ok) throw new Error('no heuristic');
  let state = createGame({ seed, shots: 'quick', turnLimit: 200 });
  const history = { red: [] as GameEvent[], blue: [] as GameEvent[] };
  while (state.outcome === null) {
    const seat = toAct(state)[0];
    if (seat === undefined) break;
    const view = viewFor(state, seat);
    if (seat === 'red' && view.phase === 'play') watch(state, view, history.red);
    const result = applyAction(
      state,
      seat,
      heuristic.value.decide({ view, history: history[seat], random: random[seat] }),
    );
    if (!result.ok) throw new Error(result.error.message);
    state = result.state;
    for (const s of SEATS) history[s].push(...eventsFor(result.events, s));
  }
}

describe('the particle belief', () => {
  it('only ever draws enemy kinds the view allows (shown kinds, the Bomb never on a boarder), all game long', () => {
    let checked = 0;
    for (let g = 0; g < 4; g++) {
      const belief = new ParticleBelief();
      const random = randomFromSeed(`belief-bot-${g}`);
      watchRed(`belief-${g}`, { red: random, blue: random }, (_, view, history) => {
        const determinizer = new Determinizer(view, history);
        const draw = belief.prepare({ view, history, random }, determinizer);
        for (let i = 0; i < 20; i++) {
          const kinds = draw(random);
          expect(kinds.slice().sort()).toEqual(determinizer.hidden.pool.slice().sort());
          expect(assignmentAllowed(determinizer.hidden, kinds)).toBe(true);
          checked++;
        }
        expect(belief.effectiveSize()).toBeGreaterThan(0);
      });
    }
    expect(checked).toBeGreaterThan(200);
  });

  it('puts more weight on the true kinds of the enemy pieces on deck than sampling from the view alone', () => {
    // Mean log chance of the truth, over every hidden enemy piece on a deck at every decision of red, in
    // seeded games between heuristic players: the evidence (setup, new pirates, swings, raids, declined
    // attacks, losses to the sail) must beat the uniform draw of the hard constraints.
    const score = { belief: 0, uniform: 0, pieces: 0 };
    for (let g = 0; g < 64; g++) {
      const belief = new ParticleBelief();
      const random = { red: randomFromSeed(`truth-red-${g}`), blue: randomFromSeed(`truth-blue-${g}`) };
      const draws = randomFromSeed(`truth-draws-${g}`);
      watchRed(`truth-${g}`, random, (state, view, history) => {
        const determinizer = new Determinizer(view, history);
        const draw = belief.prepare({ view, history, random: draws }, determinizer);
        const onDeck = new Set(view.ships.blue.deck.concat(view.ships.red.deck).map((p) => p.id));
        const unknown = determinizer.hidden.unknown;
        const hits = { belief: unknown.map(() => 0), uniform: unknown.map(() => 0) };
        const n = 200;
        for (let i = 0; i < n; i++) {
          const fromBelief = draw(draws);
          const fromView = determinizer.sample(draws).kinds;
          unknown.forEach((id, j) => {
            if (fromBelief[j] === state.kinds[id]) hits.belief[j] = (hits.belief[j] ?? 0) + 1;
            if (fromView[id] === state.kinds[id]) hits.uniform[j] = (hits.uniform[j] ?? 0) + 1;
          });
        }
        unknown.forEach((id, j) => {
          if (!onDeck.has(id)) return;
          score.belief += Math.log(((hits.belief[j] ?? 0) + 0.5) / (n + 1));
          score.uniform += Math.log(((hits.uniform[j] ?? 0) + 0.5) / (n + 1));
          score.pieces++;
        });
      });
    }
    expect(score.pieces).toBeGreaterThan(5000);
    expect(score.belief / score.pieces).toBeGreaterThan(score.uniform / score.pieces + 0.02);
  });
});

describe('a search bot keeps its belief per game', () => {
  it('decides the same whether its events arrive as the same objects or as fresh copies (worker threads)', () => {
    const play = (copy: boolean) => {
      const made = createBot('belief:60');
      const heuristic = createBot('heuristic');
      if (!made.ok || !heuristic.ok) throw new Error('bots');
      let state = createGame({ seed: 'copies', shots: 'quick', turnLimit: 80 });
      const history = { red: [] as GameEvent[], blue: [] as GameEvent[] };
      const random = { red: randomFromSeed('r'), blue: randomFromSeed('b') };
      while (state.outcome === null) {
        const seat = toAct(state)[0];
        if (seat === undefined) break;
        const seen = copy ? (JSON.parse(JSON.stringify(history[seat])) as GameEvent[]) : history[seat];
        const bot = seat === 'red' ? made.value : heuristic.value;
        const result = applyAction(
          state,
          seat,
          bot.decide({ view: viewFor(state, seat), history: seen, random: random[seat] }),
        );
        if (!result.ok) throw new Error(result.error.message);
        state = result.state;
        for (const s of SEATS) history[s].push(...eventsFor(result.events, s));
      }
      return state.log;
    };
    expect(play(true)).toEqual(play(false));
  });
});

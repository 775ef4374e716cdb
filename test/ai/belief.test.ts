import { describe, expect, it } from 'vitest';
import { ParticleBelief } from '../../src/ai/belief.ts';
import { createBot } from '../../src/ai/levels.ts';
import { assignmentAllowed, Determinizer } from '../../src/ai/sample.ts';
import {
  applyAction,
  createGame,
  eventsFor,
  type GameEvent,
  randomFromSeed,
  SEATS,
  toAct,
  viewFor,
} from '../../src/engine/index.ts';

describe('the particle belief', () => {
  it('only ever draws enemy kinds the view allows (shown kinds, the Bomb never on a boarder), all game long', () => {
    const heuristic = createBot('heuristic');
    if (!heuristic.ok) throw new Error('no heuristic');
    let checked = 0;
    for (let g = 0; g < 4; g++) {
      let state = createGame({ seed: `belief-${g}`, shots: 'quick', turnLimit: 200 });
      const history = { red: [] as GameEvent[], blue: [] as GameEvent[] };
      const belief = new ParticleBelief();
      const random = randomFromSeed(`belief-bot-${g}`);
      while (state.outcome === null) {
        const seat = toAct(state)[0];
        if (seat === undefined) break;
        const view = viewFor(state, seat);
        if (seat === 'red' && view.phase === 'play') {
          const determinizer = new Determinizer(view, history.red);
          const draw = belief.prepare({ view, history: history.red, random }, determinizer);
          for (let i = 0; i < 20; i++) {
            const kinds = draw(random);
            expect(kinds.slice().sort()).toEqual(determinizer.hidden.pool.slice().sort());
            expect(assignmentAllowed(determinizer.hidden, kinds)).toBe(true);
            checked++;
          }
          expect(belief.effectiveSize()).toBeGreaterThan(0);
        }
        const result = applyAction(
          state,
          seat,
          heuristic.value.decide({ view, history: history[seat], random }),
        );
        if (!result.ok) throw new Error(result.error.message);
        state = result.state;
        for (const s of SEATS) history[s].push(...eventsFor(result.events, s));
      }
    }
    expect(checked).toBeGreaterThan(200);
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

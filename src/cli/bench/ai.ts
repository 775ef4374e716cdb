/**
 * Bot benchmark: SO-ISMCTS iterations per second from mid-game positions, fast-path random games per
 * second next to it (one core, same run), the belief's update time, the learned belief's time a decision
 * (the network on the information state and the assignments drawn from it), and each level's decision time,
 * 'learned' included (issue 50: within 500 ms a decision on Node; Chromium's figures are `npm run
 * bench:browser`'s).
 */
import { ParticleBelief } from '../../ai/belief.ts';
import { shippedBeliefNetwork } from '../../ai/belief-model.ts';
import { winChance } from '../../ai/evaluation.ts';
import { search } from '../../ai/ismcts.ts';
import { LearnedBelief } from '../../ai/learned-belief.ts';
import { createBot, SEARCH_DEFAULTS } from '../../ai/levels.ts';
import { Determinizer } from '../../ai/sample.ts';
import { shippedValueNetwork } from '../../ai/value-model.ts';
import { valueChance } from '../../ai/value-network.ts';
import {
  applyAction,
  createGame,
  eventsFor,
  fastCopyWithChance,
  fastRandomPlayout,
  type GameEvent,
  type GameState,
  legalActions,
  randomFromSeed,
  SEATS,
  type Seat,
  toAct,
  viewFor,
} from '../../engine/index.ts';
import { type BenchSuite, cpuMilliseconds } from './suite.ts';

interface Position {
  readonly state: GameState;
  readonly seat: Seat;
  readonly history: GameEvent[];
}

/** Positions around turn 12 of heuristic games, where the searching seat has a real choice. */
function midGamePositions(count: number): Position[] {
  const heuristic = createBot('heuristic');
  if (!heuristic.ok) throw new Error(heuristic.error.message);
  const found: Position[] = [];
  for (let g = 0; found.length < count && g < count * 10; g++) {
    let state = createGame({ seed: `bench-ai-${g}`, shots: 'quick', turnLimit: 300 });
    const history = { red: [] as GameEvent[], blue: [] as GameEvent[] };
    const random = randomFromSeed(`bench-ai-bot-${g}`);
    while (state.outcome === null) {
      const seat = toAct(state)[0];
      if (seat === undefined) break;
      const view = viewFor(state, seat);
      if (state.turn >= 12 && view.legalActions.length > 1) {
        found.push({ state, seat, history: history[seat].slice() });
        break;
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
  return found;
}

/** Every position in play of `games` heuristic games. */
function positionsInPlay(games: number): GameState[] {
  const heuristic = createBot('heuristic');
  if (!heuristic.ok) throw new Error(heuristic.error.message);
  const found: GameState[] = [];
  for (let g = 0; g < games; g++) {
    let state = createGame({ seed: `bench-leaves-${g}`, shots: 'quick', turnLimit: 300 });
    const random = randomFromSeed(`bench-leaves-bot-${g}`);
    while (state.outcome === null) {
      const seat = toAct(state)[0];
      if (seat === undefined) break;
      if (state.phase === 'play') found.push(state);
      const view = viewFor(state, seat);
      const result = applyAction(state, seat, heuristic.value.decide({ view, history: [], random }));
      if (!result.ok) throw new Error(result.error.message);
      state = result.state;
    }
  }
  return found;
}

function startedGames(count: number): GameState[] {
  return Array.from({ length: count }, (_, i) => {
    let state = createGame({ seed: `bench-start-${i}`, shots: 'quick', turnLimit: 1000 });
    const random = randomFromSeed(`bench-setup-${i}`);
    for (const seat of SEATS) {
      const choices = legalActions(state, seat);
      const result = applyAction(state, seat, choices[random.int(choices.length)]);
      if (result.ok) state = result.state;
    }
    return state;
  });
}

/** At most this many more warm-up rounds of the search, each kept while it is 5% faster than the one before. */
const WARM_UP_LIMIT = 6;
const WARM_ENOUGH = 1.05;

const median = (xs: number[]) => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const percentile = (xs: number[], p: number) =>
  xs.slice().sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))] ?? 0;

export const aiSuite: BenchSuite = {
  name: 'ai',
  async run({ scale, rounds }) {
    const positions = midGamePositions(Math.max(4, Math.round(20 * scale)));
    const starts = startedGames(Math.max(200, Math.round(10_000 * scale)));
    const iterations = Math.max(500, Math.round(4000 * scale));
    const searchRates: number[] = [];
    const gameRates: number[] = [];
    const searchOnce = () => {
      let done = 0;
      const began = cpuMilliseconds();
      positions.forEach((p, i) => {
        const view = viewFor(p.state, p.seat);
        const determinizer = new Determinizer(view, p.history, { quickOdds: view.rules.quickOdds });
        done += search(p.seat, (r) => determinizer.sample(r), randomFromSeed(`s${i}`), {
          iterations,
          playoutDepth: SEARCH_DEFAULTS.playoutDepth,
        }).iterations;
      });
      return (done / (cpuMilliseconds() - began)) * 1000;
    };
    const gamesOnce = () => {
      const random = randomFromSeed('bench-playouts');
      // As a search plays out its imagined worlds: chance from the bot's own generator, not the game's.
      const dice = randomFromSeed('bench-dice');
      const began = cpuMilliseconds();
      for (const start of starts) fastRandomPlayout(fastCopyWithChance(start, dice), random);
      return (starts.length / (cpuMilliseconds() - began)) * 1000;
    };
    // Warm-up until the search's rate stops rising: its first rounds run while V8 still compiles the rules,
    // and one warm-up round left the measured rounds in two groups (about 70,000 and 120,000 iterations/s)
    // by when the compiler finished, which read as a slowdown between commits that had none.
    let warm = searchOnce();
    for (let w = 0; w < WARM_UP_LIMIT; w++) {
      const next = searchOnce();
      if (next < warm * WARM_ENOUGH) break;
      warm = next;
    }
    gamesOnce();
    for (let r = 0; r < rounds; r++) {
      searchRates.push(searchOnce());
      gameRates.push(gamesOnce());
    }
    // The belief: one update per enemy decision, over whole games' histories.
    const beliefMs: number[] = [];
    for (const p of positions) {
      const belief = new ParticleBelief();
      const view = viewFor(p.state, p.seat);
      const determinizer = new Determinizer(view, p.history);
      const began = performance.now();
      belief.prepare({ view, history: [], random: randomFromSeed('b') }, determinizer);
      belief.prepare({ view, history: p.history, random: randomFromSeed('b') }, determinizer);
      const enemyDecisions = Math.max(
        1,
        p.history.filter((e) => e.type === 'cardTurned' && e.seat !== p.seat).length,
      );
      beliefMs.push((performance.now() - began) / enemyDecisions);
    }
    // The learned belief: the network on the seat's information state, then the search's 256 assignments.
    // Its first call pays for reading the model file: load it before timing.
    const learned = new LearnedBelief(shippedBeliefNetwork());
    const learnedMs: number[] = [];
    for (let round = 0; round < 2; round++) {
      positions.forEach((p, i) => {
        const view = viewFor(p.state, p.seat);
        const input = { view, history: p.history, random: randomFromSeed(`lb${i}`) };
        const began = performance.now();
        learned.prepare(input, new Determinizer(view, p.history));
        if (round > 0) learnedMs.push(performance.now() - began);
      });
    }
    // The leaf score: what expert's search pays at every iteration, the linear evaluation beside the learned
    // value on the same positions, every position in play of heuristic games (a few positions scored over
    // and over read several times faster than a search's ever-new leaves), best of the rounds, in µs.
    const network = shippedValueNetwork();
    const leaves = positionsInPlay(Math.max(4, Math.round(20 * scale)));
    const leafMicros = (score: (state: GameState) => number): number => {
      let best = Number.POSITIVE_INFINITY;
      let sink = 0;
      for (let r = 0; r < 20; r++) {
        const began = performance.now();
        for (const state of leaves) sink += score(state);
        best = Math.min(best, performance.now() - began);
      }
      if (Number.isNaN(sink)) throw new Error('a leaf score was not a number');
      return (best * 1000) / leaves.length;
    };
    leafMicros(winChance);
    const linearMicros = leafMicros(winChance);
    const valueMicros = leafMicros((state) => valueChance(network, state));
    const levelLines: string[] = [];
    const figures: Record<string, number> = {};
    for (const level of ['easy', 'medium', 'hard', 'expert', 'learned']) {
      const times: number[] = [];
      positions.forEach((p, i) => {
        const made = createBot(level);
        if (!made.ok) return;
        const began = performance.now();
        made.value.decide({
          view: viewFor(p.state, p.seat),
          history: p.history,
          random: randomFromSeed(`l${i}`),
        });
        times.push(performance.now() - began);
      });
      levelLines.push(
        `  ${level.padEnd(8)} median ${median(times).toFixed(1).padStart(7)} ms  p95 ${percentile(times, 0.95).toFixed(1).padStart(7)} ms  max ${Math.max(
          ...times,
        )
          .toFixed(1)
          .padStart(7)} ms`,
      );
      figures[`${level}MedianMs`] = median(times);
      figures[`${level}MaxMs`] = Math.max(...times);
    }
    const searchRate = median(searchRates);
    const gameRate = median(gameRates);
    return {
      suite: 'ai',
      lines: [
        `one core (CPU time), median of ${rounds} rounds, ${positions.length} mid-game positions (turn 12+):`,
        `  ISMCTS (${iterations} iterations, playout depth ${SEARCH_DEFAULTS.playoutDepth})  ${searchRate.toFixed(0).padStart(9)} iterations/s`,
        `  fast-path random games from the start     ${gameRate.toFixed(0).padStart(9)} games/s`,
        `  belief update per enemy decision          ${median(beliefMs).toFixed(3).padStart(9)} ms (median)`,
        `  learned belief a decision (net + draws)   ${median(learnedMs).toFixed(3).padStart(9)} ms (median), max ${Math.max(...learnedMs).toFixed(3)} ms`,
        `  leaf score: linear evaluation             ${linearMicros.toFixed(2).padStart(9)} µs (best of 20 rounds)`,
        `  leaf score: learned value                 ${valueMicros.toFixed(2).padStart(9)} µs (${(valueMicros / linearMicros).toFixed(2)} times the linear)`,
        'decision time per level:',
        ...levelLines,
      ],
      figures: {
        ismctsIterationsPerSecond: searchRate,
        fastGamesPerSecond: gameRate,
        beliefUpdateMs: median(beliefMs),
        learnedBeliefMedianMs: median(learnedMs),
        learnedBeliefMaxMs: Math.max(...learnedMs),
        linearLeafMicros: linearMicros,
        valueLeafMicros: valueMicros,
        ...figures,
      },
    };
  },
};

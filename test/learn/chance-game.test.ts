/**
 * Explicit chance (docs/learn.md "Explicit chance", issue 49 item 3): games played to their end through the
 * chance nodes, the nodes' probabilities against the frequencies of the engine's own keyed chance, a game
 * replayed with the outcomes the engine drew giving the engine's states, and refusals that change nothing.
 */
import { describe, expect, it } from 'vitest';
import {
  type Action,
  AIM_RANGES,
  type Aim,
  type CardSides,
  createGame,
  DEFAULT_CARD_SET,
  applyAction as engineApply,
  legalActions as engineLegal,
  toAct as engineToAct,
  viewFor as engineView,
  type GameEvent,
  type GameOptions,
  type GameState,
  PIECE_KINDS,
  PIECE_SET,
  parseAim,
  perfectAim,
  type Random,
  randomFromSeed,
  type Seat,
  type ShotMode,
  type ShotTarget,
  type Variant,
} from '../../src/engine/index.ts';
import {
  applyAction,
  applyChance,
  type ChanceGame,
  type ChanceOutcome,
  chanceOutcomes,
  isChanceNode,
  legalActions,
  newChanceGame,
  returns,
  toAct,
  viewFor,
} from '../../src/learn/index.ts';

/** An outcome drawn by the node's probabilities. */
function drawOutcome(outcomes: readonly ChanceOutcome[], random: Random): number {
  let u = random.float();
  for (const { outcome, probability } of outcomes) {
    if (u < probability) return outcome;
    u -= probability;
  }
  const last = outcomes[outcomes.length - 1];
  if (last === undefined) throw new Error('a chance node without outcomes');
  return last.outcome;
}

/** A random legal aim: anywhere in range half the time, near the ideal aim at `target` the other half. */
function randomAim(target: ShotTarget, random: Random): Aim {
  const within = (field: keyof typeof AIM_RANGES) => {
    const { min, max } = AIM_RANGES[field];
    return min + (max - min) * random.float();
  };
  const ideal = perfectAim(target);
  const aim =
    random.float() < 0.5
      ? { x: within('x'), back: within('back'), yaw: within('yaw'), pitch: within('pitch') }
      : { ...ideal, yaw: ideal.yaw + 6 * random.float() - 3, pitch: ideal.pitch + 6 * random.float() - 3 };
  const parsed = parseAim(aim);
  return parsed.ok ? parsed.aim : ideal;
}

/** A random action of `seat`; an aimed shot gets a random aim (the listed shot has none). */
function randomAction(state: GameState, seat: Seat, random: Random): Action {
  const choices = engineLegal(state, seat);
  const action = choices[random.int(choices.length)];
  if (action === undefined) throw new Error(`${seat} has nothing to do`);
  const pending = state.pending;
  if (action.type === 'shoot' && pending.ask === 'shoot' && random.float() < 0.8) {
    return { type: 'shoot', aim: randomAim(pending.target, random) };
  }
  return action;
}

function sumOf(outcomes: readonly ChanceOutcome[]): number {
  return outcomes.reduce((sum, o) => sum + o.probability, 0);
}

interface Played {
  readonly final: ChanceGame;
  readonly nodes: Record<string, number>;
}

/** Plays a chance game to its end: random actions, outcomes drawn by the probabilities, every node checked. */
function playChanceGame(options: Parameters<typeof newChanceGame>[0], seed: string): Played {
  const random = randomFromSeed(seed);
  let game = newChanceGame(options);
  const nodes: Record<string, number> = {};
  for (let step = 0; step < 20_000 && game.state.outcome === null; step++) {
    if (isChanceNode(game)) {
      const outcomes = chanceOutcomes(game);
      const kind = game.node?.chance ?? 'none';
      nodes[kind] = (nodes[kind] ?? 0) + 1;
      expect(outcomes.length).toBeGreaterThan(0);
      for (const o of outcomes) expect(o.probability).toBeGreaterThan(0);
      expect(new Set(outcomes.map((o) => o.outcome)).size).toBe(outcomes.length);
      expect(Math.abs(sumOf(outcomes) - 1)).toBeLessThan(1e-12);
      expect(toAct(game)).toEqual([]);
      expect(legalActions(game, 'red')).toEqual([]);
      if (game.node?.chance === 'shot' && game.node.shot?.aim === null) {
        // A quick shot hits at the quick odds of its target (R8.3).
        const odds = game.state.rules.quickOdds[game.node.shot.target];
        expect(outcomes.find((o) => o.outcome === 1)?.probability ?? 0).toBeCloseTo(odds, 12);
      }
      const result = applyChance(game, drawOutcome(outcomes, random));
      if (!result.ok) throw new Error(result.error.message);
      game = result.state;
    } else {
      const seats = toAct(game);
      const seat = seats[random.int(seats.length)] as Seat;
      expect(legalActions(game, seat)).toEqual(engineLegal(game.state, seat));
      const result = applyAction(game, seat, randomAction(game.state, seat, random));
      if (!result.ok) throw new Error(result.error.message);
      game = result.state;
    }
  }
  return { final: game, nodes };
}

describe('explicit-chance games played to the end', () => {
  const modes: [Variant, ShotMode][] = [
    ['standard', 'quick'],
    ['advanced', 'quick'],
    ['standard', 'aimed'],
    ['advanced', 'aimed'],
  ];
  for (const [variant, shots] of modes) {
    it(`${variant} variant, ${shots} shots: every game ends and its returns are zero-sum`, () => {
      const seen: Record<string, number> = {};
      let decided = 0;
      const games = shots === 'quick' ? 40 : 20;
      for (let g = 0; g < games; g++) {
        const { final, nodes } = playChanceGame(
          // A coarse wobble grid keeps the aimed games quick; the frequency tests use the default one.
          { variant, shots, turnLimit: 120, wobbleGrid: 4 },
          `play/${variant}/${shots}/${g}`,
        );
        for (const [kind, n] of Object.entries(nodes)) seen[kind] = (seen[kind] ?? 0) + n;
        expect(final.state.phase).toBe('over');
        expect(isChanceNode(final)).toBe(false);
        const [red, blue] = returns(final);
        expect(red + blue).toBe(0);
        const winner = final.state.outcome?.winner ?? null;
        expect([red, blue]).toEqual(winner === null ? [0, 0] : winner === 'red' ? [1, -1] : [-1, 1]);
        if (winner !== null) decided++;
      }
      expect(decided).toBeGreaterThan(0);
      // Every kind of node was met: 20 kinds and 10 + 10 cards a game, a start coin, planks and shots.
      expect(seen.kind).toBe(20 * games);
      expect(seen.card).toBe(10 * games);
      expect(seen.cardUp).toBe(10 * games);
      expect(seen.start).toBe(games);
      expect(seen.plank).toBeGreaterThan(0);
      expect(seen.shot).toBeGreaterThan(0);
    });
  }

  it('fixed first seat: no start coin; a game survives a JSON round trip at every node', () => {
    const random = randomFromSeed('json');
    let game = newChanceGame({ firstSeat: 'blue', shots: 'aimed', turnLimit: 60, wobbleGrid: 3 });
    let nodes = 0;
    while (game.state.outcome === null) {
      game = JSON.parse(JSON.stringify(game)) as ChanceGame;
      if (isChanceNode(game)) {
        nodes++;
        expect(game.node?.chance).not.toBe('start');
        const result = applyChance(game, drawOutcome(chanceOutcomes(game), random));
        if (!result.ok) throw new Error(result.error.message);
        game = result.state;
      } else {
        const seat = toAct(game)[0] as Seat;
        const result = applyAction(game, seat, randomAction(game.state, seat, random));
        if (!result.ok) throw new Error(result.error.message);
        game = result.state;
      }
    }
    expect(nodes).toBeGreaterThan(40);
    expect(game.state.log.some((e) => e.action.type === 'setup')).toBe(true);
  });
});

/** The outcome a node of each kind took in an engine game: from the engine's events of one action. */
function engineOutcomes(
  events: readonly GameEvent[],
): { chance: 'start' | 'plank' | 'shot'; outcome: number }[] {
  const drawn: { chance: 'start' | 'plank' | 'shot'; outcome: number }[] = [];
  for (const event of events) {
    if (event.type === 'coinTossed')
      drawn.push({ chance: event.for, outcome: event.side === 'shark' ? 0 : 1 });
    if (event.type === 'shot') drawn.push({ chance: 'shot', outcome: event.hit ? 1 : 0 });
  }
  return drawn;
}

/** The deal of an engine game as the chance game's outcomes: kinds, then cards (first alike), then sides up. */
function dealOutcomes(state: GameState): number[] {
  const outcomes = state.kinds.map((kind) => PIECE_KINDS.indexOf(kind));
  const left = state.rules.cardSet.map((_, i) => i);
  for (const card of state.cards) {
    const i = left.findIndex((j) => {
      const sides = state.rules.cardSet[j];
      return sides?.[0] === card.sides[0] && sides?.[1] === card.sides[1];
    });
    outcomes.push(left[i] ?? -1);
    left.splice(i, 1);
  }
  for (const card of state.cards) outcomes.push(card.up);
  return outcomes;
}

/** Events as they compare across the two: an aimed shot's flight is the discretised wobble's, not the engine's. */
function withoutFlights(events: readonly GameEvent[]): GameEvent[] {
  return events.map((e) => (e.type === 'shot' ? { ...e, flight: null } : e));
}

describe('a game replayed with the outcomes the engine drew', () => {
  const modes: [Variant, ShotMode, CardSides[] | undefined][] = [
    ['standard', 'quick', undefined],
    ['advanced', 'aimed', undefined],
    // Two pairs of cards alike: each pair is one outcome of a card node.
    ['standard', 'aimed', [...DEFAULT_CARD_SET.slice(0, 8), ['attack', 'swing'], ['attack', 'swing']]],
  ];
  for (const [variant, shots, cardSet] of modes) {
    it(`gives the engine's states, ${variant} variant, ${shots} shots${cardSet ? ', cards alike' : ''}`, () => {
      for (let g = 0; g < 8; g++) {
        const seed = `replay/${variant}/${shots}/${g}`;
        const options: GameOptions = {
          seed,
          variant,
          shots,
          turnLimit: 150,
          ...(cardSet ? { cardSet } : {}),
        };
        const random = randomFromSeed(seed);
        let state = createGame(options);
        let game = newChanceGame({ ...options, wobbleGrid: 6 });
        for (const outcome of dealOutcomes(state)) {
          const result = applyChance(game, outcome);
          if (!result.ok) throw new Error(result.error.message);
          game = result.state;
        }
        expect(game).toEqual({ state, node: null, wobbleGrid: 6 });
        while (state.outcome === null) {
          const seat = engineToAct(state)[random.int(engineToAct(state).length)] as Seat;
          const action = randomAction(state, seat, random);
          const engine = engineApply(state, seat, action);
          if (!engine.ok) throw new Error(engine.error.message);
          let result = applyAction(game, seat, action);
          for (const { chance, outcome } of engineOutcomes(engine.events)) {
            if (!result.ok) throw new Error(result.error.message);
            expect(result.events).toEqual([]);
            expect(result.state.node?.chance).toBe(chance);
            result = applyChance(result.state, outcome);
          }
          if (!result.ok) throw new Error(result.error.message);
          expect(result.state.node).toBeNull();
          expect(result.state.state).toEqual(engine.state);
          if (shots === 'quick') expect(result.events).toEqual(engine.events);
          else expect(withoutFlights(result.events)).toEqual(withoutFlights(engine.events));
          state = engine.state;
          game = result.state;
        }
      }
    });
  }
});

/** Within `sds` standard deviations of a frequency of `n` draws at probability `p`. */
function expectFrequency(hits: number, n: number, p: number, sds = 4): void {
  const sd = Math.sqrt((p * (1 - p)) / n);
  expect(Math.abs(hits / n - p)).toBeLessThanOrEqual(sds * sd);
}

/** A setup for `seat`: the first listed. */
function setUp(state: GameState): GameState {
  let s = state;
  for (const seat of ['red', 'blue'] as const) {
    const result = engineApply(s, seat, engineLegal(s, seat)[0]);
    if (!result.ok) throw new Error(result.error.message);
    s = result.state;
  }
  return s;
}

/** The 0.1% critical values of the chi-square distribution by degrees of freedom (1 to 9). */
const CHI_SQUARE_0_001 = [0, 10.83, 13.82, 16.27, 18.47, 20.52, 22.46, 24.32, 26.12, 27.88];

/** Counts of a node's outcomes (in its order) as likely as a chi-square test says its probabilities are. */
function expectChiSquare(outcomes: readonly ChanceOutcome[], counts: readonly number[]): void {
  const n = counts.reduce((sum, c) => sum + c, 0);
  let statistic = 0;
  outcomes.forEach(({ probability }, i) => {
    statistic += ((counts[i] ?? 0) - n * probability) ** 2 / (n * probability);
  });
  expect(statistic).toBeLessThan(CHI_SQUARE_0_001[outcomes.length - 1] ?? 0);
}

describe("the nodes' probabilities match the engine's keyed chance", () => {
  const SEEDS = Array.from({ length: 3000 }, (_, i) => `frequency/${i}`);

  it('the deal: the kinds of pieces 0 and 10, a kind after another, the card at place 0 and its side (R1.1, R1.5)', () => {
    // Many deals: a chi-square over a node's outcomes, below its 0.1% critical value.
    const states = Array.from({ length: 10_000 }, (_, i) => createGame({ seed: `deal/${i}` }));
    const first = newChanceGame();
    const kinds = chanceOutcomes(first);
    expect(kinds.map((o) => PIECE_KINDS[o.outcome])).toEqual([...new Set(PIECE_SET)]);
    // The captain to piece 0 is 1 in 10 (its share of the set), an incisor 2 in 10.
    expect(kinds.find((o) => PIECE_KINDS[o.outcome] === 'captain')?.probability).toBe(0.1);
    expect(kinds.find((o) => PIECE_KINDS[o.outcome] === 'incisor')?.probability).toBe(0.2);
    for (const piece of [0, 10]) {
      expectChiSquare(
        kinds,
        kinds.map(({ outcome }) => states.filter((s) => s.kinds[piece] === PIECE_KINDS[outcome]).length),
      );
    }
    // After an incisor to piece 0, piece 1 is the other incisor 1 time in 9.
    const incisor = PIECE_KINDS.indexOf('incisor');
    const after = applyChance(first, incisor);
    if (!after.ok) throw new Error(after.error.message);
    const p1 = chanceOutcomes(after.state).find((o) => o.outcome === incisor)?.probability ?? 0;
    expect(p1).toBeCloseTo(1 / 9, 12);
    const given = states.filter((s) => s.kinds[0] === 'incisor');
    expectFrequency(given.filter((s) => s.kinds[1] === 'incisor').length, given.length, p1);

    let game = first;
    for (let piece = 0; piece < 20; piece++) {
      const result = applyChance(game, chanceOutcomes(game)[0]?.outcome ?? -1);
      if (!result.ok) throw new Error(result.error.message);
      game = result.state;
    }
    expect(game.node?.chance).toBe('card');
    const cards = chanceOutcomes(game);
    expect(cards).toHaveLength(10);
    expectChiSquare(
      cards,
      cards.map(
        ({ outcome }) => states.filter((s) => s.cards[0]?.sides === DEFAULT_CARD_SET[outcome]).length,
      ),
    );
    expectFrequency(states.filter((s) => s.cards[0]?.up === 0).length, states.length, 0.5);
  });

  it('the start coin (R1.6)', () => {
    let game = newChanceGame();
    while (isChanceNode(game)) {
      const result = applyChance(game, chanceOutcomes(game)[0]?.outcome ?? -1);
      if (!result.ok) throw new Error(result.error.message);
      game = result.state;
    }
    for (const seat of ['red', 'blue'] as const) {
      const result = applyAction(game, seat, legalActions(game, seat)[0]);
      if (!result.ok) throw new Error(result.error.message);
      game = result.state;
    }
    expect(game.node?.chance).toBe('start');
    const shark = chanceOutcomes(game).find((o) => o.outcome === 0)?.probability ?? 0;
    expect(shark).toBe(0.5);
    const red = SEEDS.filter((seed) => setUp(createGame({ seed })).mover === 'red').length;
    expectFrequency(red, SEEDS.length, shark);
  });

  it('the first plank coin of a game (R3.6)', () => {
    let sharks = 0;
    let coins = 0;
    for (const seed of SEEDS.slice(0, 1000)) {
      const random = randomFromSeed(seed);
      let state = setUp(createGame({ seed, shots: 'quick' }));
      for (let step = 0; step < 400 && state.outcome === null; step++) {
        const seat = engineToAct(state)[0] as Seat;
        const result = engineApply(state, seat, randomAction(state, seat, random));
        if (!result.ok) throw new Error(result.error.message);
        const coin = result.events.find((e) => e.type === 'coinTossed' && e.for === 'plank');
        if (coin?.type === 'coinTossed') {
          coins++;
          if (coin.side === 'shark') sharks++;
          break;
        }
        state = result.state;
      }
    }
    expect(coins).toBeGreaterThan(700);
    expectFrequency(sharks, coins, 0.5);
  });

  it('quick shots hit at the quick odds of their target (R8.3)', () => {
    const quickOdds = { sail: 0.25, skull: 0.7 };
    const shots = { sail: { hits: 0, n: 0 }, skull: { hits: 0, n: 0 } };
    for (const seed of SEEDS.slice(0, 400)) {
      const random = randomFromSeed(seed);
      let state = createGame({ seed, shots: 'quick', quickOdds, turnLimit: 200 });
      while (state.outcome === null) {
        const seat = engineToAct(state)[0] as Seat;
        const result = engineApply(state, seat, randomAction(state, seat, random));
        if (!result.ok) throw new Error(result.error.message);
        for (const e of result.events) {
          if (e.type !== 'shot') continue;
          shots[e.target].n++;
          if (e.hit) shots[e.target].hits++;
        }
        state = result.state;
      }
    }
    // The chance game's quick shot nodes offer the same odds (checked node by node in the games played above).
    for (const target of ['sail', 'skull'] as const) {
      expect(shots[target].n).toBeGreaterThan(300);
      expectFrequency(shots[target].hits, shots[target].n, quickOdds[target]);
    }
  });

  it('an aimed shot of a fixed aim hits as often as its discretised probability (R8.2)', () => {
    // Aims a little off the ideal, so each hits about half the time: a wrong probability shows.
    const aims: Record<ShotTarget, Aim> = {
      sail: { ...perfectAim('sail'), yaw: perfectAim('sail').yaw + 0.9 },
      skull: { ...perfectAim('skull'), pitch: perfectAim('skull').pitch + 1.2 },
    };
    // The chance game's probability of each aim: play to an aimed shot at each target and read the node.
    const probability: Partial<Record<ShotTarget, number>> = {};
    for (let g = 0; g < 40 && Object.keys(probability).length < 2; g++) {
      const random = randomFromSeed(`aimed-node/${g}`);
      let game = newChanceGame({ shots: 'aimed', turnLimit: 200 });
      while (game.state.outcome === null && Object.keys(probability).length < 2) {
        if (isChanceNode(game)) {
          const node = game.node;
          if (node?.chance === 'shot' && node.shot?.aim != null) {
            probability[node.shot.target] =
              chanceOutcomes(game).find((o) => o.outcome === 1)?.probability ?? 0;
          }
          const result = applyChance(game, drawOutcome(chanceOutcomes(game), random));
          if (!result.ok) throw new Error(result.error.message);
          game = result.state;
          continue;
        }
        const seat = toAct(game)[0] as Seat;
        const pending = game.state.pending;
        const action: Action =
          pending.ask === 'shoot'
            ? { type: 'shoot', aim: aims[pending.target] }
            : randomAction(game.state, seat, random);
        const result = applyAction(game, seat, action);
        if (!result.ok) throw new Error(result.error.message);
        game = result.state;
      }
    }
    const shots = { sail: { hits: 0, n: 0 }, skull: { hits: 0, n: 0 } };
    for (const seed of SEEDS.slice(0, 500)) {
      const random = randomFromSeed(seed);
      let state = createGame({ seed, shots: 'aimed', turnLimit: 200 });
      while (state.outcome === null) {
        const seat = engineToAct(state)[0] as Seat;
        const pending = state.pending;
        const action: Action =
          pending.ask === 'shoot'
            ? { type: 'shoot', aim: aims[pending.target] }
            : randomAction(state, seat, random);
        const result = engineApply(state, seat, action);
        if (!result.ok) throw new Error(result.error.message);
        for (const e of result.events) {
          if (e.type !== 'shot') continue;
          shots[e.target].n++;
          if (e.hit) shots[e.target].hits++;
        }
        state = result.state;
      }
    }
    for (const target of ['sail', 'skull'] as const) {
      const p = probability[target];
      if (p === undefined) throw new Error(`no aimed ${target} shot was played in the chance games`);
      expect(p).toBeGreaterThan(0.2);
      expect(p).toBeLessThan(0.8);
      expect(shots[target].n).toBeGreaterThan(1000);
      expectFrequency(shots[target].hits, shots[target].n, p);
    }
  });
});

describe('refusals change nothing', () => {
  /** A game at red's first turn (red starts: no coin). */
  function atPlay(): ChanceGame {
    let game = newChanceGame({ shots: 'quick', firstSeat: 'red' });
    while (isChanceNode(game)) {
      const result = applyChance(game, chanceOutcomes(game)[0]?.outcome ?? -1);
      if (!result.ok) throw new Error(result.error.message);
      game = result.state;
    }
    for (const seat of ['red', 'blue'] as const) {
      const result = applyAction(game, seat, legalActions(game, seat)[0]);
      if (!result.ok) throw new Error(result.error.message);
      game = result.state;
    }
    expect(toAct(game)).toEqual(['red']);
    return game;
  }

  it('an outcome not offered, or no chance node, is refused with a clear error', () => {
    const game = newChanceGame();
    const before = JSON.stringify(game);
    for (const bad of [-1, 8, 0.5, Number.NaN, 99]) {
      const result = applyChance(game, bad);
      expect(result.ok).toBe(false);
      if (!result.ok) {
        expect(result.error.code).toBe('chance/not-an-outcome');
        expect(result.error.message).toMatch(/not an outcome of this kind node; its outcomes are 0, 1, 2/);
      }
    }
    // The captain was dealt to piece 0: piece 1 cannot be the captain.
    const dealt = applyChance(game, 0);
    if (!dealt.ok) throw new Error(dealt.error.message);
    expect(chanceOutcomes(dealt.state).some((o) => o.outcome === 0)).toBe(false);
    expect(applyChance(dealt.state, 0)).toMatchObject({
      ok: false,
      error: { code: 'chance/not-an-outcome' },
    });
    // An action at a chance node.
    expect(applyAction(game, 'red', { type: 'pass' })).toMatchObject({
      ok: false,
      error: { code: 'chance/at-a-node' },
    });
    expect(JSON.stringify(game)).toBe(before);
    // No chance node: a seat decides.
    const play = atPlay();
    const still = JSON.stringify(play);
    expect(applyChance(play, 0)).toMatchObject({ ok: false, error: { code: 'chance/not-a-node' } });
    expect(applyChance(createGame({ seed: 'x' }), 0)).toMatchObject({
      ok: false,
      error: { code: 'chance/not-a-node' },
    });
    expect(JSON.stringify(play)).toBe(still);
  });

  it("illegal actions are refused with the engine's errors", () => {
    const game = atPlay();
    const before = JSON.stringify(game);
    const refusals: [unknown, unknown, string][] = [
      ['green', { type: 'turnCard', card: 0 }, 'action/seat'],
      ['blue', { type: 'turnCard', card: 0 }, 'action/not-your-turn'],
      ['red', { type: 'fly' }, 'action/malformed'],
      ['red', { type: 'turnCard', card: 12 }, 'action/malformed'],
      ['red', { type: 'pass' }, 'action/wrong-decision'],
    ];
    for (const [seat, action, code] of refusals) {
      const result = applyAction(game, seat, action);
      expect(result.ok).toBe(false);
      if (!result.ok) {
        expect(result.error.code).toBe(code);
        expect(result.error.message.length).toBeGreaterThan(10);
      }
    }
    expect(JSON.stringify(game)).toBe(before);
  });

  it('bad options are refused', () => {
    expect(() => newChanceGame({ wobbleGrid: 0 })).toThrow(/wobble grid/);
    expect(() => newChanceGame({ turnLimit: -3 })).toThrow(/turn limit/);
    expect(() => newChanceGame({ entropy: 'seats' } as Parameters<typeof newChanceGame>[0])).toThrow(
      /no entropy/,
    );
  });
});

describe('views and plain engine states', () => {
  it('during the deal a view shows only the kinds dealt, and nobody acts', () => {
    let game = newChanceGame();
    for (const kind of ['captain', 'bomb', 'whip'] as const) {
      const result = applyChance(game, PIECE_KINDS.indexOf(kind));
      if (!result.ok) throw new Error(result.error.message);
      game = result.state;
    }
    const view = viewFor(game, 'red');
    expect(view.ships.red.extras.map((p) => p.kind)).toEqual([
      'captain',
      'bomb',
      'whip',
      ...Array(7).fill(null),
    ]);
    expect(view.cards).toEqual([]);
    expect(view.toAct).toEqual([]);
    expect(view.legalActions).toEqual([]);
  });

  it('a plain engine state works with the same calls, as the engine', () => {
    const random = randomFromSeed('plain');
    let state = createGame({ seed: 'plain', turnLimit: 80 });
    while (state.outcome === null) {
      expect(isChanceNode(state)).toBe(false);
      expect(chanceOutcomes(state)).toEqual([]);
      expect(toAct(state)).toEqual(engineToAct(state));
      const seat = toAct(state)[0] as Seat;
      expect(viewFor(state, seat)).toEqual(engineView(state, seat));
      const action = randomAction(state, seat, random);
      const result = applyAction(state, seat, action);
      expect(result).toEqual(engineApply(state, seat, action));
      if (!result.ok) throw new Error(result.error.message);
      state = result.state;
    }
    const [red, blue] = returns(state);
    expect(red + blue).toBe(0);
  });

  it('quick odds of 0 and 1: a shot node has its one possible outcome', () => {
    const { final, nodes } = playChanceGame(
      { shots: 'quick', quickOdds: { sail: 0, skull: 1 }, turnLimit: 80 },
      'sure',
    );
    expect(final.state.phase).toBe('over');
    expect(nodes.shot).toBeGreaterThan(0);
  });
});

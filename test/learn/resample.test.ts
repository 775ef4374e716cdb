import { describe, expect, it } from 'vitest';
import {
  type Action,
  aimFor,
  applyAction,
  type CardSides,
  createGame,
  eventsFor,
  type GameEvent,
  type GameOptions,
  type GameState,
  legalActions,
  type PlayerView,
  type Random,
  randomFromSeed,
  SEATS,
  type Seat,
  toAct,
  viewFor,
} from '../../src/engine/index.ts';
import { Resampler, resample } from '../../src/learn/index.ts';
import { docBlock } from './doc-block.ts';
import { dealProblem, ODD_CARD_SET } from './worlds.ts';

/** The options of random game `g`: both variants, both shot modes, now and then seats' entropy or the odd card set. */
function optionsOf(g: number, turnLimit: number): GameOptions {
  return {
    seed: `resample-${g}`,
    variant: g % 2 === 0 ? 'standard' : 'advanced',
    shots: (g >> 1) % 2 === 0 ? 'quick' : 'aimed',
    turnLimit,
    ...(g % 10 === 7 ? { entropy: 'seats' as const } : {}),
    ...(g % 5 === 4 ? { cardSet: ODD_CARD_SET } : {}),
  };
}

/** A uniformly random legal action, a random aim for an aimed shot, random entropy for a contribution. */
function randomAction(state: GameState, seat: Seat, random: Random): Action {
  const pending = state.pending;
  if (pending.ask === 'contribute') {
    let entropy = '';
    for (let i = 0; i < 32; i++) entropy += random.int(16).toString(16);
    return { type: 'contribute', entropy };
  }
  const choices = legalActions(state, seat);
  const action = choices[random.int(choices.length)];
  if (action === undefined) throw new Error(`${seat} has nothing to do at ${pending.ask}`);
  if (action.type === 'shoot' && action.aim !== undefined && pending.ask === 'shoot')
    return { type: 'shoot', aim: aimFor(pending.target, random.float(), random.float, state.rules.cannon) };
  return action;
}

/**
 * Plays `state` on with random legal actions through `applyAction` to the end; returns the refusals met
 * (a refused action is skipped for another draw).
 */
function playOn(start: GameState, random: Random): { refusals: string[]; ended: boolean } {
  let state = start;
  const refusals: string[] = [];
  for (let i = 0; i < 5000 && state.outcome === null; i++) {
    const seats = toAct(state);
    const seat = seats[random.int(seats.length)];
    if (seat === undefined) break;
    const action = randomAction(state, seat, random);
    const result = applyAction(state, seat, action);
    if (!result.ok) {
      refusals.push(`${JSON.stringify(action)}: ${result.error.message}`);
      if (refusals.length > 3) break;
      continue;
    }
    state = result.state;
  }
  return { refusals, ended: state.outcome !== null };
}

describe('resample (OpenSpiel ResampleFromInfostate)', () => {
  it('R11, R9: over 300 random games, resampled worlds show the very view, deal the card set and play on to the end', () => {
    const random = randomFromSeed('resample-worlds');
    const playRandom = randomFromSeed('resample-play-on');
    let checked = 0;
    let playedOn = 0;
    let withoutHistory = 0;
    const asks = new Set<string>();
    for (let g = 0; g < 300; g++) {
      const options = optionsOf(g, 40 + (g % 3) * 20);
      let state = createGame(options);
      const history: Record<Seat, GameEvent[]> = { red: [], blue: [] };
      const gameRandom = randomFromSeed(`resample-game-${g}`);
      const check = (step: number) => {
        for (const seat of SEATS) {
          const view = viewFor(state, seat);
          const told = (step + (seat === 'red' ? 0 : 7)) % 4 !== 0;
          if (!told) withoutHistory++;
          const world = told ? resample(view, random, history[seat]) : resample(view, random);
          expect(viewFor(world, seat)).toStrictEqual(view);
          expect(dealProblem(world.cards, options.cardSet ?? view.rules.cardSet)).toBeNull();
          asks.add(view.pending.ask);
          checked++;
          if (step % 21 === 1 && state.outcome === null) {
            const played = playOn(world, playRandom);
            expect(played.refusals).toEqual([]);
            expect(played.ended).toBe(true);
            playedOn++;
          }
        }
      };
      for (let step = 0; state.outcome === null; step++) {
        if (step % 7 === 1) check(step);
        const seats = toAct(state);
        const seat = seats[gameRandom.int(seats.length)] as Seat;
        const result = applyAction(state, seat, randomAction(state, seat, gameRandom));
        if (!result.ok) throw new Error(result.error.message);
        state = result.state;
        for (const s of SEATS) history[s].push(...eventsFor(result.events, s));
      }
      check(0);
    }
    expect(checked).toBeGreaterThan(4000);
    expect(playedOn).toBeGreaterThan(1000);
    expect(withoutHistory).toBeGreaterThan(500);
    for (const ask of ['contribute', 'setup', 'turnCard', 'attack', 'shoot', 'hatch', 'plank', 'none'])
      expect(asks).toContain(ask);
  });

  it('docs/learn.md: the example plays a resampled world on to the end', async () => {
    const { playOnAResampledWorld } = await docBlock<{ playOnAResampledWorld(seed: string): string }>(
      'docs/learn.md',
      '## Resampling',
    );
    expect(playOnAResampledWorld('doc')).toMatch(/turn limit|flag/);
  });

  it("refuses a spectator's view with a RangeError that says why", () => {
    const view = viewFor(createGame({ seed: 'spectator' }), 'spectator');
    expect(() => resample(view, randomFromSeed('s'))).toThrow(RangeError);
    expect(() => resample(view, randomFromSeed('s'))).toThrow(/spectator/);
  });

  it('the same seed gives the same world; another seed another', () => {
    const view = viewFor(createGame({ seed: 'same' }), 'blue');
    expect(resample(view, randomFromSeed('a'))).toStrictEqual(resample(view, randomFromSeed('a')));
    expect(resample(view, randomFromSeed('a')).kinds).not.toEqual(resample(view, randomFromSeed('b')).kinds);
  });
});

/** Both seats set up: flags in order, the first three pieces on deck. */
function setUp(options: GameOptions): GameState {
  let state = createGame(options);
  for (const seat of SEATS) {
    const first = seat === 'red' ? 0 : 10;
    const result = applyAction(state, seat, {
      type: 'setup',
      flags: ['monkey', 'flag', 'barrel'],
      deck: [first, first + 1, first + 2],
    });
    if (!result.ok) throw new Error(result.error.message);
    state = result.state;
  }
  return state;
}

/** Is `count` of `n` draws within five standard deviations of probability `p`? */
function near(count: number, n: number, p: number): boolean {
  return Math.abs(count - n * p) <= 5 * Math.sqrt(n * p * (1 - p));
}

describe('resample draws from the right distribution', () => {
  it('R1.1, AI.md: the Bomb is uniform over the hidden pieces that never boarded; the other kinds spread evenly', () => {
    const state = setUp({ seed: 'bomb-spread', shots: 'quick' });
    // Three of blue's pieces that are not the Bomb are marked as having boarded (public: R11).
    const boarders = [10, 11, 12, 13, 14].filter((id) => state.kinds[id] !== 'bomb').slice(0, 3);
    const boarded = state.boarded.slice();
    for (const id of boarders) boarded[id] = true;
    const view = viewFor({ ...state, boarded }, 'red');
    const random = randomFromSeed('bomb-spread');
    const n = 9000;
    const bombAt = new Map<number, number>();
    const captainAt = new Map<number, number>();
    for (let i = 0; i < n; i++) {
      const world = resample(view, random);
      for (let id = 10; id < 20; id++) {
        const kind = world.kinds[id];
        if (kind === 'bomb') bombAt.set(id, (bombAt.get(id) ?? 0) + 1);
        if (kind === 'captain') captainAt.set(id, (captainAt.get(id) ?? 0) + 1);
      }
    }
    for (const id of boarders) expect(bombAt.get(id)).toBeUndefined();
    expect(bombAt.size).toBe(7);
    for (const count of bombAt.values()) expect(near(count, n, 1 / 7)).toBe(true);
    // Uniform over the allowed assignments: the Captain on a boarder 1/9, elsewhere (1 - 3/9) / 7.
    for (let id = 10; id < 20; id++) {
      const p = boarders.includes(id) ? 1 / 9 : 2 / 21;
      expect(near(captainAt.get(id) ?? 0, n, p)).toBe(true);
    }
  });

  /**
   * Every matching of the card set's cards (by index) to the unturned places, with its weight: the deal
   * shuffles the cards and puts each with either side up at even odds, so a matching is as likely as the
   * number of ways its cards show the faces up (2 for a card with the same face twice). Keyed by the backs
   * it gives the unturned places, summed over the matchings that give them (cards alike give the same).
   */
  function matchings(view: PlayerView): Map<string, number> {
    const cardSet = view.rules.cardSet;
    const free = cardSet.map((_, i) => i);
    for (const card of view.cards) {
      if (card.down === null) continue;
      const at = free.findIndex((i) => {
        const [a, b] = cardSet[i] as CardSides;
        return (a === card.up && b === card.down) || (b === card.up && a === card.down);
      });
      free.splice(at, 1);
    }
    const places = view.cards.filter((card) => card.down === null);
    const found = new Map<string, number>();
    const used = new Set<number>();
    const backs: string[] = [];
    const walk = (p: number, weight: number) => {
      const place = places[p];
      if (place === undefined) {
        const key = backs.join(',');
        found.set(key, (found.get(key) ?? 0) + weight);
        return;
      }
      for (const i of free) {
        if (used.has(i)) continue;
        const [a, b] = cardSet[i] as CardSides;
        const ways = (a === place.up ? 1 : 0) + (b === place.up ? 1 : 0);
        if (ways === 0) continue;
        used.add(i);
        backs.push(a === place.up ? b : a);
        walk(p + 1, weight * ways);
        backs.pop();
        used.delete(i);
      }
    };
    walk(0, 1);
    return found;
  }

  /** Chi-square of the resampled backs against the matchings' weights, and its bound (p about 1e-4). */
  function chiSquare(
    view: PlayerView,
    n: number,
    seed: string,
  ): { stat: number; bound: number; tables: number } {
    const expected = matchings(view);
    let total = 0;
    for (const w of expected.values()) total += w;
    const seen = new Map<string, number>();
    const random = randomFromSeed(seed);
    // The search's way: what the view fixes worked out once, then many worlds (resample is one of these).
    const resampler = new Resampler(view);
    for (let i = 0; i < n; i++) {
      const world = resampler.sample(random);
      const key = world.cards
        .filter((_, c) => view.cards[c]?.down === null)
        .map((card) => card.sides[card.up === 0 ? 1 : 0])
        .join(',');
      expect(expected.has(key)).toBe(true);
      seen.set(key, (seen.get(key) ?? 0) + 1);
    }
    let stat = 0;
    for (const [key, w] of expected) {
      const e = (n * w) / total;
      stat += ((seen.get(key) ?? 0) - e) ** 2 / e;
    }
    // Wilson-Hilferty's approximation of the chi-square quantile, z = 3.7.
    const df = expected.size - 1;
    const bound = df * (1 - 2 / (9 * df) + 3.7 * Math.sqrt(2 / (9 * df))) ** 3;
    return { stat, bound, tables: expected.size };
  }

  it('R1.5, R9: unturned backs are uniform among the deals of the card set the faces up allow', () => {
    const fresh = viewFor(createGame({ seed: 'deal-1', shots: 'quick' }), 'red');
    const all = chiSquare(fresh, 40_000, 'deal-all');
    expect(all.tables).toBeGreaterThan(3);
    expect(all.stat).toBeLessThan(all.bound);
    // Half the cards turned once: their backs known, the rest matched to what the set has left.
    const state = createGame({ seed: 'deal-2', shots: 'quick' });
    const cards = state.cards.map((card, i) => (i < 3 ? { ...card, known: true } : card));
    const half = chiSquare(viewFor({ ...state, cards }, 'blue'), 20_000, 'deal-half');
    expect(half.tables).toBeGreaterThan(1);
    expect(half.stat).toBeLessThan(half.bound);
  });

  it('R9.2: with a card set of alike cards and same-faced ones, the backs are uniform among the deals too', () => {
    for (const seed of ['odd-1', 'odd-2', 'odd-3']) {
      const view = viewFor(createGame({ seed, shots: 'quick', cardSet: ODD_CARD_SET }), 'red');
      const odd = chiSquare(view, 30_000, seed);
      expect(odd.tables).toBeGreaterThan(1);
      expect(odd.stat).toBeLessThan(odd.bound);
    }
  });
});

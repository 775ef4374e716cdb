/**
 * Properties over random seeds and random legal play (fast-check): games end, pieces are conserved, illegal
 * actions change nothing, records replay exactly, states survive JSON, views hide what R11 hides, and the
 * bots' fast path (its random playout included) plays the same game as the public API.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type Action,
  actionKey,
  applyAction,
  createGame,
  fastApply,
  fastChoices,
  fastClone,
  fastCopy,
  fastDecider,
  fastRandomPlayout,
  fastSettle,
  type GameState,
  legalActions,
  PIECE_KINDS,
  type PieceKind,
  randomFromSeed,
  recordOf,
  replay,
  SEATS,
  type Seat,
  toAct,
  viewFor,
} from '../../src/engine/index.ts';
import { randomGame } from './random-play.ts';

const seeds = fc.string({ minLength: 1, maxLength: 12 });
const variants = fc.constantFrom('standard' as const, 'advanced' as const);
const shots = fc.constantFrom('quick' as const, 'aimed' as const);

/** Freezes `value` and everything it holds, so any later write to it throws. */
function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

function everyNth<T>(items: readonly T[], n: number): T[] {
  return items.filter((_, i) => i % n === 0);
}

describe('engine properties', () => {
  it('R7.2 every game with a turn limit ends', () => {
    fc.assert(
      fc.property(seeds, variants, shots, (seed, variant, shotMode) => {
        const { final } = randomGame({ seed, variant, shots: shotMode, turnLimit: 150 }, `play-${seed}`);
        expect(final.outcome).not.toBeNull();
        expect(final.phase).toBe('over');
        expect(toAct(final)).toEqual([]);
      }),
      { numRuns: 60 },
    );
  });

  it('R1.1 each seat always has exactly 10 pieces across extras, decks and out of play', () => {
    fc.assert(
      fc.property(seeds, variants, (seed, variant) => {
        const { states } = randomGame({ seed, variant, shots: 'quick', turnLimit: 120 }, `p-${seed}`);
        for (const state of states) {
          for (const seat of SEATS) {
            const first = seat === 'red' ? 0 : 10;
            const ids = Array.from({ length: 10 }, (_, i) => first + i);
            const onDecks = [...state.decks.red, ...state.decks.blue].filter((id) => ids.includes(id));
            const extras = ids.filter((id) => state.places[id] === 'extras');
            const out = state.out.filter((id) => ids.includes(id));
            expect(onDecks.length + extras.length + out.length).toBe(10);
            expect(new Set([...onDecks, ...extras, ...out]).size).toBe(10);
          }
        }
      }),
      { numRuns: 40 },
    );
  });

  it('any action not in legalActions is refused and leaves the state deep-equal', () => {
    const candidates: Action[] = [
      ...Array.from({ length: 10 }, (_, card) => ({ type: 'turnCard', card }) as const),
      ...Array.from({ length: 20 }, (_, piece) => ({ type: 'newPirate', piece }) as const),
      ...Array.from({ length: 20 }, (_, piece) => ({ type: 'swing', piece }) as const),
      ...Array.from({ length: 20 }, (_, piece) => ({ type: 'raid', piece }) as const),
      ...Array.from({ length: 20 }, (_, piece) => ({ type: 'plank', piece }) as const),
      ...Array.from({ length: 20 }, (_, piece) => ({ type: 'hatch', piece }) as const),
      ...Array.from({ length: 20 }, (_, piece) => ({ type: 'losePiece', piece }) as const),
      ...Array.from({ length: 3 }, (_, slot) => ({ type: 'turnFlag', slot }) as const),
      { type: 'attack', attacker: 1, target: 12 },
      { type: 'attack', attacker: 12, target: 1 },
      { type: 'pass' },
      { type: 'shoot' },
      { type: 'setup', flags: ['flag', 'flag', 'monkey'], deck: [0, 1, 2] },
      { type: 'setup', flags: ['flag', 'barrel', 'monkey'], deck: [0, 1, 12] },
    ];
    fc.assert(
      fc.property(seeds, variants, (seed, variant) => {
        const { states } = randomGame({ seed, variant, shots: 'quick', turnLimit: 80 }, `i-${seed}`);
        for (const state of everyNth(states, 7)) {
          const before = JSON.stringify(state);
          for (const seat of SEATS) {
            const legal = new Set(legalActions(state, seat).map(actionKey));
            for (const action of candidates) {
              if (legal.has(actionKey(action))) continue;
              const result = applyAction(state, seat, action);
              expect(result.ok, `${seat} ${JSON.stringify(action)}`).toBe(false);
              if (!result.ok) {
                expect(result.error.code).toMatch(/^[a-z]+\/[a-z-]+$/);
                expect(result.error.message.length).toBeGreaterThan(10);
              }
            }
          }
          expect(JSON.stringify(state)).toBe(before);
        }
      }),
      { numRuns: 15 },
    );
  });

  it("an accepted action never changes the caller's state: every state deep-frozen, each still deep-equal after", () => {
    fc.assert(
      fc.property(seeds, variants, shots, (seed, variant, shotMode) => {
        const random = randomFromSeed(`frozen-${seed}`);
        let state = deepFreeze(createGame({ seed, variant, shots: shotMode, turnLimit: 120 }));
        const states: [GameState, string][] = [];
        while (state.outcome === null) {
          const seat = toAct(state)[0] as Seat;
          const choices = legalActions(state, seat);
          const action = choices[random.int(choices.length)] as Action;
          states.push([state, JSON.stringify(state)]);
          // A write to a frozen state throws in the engine's strict code: the engine reports it as a failure.
          const result = applyAction(state, seat, action);
          if (!result.ok) throw new Error(`${JSON.stringify(action)}: ${result.error.message}`);
          state = deepFreeze(result.state);
        }
        for (const [earlier, json] of states) expect(JSON.stringify(earlier)).toBe(json);
      }),
      { numRuns: 25 },
    );
  });

  it('R7 record replay reproduces the game exactly', () => {
    fc.assert(
      fc.property(seeds, variants, shots, (seed, variant, shotMode) => {
        const { final } = randomGame({ seed, variant, shots: shotMode, turnLimit: 200 }, `r-${seed}`);
        const replayed = replay(JSON.parse(JSON.stringify(recordOf(final))));
        expect(replayed.ok).toBe(true);
        if (replayed.ok) expect(replayed.value).toEqual(final);
      }),
      { numRuns: 30 },
    );
  });

  it('a state survives a JSON round trip and plays on identically', () => {
    fc.assert(
      fc.property(seeds, shots, (seed, shotMode) => {
        const { states } = randomGame({ seed, shots: shotMode, turnLimit: 100 }, `j-${seed}`);
        const middle = states[Math.floor(states.length / 2)] as GameState;
        const copy = JSON.parse(JSON.stringify(middle)) as GameState;
        expect(copy).toEqual(middle);
        const seat = toAct(middle)[0];
        if (seat === undefined) return;
        const action = legalActions(middle, seat)[0] as Action;
        const a = applyAction(middle, seat, action);
        const b = applyAction(copy, seat, action);
        expect(a).toEqual(b);
      }),
      { numRuns: 30 },
    );
  });

  it("R11 a seat's view is unchanged when the opponent's unshown kinds, unshown flag cards or unknown card backs are permuted", () => {
    fc.assert(
      fc.property(seeds, variants, fc.integer({ min: 0, max: 1_000_000 }), (seed, variant, shuffleSeed) => {
        const { states } = randomGame({ seed, variant, shots: 'quick', turnLimit: 120 }, `v-${seed}`);
        const random = randomFromSeed(`shuffle-${shuffleSeed}`);
        for (const state of everyNth(states, 9)) {
          for (const viewer of SEATS) {
            const changed = permuteHidden(state, viewer, random.int.bind(random));
            expect(viewFor(changed, viewer)).toEqual(viewFor(state, viewer));
          }
        }
      }),
      { numRuns: 25 },
    );
  });

  it('R11.3 no view holds the seed or the PRNG state', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), (n) => {
        const seed = `secret-seed-${n}`;
        const { states } = randomGame({ seed, shots: 'aimed', turnLimit: 60 }, `s-${n}`);
        for (const state of everyNth(states, 5)) {
          for (const viewer of [...SEATS, 'spectator' as const]) {
            const text = JSON.stringify(viewFor(state, viewer));
            expect(text).not.toContain(seed);
            expect(text).not.toContain('"random"');
            expect(text).not.toContain('"seed":');
            // The rules name the generator (public); the chance state itself never shows.
            expect(text).not.toContain('"contributions"');
            expect(text).not.toContain('"drawn"');
            if (state.chance.generator === 'chacha20' && state.chance.key !== null)
              expect(text).not.toContain(state.chance.key);
          }
        }
      }),
      { numRuns: 10 },
    );
  });

  it('the fast path plays the same game as the public API', () => {
    fc.assert(
      fc.property(seeds, variants, shots, (seed, variant, shotMode) => {
        const { final } = randomGame({ seed, variant, shots: shotMode, turnLimit: 150 }, `f-${seed}`);
        const start = replay({ options: recordOf(final).options, actions: [] });
        if (!start.ok) throw new Error(start.error.message);
        const game = fastCopy(start.value);
        for (const entry of final.log) {
          expect(fastDecider(game) === entry.seat || toAct(fastSettle(game)).includes(entry.seat)).toBe(true);
          const key = actionKey(entry.action);
          const choice = fastChoices(game, entry.seat).find((c) => actionKey(c) === key) ?? entry.action;
          fastApply(game, entry.seat, choice);
        }
        const fastFinal = fastSettle(game);
        expect({ ...fastFinal, log: [] }).toEqual({ ...final, log: [] });
      }),
      { numRuns: 40 },
    );
  });

  it('a fast copy never writes into its source, and a game and its clone each play on as if alone', () => {
    fc.assert(
      fc.property(seeds, variants, fc.integer({ min: 0, max: 60 }), (seed, variant, cut) => {
        const options = { seed, variant, shots: 'quick', turnLimit: 150 } as const;
        // The source deep-frozen: a write into a shared part (a card, the flags shown) throws.
        const start = deepFreeze(createGame(options));
        /** The first `cut` decisions drawn from `a`, then the rest from `rest`, with no clone made. */
        const alone = (rest: string) => {
          const game = fastCopy(start);
          fastRandomPlayout(game, randomFromSeed(`a-${seed}`), cut);
          fastRandomPlayout(game, randomFromSeed(rest));
          return fastSettle(game);
        };
        // A clone made at the cut; the game goes on first, then the clone: neither may see the other's writes.
        const game = fastCopy(start);
        fastRandomPlayout(game, randomFromSeed(`a-${seed}`), cut);
        const clone = fastClone(game);
        fastRandomPlayout(game, randomFromSeed(`b-${seed}`));
        fastRandomPlayout(clone, randomFromSeed(`c-${seed}`));
        expect(fastSettle(game)).toEqual(alone(`b-${seed}`));
        expect(fastSettle(clone)).toEqual(alone(`c-${seed}`));
      }),
      { numRuns: 40 },
    );
  });

  it("the fast path's random playout plays the game the public API plays with the same draws", () => {
    fc.assert(
      fc.property(seeds, variants, shots, (seed, variant, shotMode) => {
        const options = { seed, variant, shots: shotMode, turnLimit: 150 } as const;
        // The public API, choosing as the playout does: the first seat to act, a uniform pick from its list.
        const random = randomFromSeed(`o-${seed}`);
        let state = createGame(options);
        while (state.outcome === null) {
          const seat = toAct(state)[0] as Seat;
          const choices = legalActions(state, seat);
          const result = applyAction(state, seat, choices[random.int(choices.length)]);
          if (!result.ok) throw new Error(result.error.message);
          state = result.state;
        }
        const game = fastCopy(createGame(options));
        expect(fastRandomPlayout(game, randomFromSeed(`o-${seed}`))).toEqual(state.outcome);
        expect({ ...fastSettle(game), log: [] }).toEqual({ ...state, log: [] });
      }),
      { numRuns: 40 },
    );
  });
});

/** A state that differs from `state` only in what `viewer` cannot know. */
function permuteHidden(state: GameState, viewer: Seat, int: (n: number) => number): GameState {
  const copy = JSON.parse(JSON.stringify(state)) as GameState & { kinds: PieceKind[] };
  const opponent: Seat = viewer === 'red' ? 'blue' : 'red';
  const first = opponent === 'red' ? 0 : 10;
  const hidden = Array.from({ length: 10 }, (_, i) => first + i).filter((id) => !copy.shown[id]);
  const kinds = hidden.map((id) => copy.kinds[id] ?? PIECE_KINDS[0]);
  shuffle(kinds, int);
  // The Bomb never stands on the enemy deck: keep permutations that respect what the view shows.
  const bombAt = hidden[kinds.indexOf('bomb')];
  if (bombAt !== undefined && copy.boarded[bombAt]) return copy;
  hidden.forEach((id, i) => {
    copy.kinds[id] = kinds[i] ?? 'bomb';
  });
  const slots = copy.flagSlots[opponent];
  const hiddenSlots = [0, 1, 2].filter((s) => !copy.flagShown[opponent][s] && slots[s] !== undefined);
  const cards = hiddenSlots.map((s) => slots[s]);
  shuffle(cards, int);
  hiddenSlots.forEach((s, i) => {
    const card = cards[i];
    if (card) slots[s] = card;
  });
  // Unknown card backs: swap the down faces of two never-turned cards.
  const unknown = copy.cards.map((c, i) => (c.known ? -1 : i)).filter((i) => i >= 0);
  if (unknown.length >= 2) {
    const a = copy.cards[unknown[0] as number];
    const b = copy.cards[unknown[1] as number];
    if (a && b) {
      const downA = a.sides[a.up === 0 ? 1 : 0];
      const downB = b.sides[b.up === 0 ? 1 : 0];
      (a as { sides: readonly [string, string] }).sides =
        a.up === 0 ? [a.sides[0], downB] : [downB, a.sides[1]];
      (b as { sides: readonly [string, string] }).sides =
        b.up === 0 ? [b.sides[0], downA] : [downA, b.sides[1]];
    }
  }
  return copy;
}

function shuffle<T>(items: T[], int: (n: number) => number): void {
  for (let i = items.length - 1; i > 0; i--) {
    const j = int(i + 1);
    const a = items[i] as T;
    items[i] = items[j] as T;
    items[j] = a;
  }
}

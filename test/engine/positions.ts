/**
 * Named positions for rule tests: a play-phase state described the way the rulebook describes a table
 * ("red has the Captain and the Bomb on deck and Walter Whip on the blue ship; card 1 will show Attack!"),
 * plus small helpers to play actions and to check refusals. Positions are built field by field on top of a
 * real `createGame`, so kinds, cards and rules are the engine's own; `checkConsistent` says they agree.
 */
import { expect } from 'vitest';
import {
  type Action,
  type ApplyResult,
  aimFor,
  applyAction,
  type CardFace,
  type ChanceState,
  createGame,
  type EngineError,
  type FlagCard,
  type GameEvent,
  type GameOptions,
  type GameState,
  gameKey,
  legalActions,
  PIECE_SET,
  type PieceKind,
  type Place,
  type Random,
  randomFromSeed,
  SEATS,
  type Seat,
  toAct,
} from '../../src/engine/index.ts';

/** One seat's pieces: on its own deck, boarding the enemy deck, out of play; the rest are extras. */
export interface SeatSetup {
  readonly deck?: readonly PieceKind[];
  readonly boarding?: readonly PieceKind[];
  readonly out?: readonly PieceKind[];
  /** Flag cards by slot; default Monkey, Flag, Powder Barrel. */
  readonly flags?: readonly FlagCard[];
}

export interface PositionSpec {
  /** The seat to turn a card now. */
  readonly mover: Seat;
  readonly red?: SeatSetup;
  readonly blue?: SeatSetup;
  /** Card 0 shows this face once turned (see `cardShows` for other cards). */
  readonly card?: CardFace;
  /** Seeds the shuffle of kinds and cards; default 'position'. */
  readonly seed?: string;
  /** Seeds the PRNG from here on (coins, quick shots, wobble): loop over these to see both coin sides. */
  readonly random?: string;
  /** Game options other than the seed and the first seat (variant, shots, quickOdds, turnLimit, ...). */
  readonly options?: Omit<GameOptions, 'seed' | 'firstSeat'>;
}

export interface Position {
  readonly state: GameState;
  /** The id of `seat`'s first piece of `kind`, in listing order (deck, boarding, out, then extras). */
  id(seat: Seat, kind: PieceKind): number;
  /** Every id of `seat`'s pieces of `kind`, in the same order. */
  ids(seat: Seat, kind: PieceKind): number[];
}

/** Builds a play-phase position: `mover` to turn a card, nothing turned yet, no card barred. */
export function position(spec: PositionSpec): Position {
  const game = createGame({
    shots: 'quick',
    ...spec.options,
    seed: spec.seed ?? 'position',
    firstSeat: spec.mover,
  });
  const places: Place[] = game.kinds.map(() => 'extras');
  const shown = game.kinds.map(() => false);
  const boarded = game.kinds.map(() => false);
  const decks: Record<Seat, number[]> = { red: [], blue: [] };
  const out: number[] = [];
  const order: Record<Seat, number[]> = { red: [], blue: [] };
  const take = (seat: Seat, kind: PieceKind): number => {
    const first = seat === 'red' ? 0 : 10;
    for (let id = first; id < first + 10; id++) {
      if (game.kinds[id] === kind && !order[seat].includes(id)) {
        order[seat].push(id);
        return id;
      }
    }
    throw new Error(`position: ${seat} has no ${kind} left to place (R1.1 gives ${countOf(kind)})`);
  };
  for (const seat of SEATS) {
    const setup = spec[seat] ?? {};
    const enemy: Seat = seat === 'red' ? 'blue' : 'red';
    for (const kind of setup.deck ?? []) {
      const id = take(seat, kind);
      places[id] = seat;
      decks[seat].push(id);
    }
    for (const kind of setup.boarding ?? []) {
      if (kind === 'bomb') throw new Error('position: the Bomb never goes to the enemy deck (R3.4)');
      const id = take(seat, kind);
      places[id] = enemy;
      boarded[id] = true;
      decks[enemy].push(id);
    }
    for (const kind of setup.out ?? []) {
      const id = take(seat, kind);
      places[id] = 'out';
      shown[id] = true;
      out.push(id);
    }
    const first = seat === 'red' ? 0 : 10;
    for (let id = first; id < first + 10; id++) if (!order[seat].includes(id)) order[seat].push(id);
  }
  // Own pieces stand before enemy boarders on each deck (they were there first).
  const ownFirst = (ship: Seat) => [
    ...decks[ship].filter((id) => id < 10 === (ship === 'red')),
    ...decks[ship].filter((id) => id < 10 !== (ship === 'red')),
  ];
  let state: GameState = {
    ...game,
    phase: 'play',
    places,
    decks: { red: ownFirst('red'), blue: ownFirst('blue') },
    shown,
    boarded,
    out,
    flagSlots: {
      red: [...(spec.red?.flags ?? ['monkey', 'flag', 'barrel'])],
      blue: [...(spec.blue?.flags ?? ['monkey', 'flag', 'barrel'])],
    },
    flagShown: { red: [false, false, false], blue: [false, false, false] },
    ready: { red: true, blue: true },
    mover: spec.mover,
    pending: { ask: 'turnCard', seat: spec.mover },
  };
  if (spec.card) state = cardShows(state, 0, spec.card);
  if (spec.random !== undefined) state = { ...state, chance: chanceOfSeed(spec.random) };
  checkConsistent(state);
  const ids = (seat: Seat, kind: PieceKind) => order[seat].filter((id) => game.kinds[id] === kind);
  return {
    state,
    ids,
    id: (seat, kind) => {
      const [id] = ids(seat, kind);
      if (id === undefined) throw new Error(`position: ${seat} has no ${kind}`);
      return id;
    },
  };
}

/** The chance of a game keyed by `seed` alone (no contributions), so a test can try chance after chance. */
export function chanceOfSeed(seed: string): ChanceState {
  return {
    generator: 'chacha20',
    contributions: { red: '', blue: '' },
    key: gameKey(seed, { red: '', blue: '' }),
    drawn: { plank: 0, shot: 0 },
  };
}

function countOf(kind: PieceKind): number {
  return PIECE_SET.filter((k) => k === kind).length;
}

/**
 * The same state, with the cards rearranged so that turning card `index` shows `face`: a card with that face
 * is swapped into `index`, its other face up. The ten cards stay the game's card set.
 */
export function cardShows(state: GameState, index: number, face: CardFace): GameState {
  const cards = state.cards.map((card) => ({ ...card }));
  const here = cards[index];
  if (here === undefined) throw new Error(`cardShows: no card ${index}`);
  const from = here.sides.includes(face)
    ? index
    : [...cards.keys()]
        .sort((i, j) => Number(i === state.lastTurned) - Number(j === state.lastTurned))
        .find((i) => i !== index && cards[i]?.aside === null && cards[i]?.sides.includes(face));
  if (from === undefined) throw new Error(`cardShows: no card has ${face}`);
  const card = cards[from];
  if (card === undefined) throw new Error(`cardShows: no card has ${face}`);
  cards[from] = here;
  cards[index] = { ...card, up: card.sides[0] === face ? 1 : 0 };
  return { ...state, cards };
}

/** Applies one action that must be accepted; returns the result, so `.state` and `.events` can be read. */
export function act(state: GameState, seat: Seat, action: Action): { state: GameState; events: GameEvent[] } {
  const result = applyAction(state, seat, action);
  if (!result.ok) throw new Error(`${seat} ${JSON.stringify(action)} refused: ${result.error.message}`);
  checkConsistent(result.state);
  return { state: result.state, events: result.events };
}

/** Applies actions in order; returns the last state and every event on the way. */
export function play(
  state: GameState,
  ...steps: [Seat, Action][]
): { state: GameState; events: GameEvent[] } {
  let now = state;
  const events: GameEvent[] = [];
  for (const [seat, action] of steps) {
    const result = act(now, seat, action);
    now = result.state;
    events.push(...result.events);
  }
  return { state: now, events };
}

/** Expects a refusal with `code`, a sentence, and the input state left exactly as it was. */
export function refused(state: GameState, seat: unknown, action: unknown, code: string): EngineError {
  const before = structuredClone(state);
  const result: ApplyResult = applyAction(state, seat, action);
  if (result.ok) throw new Error(`expected ${code}, but ${JSON.stringify(action)} was accepted`);
  expect(result.error.code).toBe(code);
  expect(result.error.message).toMatch(/^\S.{10,}[.!)]$/);
  expect(state).toEqual(before);
  return result.error;
}

/** Events of one type, typed. */
export function eventsOf<T extends GameEvent['type']>(
  events: readonly GameEvent[],
  type: T,
): Extract<GameEvent, { type: T }>[] {
  return events.filter((e): e is Extract<GameEvent, { type: T }> => e.type === type);
}

/** The one event of a type; throws if there is none or more. */
export function theEvent<T extends GameEvent['type']>(
  events: readonly GameEvent[],
  type: T,
): Extract<GameEvent, { type: T }> {
  const found = eventsOf(events, type);
  const [only] = found;
  if (only === undefined || found.length !== 1)
    throw new Error(`expected one ${type} event, got ${found.length}`);
  return only;
}

/** Throws unless the state's parts agree: R1.1 kinds, places and decks, the out list, cards, flags. */
export function checkConsistent(state: GameState): void {
  const fail = (why: string) => {
    throw new Error(`inconsistent state: ${why}`);
  };
  for (const seat of SEATS) {
    const first = seat === 'red' ? 0 : 10;
    const kinds = state.kinds.slice(first, first + 10).sort();
    if (JSON.stringify(kinds) !== JSON.stringify(PIECE_SET.slice().sort())) fail(`${seat} kinds ${kinds}`);
    for (const id of state.decks[seat]) if (state.places[id] !== seat) fail(`${id} on ${seat} deck`);
    if (state.ready[seat] && [...state.flagSlots[seat]].sort().join() !== 'barrel,flag,monkey') {
      fail(`${seat} flags ${state.flagSlots[seat]}`);
    }
  }
  state.places.forEach((place, id) => {
    if ((place === 'red' || place === 'blue') && state.decks[place].filter((p) => p === id).length !== 1) {
      fail(`piece ${id} is on ${place} but not once in its deck`);
    }
    if ((place === 'out') !== state.out.includes(id)) fail(`piece ${id} out list`);
    if (place === 'out' && !state.shown[id]) fail(`piece ${id} out but not shown (R4.5)`);
    const owner: Seat = id < 10 ? 'red' : 'blue';
    if (state.kinds[id] === 'bomb' && place === (owner === 'red' ? 'blue' : 'red')) fail('Bomb boarded');
  });
  if (new Set(state.out).size !== state.out.length) fail('out list repeats');
  const sides = (list: readonly (readonly string[])[]) => list.map((s) => s.join('/')).sort();
  const dealt = state.pending.ask !== 'contribute';
  if (!dealt && state.cards.length > 0) fail('cards dealt before both seats contributed');
  if (
    dealt &&
    JSON.stringify(sides(state.cards.map((c) => c.sides))) !== JSON.stringify(sides(state.rules.cardSet))
  ) {
    fail('cards are not the card set');
  }
}

/**
 * Plays a game with seeded random choices from `legalActions` (aimed shots by `aimFor` with a fair skill)
 * until it ends or `maxActions` pass; calls `onStep` after each action. The same seed gives the same game.
 */
/** A seat's contribution as a host would give it, from a test's seeded generator (docs/fairness.md). */
export function randomContribution(random: Random): Action {
  let entropy = '';
  for (let i = 0; i < 64; i++) entropy += random.int(16).toString(16);
  return { type: 'contribute', entropy };
}

export function playRandomly(
  options: GameOptions,
  seed: string,
  onStep: (
    before: GameState,
    seat: Seat,
    action: Action,
    after: GameState,
    events: GameEvent[],
  ) => void = () => {},
  maxActions = 2000,
): GameState {
  const random = randomFromSeed(seed);
  let state = createGame(options);
  for (let i = 0; i < maxActions && state.phase !== 'over'; i++) {
    const seat = toAct(state)[random.int(toAct(state).length)];
    if (seat === undefined) break;
    const choices = legalActions(state, seat);
    let action: Action | undefined =
      state.pending.ask === 'contribute' ? randomContribution(random) : choices[random.int(choices.length)];
    if (action === undefined) throw new Error(`${seat} has nothing to do: ${JSON.stringify(state.pending)}`);
    if (action.type === 'shoot' && action.aim !== undefined && state.pending.ask === 'shoot') {
      action = { type: 'shoot', aim: aimFor(state.pending.target, 0.6, random.float, state.rules.cannon) };
    }
    const { state: after, events } = act(state, seat, action);
    onStep(state, seat, action, after, events);
    state = after;
  }
  return state;
}

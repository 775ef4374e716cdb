/**
 * Random legal play through the public engine API for the tensor tests: every decision's state with the
 * events each seat had seen before it, and the colour-swapped twin of a state and of an event, which
 * seat-relative tensors must encode alike.
 */
import {
  type Action,
  AIM_RANGES,
  type Aim,
  applyAction,
  createGame,
  eventsFor,
  type GameEvent,
  type GameOptions,
  type GameState,
  legalActions,
  opponentOf,
  type Pending,
  type Random,
  randomFromSeed,
  type Seat,
  toAct,
} from '../../src/engine/index.ts';

/**
 * A decision of a random game: the state, and each seat's events since the start (`eventsFor` of each). The
 * event lists grow as the game goes on: read them during the visit only.
 */
export interface Decision {
  readonly state: GameState;
  readonly history: { readonly red: readonly GameEvent[]; readonly blue: readonly GameEvent[] };
}

function uniform(random: Random, min: number, max: number): number {
  return min + (max - min) * random.float();
}

/** Any legal aim, drawn uniformly within the default cannon's ranges. */
export function randomAim(random: Random): Aim {
  return {
    x: uniform(random, AIM_RANGES.x.min, AIM_RANGES.x.max),
    back: uniform(random, AIM_RANGES.back.min, AIM_RANGES.back.max),
    yaw: uniform(random, AIM_RANGES.yaw.min, AIM_RANGES.yaw.max),
    pitch: uniform(random, AIM_RANGES.pitch.min, AIM_RANGES.pitch.max),
  };
}

/** Plays uniformly random legal actions (aimed shots at random aims) and calls `visit` at every decision. */
export function playRandomGame(
  options: GameOptions,
  playSeed: string,
  visit: (decision: Decision) => void,
  maxActions = 4000,
): GameState {
  const random = randomFromSeed(playSeed);
  let state = createGame(options);
  const red: GameEvent[] = [];
  const blue: GameEvent[] = [];
  for (let i = 0; i < maxActions; i++) {
    visit({ state, history: { red, blue } });
    if (state.outcome !== null) break;
    const seats = toAct(state);
    const seat = seats[random.int(seats.length)] as Seat;
    const choices = legalActions(state, seat);
    let action = choices[random.int(choices.length)] as Action;
    if (action.type === 'shoot' && state.rules.shots === 'aimed')
      action = { type: 'shoot', aim: randomAim(random) };
    const result = applyAction(state, seat, action);
    if (!result.ok)
      throw new Error(`legal action refused: ${JSON.stringify(action)}: ${result.error.message}`);
    red.push(...eventsFor(result.events, 'red'));
    blue.push(...eventsFor(result.events, 'blue'));
    state = result.state;
  }
  return state;
}

/** The same piece seen from the other colour: red's slot i is blue's slot i. */
export function swapPiece(id: number): number {
  return id < 10 ? id + 10 : id - 10;
}

function swapSeat<T>(value: T): T {
  return (value === 'red' ? 'blue' : value === 'blue' ? 'red' : value) as T;
}

function swapPending(pending: Pending): Pending {
  switch (pending.ask) {
    case 'contribute':
    case 'setup':
    case 'none':
      return pending;
    case 'shoot':
      return {
        ...pending,
        seat: opponentOf(pending.seat),
        hatch: pending.hatch === null ? null : swapPiece(pending.hatch),
      };
    case 'turnFlag':
      return {
        ...pending,
        seat: opponentOf(pending.seat),
        raider: pending.raider === null ? null : swapPiece(pending.raider),
      };
    default:
      return { ...pending, seat: opponentOf(pending.seat) };
  }
}

/** The colour-swapped twin of a state (a 'seed' game's): red's pieces, flags, cards and turns become blue's. */
export function swapColours(state: GameState): GameState {
  const byPiece = <T>(values: readonly T[]): T[] => values.map((_, id) => values[swapPiece(id)] as T);
  return {
    ...state,
    rules: { ...state.rules, firstSeat: swapSeat(state.rules.firstSeat) },
    kinds: byPiece(state.kinds),
    places: byPiece(state.places).map(swapSeat),
    decks: { red: state.decks.blue.map(swapPiece), blue: state.decks.red.map(swapPiece) },
    shown: byPiece(state.shown),
    boarded: byPiece(state.boarded),
    out: state.out.map(swapPiece),
    flagSlots: { red: state.flagSlots.blue, blue: state.flagSlots.red },
    flagShown: { red: state.flagShown.blue, blue: state.flagShown.red },
    cards: state.cards.map((card) => ({ ...card, aside: swapSeat(card.aside) })),
    ready: { red: state.ready.blue, blue: state.ready.red },
    mover: opponentOf(state.mover),
    aside: { red: state.aside.blue, blue: state.aside.red },
    pending: swapPending(state.pending),
    outcome: state.outcome === null ? null : { ...state.outcome, winner: swapSeat(state.outcome.winner) },
    log: [],
  };
}

const SEAT_FIELDS = new Set(['seat', 'owner', 'ship', 'first', 'chooser', 'winner', 'audience']);
const PIECE_FIELDS = new Set(['piece', 'attacker', 'defender', 'raider']);

/** The colour-swapped twin of an event: every seat field swapped, every piece id mapped. */
export function swapEvent(event: GameEvent): GameEvent {
  const twin: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(event)) {
    if (SEAT_FIELDS.has(key)) twin[key] = swapSeat(value);
    else if (PIECE_FIELDS.has(key) && typeof value === 'number') twin[key] = swapPiece(value);
    else if ((key === 'losers' || key === 'deck') && Array.isArray(value))
      twin[key] = value.map((id: number) => swapPiece(id));
    else twin[key] = value;
  }
  return twin as GameEvent;
}

/**
 * Actions as integers (docs/learn.md, "Actions as integers"): one fixed range of indices per action type, in
 * the seat's own terms (own and enemy slots 0-9), so a network has one output per index and the same move has
 * the same index for either seat. Each seat's actions are made once and frozen, the coded ones being the
 * engine's own objects, so turning an index into an action allocates nothing and `applyAction` knows them.
 */
import {
  type Action,
  type CannonOptions,
  clampAim,
  DEFAULT_AIM,
  FLAG_CARDS,
  type FlagCard,
  type PlayerView,
  SEATS,
  type Seat,
} from '../engine/index.ts';
import { actionOf, type CodedAction, choice, codeOf, KIND_SHIFT, SHOOT } from '../engine/rules/choices.ts';
import { AIM_GRID_SIZE, type AimGrid, aimGridFor, cellOfAim } from './aim-grid.ts';

/** What a range of indices holds: an action type, with the unaimed and the aimed shot apart. */
export type ActionRangeType =
  | 'setup'
  | 'turnCard'
  | 'newPirate'
  | 'swing'
  | 'attack'
  | 'raid'
  | 'plank'
  | 'hatch'
  | 'losePiece'
  | 'turnFlag'
  | 'pass'
  | 'shoot'
  | 'aimedShot';

/** One range: its first index and how many, e.g. `{ type: 'attack', first: 750, size: 100 }`. */
export interface ActionRange {
  readonly type: ActionRangeType;
  readonly first: number;
  readonly size: number;
}

/** The sizes in docs/learn.md's order; the order and sizes are the contract, never to be reshuffled. */
const SIZES: readonly (readonly [ActionRangeType, number])[] = [
  ['setup', 720],
  ['turnCard', 10],
  ['newPirate', 10],
  ['swing', 10],
  ['attack', 100],
  ['raid', 10],
  ['plank', 10],
  ['hatch', 10],
  ['losePiece', 10],
  ['turnFlag', 3],
  ['pass', 1],
  ['shoot', 1],
  ['aimedShot', AIM_GRID_SIZE],
];

/** Every range, in index order. */
export const ACTION_RANGES: readonly ActionRange[] = Object.freeze(
  SIZES.reduce<ActionRange[]>((ranges, [type, size]) => {
    const last = ranges[ranges.length - 1];
    ranges.push(Object.freeze({ type, first: last === undefined ? 0 : last.first + last.size, size }));
    return ranges;
  }, []),
);

function firstOf(type: ActionRangeType): number {
  const range = ACTION_RANGES.find((r) => r.type === type);
  if (range === undefined) throw new Error(`No action range is called ${type}.`);
  return range.first;
}

/** Setup: flag order (0-5) * 120 + the set of three own slots (0-119). */
export const SETUP_FIRST = firstOf('setup');
/** Turn card 0-9: 720. */
export const TURN_CARD_FIRST = firstOf('turnCard');
/** New pirate, by own slot: 730. */
export const NEW_PIRATE_FIRST = firstOf('newPirate');
/** Swing, by own slot: 740. */
export const SWING_FIRST = firstOf('swing');
/** Attack: own attacker slot * 10 + enemy target slot: 750. */
export const ATTACK_FIRST = firstOf('attack');
/** Flag attempt by boarding (raid), by own slot: 850. */
export const RAID_FIRST = firstOf('raid');
/** The plank, by enemy slot (the chooser puts one of the turning seat's pieces on it): 860. */
export const PLANK_FIRST = firstOf('plank');
/** The hatch, by enemy slot: 870. */
export const HATCH_FIRST = firstOf('hatch');
/** Lose a piece after a sail hit, by own slot: 880. */
export const LOSE_PIECE_FIRST = firstOf('losePiece');
/** Turn an enemy flag card, by slot 0-2: 890. */
export const TURN_FLAG_FIRST = firstOf('turnFlag');
/** Pass (decline an optional action): 893. */
export const PASS_FIRST = firstOf('pass');
/**
 * The listed shot: `{ type: 'shoot' }` maps here, and this index plays the shot the engine lists at an aimed
 * decision (the default aim, `clampAim(DEFAULT_AIM)`); quick shots fire without asking: 894.
 */
export const SHOOT_FIRST = firstOf('shoot');
/** Aimed shots, one per cell of the aim grid: 895 to 918. */
export const AIMED_SHOT_FIRST = firstOf('aimedShot');
/** How many indices there are: 919. */
export const NUM_DISTINCT_ACTIONS = AIMED_SHOT_FIRST + AIM_GRID_SIZE;

const SLOTS = 10;
const SETUP_SETS = 120;

function firstPiece(seat: Seat): number {
  return seat === 'red' ? 0 : 10;
}

/** R1.2 flag orders in lexicographic order of `FLAG_CARDS` indices (the engine lists setups so too). */
const FLAG_ORDERS: readonly (readonly FlagCard[])[] = (() => {
  const orders: FlagCard[][] = [];
  for (const a of FLAG_CARDS)
    for (const b of FLAG_CARDS)
      for (const c of FLAG_CARDS) if (a !== b && b !== c && a !== c) orders.push([a, b, c]);
  return orders.map((order) => Object.freeze(order));
})();

/** The flag order's number by `a * 9 + b * 3 + c` over the cards' indices; -1 where a card repeats. */
const ORDER_NUMBER = new Int8Array(27).fill(-1);
FLAG_ORDERS.forEach((order, n) => {
  const [a, b, c] = order.map((card) => FLAG_CARDS.indexOf(card));
  ORDER_NUMBER[(a ?? 0) * 9 + (b ?? 0) * 3 + (c ?? 0)] = n;
});

/** The sets of three own slots in lexicographic order, and each set's number by `a * 100 + b * 10 + c`. */
const SETS: readonly (readonly [number, number, number])[] = (() => {
  const sets: [number, number, number][] = [];
  for (let a = 0; a < SLOTS; a++)
    for (let b = a + 1; b < SLOTS; b++) for (let c = b + 1; c < SLOTS; c++) sets.push([a, b, c]);
  return sets;
})();
const SET_NUMBER = new Int8Array(1000).fill(-1);
SETS.forEach(([a, b, c], n) => {
  SET_NUMBER[a * 100 + b * 10 + c] = n;
});

/** One seat's action at every index below the shots (those depend on the cannon). */
function seatActions(seat: Seat): readonly Action[] {
  const own = firstPiece(seat);
  const enemy = firstPiece(seat === 'red' ? 'blue' : 'red');
  const actions: Action[] = [];
  for (const flags of FLAG_ORDERS) {
    for (const [a, b, c] of SETS)
      actions.push(Object.freeze({ type: 'setup', flags, deck: Object.freeze([own + a, own + b, own + c]) }));
  }
  // The coded actions are the engine's own frozen objects: `applyAction` takes them without parsing.
  const coded = (action: CodedAction) => actions.push(actionOf(codeOf(action)));
  for (let card = 0; card < 10; card++) coded({ type: 'turnCard', card });
  for (let slot = 0; slot < SLOTS; slot++) coded({ type: 'newPirate', piece: own + slot });
  for (let slot = 0; slot < SLOTS; slot++) coded({ type: 'swing', piece: own + slot });
  for (let attacker = 0; attacker < SLOTS; attacker++) {
    for (let target = 0; target < SLOTS; target++)
      coded({ type: 'attack', attacker: own + attacker, target: enemy + target });
  }
  for (let slot = 0; slot < SLOTS; slot++) coded({ type: 'raid', piece: own + slot });
  for (let slot = 0; slot < SLOTS; slot++) coded({ type: 'plank', piece: enemy + slot });
  for (let slot = 0; slot < SLOTS; slot++) coded({ type: 'hatch', piece: enemy + slot });
  for (let slot = 0; slot < SLOTS; slot++) coded({ type: 'losePiece', piece: own + slot });
  for (let slot = 0; slot < 3; slot++) coded({ type: 'turnFlag', slot });
  coded({ type: 'pass' });
  if (actions.length !== SHOOT_FIRST) throw new Error('The action table does not match the ranges.');
  return Object.freeze(actions);
}

const ACTIONS_OF: Readonly<Record<Seat, readonly Action[]>> = {
  red: seatActions('red'),
  blue: seatActions('blue'),
};

/**
 * The shots from `SHOOT_FIRST` on, per grid, made once: the listed shot, then the centre of every cell. Keyed
 * by the grid, which stands for every value of the cannon (`aimGridFor`), so the listed shot's clamp too.
 */
const shotsOfGrid = new WeakMap<AimGrid, readonly Action[]>();

function shotsOf(grid: AimGrid, cannon: CannonOptions): readonly Action[] {
  let shots = shotsOfGrid.get(grid);
  if (shots === undefined) {
    // The engine lists an aimed shot with the default aim (quick shots fire without asking).
    const listed: Action = { type: 'shoot', aim: Object.freeze(clampAim(DEFAULT_AIM, cannon)) };
    const aimed = grid.cells.map((cell): Action => ({ type: 'shoot', aim: cell.centre }));
    shots = Object.freeze([listed, ...aimed].map((shot) => Object.freeze(shot)));
    shotsOfGrid.set(grid, shots);
  }
  return shots;
}

/**
 * Per seat, the learn index of each of the rules' choice codes (-1 where a code has none for that seat): the
 * fast mask reads the coded choices through it. Internal to the learn layer, not exported by its index.
 */
export const INDEX_OF_CODE: Readonly<Record<Seat, Int16Array>> = (() => {
  const tables = {} as Record<Seat, Int16Array>;
  for (const seat of SEATS) {
    const table = new Int16Array((SHOOT + 1) << KIND_SHIFT).fill(-1);
    const actions = ACTIONS_OF[seat];
    for (let index = TURN_CARD_FIRST; index < SHOOT_FIRST; index++) {
      const action = actions[index];
      if (action !== undefined) table[codeOf(action as CodedAction)] = index;
    }
    table[choice(SHOOT, 0)] = SHOOT_FIRST;
    tables[seat] = table;
  }
  return tables;
})();

function rangeError(index: number): RangeError {
  return new RangeError(
    `An action index is a whole number from 0 to ${NUM_DISTINCT_ACTIONS - 1}; ${String(index)} is not one.`,
  );
}

/**
 * The action at `index` for `seat` in a game with this cannon: the lower-level `actionOfIndex`, for callers
 * holding a state rather than a view (the batched environment). An aimed-shot index gives the aim at its
 * cell's centre; `SHOOT_FIRST` the shot as the engine lists it (the default aim: quick shots are never asked).
 * The same frozen object each time. Throws a RangeError for an index that is not one.
 */
export function actionOfIndexFor(seat: Seat, cannon: CannonOptions, index: number): Action {
  if (!Number.isInteger(index) || index < 0 || index >= NUM_DISTINCT_ACTIONS) throw rangeError(index);
  // A seat test rather than a load keyed by the seat, which goes megamorphic on a hot path (engine `ofSeat`).
  if (index < SHOOT_FIRST) return (seat === 'red' ? ACTIONS_OF.red : ACTIONS_OF.blue)[index] as Action;
  return shotsOf(aimGridFor(cannon), cannon)[index - SHOOT_FIRST] as Action;
}

/**
 * The action at `index` for the view's seat: the inverse of `actionIndex` on the legal actions (an aimed
 * shot's index gives the aim at its cell's centre). Throws a RangeError for an index that is not a whole
 * number from 0 to `NUM_DISTINCT_ACTIONS - 1`, and an Error for a spectator's view (a spectator has no actions).
 */
export function actionOfIndex(view: PlayerView, index: number): Action {
  if (view.viewer === 'spectator') throw new Error("A spectator takes no actions: pass a seat's view.");
  return actionOfIndexFor(view.viewer, view.rules.cannon, index);
}

/** `piece - first` if it is one of the ten pieces from `first`, else -1. */
function slotOf(piece: unknown, first: number): number {
  if (typeof piece !== 'number' || !Number.isInteger(piece)) return -1;
  const slot = piece - first;
  return slot >= 0 && slot < SLOTS ? slot : -1;
}

function inRange(value: unknown, size: number): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value < size;
}

function setupIndex(own: number, flags: readonly unknown[], deck: readonly unknown[]): number {
  if (!Array.isArray(flags) || !Array.isArray(deck) || flags.length !== 3 || deck.length !== 3) return -1;
  const [a, b, c] = flags.map((card) => FLAG_CARDS.indexOf(card as FlagCard));
  if (a === undefined || b === undefined || c === undefined || a < 0 || b < 0 || c < 0) return -1;
  const order = ORDER_NUMBER[a * 9 + b * 3 + c] ?? -1;
  const slots = deck.map((piece) => slotOf(piece, own)).sort((x, y) => x - y);
  const [p, q, r] = slots;
  if (p === undefined || q === undefined || r === undefined || p < 0 || p === q || q === r) return -1;
  const set = SET_NUMBER[p * 100 + q * 10 + r] ?? -1;
  return order < 0 || set < 0 ? -1 : SETUP_FIRST + order * SETUP_SETS + set;
}

/** Is `aim` a legal aim (every field a finite number within the grid's ranges)? */
function legalAim(
  aim: unknown,
  cannon: PlayerView['rules']['cannon'],
): aim is { x: number; back: number; yaw: number; pitch: number } {
  if (typeof aim !== 'object' || aim === null) return false;
  const { x, back, yaw, pitch } = aim as Record<string, unknown>;
  const within = (value: unknown, min: number, max: number) =>
    typeof value === 'number' && value >= min && value <= max;
  return (
    within(x, -cannon.maxSideways, cannon.maxSideways) &&
    within(back, 0, cannon.maxBack) &&
    within(yaw, -cannon.maxYaw, cannon.maxYaw) &&
    within(pitch, cannon.minPitch, cannon.maxPitch)
  );
}

/**
 * The index of `action` for the view's seat, or -1 when it has none: `contribute` and `resign`, a spectator's
 * view, a piece of the wrong seat for the action type, an aim out of the legal ranges, a malformed action. A
 * setup's deck may be in any order (its set is what counts); an aimed shot maps to the cell holding its aim,
 * a shot without an aim to `SHOOT_FIRST`.
 */
export function actionIndex(view: PlayerView, action: Action): number {
  const seat = view.viewer;
  if (seat === 'spectator' || typeof action !== 'object' || action === null) return -1;
  const own = firstPiece(seat);
  const enemy = firstPiece(seat === 'red' ? 'blue' : 'red');
  const at = (first: number, slot: number) => (slot < 0 ? -1 : first + slot);
  switch (action.type) {
    case 'setup':
      return setupIndex(own, action.flags, action.deck);
    case 'turnCard':
      return inRange(action.card, 10) ? TURN_CARD_FIRST + action.card : -1;
    case 'newPirate':
      return at(NEW_PIRATE_FIRST, slotOf(action.piece, own));
    case 'swing':
      return at(SWING_FIRST, slotOf(action.piece, own));
    case 'attack': {
      const attacker = slotOf(action.attacker, own);
      const target = slotOf(action.target, enemy);
      return attacker < 0 || target < 0 ? -1 : ATTACK_FIRST + attacker * SLOTS + target;
    }
    case 'raid':
      return at(RAID_FIRST, slotOf(action.piece, own));
    case 'plank':
      return at(PLANK_FIRST, slotOf(action.piece, enemy));
    case 'hatch':
      return at(HATCH_FIRST, slotOf(action.piece, enemy));
    case 'losePiece':
      return at(LOSE_PIECE_FIRST, slotOf(action.piece, own));
    case 'turnFlag':
      return inRange(action.slot, 3) ? TURN_FLAG_FIRST + action.slot : -1;
    case 'pass':
      return PASS_FIRST;
    case 'shoot':
      if (action.aim === undefined) return SHOOT_FIRST;
      if (!legalAim(action.aim, view.rules.cannon)) return -1;
      return AIMED_SHOT_FIRST + cellOfAim(aimGridFor(view.rules.cannon), action.aim);
    case 'contribute':
    case 'resign':
      return -1;
  }
  return -1;
}

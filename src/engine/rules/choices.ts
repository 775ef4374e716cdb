/**
 * Inside the engine a choice is one small integer: what it does above `KIND_SHIFT`, its card, piece, slot
 * or `attacker * 20 + target` below. The rules list choices into a reused typed array and `resolveChoice`
 * switches on a number, so a bot's random playout allocates nothing per decision. At the boundary each code
 * has one frozen Action, made once (`actionOf`), and `codeOf` maps an action back.
 */
import type { Action } from '../actions.ts';

export const TURN_CARD = 0;
export const NEW_PIRATE = 1;
export const SWING = 2;
export const ATTACK = 3;
export const RAID = 4;
export const PLANK = 5;
export const HATCH = 6;
export const LOSE_PIECE = 7;
export const TURN_FLAG = 8;
export const PASS = 9;
/** The shot as listed: quick, or aimed with the default aim (the template). */
export const SHOOT = 10;

const KIND_COUNT = 11;
export const KIND_SHIFT = 9;
export const ARG_MASK = (1 << KIND_SHIFT) - 1;
const PIECE_COUNT = 20;

export type PieceChoice =
  | typeof NEW_PIRATE
  | typeof SWING
  | typeof RAID
  | typeof PLANK
  | typeof HATCH
  | typeof LOSE_PIECE;

/** The code of choice `kind` with its argument. */
export function choice(kind: number, arg: number): number {
  return (kind << KIND_SHIFT) | arg;
}

export function attackChoice(attacker: number, target: number): number {
  return (ATTACK << KIND_SHIFT) | (attacker * PIECE_COUNT + target);
}

/**
 * The choices of one decision, as codes: `codes[0]` to `codes[length - 1]`. Reused: listing again
 * overwrites it. `codes` is either the list's own buffer or a shared list made once (`share`), which spares
 * copying the card choices, by far the most frequent decision. The most a decision has is 100 battles
 * (10 attackers by 10 targets over both decks), 10 raids and a pass.
 */
export class ChoiceList {
  private readonly own = new Int32Array(128);
  /** Read-only for callers: it may be a shared list. */
  codes: Int32Array = this.own;
  length = 0;

  clear(): void {
    this.codes = this.own;
    this.length = 0;
  }

  push(code: number): void {
    this.own[this.length++] = code;
  }

  /** Lists exactly `codes`, a list made once and never changed, instead of pushing one by one. */
  share(codes: Int32Array): void {
    this.codes = codes;
    this.length = codes.length;
  }
}

/** The frozen action of every code (setups and aimed shots have none: they are not coded). */
const ACTIONS: (Action | undefined)[] = new Array(KIND_COUNT << KIND_SHIFT).fill(undefined);

function define(code: number, action: Action): void {
  ACTIONS[code] = Object.freeze(action);
}

for (let piece = 0; piece < PIECE_COUNT; piece++) {
  define(choice(NEW_PIRATE, piece), { type: 'newPirate', piece });
  define(choice(SWING, piece), { type: 'swing', piece });
  define(choice(RAID, piece), { type: 'raid', piece });
  define(choice(PLANK, piece), { type: 'plank', piece });
  define(choice(HATCH, piece), { type: 'hatch', piece });
  define(choice(LOSE_PIECE, piece), { type: 'losePiece', piece });
  for (let target = 0; target < PIECE_COUNT; target++)
    define(attackChoice(piece, target), { type: 'attack', attacker: piece, target });
}
for (let card = 0; card < 10; card++) define(choice(TURN_CARD, card), { type: 'turnCard', card });
for (let slot = 0; slot < 3; slot++) define(choice(TURN_FLAG, slot), { type: 'turnFlag', slot });
define(choice(PASS, 0), { type: 'pass' });
define(choice(SHOOT, 0), { type: 'shoot' });

/** Every frozen action above, to know one when a caller hands it back. */
const LISTED = new Set(ACTIONS.filter((action) => action !== undefined));

/**
 * Is `value` one of the frozen actions the choices are listed as? Such an object needs no parsing: it came
 * from `legalActions` (or `fastChoices`) and cannot have been changed.
 */
export function isListedAction(value: unknown): value is CodedAction | Extract<Action, { type: 'shoot' }> {
  return LISTED.has(value as Action);
}

/** The one frozen action of `code`. */
export function actionOf(code: number): Action {
  const action = ACTIONS[code];
  if (action === undefined) throw new Error(`No action has the choice code ${code}.`);
  return action;
}

export type CodedAction = Exclude<
  Action,
  { type: 'contribute' } | { type: 'setup' } | { type: 'shoot' } | { type: 'resign' }
>;

/** The code of an action that has one (everything but contributions, setups, shots and resigning). */
export function codeOf(action: CodedAction): number {
  switch (action.type) {
    case 'turnCard':
      return choice(TURN_CARD, action.card);
    case 'newPirate':
      return choice(NEW_PIRATE, action.piece);
    case 'swing':
      return choice(SWING, action.piece);
    case 'attack':
      return attackChoice(action.attacker, action.target);
    case 'raid':
      return choice(RAID, action.piece);
    case 'plank':
      return choice(PLANK, action.piece);
    case 'hatch':
      return choice(HATCH, action.piece);
    case 'losePiece':
      return choice(LOSE_PIECE, action.piece);
    case 'turnFlag':
      return choice(TURN_FLAG, action.slot);
    case 'pass':
      return choice(PASS, 0);
  }
}

/** Setups and the uncoded actions get numbers above every choice code. */
const SETUP_BASE = 1 << 14;
const FLAG_ORDER = ['monkey', 'flag', 'barrel'] as const;

/**
 * A number for any action, unique among the actions of one decision (a search keys its tree by it):
 * the choice code where there is one, a shot's listed code, and for a setup its flag order and deck.
 */
export function decisionCode(action: Action): number {
  switch (action.type) {
    case 'shoot':
      return choice(SHOOT, 0);
    case 'resign':
      return SETUP_BASE - 1;
    case 'contribute':
      return SETUP_BASE - 2;
    case 'setup': {
      const flags = action.flags.reduce((sum, card) => sum * 3 + FLAG_ORDER.indexOf(card), 0);
      const deck = [...action.deck]
        .sort((a, b) => a - b)
        .reduce((sum, piece) => sum * PIECE_COUNT + piece, 0);
      return SETUP_BASE + flags * PIECE_COUNT ** 3 + deck;
    }
    default:
      return codeOf(action);
  }
}

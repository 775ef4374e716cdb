/**
 * The game state: one plain JSON object holding everything, secrets included (DESIGN "The engine").
 * It never leaves the server or the local worker; players and bots get views (view.ts).
 * Arrays indexed by piece id (0-9 red, 10-19 blue) keep the hot paths free of lookups.
 */
import type { Action } from './actions.ts';
import type { ShotTarget } from './cannon/index.ts';
import type { ChanceState } from './chance.ts';
import type { Rules } from './options.ts';
import type { BySeat, CardSides, FlagCard, PieceKind, Seat } from './vocabulary.ts';

export type { ShotTarget };

/** Where a piece is: on a ship's deck (named by the ship's seat), among its owner's extras, or out of play. */
export type Place = Seat | 'extras' | 'out';

export type Phase = 'setup' | 'play' | 'over';

/** One of the ten action cards as it lies on the table (R1.5, R9, R10). */
export interface ActionCard {
  /** Its two faces, e.g. `['attack', 'swing']`. */
  readonly sides: CardSides;
  /** Which side is up: 0 or 1. Readonly: a card is replaced when it changes, so states may share it. */
  readonly up: 0 | 1;
  /** R9.3: turned at least once this game, so both faces are known to both. */
  readonly known: boolean;
  /** R10: the seat that set it aside in front of it, or null while in play. */
  readonly aside: Seat | null;
}

/** Who must decide what now. The seat named is the one that chooses, which may be the mover's opponent. */
export type Pending =
  /** docs/fairness.md: each seat gives its entropy before the cards are dealt ('seats' games only). */
  | { readonly ask: 'contribute' }
  /** R1.4: both seats choose flag order and deck pieces. */
  | { readonly ask: 'setup' }
  /** R2.1: the mover turns a card. */
  | { readonly ask: 'turnCard'; readonly seat: Seat }
  /** R3.3: the mover may bring an extra on deck. */
  | { readonly ask: 'newPirate'; readonly seat: Seat }
  /** R3.4: the mover may swing a piece. */
  | { readonly ask: 'swing'; readonly seat: Seat }
  /** R3.7: the mover may battle or attempt the flag. */
  | { readonly ask: 'attack'; readonly seat: Seat }
  /** R3.6: the mover's opponent picks one of the mover's pieces for the plank. */
  | { readonly ask: 'plank'; readonly seat: Seat }
  /** R3.2: the shooter picks the enemy piece for the hatch. */
  | { readonly ask: 'hatch'; readonly seat: Seat }
  /** R3.1, R3.2: the shooter fires. `hatch` is the piece on the hatch; `open` means the enemy had no piece on a deck. */
  | {
      readonly ask: 'shoot';
      readonly seat: Seat;
      readonly target: ShotTarget;
      readonly hatch: number | null;
      readonly open: boolean;
    }
  /** R3.1: after a sail hit, the hit seat picks one of its own pieces on a deck to leave play. */
  | { readonly ask: 'losePiece'; readonly seat: Seat }
  /** R6.1: the attempting seat turns a flag card; `raider` is the piece used by boarding, null after a shot. */
  | { readonly ask: 'turnFlag'; readonly seat: Seat; readonly raider: number | null }
  /** The game is over. */
  | { readonly ask: 'none' };

export type Ask = Pending['ask'];

/** How a game ended: the winner (null for a draw), a code and a sentence. */
export interface Outcome {
  readonly winner: Seat | null;
  /** 'flag' (R6.4), 'resigned' (R7.2), 'turnLimit' (R7.2). */
  readonly reason: 'flag' | 'resigned' | 'turnLimit';
  /** How a 'resigned' game was given up when it was not by the player: a flag on time, or the away claim. */
  readonly how?: 'time' | 'away';
  /** e.g. "Red captured Blue's flag." */
  readonly message: string;
}

/** One entry of the action log: who did what. A record is the options plus these. */
export interface RecordEntry {
  readonly seat: Seat;
  readonly action: Action;
}

export interface GameState {
  /** Format of this object: 2 (chance became keyed streams). */
  readonly format: 2;
  /** The rules this game is played by, seed included. */
  readonly rules: Rules;
  /** Where every chance outcome comes from: the contributions and game key, e.g. `{ generator: 'chacha20', ... }`. */
  chance: ChanceState;
  /** 'setup', 'play' or 'over'. */
  phase: Phase;
  /** Kind of each piece by id, shuffled at creation, e.g. `['earring', 'bomb', ...]` (20 entries). */
  readonly kinds: readonly PieceKind[];
  /** Place of each piece by id, e.g. `['extras', 'red', 'blue', 'out', ...]`. */
  places: Place[];
  /** R1.7: the pieces standing on each ship's deck, in their stable order, e.g. `{ red: [3, 14], blue: [12] }`. */
  decks: BySeat<number[]>;
  /** R4.1, R4.5: kind shown to both players, by id. */
  shown: boolean[];
  /** Has stood on the enemy deck at some time (public; such a piece is never the Bomb), by id. */
  boarded: boolean[];
  /** Pieces out of play, in the order they left (public, R4.5). */
  out: number[];
  /** R1.2: each seat's flag cards by slot, e.g. `{ red: ['monkey', 'flag', 'barrel'], blue: [] }` (empty before setup). */
  flagSlots: BySeat<FlagCard[]>;
  /** R6.5: flag cards shown to both, by slot. */
  flagShown: BySeat<boolean[]>;
  /** R1.5: the ten action cards in two rows of five (0-4, 5-9); empty until dealt (after the contributions). */
  cards: ActionCard[];
  /** R1.4: which seats have set up. */
  ready: BySeat<boolean>;
  /** The seat whose turn it is (meaningful from the first turn on), e.g. 'red'. */
  mover: Seat;
  /** Turns completed so far, both seats counted, e.g. 12. */
  turn: number;
  /** The card turned in the turn under way, or null before one is turned. */
  current: number | null;
  /** R2.2: the card turned in the turn just before, which the mover may not turn. */
  lastTurned: number | null;
  /** R10: the card each seat has set aside, e.g. `{ red: 4, blue: null }`. */
  aside: BySeat<number | null>;
  /** Who must decide what now. */
  pending: Pending;
  /** How the game ended, or null while it runs. */
  outcome: Outcome | null;
  /** Every accepted action in order, e.g. `[{ seat: 'red', action: { type: 'turnCard', card: 3 } }]`. */
  log: RecordEntry[];
}

/** The seat a one-seat question asks, or null (setup and contributions ask both; an ended game none). */
export function askedSeat(pending: Pending): Seat | null {
  return pending.ask === 'none' || pending.ask === 'setup' || pending.ask === 'contribute'
    ? null
    : pending.seat;
}

/** Pieces 0-9 are red's, 10-19 blue's. */
export function ownerOf(piece: number): Seat {
  return piece < 10 ? 'red' : 'blue';
}

/** Is `piece` one of `seat`'s own? A test, not `ownerOf(piece) === seat`: it runs in the playouts' loops. */
export function belongsTo(piece: number, seat: Seat): boolean {
  return piece < 10 === (seat === 'red');
}

/** The first piece id of a seat: red 0, blue 10. */
export function firstPieceOf(seat: Seat): number {
  return seat === 'red' ? 0 : 10;
}

/**
 * A copy for the rules to write into: it shares the parts never written in place (rules, kinds, log entries,
 * the action cards, and the flag slots, flags shown and ready flags, which the rules replace when they change).
 * `log` is the copy's log: a fresh copy unless the caller never appends to it (the fast path shares it).
 */
export function cloneState(state: GameState, log: RecordEntry[] = state.log.slice()): GameState {
  return {
    format: state.format,
    rules: state.rules,
    chance: state.chance,
    phase: state.phase,
    kinds: state.kinds,
    places: state.places.slice(),
    decks: { red: state.decks.red.slice(), blue: state.decks.blue.slice() },
    shown: state.shown.slice(),
    boarded: state.boarded.slice(),
    out: state.out.slice(),
    // Shared: the rules replace these (vocabulary.ts `withSeat`) and never write into them.
    flagSlots: state.flagSlots,
    flagShown: state.flagShown,
    // The card objects are shared: the rules replace a card when it turns or is set aside (rules/turn.ts).
    cards: state.cards.slice(),
    ready: state.ready,
    mover: state.mover,
    turn: state.turn,
    current: state.current,
    lastTurned: state.lastTurned,
    aside: { red: state.aside.red, blue: state.aside.blue },
    pending: state.pending,
    outcome: state.outcome,
    log,
  };
}

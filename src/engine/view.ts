/**
 * R11: what one seat may know. `PlayerView` is its own type, built field by field: a secret reaches a view
 * only if it is written here on purpose. Views are the only thing that crosses a boundary (browser, bot, log).
 */
import type { Action } from './actions.ts';
import { type CannonConfig, resolveCannon } from './cannon/index.ts';
import type { Generator } from './chance.ts';
import type { EntropySource } from './options.ts';
import { ownChoices, seatsToAct } from './rules/decide.ts';
import { type GameState, type Outcome, ownerOf, type Pending, type Phase, type ShotTarget } from './state.ts';
import type { BySeat, CardFace, CardSides, FlagCard, PieceKind, Seat } from './vocabulary.ts';

export type Viewer = Seat | 'spectator';

/** A piece as a viewer sees it, e.g. `{ id: 14, owner: 'blue', kind: null, boarded: true }`. */
export interface PieceView {
  /** Its id (0-9 red, 10-19 blue); says nothing about its kind. */
  readonly id: number;
  readonly owner: Seat;
  /** Its kind if the viewer knows it (own piece, shown in battle, out of play), else null. */
  readonly kind: PieceKind | null;
  /** It has stood on the enemy deck at some time, so it is not the Bomb (public). */
  readonly boarded: boolean;
}

/** One ship as a viewer sees it. */
export interface ShipView {
  /** The pieces standing on this ship's deck, in their order (either owner). */
  readonly deck: readonly PieceView[];
  /** This seat's extras (kinds hidden from the opponent). */
  readonly extras: readonly PieceView[];
  /** This seat's flag slots: the card if the viewer knows it, else null, e.g. `['monkey', null, null]`. */
  readonly flagSlots: readonly (FlagCard | null)[];
  /** This seat has set up (R1.4). */
  readonly ready: boolean;
}

/** An action card as a viewer sees it, e.g. `{ card: 3, up: 'attack', down: null, aside: null }`. */
export interface CardView {
  readonly card: number;
  readonly up: CardFace;
  /** R9.3: the face down, once the card has been turned this game; else null. */
  readonly down: CardFace | null;
  /** R10: the seat that set it aside, or null. */
  readonly aside: Seat | null;
}

/** The pending question, public part: who decides what, and the pieces on the plank or hatch. */
export type PendingView =
  /** docs/fairness.md: the seats whose contribution the deal still waits for. */
  | { readonly ask: 'contribute'; readonly seats: readonly Seat[] }
  | { readonly ask: 'setup'; readonly seats: readonly Seat[] }
  | { readonly ask: 'none' }
  | {
      readonly ask: 'turnCard' | 'newPirate' | 'swing' | 'attack' | 'plank' | 'hatch' | 'losePiece';
      readonly seat: Seat;
    }
  | {
      readonly ask: 'shoot';
      readonly seat: Seat;
      readonly target: ShotTarget;
      readonly hatch: number | null;
      readonly open: boolean;
    }
  | { readonly ask: 'turnFlag'; readonly seat: Seat; readonly raider: number | null };

/** The public options of the game (no seed). */
/**
 * The public options of the game (no seed): every option that shapes play, so the views a seat was shown
 * bind the record published at the end (a record with another card set fails the check, docs/fairness.md).
 */
export interface PublicRules {
  readonly variant: 'standard' | 'advanced';
  readonly shots: 'aimed' | 'quick';
  readonly quickOdds: { readonly sail: number; readonly skull: number };
  readonly turnLimit: number | null;
  /** R1.6: the seat that starts without a coin, or null (the coin decides). */
  readonly firstSeat: Seat | null;
  /** R9.2: the pairing of faces on the ten cards, e.g. `[['attack', 'swing'], ...]`. */
  readonly cardSet: readonly CardSides[];
  /** Where chance comes from: 'seats' (both seats contributed) or 'seed' (the seed alone). */
  readonly entropy: EntropySource;
  /** The generator: 'chacha20', or 'xoroshiro128plus' for a game from before keyed chance. */
  readonly chance: Generator;
  /** R8.2: the table geometry and wobble, all fields filled in, so a client draws the same table. */
  readonly cannon: CannonConfig;
}

export interface PlayerView {
  /** Whose view this is. */
  readonly viewer: Viewer;
  readonly rules: PublicRules;
  readonly phase: Phase;
  /** Turns completed, e.g. 12. */
  readonly turn: number;
  /** Whose turn it is; null during setup. */
  readonly mover: Seat | null;
  readonly pending: PendingView;
  /** The seats that must decide now. */
  readonly toAct: readonly Seat[];
  readonly ships: BySeat<ShipView>;
  /** Pieces out of play, in the order they left, kinds public (R4.5). */
  readonly out: readonly PieceView[];
  readonly cards: readonly CardView[];
  /** R2.2: the card the mover may not turn, or null. */
  readonly lastTurned: number | null;
  /** What this viewer may do now (none for a spectator). */
  readonly legalActions: readonly Action[];
  readonly outcome: Outcome | null;
}

export function viewFor(state: GameState, viewer: Viewer): PlayerView {
  const knows = (piece: number): boolean => state.shown[piece] === true || ownerOf(piece) === viewer;
  const piece = (id: number): PieceView => ({
    id,
    owner: ownerOf(id),
    kind: knows(id) ? (state.kinds[id] ?? null) : null,
    boarded: state.boarded[id] === true,
  });
  const ship = (seat: Seat): ShipView => {
    const extras: PieceView[] = [];
    const first = seat === 'red' ? 0 : 10;
    for (let id = first; id < first + 10; id++) if (state.places[id] === 'extras') extras.push(piece(id));
    return {
      deck: state.decks[seat].map(piece),
      extras,
      flagSlots: state.flagSlots[seat].map((card, slot) =>
        seat === viewer || state.flagShown[seat][slot] === true ? card : null,
      ),
      ready: state.ready[seat],
    };
  };
  return {
    viewer,
    rules: {
      variant: state.rules.variant,
      shots: state.rules.shots,
      quickOdds: { sail: state.rules.quickOdds.sail, skull: state.rules.quickOdds.skull },
      turnLimit: state.rules.turnLimit,
      firstSeat: state.rules.firstSeat,
      cardSet: state.rules.cardSet,
      entropy: state.rules.entropy,
      chance: state.rules.chance,
      cannon: resolveCannon(state.rules.cannon),
    },
    phase: state.phase,
    turn: state.turn,
    mover: state.phase === 'setup' ? null : state.mover,
    pending: pendingView(state),
    toAct: seatsToAct(state),
    ships: { red: ship('red'), blue: ship('blue') },
    out: state.out.map(piece),
    cards: state.cards.map((card, index) => ({
      card: index,
      up: card.sides[card.up],
      down: card.known ? card.sides[card.up === 0 ? 1 : 0] : null,
      aside: card.aside,
    })),
    lastTurned: state.lastTurned,
    legalActions: viewer === 'spectator' ? [] : ownChoices(state, viewer),
    outcome: state.outcome,
  };
}

function pendingView(state: GameState): PendingView {
  const pending = state.pending;
  switch (pending.ask) {
    case 'contribute':
      return { ask: 'contribute', seats: seatsToAct(state) };
    case 'setup':
      return { ask: 'setup', seats: seatsToAct(state) };
    case 'none':
      return { ask: 'none' };
    case 'shoot':
      return {
        ask: 'shoot',
        seat: pending.seat,
        target: pending.target,
        hatch: pending.hatch,
        open: pending.open,
      };
    case 'turnFlag':
      return { ask: 'turnFlag', seat: pending.seat, raider: pending.raider };
    case 'turnCard':
    case 'newPirate':
    case 'swing':
    case 'attack':
    case 'plank':
    case 'hatch':
    case 'losePiece':
      return { ask: pending.ask, seat: pending.seat };
  }
}

/**
 * The question back from its view: what a search needs to rebuild a state from a view. Every question but
 * the two that ask both seats reads the same in a view (`pendingView` copies it field by field).
 */
export function pendingFromView(pending: PendingView): Pending {
  return pending.ask === 'setup' || pending.ask === 'contribute' ? { ask: pending.ask } : pending;
}

/**
 * What a seat may do, read back from its own view: a seat's choices depend only on what it knows (R11: were it
 * otherwise, its list would betray the other seat's secrets), so the view implies them. A client reading
 * updates as patches (docs/protocol.md) is sent views without `legalActions` and `toAct` and makes them here,
 * with the very rules the server lists them by: a stand-in state is built from the view (the other seat's
 * hidden kinds, flag cards and card backs filled with placeholders, which no choice reads) and asked, so there
 * is no second copy of the rules. test/engine/view-choices.test.ts checks both agree over many positions.
 */
import type { Action } from './actions.ts';
import { ownChoices } from './rules/decide.ts';
import type { ActionCard, GameState, Place } from './state.ts';
import { type PlayerView, pendingFromView } from './view.ts';
import type { FlagCard, PieceKind, Seat } from './vocabulary.ts';

/** A view without the parts this file makes from it. */
export type ViewWithoutChoices = Omit<PlayerView, 'legalActions' | 'toAct'>;

/** The seats that must decide now, as `viewFor` lists them: the pending question names them. */
export function toActOfView(view: ViewWithoutChoices): Seat[] {
  const pending = view.pending;
  switch (pending.ask) {
    case 'none':
      return [];
    case 'contribute':
    case 'setup':
      return pending.seats.slice();
    case 'turnCard':
    case 'newPirate':
    case 'swing':
    case 'attack':
    case 'plank':
    case 'hatch':
    case 'losePiece':
    case 'shoot':
    case 'turnFlag':
      return [pending.seat];
  }
}

/** `view.legalActions` as `viewFor` lists it, from the rest of the view (a spectator has none). */
export function choicesOfView(view: ViewWithoutChoices): Action[] {
  if (view.viewer === 'spectator') return [];
  return ownChoices(standIn(view), view.viewer);
}

/** Stands for every kind the viewer does not know: choices read only the viewer's own kinds. */
const UNKNOWN_KIND: PieceKind = 'bomb';
/** Stands for a hidden flag card or card back: no choice reads them. */
const UNKNOWN_FLAG: FlagCard = 'monkey';

/** A stand-in draws no chance: a key of null makes any attempt fail loudly. */
const NO_CHANCE: GameState['chance'] = Object.freeze({
  generator: 'chacha20',
  contributions: Object.freeze({ red: null, blue: null }),
  key: null,
  drawn: Object.freeze({ plank: 0, shot: 0 }),
});

/** A state with everything the view shows, and placeholders where it shows nothing (never played on). */
function standIn(view: ViewWithoutChoices): GameState {
  const kinds: PieceKind[] = Array.from({ length: 20 }, () => UNKNOWN_KIND);
  const places: Place[] = Array.from({ length: 20 }, () => 'extras');
  const boarded: boolean[] = Array.from({ length: 20 }, () => false);
  const shown: boolean[] = Array.from({ length: 20 }, () => false);
  const seen = (piece: { id: number; kind: PieceKind | null; boarded: boolean }, place: Place) => {
    places[piece.id] = place;
    kinds[piece.id] = piece.kind ?? UNKNOWN_KIND;
    boarded[piece.id] = piece.boarded;
  };
  for (const seat of ['red', 'blue'] as const) {
    for (const piece of view.ships[seat].deck) seen(piece, seat);
    for (const piece of view.ships[seat].extras) seen(piece, 'extras');
  }
  for (const piece of view.out) seen(piece, 'out');
  const cards: ActionCard[] = view.cards.map((card) => ({
    sides: [card.up, card.down ?? card.up],
    up: 0,
    known: card.down !== null,
    aside: card.aside,
  }));
  const flags = (seat: Seat) => view.ships[seat].flagSlots.map((card) => card ?? UNKNOWN_FLAG);
  return {
    format: 2,
    rules: {
      // The seed is never sent; no chance is drawn from a stand-in.
      seed: '',
      entropy: view.rules.entropy,
      chance: view.rules.chance,
      variant: view.rules.variant,
      shots: view.rules.shots,
      quickOdds: view.rules.quickOdds,
      turnLimit: view.rules.turnLimit,
      firstSeat: view.rules.firstSeat,
      cardSet: view.rules.cardSet,
      cannon: view.rules.cannon,
    },
    chance: NO_CHANCE,
    phase: view.phase,
    kinds,
    places,
    decks: { red: view.ships.red.deck.map((p) => p.id), blue: view.ships.blue.deck.map((p) => p.id) },
    shown,
    boarded,
    out: view.out.map((p) => p.id),
    flagSlots: { red: flags('red'), blue: flags('blue') },
    flagShown: { red: [], blue: [] },
    cards,
    ready: { red: view.ships.red.ready, blue: view.ships.blue.ready },
    mover: view.mover ?? 'red',
    turn: view.turn,
    current: null,
    lastTurned: view.lastTurned,
    aside: {
      red: view.cards.find((c) => c.aside === 'red')?.card ?? null,
      blue: view.cards.find((c) => c.aside === 'blue')?.card ?? null,
    },
    pending: pendingFromView(view.pending),
    outcome: view.outcome,
    log: [],
  };
}

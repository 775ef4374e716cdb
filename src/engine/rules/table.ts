/**
 * The table the rules act on while one decision is resolved: a mutable state (a private copy, never the
 * caller's), the live PRNG, and where events go (null on the bots' fast path, which needs none).
 */
import type { Action } from '../actions.ts';
import { type GameEvent, privateEvent, publicEvent } from '../events.ts';
import type { Random } from '../random.ts';
import { firstPieceOf, type GameState, type Pending } from '../state.ts';
import type { Seat } from '../vocabulary.ts';
import { pieceAction } from './canonical-actions.ts';

export interface Table {
  readonly state: GameState;
  readonly random: Random;
  /** Where events go; null when nobody listens (fast path). */
  readonly events: GameEvent[] | null;
}

type EventBody = Parameters<typeof publicEvent>[0];

export function emit(table: Table, body: EventBody): void {
  table.events?.push(publicEvent(body));
}

export function emitTo(table: Table, seat: Seat, body: EventBody): void {
  table.events?.push(privateEvent(body, seat));
}

export function setPending(table: Table, pending: Pending): void {
  table.state.pending = pending;
}

type SimpleAsk = 'turnCard' | 'newPirate' | 'swing' | 'attack' | 'plank' | 'hatch' | 'losePiece';

/** One frozen question per simple ask and seat: pending questions are read-only, so they can be shared. */
const SIMPLE: Readonly<Record<SimpleAsk, Readonly<Record<Seat, Pending>>>> = (() => {
  const asks: SimpleAsk[] = ['turnCard', 'newPirate', 'swing', 'attack', 'plank', 'hatch', 'losePiece'];
  const table = {} as Record<SimpleAsk, Record<Seat, Pending>>;
  for (const ask of asks)
    table[ask] = { red: Object.freeze({ ask, seat: 'red' }), blue: Object.freeze({ ask, seat: 'blue' }) };
  return table;
})();

export function ask(question: SimpleAsk, seat: Seat): Pending {
  return SIMPLE[question][seat];
}

/** Ids of `owner`'s pieces standing on either deck (R3.1, R3.2, R3.6), in id order. */
export function piecesOnDecks(state: GameState, owner: Seat): number[] {
  const first = firstPieceOf(owner);
  const found: number[] = [];
  for (let id = first; id < first + 10; id++) {
    const place = state.places[id];
    if (place === 'red' || place === 'blue') found.push(id);
  }
  return found;
}

/** One `type` choice per piece of `owner` standing on either deck, pushed onto `choices`. */
export function piecesOnDecksAs(
  state: GameState,
  owner: Seat,
  type: 'plank' | 'hatch' | 'losePiece',
  choices: Action[],
): Action[] {
  const first = firstPieceOf(owner);
  for (let id = first; id < first + 10; id++) {
    const place = state.places[id];
    if (place === 'red' || place === 'blue') choices.push(pieceAction(type, id));
  }
  return choices;
}

/** Does `owner` have any piece on either deck? */
export function hasPieceOnDecks(state: GameState, owner: Seat): boolean {
  const first = firstPieceOf(owner);
  for (let id = first; id < first + 10; id++) {
    const place = state.places[id];
    if (place === 'red' || place === 'blue') return true;
  }
  return false;
}

/** R4.2, R4.5: a piece leaves play; its kind becomes public. */
export function removeFromPlay(
  table: Table,
  piece: number,
  cause: 'battle' | 'sail' | 'skull' | 'plank' | 'barrel',
): void {
  const { state } = table;
  const place = state.places[piece];
  if (place === 'red' || place === 'blue') {
    const deck = state.decks[place];
    const at = deck.indexOf(piece);
    if (at >= 0) deck.splice(at, 1);
  }
  state.places[piece] = 'out';
  state.shown[piece] = true;
  state.out.push(piece);
  const kind = state.kinds[piece];
  if (kind !== undefined && table.events) {
    emit(table, { type: 'pieceOut', piece, owner: piece < 10 ? 'red' : 'blue', kind, cause });
  }
}

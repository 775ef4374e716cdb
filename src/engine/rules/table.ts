/**
 * The table the rules act on while one decision is resolved: a mutable state (a private copy, never the
 * caller's), where chance comes from, and where events go (null on the bots' fast path, which needs none).
 */

import type { Chance } from '../chance.ts';
import { type GameEvent, privateEvent, publicEvent } from '../events.ts';
import { type ActionCard, firstPieceOf, type GameState, ownerOf, type Pending } from '../state.ts';
import { ofSeat, type Seat } from '../vocabulary.ts';
import { type ChoiceList, choice, type PieceChoice } from './choices.ts';

export interface Table {
  readonly state: GameState;
  /** The game's keyed streams, a bot's own generator in an imagined world, or an old game's one stream. */
  readonly chance: Chance;
  /** Where events go; null when nobody listens (fast path). */
  readonly events: GameEvent[] | null;
  /**
   * The action cards this table made itself (bit i: card i), which it may write in place: a state's copy
   * shares the card objects (state.ts, `cloneState`), so a card is copied before its first write here
   * (`ownCard`). A playout then copies a card once, not at every turn of it.
   */
  ownCards: number;
}

/** A card's fields, writable: only for a card the table owns (`ownCard`). */
type WritableCard = { -readonly [K in keyof ActionCard]: ActionCard[K] };

/** Card `index` of the table's state, for writing: copied first unless this table made it. */
export function ownCard(table: Table, index: number): WritableCard | undefined {
  const cards = table.state.cards;
  const card = cards[index];
  if (card === undefined || (table.ownCards & (1 << index)) !== 0) return card;
  const copy: WritableCard = { sides: card.sides, up: card.up, known: card.known, aside: card.aside };
  cards[index] = copy;
  table.ownCards |= 1 << index;
  return copy;
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

/** The two frozen copies of a simple question: pending questions are read-only, so they can be shared. */
function questions(ask: SimpleAsk): Readonly<Record<Seat, Pending>> {
  return { red: Object.freeze({ ask, seat: 'red' }), blue: Object.freeze({ ask, seat: 'blue' }) };
}

const TURN_CARD = questions('turnCard');
const NEW_PIRATE = questions('newPirate');
const SWING = questions('swing');
const ATTACK = questions('attack');
const PLANK = questions('plank');
const HATCH = questions('hatch');
const LOSE_PIECE = questions('losePiece');

/**
 * The shared question `question` for `seat`. A switch and a seat test rather than a lookup keyed by both:
 * keyed loads with varying string keys go megamorphic, and this runs at every decision of a playout.
 */
export function ask(question: SimpleAsk, seat: Seat): Pending {
  const red = seat === 'red';
  switch (question) {
    case 'turnCard':
      return red ? TURN_CARD.red : TURN_CARD.blue;
    case 'newPirate':
      return red ? NEW_PIRATE.red : NEW_PIRATE.blue;
    case 'swing':
      return red ? SWING.red : SWING.blue;
    case 'attack':
      return red ? ATTACK.red : ATTACK.blue;
    case 'plank':
      return red ? PLANK.red : PLANK.blue;
    case 'hatch':
      return red ? HATCH.red : HATCH.blue;
    case 'losePiece':
      return red ? LOSE_PIECE.red : LOSE_PIECE.blue;
  }
}

/** One `kind` choice per piece of `owner` standing on either deck, in id order. */
export function piecesOnDecksAs(state: GameState, owner: Seat, kind: PieceChoice, into: ChoiceList): void {
  const first = firstPieceOf(owner);
  for (let id = first; id < first + 10; id++) {
    const place = state.places[id];
    if (place === 'red' || place === 'blue') into.push(choice(kind, id));
  }
}

/**
 * How many of `owner`'s pieces stand on either deck. With `firstOnDecks`, the rules spot a forced choice
 * (one piece) without listing the choices.
 */
export function countOnDecks(state: GameState, owner: Seat): number {
  const first = firstPieceOf(owner);
  let count = 0;
  for (let id = first; id < first + 10; id++) {
    const place = state.places[id];
    if (place === 'red' || place === 'blue') count++;
  }
  return count;
}

/** The lowest id of `owner`'s pieces standing on either deck, or -1 when there is none. */
export function firstOnDecks(state: GameState, owner: Seat): number {
  const first = firstPieceOf(owner);
  for (let id = first; id < first + 10; id++) {
    const place = state.places[id];
    if (place === 'red' || place === 'blue') return id;
  }
  return -1;
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

/**
 * Takes `piece` out of `deck`, keeping the others' order (R1.7). A loop, not indexOf and splice: decks hold
 * a few pieces and splice's generic path is slow for that.
 */
export function removeFromDeck(deck: number[], piece: number): void {
  let at = 0;
  while (at < deck.length && deck[at] !== piece) at++;
  if (at === deck.length) return;
  for (; at < deck.length - 1; at++) deck[at] = deck[at + 1] as number;
  deck.pop();
}

/** R4.2, R4.5: a piece leaves play; its kind becomes public. */
export function removeFromPlay(
  table: Table,
  piece: number,
  cause: 'battle' | 'sail' | 'skull' | 'plank' | 'barrel',
): void {
  const { state } = table;
  const place = state.places[piece];
  if (place === 'red' || place === 'blue') removeFromDeck(ofSeat(state.decks, place), piece);
  state.places[piece] = 'out';
  state.shown[piece] = true;
  state.out.push(piece);
  const kind = state.kinds[piece];
  if (kind !== undefined && table.events) {
    emit(table, { type: 'pieceOut', piece, owner: ownerOf(piece), kind, cause });
  }
}

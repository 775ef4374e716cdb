/**
 * The table the rules act on while one decision is resolved: a mutable state (a private copy, never the
 * caller's), where chance comes from, and where events go (null on the bots' fast path, which needs none).
 */

import type { Chance } from '../chance.ts';
import { type GameEvent, privateEvent, publicEvent } from '../events.ts';
import { type ActionCard, belongsTo, firstPieceOf, type GameState, ownerOf, type Pending } from '../state.ts';
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
  /** Whether the flags shown (`state.flagShown`) are this table's own copy, to write in place (`ownFlagsShown`). */
  ownsFlagsShown: boolean;
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

/**
 * `seat`'s flags shown, for writing: the pair is shared between states (state.ts, `cloneState`), so the
 * table copies it before its first write, and a playout's later flag cards are written in place.
 */
export function ownFlagsShown(table: Table, seat: Seat): boolean[] {
  const { state } = table;
  if (!table.ownsFlagsShown) {
    state.flagShown = { red: state.flagShown.red.slice(), blue: state.flagShown.blue.slice() };
    table.ownsFlagsShown = true;
  }
  return ofSeat(state.flagShown, seat);
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
 * (one piece) without listing the choices. Counted over the decks, which hold a few pieces, not over the
 * owner's ten places.
 */
export function countOnDecks(state: GameState, owner: Seat): number {
  return countOwn(state.decks.red, owner) + countOwn(state.decks.blue, owner);
}

function countOwn(deck: readonly number[], owner: Seat): number {
  let count = 0;
  for (let at = 0; at < deck.length; at++) if (belongsTo(deck[at] as number, owner)) count++;
  return count;
}

/** The lowest id of `owner`'s pieces standing on either deck, or -1 when there is none. */
export function firstOnDecks(state: GameState, owner: Seat): number {
  const red = lowestOwn(state.decks.red, owner);
  const blue = lowestOwn(state.decks.blue, owner);
  return red === -1 || (blue !== -1 && blue < red) ? blue : red;
}

function lowestOwn(deck: readonly number[], owner: Seat): number {
  let lowest = -1;
  for (let at = 0; at < deck.length; at++) {
    const piece = deck[at] as number;
    if (belongsTo(piece, owner) && (lowest === -1 || piece < lowest)) lowest = piece;
  }
  return lowest;
}

/** Does `owner` have any piece on either deck? */
export function hasPieceOnDecks(state: GameState, owner: Seat): boolean {
  return hasOwn(state.decks.red, owner) || hasOwn(state.decks.blue, owner);
}

function hasOwn(deck: readonly number[], owner: Seat): boolean {
  for (let at = 0; at < deck.length; at++) if (belongsTo(deck[at] as number, owner)) return true;
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

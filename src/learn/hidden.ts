/**
 * What a seat does not know, read off its view (R11): the enemy's unshown pieces and the kinds they may be,
 * the enemy's unshown flag slots, the action cards' unturned backs. Resampling (resample.ts), the bots'
 * samplers and beliefs start from here, so every sampled world agrees with the view by construction; it
 * lives in learn because both learn and ai read views this way (engine <- learn <- ai).
 */
import {
  CARD_FACES,
  type CardFace,
  FLAG_CARDS,
  type FlagCard,
  type GameEvent,
  opponentOf,
  type PendingView,
  PIECE_SET,
  type PieceKind,
  type PlayerView,
  type Seat,
} from '../engine/index.ts';

export interface Hidden {
  /** The seat whose view this is. */
  readonly seat: Seat;
  readonly enemy: Seat;
  /** Kind by piece id where the seat knows it, else null (20 entries). */
  readonly known: readonly (PieceKind | null)[];
  /** Enemy piece ids whose kind is hidden, ascending. */
  readonly unknown: readonly number[];
  /** The kinds those pieces hold between them (same length as `unknown`). */
  readonly pool: readonly PieceKind[];
  /** Per entry of `unknown`: may it be the Bomb? (a piece that ever boarded is not, AI.md). */
  readonly mayBeBomb: readonly boolean[];
  /** Enemy flag slots not shown yet, and the cards they hold between them. */
  readonly flagSlotsHidden: readonly number[];
  readonly flagPool: readonly FlagCard[];
  /**
   * Action cards whose back is unknown, and the faces those backs hold between them: the card set's faces
   * less every face up and every known back. Which back goes with which card is resample.ts's business
   * (the card set pairs the faces); this pool is for a judgement of an unturned card on average.
   */
  readonly cardsHidden: readonly number[];
  readonly backPool: readonly CardFace[];
}

/**
 * The seat whose view this is. A spectator's view hides both seats' secrets, so no reader of one seat's
 * knowledge takes it: passing one is a programmer's error, a RangeError (the view's viewer is out of range).
 */
export function seatOf(view: PlayerView): Seat {
  if (view.viewer === 'spectator')
    throw new RangeError(
      "This takes a seat's view ('red' or 'blue'), not the spectator's: a spectator's view hides both seats' secrets.",
    );
  return view.viewer;
}

export function hiddenOf(view: PlayerView): Hidden {
  const seat = seatOf(view);
  const enemy = opponentOf(seat);
  const known: (PieceKind | null)[] = Array.from({ length: 20 }, () => null);
  const boarded: boolean[] = Array.from({ length: 20 }, () => false);
  const note = (piece: { id: number; kind: PieceKind | null; boarded: boolean }) => {
    known[piece.id] = piece.kind;
    boarded[piece.id] = piece.boarded;
  };
  for (const ship of [view.ships.red, view.ships.blue]) {
    ship.deck.forEach(note);
    ship.extras.forEach(note);
  }
  view.out.forEach(note);
  const first = enemy === 'red' ? 0 : 10;
  const pool = PIECE_SET.slice();
  const unknown: number[] = [];
  for (let id = first; id < first + 10; id++) {
    const kind = known[id];
    if (kind === null || kind === undefined) unknown.push(id);
    else pool.splice(pool.indexOf(kind), 1);
  }
  const slots = view.ships[enemy].flagSlots;
  const flagPool: FlagCard[] = FLAG_CARDS.filter((card) => !slots.includes(card));
  const flagSlotsHidden: number[] = [];
  slots.forEach((card, slot) => {
    if (card === null) flagSlotsHidden.push(slot);
  });
  const faces = Object.fromEntries(CARD_FACES.map((face) => [face, 0])) as Record<CardFace, number>;
  if (view.cards.length > 0) {
    for (const [a, b] of view.rules.cardSet) {
      faces[a] += 1;
      faces[b] += 1;
    }
  }
  const cardsHidden: number[] = [];
  for (const card of view.cards) {
    faces[card.up] -= 1;
    if (card.down === null) cardsHidden.push(card.card);
    else faces[card.down] -= 1;
  }
  const backPool: CardFace[] = [];
  for (const face of CARD_FACES) for (let i = 0; i < faces[face]; i++) backPool.push(face);
  // Only a view that no game shows could leave the pool short; fill it with a harmless face.
  while (backPool.length < cardsHidden.length) backPool.push('sleeping');
  backPool.length = cardsHidden.length;
  return {
    seat,
    enemy,
    known,
    unknown,
    pool,
    mayBeBomb: unknown.map((id) => boarded[id] !== true),
    flagSlotsHidden,
    flagPool,
    cardsHidden,
    backPool,
  };
}

/**
 * The cards that may be the one turned in the turn under way (empty outside a turn). The view does not hold
 * it, the seat's events do (the last `cardTurned` of the turn): then it is that one. Without them, every
 * card it may be: turned (so its back is known), in play, not the card turned in the turn before, its face
 * up one that asks the question pending.
 */
export function currentCards(view: PlayerView, history: readonly GameEvent[]): number[] {
  const faces = facesAsking(view.pending);
  if (faces.length === 0) return [];
  for (let i = history.length - 1; i >= 0; i--) {
    const event = history[i];
    if (event?.type === 'cardTurned') return [event.card];
    if (event?.type === 'turnEnded') break;
  }
  const cards: number[] = [];
  for (const c of view.cards)
    if (c.down !== null && c.aside === null && c.card !== view.lastTurned && faces.includes(c.up))
      cards.push(c.card);
  return cards;
}

/** The faces up that lead to the question pending; none outside a turn's card. */
function facesAsking(pending: PendingView): readonly CardFace[] {
  switch (pending.ask) {
    case 'contribute':
    case 'setup':
    case 'turnCard':
    case 'none':
      return [];
    case 'newPirate':
    case 'swing':
    case 'attack':
    case 'plank':
      return [pending.ask];
    case 'hatch':
      return ['shootSkull'];
    case 'losePiece':
      return ['shootSail'];
    case 'shoot':
      return [pending.target === 'sail' ? 'shootSail' : 'shootSkull'];
    case 'turnFlag':
      // A flag attempt comes from a raid (Attack) or from a cannon hit on an exposed enemy (R5).
      return pending.raider === null ? ['shootSail', 'shootSkull'] : ['attack'];
  }
}

/** Own pieces the enemy has seen (battles, out of play), from the seat's events and the view. */
export function ownShown(view: PlayerView, history: readonly GameEvent[]): boolean[] {
  const shown: boolean[] = Array.from({ length: 20 }, () => false);
  for (const piece of view.out) shown[piece.id] = true;
  for (const event of history) {
    if (event.type === 'battle') {
      shown[event.attacker] = true;
      shown[event.defender] = true;
    }
  }
  return shown;
}

/** Own flag slots the enemy has turned (R6.5), from the seat's events. */
export function ownFlagsShown(seat: Seat, slots: number, history: readonly GameEvent[]): boolean[] {
  const shown: boolean[] = Array.from({ length: slots }, () => false);
  for (const event of history) {
    if (event.type === 'flagCardTurned' && event.owner === seat && event.slot < slots)
      shown[event.slot] = true;
  }
  return shown;
}

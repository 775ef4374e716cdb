/**
 * What a seat does not know, read off its view (R11): the enemy's unshown pieces and the kinds they may be,
 * the enemy's unshown flag slots, the action cards' unturned backs. Samplers and beliefs start from here,
 * so every sampled world agrees with the view by construction.
 */
import {
  CARD_FACES,
  type CardFace,
  FACE_COUNTS,
  FLAG_CARDS,
  type FlagCard,
  type GameEvent,
  opponentOf,
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
  /** Action cards whose back is unknown, and the faces those backs hold between them (R9.1 counts). */
  readonly cardsHidden: readonly number[];
  readonly backPool: readonly CardFace[];
}

export function seatOf(view: PlayerView): Seat {
  if (view.viewer === 'spectator') throw new Error('a bot plays a seat, not the spectator view');
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
  const faces: Record<CardFace, number> = { ...FACE_COUNTS };
  const cardsHidden: number[] = [];
  for (const card of view.cards) {
    faces[card.up] -= 1;
    if (card.down === null) cardsHidden.push(card.card);
    else faces[card.down] -= 1;
  }
  const backPool: CardFace[] = [];
  for (const face of CARD_FACES) for (let i = 0; i < faces[face]; i++) backPool.push(face);
  // A card set other than R9.1's counts could leave the pool short; fill with a harmless face.
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
 * The card turned in the turn under way. The view does not hold it, the seat's events do (the last
 * `cardTurned`); without events, the first card in play whose face up answers the question.
 */
export function currentCard(view: PlayerView, history: readonly GameEvent[]): number | null {
  const ask = view.pending.ask;
  if (ask === 'contribute' || ask === 'setup' || ask === 'turnCard' || ask === 'none') return null;
  for (let i = history.length - 1; i >= 0; i--) {
    const event = history[i];
    if (event?.type === 'cardTurned') return event.card;
    if (event?.type === 'turnEnded') break;
  }
  const faces: readonly CardFace[] =
    ask === 'attack' || ask === 'turnFlag'
      ? ['attack', 'shootSail', 'shootSkull']
      : ask === 'hatch'
        ? ['shootSkull']
        : ask === 'losePiece'
          ? ['shootSail']
          : ask === 'shoot'
            ? [view.pending.ask === 'shoot' && view.pending.target === 'sail' ? 'shootSail' : 'shootSkull']
            : [ask];
  const card = view.cards.find((c) => c.aside === null && c.card !== view.lastTurned && faces.includes(c.up));
  return card?.card ?? null;
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

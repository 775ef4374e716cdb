/**
 * Prepared tables for the tutorial: a play-phase state described the way the rulebook describes a table ("red
 * has the Captain on deck, Eddy Earring of blue's has boarded it; card 1 will show Attack!"), built field by
 * field on top of a real `createGame`, so kinds, cards, chance and rules stay the engine's own.
 */
import {
  type CardFace,
  createGame,
  type FlagCard,
  type GameOptions,
  type GameState,
  type PieceKind,
  type Place,
  SEATS,
  type Seat,
} from '../../engine/index.ts';

export interface SeatTable {
  /** Own pieces on the own deck, e.g. `['captain']`. */
  readonly deck?: readonly PieceKind[];
  /** Own pieces that have boarded the enemy deck. */
  readonly boarding?: readonly PieceKind[];
  /** Kinds among those above already shown to both (R4.1: an earlier battle), e.g. `['bomb']`. */
  readonly known?: readonly PieceKind[];
  /** Flag cards by slot; default Monkey, Flag, Powder Barrel. */
  readonly flags?: readonly FlagCard[];
  /**
   * Flag cards of this seat already shown to both by an earlier try (R6.5), e.g. `['monkey']`. Never the Flag:
   * turning it ended the game (R6.4).
   */
  readonly flagsShown?: readonly FlagCard[];
}

export interface TableSpec {
  readonly red?: SeatTable;
  readonly blue?: SeatTable;
  /** Turning card 0 shows this face. */
  readonly card: CardFace;
  /**
   * R2.2: Blue turned card 5 in the turn just before, and it shows this face (R9.3: both its faces are now
   * known); Red may not turn it. Without it, nothing was turned before.
   */
  readonly justTurned?: CardFace;
  /**
   * R10 (advanced games): the card each seat set aside in front of it at its last turn, showing this face: Red's
   * is card 10, Blue's card 9, which is then also the card just turned (R10.3).
   */
  readonly aside?: { readonly red?: CardFace; readonly blue?: CardFace };
  readonly seed: string;
  readonly options?: Omit<GameOptions, 'seed' | 'firstSeat' | 'entropy'>;
}

/**
 * Card `place` becomes a card with `face` (swapped with the card that lay there), the face up or hidden under
 * the other. `fixed` are places already prepared, whose cards stay.
 */
function placeCard(
  cards: GameState['cards'],
  place: number,
  face: CardFace,
  up: 'hidden' | 'up',
  fixed: readonly number[],
): void {
  const from = cards.findIndex((card, i) => !fixed.includes(i) && card.sides.includes(face));
  const chosen = cards[from];
  const there = cards[place];
  if (chosen === undefined || there === undefined) throw new Error(`tutorial: no card left has ${face}`);
  cards[from] = there;
  const faceIndex = chosen.sides[0] === face ? 0 : 1;
  const shows = up === 'up' ? faceIndex : 1 - faceIndex;
  cards[place] = { ...chosen, up: shows === 0 ? 0 : 1 };
}

/** Red to turn a card on the table `spec` describes. */
export function preparedTable(spec: TableSpec): GameState {
  const game = createGame({ shots: 'quick', ...spec.options, seed: spec.seed, firstSeat: 'red' });
  const places: Place[] = game.kinds.map(() => 'extras');
  const boarded = game.kinds.map(() => false);
  const shown = game.kinds.map(() => false);
  const decks: Record<Seat, number[]> = { red: [], blue: [] };
  const used = new Set<number>();
  const take = (seat: Seat, kind: PieceKind): number => {
    const first = seat === 'red' ? 0 : 10;
    for (let id = first; id < first + 10; id++) {
      if (game.kinds[id] === kind && !used.has(id)) {
        used.add(id);
        return id;
      }
    }
    throw new Error(`tutorial: ${seat} has no ${kind} left`);
  };
  for (const seat of SEATS) {
    const enemy: Seat = seat === 'red' ? 'blue' : 'red';
    const placed: number[] = [];
    for (const kind of spec[seat]?.deck ?? []) {
      const id = take(seat, kind);
      places[id] = seat;
      decks[seat].push(id);
      placed.push(id);
    }
    for (const kind of spec[seat]?.boarding ?? []) {
      const id = take(seat, kind);
      places[id] = enemy;
      boarded[id] = true;
      decks[enemy].push(id);
      placed.push(id);
    }
    for (const kind of spec[seat]?.known ?? []) {
      const id = placed.find((p) => game.kinds[p] === kind && !shown[p]);
      if (id === undefined) throw new Error(`tutorial: ${seat} has no ${kind} on a deck to show`);
      shown[id] = true;
    }
  }
  const ownFirst = (ship: Seat) => [
    ...decks[ship].filter((id) => id < 10 === (ship === 'red')),
    ...decks[ship].filter((id) => id < 10 !== (ship === 'red')),
  ];
  const cards = game.cards.map((card) => ({ ...card }));
  // Card 0 shows its other face; the face asked for is hidden under it, to be turned up.
  placeCard(cards, 0, spec.card, 'hidden', []);
  let lastTurned: number | null = null;
  if (spec.justTurned !== undefined) {
    placeCard(cards, 5, spec.justTurned, 'up', [0]);
    cards[5] = { ...(cards[5] as (typeof cards)[number]), known: true };
    lastTurned = 5;
  }
  const aside: GameState['aside'] = { red: null, blue: null };
  for (const [seat, place] of [
    ['red', 9],
    ['blue', 8],
  ] as const) {
    const face = spec.aside?.[seat];
    if (face === undefined) continue;
    placeCard(
      cards,
      place,
      face,
      'up',
      [0, 5, 9].filter((p) => p !== place),
    );
    cards[place] = { ...(cards[place] as (typeof cards)[number]), known: true, aside: seat };
    aside[seat] = place;
    if (seat === 'blue') lastTurned = place;
  }
  // Somebody turned a card before, so the game is under way: two turns, Red to play the third. Each flag card
  // already shown took a turn of the other seat's, with a turn of this seat's between (R6.5).
  const under = lastTurned !== null || aside.red !== null || aside.blue !== null;
  const tries = [spec.red, spec.blue].reduce((n, seat) => n + (seat?.flagsShown?.length ?? 0), 0);
  if (tries > 0 && lastTurned === null)
    throw new Error('tutorial: a flag card shown needs a card turned since');
  return {
    ...game,
    phase: 'play',
    places,
    decks: { red: ownFirst('red'), blue: ownFirst('blue') },
    shown,
    boarded,
    out: [],
    flagSlots: {
      red: [...(spec.red?.flags ?? DEFAULT_FLAGS)],
      blue: [...(spec.blue?.flags ?? DEFAULT_FLAGS)],
    },
    flagShown: { red: flagsShown(spec.red), blue: flagsShown(spec.blue) },
    cards,
    ready: { red: true, blue: true },
    mover: 'red',
    turn: Math.max(under ? 2 : 0, 2 * tries),
    lastTurned,
    aside,
    pending: { ask: 'turnCard', seat: 'red' },
  };
}

const DEFAULT_FLAGS: readonly FlagCard[] = ['monkey', 'flag', 'barrel'];

/** Which of a seat's three slots hold a card already shown (R6.5), by the cards named in `flagsShown`. */
function flagsShown(table: SeatTable | undefined): boolean[] {
  const shown = table?.flagsShown ?? [];
  if (shown.includes('flag')) throw new Error('tutorial: a Flag shown would have ended the game');
  return (table?.flags ?? DEFAULT_FLAGS).map((card) => shown.includes(card));
}

/** The first deal: both seats to set up (R1.4), the cards dealt (R1.5), a coin to say who starts (R1.6). */
export function firstDeal(seed: string): GameState {
  return createGame({ shots: 'quick', seed });
}

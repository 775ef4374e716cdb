/** How the page names things in words: seats, pieces, cards and flag cards, for labels and prompts. */
import {
  type CardFace,
  type FlagCard,
  PIECE_NAMES,
  type PieceKind,
  type PieceView,
  RANK,
  SEAT_NAMES,
  type Seat,
  type Viewer,
} from '../../engine/index.ts';

/** Seat names come from the engine's one vocabulary. */
export { SEAT_NAMES } from '../../engine/index.ts';

/** Short card titles that fit on a card, e.g. 'Attack!'. */
export const FACE_TITLE: Readonly<Record<CardFace, string>> = {
  attack: 'Attack!',
  swing: 'Swing',
  newPirate: 'New pirate',
  shootSail: 'Sail shot',
  shootSkull: 'Skull shot',
  plank: 'The plank',
  sleeping: 'Sleeping',
};

/** Short piece names for a token, e.g. 'Captain'. */
export const KIND_SHORT: Readonly<Record<PieceKind, string>> = {
  captain: 'Captain',
  swashbuckler: 'Sally',
  whip: 'Walter',
  incisor: 'Ivan',
  earring: 'Eddy',
  bombcatcher: 'Boris',
  adder: 'Aden',
  bomb: 'Bomb',
};

export const FLAG_TITLE: Readonly<Record<FlagCard, string>> = {
  monkey: 'Monkey',
  flag: 'Flag',
  barrel: 'Powder barrel',
};

/** 'Walter Whip (5)', 'the Bomb'. */
export function kindName(kind: PieceKind): string {
  const rank = RANK[kind];
  return rank === null ? PIECE_NAMES[kind] : `${PIECE_NAMES[kind]} (${rank})`;
}

/** A piece as the viewer knows it: 'your Walter Whip (5)', "Blue's Sally Swashbuckler (6)", 'a blue pirate'. */
export function pieceName(piece: PieceView, viewer: Viewer): string {
  const mine = piece.owner === viewer;
  if (piece.kind === null) return mine ? 'your pirate' : `a ${piece.owner} pirate`;
  return mine ? `your ${kindName(piece.kind)}` : `${SEAT_NAMES[piece.owner]}'s ${kindName(piece.kind)}`;
}

/** 'your ship' or 'the blue ship'. */
export function shipName(ship: Seat, viewer: Viewer): string {
  return ship === viewer ? 'your ship' : `the ${ship} ship`;
}

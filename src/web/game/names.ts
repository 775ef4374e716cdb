/**
 * How the page names things in words: seats, pieces, cards and flag cards, for labels and prompts. Each table
 * reads the catalog when read (getters), so a name is always in the language in force.
 */
import {
  CARD_FACES,
  type CardFace,
  FLAG_CARDS,
  type FlagCard,
  PIECE_KINDS,
  type PieceKind,
  type PieceView,
  RANK,
  SEATS,
  type Seat,
  type Viewer,
} from '../../engine/index.ts';
import { t } from '../i18n/i18n.ts';

/** A record whose every value is looked up in the catalog when read, e.g. `SEAT_NAMES.red` → 'Rood'. */
export function wordsOf<K extends string>(
  keys: readonly K[],
  word: (key: K) => string,
): Readonly<Record<K, string>> {
  const words = {} as Record<K, string>;
  for (const key of keys) Object.defineProperty(words, key, { get: () => word(key), enumerable: true });
  return words;
}

/** Each seat's name in sentences, e.g. 'Red'. */
export const SEAT_NAMES = wordsOf<Seat>(SEATS, (seat) => t(`names.seat.${seat}`));

/** Short card titles that fit on a card, e.g. 'Attack!'. */
export const FACE_TITLE = wordsOf<CardFace>(CARD_FACES, (face) => t(`names.face.${face}`));

/** Short piece names for a token, e.g. 'Captain'. */
export const KIND_SHORT = wordsOf<PieceKind>(PIECE_KINDS, (kind) => t(`names.short.${kind}`));

export const FLAG_TITLE = wordsOf<FlagCard>(FLAG_CARDS, (card) => t(`names.flag.${card}`));

/** 'Walter Whip (5)', 'Bomb'. */
export function kindName(kind: PieceKind): string {
  const rank = RANK[kind];
  const name = t(`names.piece.${kind}`);
  return rank === null ? name : t('names.ranked', { name, rank });
}

/**
 * A piece as the viewer knows it: 'your Walter Whip (5)', "Blue's Sally Swashbuckler (6)", 'a blue pirate'. An
 * unknown pirate is worded by its part in the sentence (`role`): German says "ein blauer Pirat" as the subject
 * and "einen blauen Piraten" as the object; names of known pieces do not change.
 */
export function pieceName(piece: PieceView, viewer: Viewer, role: 'subject' | 'object' = 'subject'): string {
  const mine = piece.owner === viewer;
  if (piece.kind === null) {
    if (role === 'object')
      return mine ? t('names.yourPirateObject') : t(`names.aPirateObject.${piece.owner}`);
    return mine ? t('names.yourPirate') : t(`names.aPirate.${piece.owner}`);
  }
  const name = kindName(piece.kind);
  return mine
    ? t('names.yourPiece', { piece: name })
    : t('names.seatPiece', { seat: SEAT_NAMES[piece.owner], piece: name });
}

/** 'your ship' or 'the blue ship'. */
export function shipName(ship: Seat, viewer: Viewer): string {
  return ship === viewer ? t('names.yourShip') : t(`names.ship.${ship}`);
}

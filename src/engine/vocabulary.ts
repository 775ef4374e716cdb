/**
 * The game's words, in one place (R1, R9). Every union is derived from an `as const` tuple so a
 * `switch` over it without a `default` is checked for exhaustiveness by the compiler.
 */

export const SEATS = ['red', 'blue'] as const;
/** A player's colour: 'red' or 'blue'. */
export type Seat = (typeof SEATS)[number];
/** One value per seat, e.g. `{ red: 3, blue: 2 }`. */
export type BySeat<T> = { red: T; blue: T };

/**
 * `values[seat]` as a seat test and two fixed property loads. The rules use it on their hot paths: a load
 * keyed by a seat that varies goes megamorphic in V8, which the bots' playouts feel.
 */
export function ofSeat<T>(values: BySeat<T>, seat: Seat): T {
  return seat === 'red' ? values.red : values.blue;
}

/**
 * A new pair with `seat`'s value replaced, red first as every pair is written: the parts of a state that
 * change rarely (the flag slots, whether each seat is ready) are shared between states, so never written in place.
 */
export function withSeat<T>(values: BySeat<T>, seat: Seat, value: T): BySeat<T> {
  return seat === 'red' ? { red: value, blue: values.blue } : { red: values.red, blue: value };
}

/** Each seat's name in sentences, e.g. "Red wins." */
export const SEAT_NAMES: Readonly<Record<Seat, string>> = { red: 'Red', blue: 'Blue' };

export function opponentOf(seat: Seat): Seat {
  return seat === 'red' ? 'blue' : 'red';
}

export function isSeat(value: unknown): value is Seat {
  return value === 'red' || value === 'blue';
}

/** R1.1: the eight kinds of piece, by stable id; names are display text only. */
export const PIECE_KINDS = [
  'captain',
  'swashbuckler',
  'whip',
  'incisor',
  'earring',
  'bombcatcher',
  'adder',
  'bomb',
] as const;
export type PieceKind = (typeof PIECE_KINDS)[number];

/** R1.1: rank of each kind; the Bomb has none. */
export const RANK: Readonly<Record<PieceKind, number | null>> = {
  captain: 7,
  swashbuckler: 6,
  whip: 5,
  incisor: 4,
  earring: 3,
  bombcatcher: 2,
  adder: 1,
  bomb: null,
};

/** R1.1: the display names of the rulebook. */
export const PIECE_NAMES: Readonly<Record<PieceKind, string>> = {
  captain: 'Captain Rodrick Redbeard',
  swashbuckler: 'Sally Swashbuckler',
  whip: 'Walter Whip',
  incisor: 'Ivan Incisor',
  earring: 'Eddy Earring',
  bombcatcher: 'Boris Bomb-catcher',
  adder: 'Aden Adder',
  bomb: 'Bomb',
};

/** R1.1: the ten pieces each seat owns, as kinds (the two Ivans and the two Eddys appear twice). */
export const PIECE_SET: readonly PieceKind[] = [
  'captain',
  'swashbuckler',
  'whip',
  'incisor',
  'incisor',
  'earring',
  'earring',
  'bombcatcher',
  'adder',
  'bomb',
];

/** R1.2: the three flag cards each seat hides in its three slots. */
export const FLAG_CARDS = ['monkey', 'flag', 'barrel'] as const;
export type FlagCard = (typeof FLAG_CARDS)[number];

export const FLAG_CARD_NAMES: Readonly<Record<FlagCard, string>> = {
  monkey: 'the Monkey',
  flag: 'the Flag',
  barrel: 'the Powder Barrel',
};

/** R9.1: the faces of the ten double-sided action cards. */
export const CARD_FACES = [
  'attack',
  'swing',
  'newPirate',
  'shootSail',
  'shootSkull',
  'plank',
  'sleeping',
] as const;
export type CardFace = (typeof CARD_FACES)[number];

export const CARD_FACE_NAMES: Readonly<Record<CardFace, string>> = {
  attack: 'Attack!',
  swing: 'Swing onto the other ship',
  newPirate: 'New pirate',
  shootSail: 'Shoot through the hole in the sail',
  shootSkull: 'Shoot at the skull',
  plank: 'The plank',
  sleeping: 'Sleeping pirates',
};

/** A double-sided action card: its two faces. */
export type CardSides = readonly [CardFace, CardFace];

/** R9.2: the default pairing of faces (the real one is not published; the card set is an option). */
export const DEFAULT_CARD_SET: readonly CardSides[] = [
  ['attack', 'swing'],
  ['attack', 'newPirate'],
  ['attack', 'shootSail'],
  ['attack', 'shootSkull'],
  ['attack', 'plank'],
  ['swing', 'newPirate'],
  ['swing', 'sleeping'],
  ['swing', 'shootSail'],
  ['newPirate', 'plank'],
  ['shootSkull', 'sleeping'],
];

/** R9.1: how many of each face the twenty sides hold. */
export const FACE_COUNTS: Readonly<Record<CardFace, number>> = {
  attack: 5,
  swing: 4,
  newPirate: 3,
  shootSail: 2,
  shootSkull: 2,
  plank: 2,
  sleeping: 2,
};

/** R1.3: how many pieces each seat puts on its deck at setup. */
export const DECK_SIZE_AT_SETUP = 3;
/** R1.5: ten action cards. */
export const CARD_COUNT = 10;

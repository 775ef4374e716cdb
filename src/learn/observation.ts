/**
 * A seat's view as one flat Float32Array (docs/learn.md, "Tensors"), seat-relative, for networks. Two writers
 * fill the raw features: `observationTensor` reads the view (the contract: a function of what the seat sees),
 * `writeObservation` reads the state for the batched environments, allocates nothing, and is tested equal to
 * it. One function then fills every derived feature from the raw ones already written, so the two agree on
 * those by construction and no derived feature can know more than the raw part does.
 */
import {
  type Ask,
  type CardFace,
  type CardSides,
  type FlagCard,
  type GameState,
  type Outcome,
  type Phase,
  PIECE_SET,
  type PieceKind,
  type PlayerView,
  type QuickOdds,
  type Seat,
  type ShotTarget,
  type Variant,
} from '../engine/index.ts';

/** One section of a tensor: where it starts, how many numbers, what they say; `columns` name a row's numbers. */
export interface TensorSection {
  /** e.g. 'pieces'. */
  readonly name: string;
  readonly offset: number;
  readonly size: number;
  readonly meaning: string;
  /** For a section of rows (pieces, cards): how many rows, each `columns.length` numbers. */
  readonly rows?: number;
  readonly columns?: readonly string[];
}

/** Appends a section after the last one of `sections` and returns its offset. */
export function appendSection(
  sections: TensorSection[],
  name: string,
  size: number,
  meaning: string,
  rows?: { readonly count: number; readonly columns: readonly string[] },
): number {
  const last = sections[sections.length - 1];
  const offset = last === undefined ? 0 : last.offset + last.size;
  if (rows !== undefined && rows.count * rows.columns.length !== size)
    throw new Error(`section ${name}: ${rows.count} rows of ${rows.columns.length} are not ${size} numbers`);
  sections.push(
    rows === undefined
      ? { name, offset, size, meaning }
      : { name, offset, size, meaning, rows: rows.count, columns: rows.columns },
  );
  return offset;
}

/** Turns, turn limits and turns left are divided by this (random games last 30-300 turns). */
export const TURN_SCALE = 100;
/** Deck positions and the order pieces left play in are (index + 1) / this (a deck holds at most 19). */
const ORDER_SCALE = 20;

/** The pending questions in the order of the `pending` one-hot. */
export const ASKS = [
  'contribute',
  'setup',
  'turnCard',
  'newPirate',
  'swing',
  'attack',
  'plank',
  'hatch',
  'shoot',
  'losePiece',
  'turnFlag',
  'none',
] as const satisfies readonly Ask[];

/** The numbers of one piece's row; rows 0-9 are the own slots, 10-19 the enemy slots. */
export const PIECE_COLUMNS = [
  'on my deck',
  'on the enemy deck',
  'among its owner’s extras',
  'out of play',
  'deck position: (index in the deck it stands on + 1) / 20, else 0',
  'out order: (index in the out pile + 1) / 20, else 0',
  'kind captain',
  'kind swashbuckler',
  'kind whip',
  'kind incisor',
  'kind earring',
  'kind bombcatcher',
  'kind adder',
  'kind bomb',
  'kind unknown',
  'boarded (has stood on the enemy deck: not the Bomb)',
  'on the hatch (the pending shot’s piece)',
  'the raider (the pending flag attempt’s piece)',
  'derived: may be the Bomb (known Bomb, or unknown and never boarded)',
  'derived: belief captain',
  'derived: belief swashbuckler',
  'derived: belief whip',
  'derived: belief incisor',
  'derived: belief earring',
  'derived: belief bombcatcher',
  'derived: belief adder',
  'derived: belief bomb',
] as const;

/** The numbers of one card's row; rows are the cards 0-9 as on the table. */
export const CARD_COLUMNS = [
  'up attack',
  'up swing',
  'up newPirate',
  'up shootSail',
  'up shootSkull',
  'up plank',
  'up sleeping',
  'down attack',
  'down swing',
  'down newPirate',
  'down shootSail',
  'down shootSkull',
  'down plank',
  'down sleeping',
  'down unknown (never turned)',
  'set aside by me (R10)',
  'set aside by the enemy (R10)',
  'turned in the turn just before (R2.2: the mover may not turn it)',
  'derived: back belief attack',
  'derived: back belief swing',
  'derived: back belief newPirate',
  'derived: back belief shootSail',
  'derived: back belief shootSkull',
  'derived: back belief plank',
  'derived: back belief sleeping',
] as const;

const PIECE_ROW = PIECE_COLUMNS.length;
const CARD_ROW = CARD_COLUMNS.length;
// Column offsets within a piece row (the first four are the places, `MY_DECK` .. `OUT` below).
const P_DECK_POSITION = 4;
const P_OUT_ORDER = 5;
const P_KIND = 6;
const P_UNKNOWN = 14;
const P_BOARDED = 15;
const P_HATCH = 16;
const P_RAIDER = 17;
const P_MAY_BE_BOMB = 18;
const P_BELIEF = 19;
// Column offsets within a card row.
const C_UP = 0;
const C_DOWN = 7;
const C_DOWN_UNKNOWN = 14;
const C_ASIDE_MINE = 15;
const C_ASIDE_ENEMY = 16;
const C_LAST_TURNED = 17;
const C_BACK_BELIEF = 18;

/** Unordered pairs of the 7 faces, a <= b: 28. */
const FACE_PAIRS = 28;

const sections: TensorSection[] = [];
const RULES = appendSection(
  sections,
  'rules',
  8 + FACE_PAIRS,
  'variant standard, advanced; shots aimed, quick; quick odds sail, skull (probabilities); first seat fixed to me, to the enemy (both 0: a coin); then the card set: for each unordered pair of faces (a <= b in CARD_FACES order: (attack, attack), (attack, swing), ...) how many of the ten cards carry it',
);
const TURN = appendSection(
  sections,
  'turn',
  10,
  'phase setup, play, over; I am the mover, the enemy is (both 0 in setup); turn / 100; has a turn limit; limit / 100; turns left / 100; turn / limit (the last three 0 without a limit)',
);
const PENDING = appendSection(
  sections,
  'pending',
  ASKS.length + 6,
  `the question, one-hot in the order ${ASKS.join(', ')}; I am asked; the enemy is asked; the shot aims at the sail; at the skull; the shot is open (no enemy piece on a deck: a hit gives a flag attempt); a flag attempt won by a shot (no raider)`,
);
const OUTCOME = appendSection(
  sections,
  'outcome',
  6,
  'I won, I lost, a draw; by the flag, by resignation, by the turn limit (all 0 while the game runs)',
);
const READY = appendSection(sections, 'ready', 2, 'I have set up; the enemy has set up (R1.4)');
const FLAGS = appendSection(
  sections,
  'flags',
  24,
  'my slots 0-2 then the enemy slots 0-2, four numbers each: monkey, flag, barrel, unknown (unknown: an enemy card not shown yet, or a slot before its setup)',
);
const FLAG_BELIEF = appendSection(
  sections,
  'flagBelief',
  9,
  'derived: enemy slots 0-2, three numbers each: the chance it holds the monkey, the flag, the barrel (a known card is certain; the hidden slots share the cards not shown uniformly)',
);
const PIECES = appendSection(
  sections,
  'pieces',
  20 * PIECE_ROW,
  'one row per piece: rows 0-9 my own slots (piece id minus my first id), rows 10-19 the enemy slots',
  { count: 20, columns: PIECE_COLUMNS },
);
const CARDS = appendSection(
  sections,
  'cards',
  10 * CARD_ROW,
  'one row per action card 0-9 as on the table (all 0 before the deal); the back belief: a known back is certain; an unknown one is shared among the faces the card set’s pairs not yet known give it, a pair with the face up twice counting double (the other hidden cards’ constraint is left out)',
  { count: 10, columns: CARD_COLUMNS },
);
const COUNTS = appendSection(
  sections,
  'counts',
  18,
  'derived: my pieces on my deck, on the enemy deck, among my extras, out; the enemy’s on its deck, on my deck, among its extras, out (each / 10); the enemy kinds still unaccounted for, captain to bomb, each / its count in the set; the enemy pieces of unknown kind / 10; of those, the ones that may be the Bomb / 10',
);

/** The sections of the observation tensor, in order (docs/learn.md, "Tensors"). */
export const OBSERVATION_LAYOUT: readonly TensorSection[] = sections;
/** The length of `observationTensor`'s array. */
export const OBSERVATION_SIZE = COUNTS + 18;

// Rules offsets.
const R_STANDARD = 0;
const R_ADVANCED = 1;
const R_AIMED = 2;
const R_QUICK = 3;
const R_ODDS_SAIL = 4;
const R_ODDS_SKULL = 5;
const R_FIRST_ME = 6;
const R_FIRST_ENEMY = 7;
const R_CARD_SET = 8;
// Pending offsets after the one-hot.
const Q_ME = ASKS.length;
const Q_ENEMY = Q_ME + 1;
const Q_SAIL = Q_ME + 2;
const Q_SKULL = Q_ME + 3;
const Q_OPEN = Q_ME + 4;
const Q_SHOT_ATTEMPT = Q_ME + 5;

const KINDS = 8;
const FACES = 7;
/** How many of each kind a seat owns, in PIECE_KINDS order (R1.1). */
const SET_COUNTS = Int32Array.from([0, 1, 2, 3, 4, 5, 6, 7], (kind) =>
  PIECE_SET.reduce((count, k) => count + (kindIndex(k) === kind ? 1 : 0), 0),
);
const BOMB = 7;

/** The pair index of faces a and b (either order) among the 28 unordered pairs. */
const PAIR_INDEX = Int8Array.from({ length: FACES * FACES }, (_, i) => {
  const a = Math.min(Math.floor(i / FACES), i % FACES);
  const b = Math.max(Math.floor(i / FACES), i % FACES);
  return a * FACES - (a * (a - 1)) / 2 + (b - a);
});

// Switches over the vocabulary rather than keyed lookups: they stay fast in the batched environment's loop.
function kindIndex(kind: PieceKind): number {
  switch (kind) {
    case 'captain':
      return 0;
    case 'swashbuckler':
      return 1;
    case 'whip':
      return 2;
    case 'incisor':
      return 3;
    case 'earring':
      return 4;
    case 'bombcatcher':
      return 5;
    case 'adder':
      return 6;
    case 'bomb':
      return 7;
  }
}

function faceIndex(face: CardFace): number {
  switch (face) {
    case 'attack':
      return 0;
    case 'swing':
      return 1;
    case 'newPirate':
      return 2;
    case 'shootSail':
      return 3;
    case 'shootSkull':
      return 4;
    case 'plank':
      return 5;
    case 'sleeping':
      return 6;
  }
}

function flagIndex(card: FlagCard): number {
  switch (card) {
    case 'monkey':
      return 0;
    case 'flag':
      return 1;
    case 'barrel':
      return 2;
  }
}

function askIndex(ask: Ask): number {
  switch (ask) {
    case 'contribute':
      return 0;
    case 'setup':
      return 1;
    case 'turnCard':
      return 2;
    case 'newPirate':
      return 3;
    case 'swing':
      return 4;
    case 'attack':
      return 5;
    case 'plank':
      return 6;
    case 'hatch':
      return 7;
    case 'shoot':
      return 8;
    case 'losePiece':
      return 9;
    case 'turnFlag':
      return 10;
    case 'none':
      return 11;
  }
}

/** The row of piece `id` for `seat`: its own slots first, then the enemy's. */
export function pieceRow(seat: Seat, id: number): number {
  const slot = id < 10 ? id : id - 10;
  return id < 10 === (seat === 'red') ? slot : 10 + slot;
}

/** The public rules both writers read: a view's `PublicRules` and a state's `Rules` both have them. */
interface RulesRead {
  readonly variant: Variant;
  readonly shots: 'aimed' | 'quick';
  readonly quickOdds: QuickOdds;
  readonly turnLimit: number | null;
  readonly firstSeat: Seat | null;
  readonly cardSet: readonly CardSides[];
}

// The small writers below take plain values, so the view's writer and the state's differ only in where
// they read each value: which is the secret-keeping boundary the tests hold them equal across. They also
// note what they were told, as small integers, for the derived features (module scratch: nothing is
// allocated per call); only they write these, so a derived feature knows no more than the raw part.

/** Kind index by row, -1 when unknown. */
const rowKind = new Int8Array(20);
/** Place by row: `MY_DECK` .. `OUT`. */
const rowPlace = new Int8Array(20);
const rowBoarded = new Uint8Array(20);
/** Face up and face down by card, -1 before the deal (up) or while unknown (down). */
const cardUp = new Int8Array(10);
const cardDown = new Int8Array(10);
/** The enemy's flag card by slot, -1 while unknown. */
const enemyFlag = new Int8Array(3);
/** The card set's pairs, counted by `PAIR_INDEX`. */
const setPairs = new Int32Array(FACE_PAIRS);
/** The last card set counted: a game's states share theirs, so it is counted once per game. */
let countedSet: readonly CardSides[] | null = null;

/** Clears `out`'s part and the notes: the first step of both writers. */
function begin(out: Float32Array, offset: number): void {
  if (!(Number.isInteger(offset) && offset >= 0 && offset + OBSERVATION_SIZE <= out.length))
    throw new RangeError(
      `No room for ${OBSERVATION_SIZE} numbers at offset ${offset} of an array of ${out.length}.`,
    );
  out.fill(0, offset, offset + OBSERVATION_SIZE);
  cardUp.fill(-1);
}

function writeRules(out: Float32Array, o: number, seat: Seat, rules: RulesRead): void {
  const base = o + RULES;
  out[base + (rules.variant === 'standard' ? R_STANDARD : R_ADVANCED)] = 1;
  out[base + (rules.shots === 'aimed' ? R_AIMED : R_QUICK)] = 1;
  out[base + R_ODDS_SAIL] = rules.quickOdds.sail;
  out[base + R_ODDS_SKULL] = rules.quickOdds.skull;
  if (rules.firstSeat !== null) out[base + (rules.firstSeat === seat ? R_FIRST_ME : R_FIRST_ENEMY)] = 1;
  const set = rules.cardSet;
  if (set !== countedSet) {
    setPairs.fill(0);
    for (let i = 0; i < set.length; i++) {
      const sides = set[i];
      if (sides === undefined) continue;
      const pair = PAIR_INDEX[faceIndex(sides[0]) * FACES + faceIndex(sides[1])] ?? 0;
      setPairs[pair] = (setPairs[pair] ?? 0) + 1;
    }
    countedSet = set;
  }
  for (let pair = 0; pair < FACE_PAIRS; pair++) out[base + R_CARD_SET + pair] = setPairs[pair] ?? 0;
}

function writeTurn(
  out: Float32Array,
  o: number,
  phase: Phase,
  mover: 'me' | 'enemy' | null,
  turn: number,
  limit: number | null,
): void {
  const base = o + TURN;
  out[base + (phase === 'setup' ? 0 : phase === 'play' ? 1 : 2)] = 1;
  if (mover !== null) out[base + (mover === 'me' ? 3 : 4)] = 1;
  out[base + 5] = turn / TURN_SCALE;
  if (limit !== null) {
    out[base + 6] = 1;
    out[base + 7] = limit / TURN_SCALE;
    out[base + 8] = Math.max(0, limit - turn) / TURN_SCALE;
    out[base + 9] = turn / limit;
  }
}

function writePending(
  out: Float32Array,
  o: number,
  ask: Ask,
  meAsked: boolean,
  enemyAsked: boolean,
  target: ShotTarget | null,
  open: boolean,
  attemptByShot: boolean,
): void {
  const base = o + PENDING;
  out[base + askIndex(ask)] = 1;
  if (meAsked) out[base + Q_ME] = 1;
  if (enemyAsked) out[base + Q_ENEMY] = 1;
  if (target !== null) out[base + (target === 'sail' ? Q_SAIL : Q_SKULL)] = 1;
  if (open) out[base + Q_OPEN] = 1;
  if (attemptByShot) out[base + Q_SHOT_ATTEMPT] = 1;
}

function writeOutcome(out: Float32Array, o: number, seat: Seat, outcome: Outcome | null): void {
  if (outcome === null) return;
  const base = o + OUTCOME;
  out[base + (outcome.winner === null ? 2 : outcome.winner === seat ? 0 : 1)] = 1;
  out[base + (outcome.reason === 'flag' ? 3 : outcome.reason === 'resigned' ? 4 : 5)] = 1;
}

/** A flag slot: `slot` 0-2 of mine (`enemy` false) or the enemy's; `card` null when unknown. */
function writeFlag(out: Float32Array, o: number, enemy: boolean, slot: number, card: FlagCard | null): void {
  const index = card === null ? -1 : flagIndex(card);
  out[o + FLAGS + (enemy ? 12 : 0) + slot * 4 + (index < 0 ? 3 : index)] = 1;
  if (enemy) enemyFlag[slot] = index;
}

// Where a piece is, seat-relative: the first four columns of its row.
const MY_DECK = 0;
const ENEMY_DECK = 1;
const EXTRAS = 2;
const OUT = 3;

/** One piece's raw row; `order` is its index in its deck or in the out pile (-1 among the extras). */
function writePiece(
  out: Float32Array,
  o: number,
  row: number,
  place: number,
  order: number,
  kind: PieceKind | null,
  boarded: boolean,
): void {
  const base = o + PIECES + row * PIECE_ROW;
  out[base + place] = 1;
  if (place === MY_DECK || place === ENEMY_DECK) out[base + P_DECK_POSITION] = (order + 1) / ORDER_SCALE;
  else if (place === OUT) out[base + P_OUT_ORDER] = (order + 1) / ORDER_SCALE;
  const index = kind === null ? -1 : kindIndex(kind);
  out[base + (index < 0 ? P_UNKNOWN : P_KIND + index)] = 1;
  if (boarded) out[base + P_BOARDED] = 1;
  rowKind[row] = index;
  rowPlace[row] = place;
  rowBoarded[row] = boarded ? 1 : 0;
}

function writeCard(
  out: Float32Array,
  o: number,
  card: number,
  up: CardFace,
  down: CardFace | null,
  aside: 'me' | 'enemy' | null,
  lastTurned: boolean,
): void {
  const base = o + CARDS + card * CARD_ROW;
  const upIndex = faceIndex(up);
  const downIndex = down === null ? -1 : faceIndex(down);
  out[base + C_UP + upIndex] = 1;
  out[base + (downIndex < 0 ? C_DOWN_UNKNOWN : C_DOWN + downIndex)] = 1;
  if (aside !== null) out[base + (aside === 'me' ? C_ASIDE_MINE : C_ASIDE_ENEMY)] = 1;
  if (lastTurned) out[base + C_LAST_TURNED] = 1;
  cardUp[card] = upIndex;
  cardDown[card] = downIndex;
}

/**
 * The observation of a seat's view (docs/learn.md, "Tensors"). A tensor belongs to a seat: a spectator's view
 * is refused with an error (it has no own slots), as asking for it is a mistake in the caller's code.
 */
export function observationTensor(view: PlayerView): Float32Array {
  const out = new Float32Array(OBSERVATION_SIZE);
  writeViewObservation(view, out, 0);
  return out;
}

/** The seat whose view this is; a spectator's view is refused (a caller's mistake, so thrown). */
export function seatOfView(view: PlayerView): Seat {
  const seat = view.viewer;
  if (seat === 'spectator')
    throw new Error(
      "A tensor is a seat's: a spectator view has no own pieces to put first. Pass viewFor(state, 'red') or viewFor(state, 'blue').",
    );
  return seat;
}

/** `observationTensor(view)` written into `out` at `offset` (the information state writes its first part so). */
export function writeViewObservation(view: PlayerView, out: Float32Array, offset: number): void {
  const seat = seatOfView(view);
  begin(out, offset);
  const o = offset;
  writeRules(out, o, seat, view.rules);
  writeTurn(
    out,
    o,
    view.phase,
    view.mover === null ? null : view.mover === seat ? 'me' : 'enemy',
    view.turn,
    view.rules.turnLimit,
  );
  const pending = view.pending;
  let meAsked = false;
  let enemyAsked = false;
  if (pending.ask === 'setup' || pending.ask === 'contribute') {
    for (const asked of pending.seats) {
      if (asked === seat) meAsked = true;
      else enemyAsked = true;
    }
  } else if (pending.ask !== 'none') {
    meAsked = pending.seat === seat;
    enemyAsked = !meAsked;
  }
  writePending(
    out,
    o,
    pending.ask,
    meAsked,
    enemyAsked,
    pending.ask === 'shoot' ? pending.target : null,
    pending.ask === 'shoot' && pending.open,
    pending.ask === 'turnFlag' && pending.raider === null,
  );
  writeOutcome(out, o, seat, view.outcome);
  const enemy = seat === 'red' ? 'blue' : 'red';
  if (view.ships[seat].ready) out[o + READY] = 1;
  if (view.ships[enemy].ready) out[o + READY + 1] = 1;
  for (let slot = 0; slot < 3; slot++) {
    writeFlag(out, o, false, slot, view.ships[seat].flagSlots[slot] ?? null);
    writeFlag(out, o, true, slot, view.ships[enemy].flagSlots[slot] ?? null);
  }
  for (const ship of [seat, enemy] as const) {
    const deck = view.ships[ship].deck;
    for (let i = 0; i < deck.length; i++) {
      const piece = deck[i];
      if (piece === undefined) continue;
      const place = ship === seat ? MY_DECK : ENEMY_DECK;
      writePiece(out, o, pieceRow(seat, piece.id), place, i, piece.kind, piece.boarded);
    }
    for (const piece of view.ships[ship].extras)
      writePiece(out, o, pieceRow(seat, piece.id), EXTRAS, -1, piece.kind, piece.boarded);
  }
  view.out.forEach((piece, i) => {
    writePiece(out, o, pieceRow(seat, piece.id), OUT, i, piece.kind, piece.boarded);
  });
  if (pending.ask === 'shoot' && pending.hatch !== null)
    out[o + PIECES + pieceRow(seat, pending.hatch) * PIECE_ROW + P_HATCH] = 1;
  if (pending.ask === 'turnFlag' && pending.raider !== null)
    out[o + PIECES + pieceRow(seat, pending.raider) * PIECE_ROW + P_RAIDER] = 1;
  for (const card of view.cards) {
    const aside = card.aside === null ? null : card.aside === seat ? 'me' : 'enemy';
    writeCard(out, o, card.card, card.up, card.down, aside, card.card === view.lastTurned);
  }
  writeDerived(out, o);
}

/**
 * `observationTensor(viewFor(state, seat))`, written into `out` at `offset` straight from the state, with no
 * allocation: the batched environments' form. It reads only what `viewFor` shows the seat (the enemy's kinds
 * only where shown, its flag cards only where shown, card backs only once turned), which tests check by
 * changing the rest and seeing the same numbers. Throws a RangeError if `out` has no room at `offset`.
 */
export function writeObservation(state: GameState, seat: Seat, out: Float32Array, offset: number): void {
  begin(out, offset);
  const o = offset;
  const rules = state.rules;
  writeRules(out, o, seat, rules);
  writeTurn(
    out,
    o,
    state.phase,
    state.phase === 'setup' ? null : state.mover === seat ? 'me' : 'enemy',
    state.turn,
    rules.turnLimit,
  );
  const pending = state.pending;
  let meAsked = false;
  let enemyAsked = false;
  if (pending.ask === 'setup') {
    meAsked = !(seat === 'red' ? state.ready.red : state.ready.blue);
    enemyAsked = !(seat === 'red' ? state.ready.blue : state.ready.red);
  } else if (pending.ask === 'contribute') {
    // As the engine lists the seats owing a contribution (rules/deal.ts): only whether each gave one.
    const chance = state.chance;
    if (chance.generator === 'chacha20') {
      meAsked = (seat === 'red' ? chance.contributions.red : chance.contributions.blue) === null;
      enemyAsked = (seat === 'red' ? chance.contributions.blue : chance.contributions.red) === null;
    }
  } else if (pending.ask !== 'none') {
    meAsked = pending.seat === seat;
    enemyAsked = !meAsked;
  }
  writePending(
    out,
    o,
    pending.ask,
    meAsked,
    enemyAsked,
    pending.ask === 'shoot' ? pending.target : null,
    pending.ask === 'shoot' && pending.open,
    pending.ask === 'turnFlag' && pending.raider === null,
  );
  writeOutcome(out, o, seat, state.outcome);
  if (seat === 'red' ? state.ready.red : state.ready.blue) out[o + READY] = 1;
  if (seat === 'red' ? state.ready.blue : state.ready.red) out[o + READY + 1] = 1;
  const mySlots = seat === 'red' ? state.flagSlots.red : state.flagSlots.blue;
  const enemySlots = seat === 'red' ? state.flagSlots.blue : state.flagSlots.red;
  const enemyShown = seat === 'red' ? state.flagShown.blue : state.flagShown.red;
  for (let slot = 0; slot < 3; slot++) {
    writeFlag(out, o, false, slot, mySlots[slot] ?? null);
    writeFlag(out, o, true, slot, enemyShown[slot] === true ? (enemySlots[slot] ?? null) : null);
  }
  // Each piece once, by where it stands; a deck's or the out pile's order is its index there.
  const { boarded, places } = state;
  const myDeck = seat === 'red' ? state.decks.red : state.decks.blue;
  const enemyDeck = seat === 'red' ? state.decks.blue : state.decks.red;
  for (let i = 0; i < myDeck.length; i++) {
    const id = myDeck[i] ?? 0;
    writePiece(out, o, pieceRow(seat, id), MY_DECK, i, knownKind(state, seat, id), boarded[id] === true);
  }
  for (let i = 0; i < enemyDeck.length; i++) {
    const id = enemyDeck[i] ?? 0;
    writePiece(out, o, pieceRow(seat, id), ENEMY_DECK, i, knownKind(state, seat, id), boarded[id] === true);
  }
  for (let id = 0; id < places.length; id++) {
    if (places[id] !== 'extras') continue;
    writePiece(out, o, pieceRow(seat, id), EXTRAS, -1, knownKind(state, seat, id), boarded[id] === true);
  }
  const outPile = state.out;
  for (let i = 0; i < outPile.length; i++) {
    const id = outPile[i] ?? 0;
    writePiece(out, o, pieceRow(seat, id), OUT, i, knownKind(state, seat, id), boarded[id] === true);
  }
  if (pending.ask === 'shoot' && pending.hatch !== null)
    out[o + PIECES + pieceRow(seat, pending.hatch) * PIECE_ROW + P_HATCH] = 1;
  if (pending.ask === 'turnFlag' && pending.raider !== null)
    out[o + PIECES + pieceRow(seat, pending.raider) * PIECE_ROW + P_RAIDER] = 1;
  const cards = state.cards;
  for (let i = 0; i < cards.length; i++) {
    const card = cards[i];
    if (card === undefined) continue;
    const up = card.sides[card.up];
    // R9.3: the face down only once the card has been turned; never read otherwise.
    const down = card.known ? card.sides[card.up === 0 ? 1 : 0] : null;
    const aside = card.aside === null ? null : card.aside === seat ? 'me' : 'enemy';
    writeCard(out, o, i, up, down, aside, i === state.lastTurned);
  }
  writeDerived(out, o);
}

/** R11.1: a piece's kind if `seat` knows it (its own, or shown to both), else null. */
function knownKind(state: GameState, seat: Seat, id: number): PieceKind | null {
  return id < 10 === (seat === 'red') || state.shown[id] === true ? (state.kinds[id] ?? null) : null;
}

// Scratch for the derived features.
const pool = new Int32Array(KINDS);
const placeCounts = new Int32Array(8);
const remainingPairs = new Int32Array(FACE_PAIRS);
const weights = new Float64Array(FACES);
const flagsLeft = new Int8Array(3);

/** Fills the derived features from the notes the raw writers just took, into `out` at `o`. */
function writeDerived(out: Float32Array, o: number): void {
  // The enemy kinds not yet accounted for, and its pieces of unknown kind.
  pool.set(SET_COUNTS);
  let unknown = 0;
  let mayBeBomb = 0;
  for (let row = 10; row < 20; row++) {
    const kind = rowKind[row] ?? -1;
    if (kind < 0) {
      unknown++;
      if (rowBoarded[row] === 0) mayBeBomb++;
    } else pool[kind] = (pool[kind] ?? 0) - 1;
  }
  placeCounts.fill(0);
  for (let row = 0; row < 20; row++) {
    const base = o + PIECES + row * PIECE_ROW;
    const place = rowPlace[row] ?? EXTRAS;
    // The enemy's pieces are counted from its side: on its own deck first.
    const column = row < 10 ? place : 4 + (place === MY_DECK ? 1 : place === ENEMY_DECK ? 0 : place);
    placeCounts[column] = (placeCounts[column] ?? 0) + 1;
    const kind = rowKind[row] ?? -1;
    if (kind < 0) {
      const boarded = rowBoarded[row] === 1;
      if (!boarded) out[base + P_MAY_BE_BOMB] = 1;
      writeKindBelief(out, base + P_BELIEF, unknown, mayBeBomb, boarded);
    } else {
      if (kind === BOMB) out[base + P_MAY_BE_BOMB] = 1;
      out[base + P_BELIEF + kind] = 1;
    }
  }
  const counts = o + COUNTS;
  for (let i = 0; i < 8; i++) out[counts + i] = (placeCounts[i] ?? 0) / 10;
  for (let k = 0; k < KINDS; k++) out[counts + 8 + k] = (pool[k] ?? 0) / (SET_COUNTS[k] ?? 1);
  out[counts + 16] = unknown / 10;
  out[counts + 17] = mayBeBomb / 10;
  writeBackBeliefs(out, o);
  writeFlagBelief(out, o);
}

/**
 * An unknown enemy piece's kind, uniform over the assignments of the unaccounted kinds that keep the Bomb off
 * the pieces that boarded (the Determinizer's prior, src/ai/sample.ts): the Bomb, if unaccounted for, is on
 * each piece that may hold it alike, the other kinds share the rest in proportion to their counts.
 */
function writeKindBelief(
  out: Float32Array,
  at: number,
  unknown: number,
  mayBeBomb: number,
  boarded: boolean,
): void {
  const bombLeft = (pool[BOMB] ?? 0) > 0;
  if (!bombLeft || mayBeBomb === 0) {
    for (let k = 0; k < KINDS; k++) out[at + k] = unknown > 0 ? (pool[k] ?? 0) / unknown : 0;
    return;
  }
  const bomb = boarded ? 0 : 1 / mayBeBomb;
  const others = unknown > 1 ? (1 - bomb) / (unknown - 1) : 0;
  for (let k = 0; k < BOMB; k++) out[at + k] = (pool[k] ?? 0) * others;
  out[at + BOMB] = bomb;
}

/** Each card's back: certain once known; else shared among the pairs of the card set not yet known. */
function writeBackBeliefs(out: Float32Array, o: number): void {
  remainingPairs.set(setPairs);
  for (let card = 0; card < 10; card++) {
    const up = cardUp[card] ?? -1;
    const down = cardDown[card] ?? -1;
    if (up < 0 || down < 0) continue;
    const pair = PAIR_INDEX[up * FACES + down] ?? 0;
    remainingPairs[pair] = Math.max(0, (remainingPairs[pair] ?? 0) - 1);
  }
  for (let card = 0; card < 10; card++) {
    const up = cardUp[card] ?? -1;
    if (up < 0) continue;
    const at = o + CARDS + card * CARD_ROW + C_BACK_BELIEF;
    const down = cardDown[card] ?? -1;
    if (down >= 0) {
      out[at + down] = 1;
      continue;
    }
    // R1.5: a random face of each card is up, so a pair with this face twice shows it twice as often.
    let total = 0;
    for (let f = 0; f < FACES; f++) {
      const weight = (remainingPairs[PAIR_INDEX[up * FACES + f] ?? 0] ?? 0) * (f === up ? 2 : 1);
      weights[f] = weight;
      total += weight;
    }
    if (total > 0) for (let f = 0; f < FACES; f++) out[at + f] = (weights[f] ?? 0) / total;
  }
}

/** The enemy's flag slots: a shown card is certain; the hidden slots share the cards not shown alike. */
function writeFlagBelief(out: Float32Array, o: number): void {
  let hidden = 0;
  flagsLeft.fill(1);
  for (let slot = 0; slot < 3; slot++) {
    const card = enemyFlag[slot] ?? -1;
    if (card < 0) hidden++;
    else flagsLeft[card] = 0;
  }
  for (let slot = 0; slot < 3; slot++) {
    const at = o + FLAG_BELIEF + slot * 3;
    const card = enemyFlag[slot] ?? -1;
    if (card >= 0) out[at + card] = 1;
    else for (let c = 0; c < 3; c++) out[at + c] = (flagsLeft[c] ?? 0) / hidden;
  }
}

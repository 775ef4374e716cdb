/**
 * The search's judgement of a position it stops reading before the end: a win chance for red from a few
 * features of the (sampled) state, weighted by a logistic regression fitted to the outcomes of many games
 * (`pirates fit-evaluation`, fit-evaluation.ts). Fitted rather than set by hand: the hand-set score
 * (material plus flag cards) made more search stop paying (docs/ai.md).
 *
 * Every feature but the first is red's figure minus blue's, so swapping the colours negates it and the
 * score stays fair to both seats.
 */
import { askedSeat, belongsTo, type GameState, type PieceKind, type Seat } from '../engine/index.ts';
import { battleGain, VALUE } from './judgement.ts';

export const FEATURES = [
  /** +1 when red moves now, -1 when blue does. */
  'tempo',
  /** Value of the pieces still in play. */
  'material',
  /** Pieces standing on their own deck (at most 3 count). */
  'defenders',
  /** No piece on its own deck: enemy boarders may attempt the flag. */
  'homeEmpty',
  /** No piece on either deck: an enemy cannon hit gives a flag attempt (R5.2). */
  'exposed',
  /** Pieces standing on the enemy deck. */
  'boarders',
  /** Boarders on an enemy deck with no defender: a flag attempt at the next Attack (R5.1). */
  'raidReady',
  /** The chance that the next flag attempt finds the Flag: 1 / the enemy's flag cards still unshown. */
  'flagChance',
  /** raidReady times flagChance. */
  'raidChance',
  /** The enemy exposed to the cannon, times flagChance. */
  'cannonChance',
  /** Pieces among the extras, ready to come on deck. */
  'extras',
  /** Value of the pieces whose kind the enemy has seen. */
  'shownValue',
  /** The Bomb still in play (it stops every attacker but Boris). */
  'bomb',
  /** A raid this turn: raid ready and an Attack face to turn (or Attack turned), times flagChance. */
  'raidNow',
  /** A cannon shot at an exposed enemy this turn (a Shoot face to turn, or aiming), times flagChance. */
  'shotNow',
  /** The best battle on offer: the most value one attack could win, on either deck (0 when none gains). */
  'battleEdge',
  /** The Bomb standing on its own deck: every boarder but Boris that attacks it loses. */
  'bombHome',
] as const;

export type Feature = (typeof FEATURES)[number];

/**
 * Fitted by `pirates fit-evaluation --games 6000 --seed 1` (see docs/ai.md for the run and its accuracy).
 * Order as in FEATURES.
 */
export const WEIGHTS: readonly number[] = [
  0.0574, 0.111, 0.1084, -0.1053, 0.0329, 0.0932, -0.5335, 0.427, 1.3005, 0.6127, -0.0509, -0.0252, -0.2316,
  1.3845, 0.1829, 0.0601, 0.2881,
];

/** Each feature's place in FEATURES (and in WEIGHTS), by name. */
const AT = Object.fromEntries(FEATURES.map((feature, i) => [feature, i])) as Record<Feature, number>;

/** Scratch for each seat's own figures: the search scores a position per iteration, without allocating. */
const RED = new Float64Array(FEATURES.length);
const BLUE = new Float64Array(FEATURES.length);

/** Fills `into` with the features of `state` (length FEATURES.length) and returns it. */
export function featuresOf(state: GameState, into: number[] = []): number[] {
  seatFeatures(state, 'red', RED);
  seatFeatures(state, 'blue', BLUE);
  into.length = FEATURES.length;
  into[AT.tempo] = tempo(state);
  for (let i = 1; i < FEATURES.length; i++) into[i] = (RED[i] ?? 0) - (BLUE[i] ?? 0);
  return into;
}

/** Red's chance of winning from `state`, by the fitted weights (or `weights`): weights · featuresOf(state). */
export function winChance(state: GameState, weights: readonly number[] = WEIGHTS): number {
  seatFeatures(state, 'red', RED);
  seatFeatures(state, 'blue', BLUE);
  let sum = (weights[AT.tempo] ?? 0) * tempo(state);
  for (let i = 1; i < FEATURES.length; i++) sum += (weights[i] ?? 0) * ((RED[i] ?? 0) - (BLUE[i] ?? 0));
  return 1 / (1 + Math.exp(-sum));
}

/**
 * `seat`'s own figure of every feature but tempo into `into` (index as in FEATURES; index 0 is left alone):
 * the learned value (value-network.ts) reads each seat's figures apart, not only their difference.
 */
export function seatFigures(state: GameState, seat: Seat, into: Float64Array | Float32Array): void {
  seatFeatures(state, seat, into);
}

/** +1 when red moves now, -1 when blue does, 0 outside play. */
export function tempo(state: GameState): number {
  return state.phase === 'play' ? (state.mover === 'red' ? 1 : -1) : 0;
}

/** `seat`'s own figure of every feature but tempo, by FEATURES index (the features are red's minus blue's). */
function seatFeatures(state: GameState, seat: Seat, into: Float64Array | Float32Array): void {
  const red = seat === 'red';
  const first = red ? 0 : 10;
  const places = state.places;
  const kinds = state.kinds;
  let material = 0;
  let extras = 0;
  let shownValue = 0;
  let bomb = 0;
  for (let id = first; id < first + 10; id++) {
    const place = places[id];
    if (place === 'out') continue;
    const kind = kinds[id] as PieceKind;
    const value = VALUE[kind];
    material += value;
    if (place === 'extras') extras++;
    if (state.shown[id] === true) shownValue += value;
    if (kind === 'bomb') bomb = 1;
  }
  const ownDeck = red ? state.decks.red : state.decks.blue;
  const enemyDeck = red ? state.decks.blue : state.decks.red;
  let home = 0;
  let enemyAway = 0;
  for (const piece of ownDeck)
    if (belongsTo(piece, seat)) home++;
    else enemyAway++;
  let away = 0;
  let enemyHome = 0;
  for (const piece of enemyDeck)
    if (belongsTo(piece, seat)) away++;
    else enemyHome++;
  const enemyFlags = red ? state.flagShown.blue : state.flagShown.red;
  let unshown = 0;
  for (const shown of enemyFlags) if (!shown) unshown++;
  const flagChance = unshown > 0 ? 1 / unshown : 1;
  const raidReady = away > 0 && enemyHome === 0 ? 1 : 0;
  const enemyExposed = enemyHome + enemyAway === 0 ? 1 : 0;
  const now = thisTurn(state, seat, raidReady === 1, enemyExposed === 1);
  into[AT.material] = material;
  into[AT.defenders] = Math.min(home, 3);
  into[AT.homeEmpty] = home === 0 ? 1 : 0;
  into[AT.exposed] = home + away === 0 ? 1 : 0;
  into[AT.boarders] = away;
  into[AT.raidReady] = raidReady;
  into[AT.flagChance] = flagChance;
  into[AT.raidChance] = raidReady * flagChance;
  into[AT.cannonChance] = enemyExposed * flagChance;
  into[AT.extras] = extras;
  into[AT.shownValue] = shownValue;
  into[AT.bomb] = bomb;
  into[AT.raidNow] = now & RAID_NOW ? flagChance : 0;
  into[AT.shotNow] = now & SHOT_NOW ? flagChance : 0;
  into[AT.battleEdge] = battleEdge(state, seat);
  into[AT.bombHome] = bombHome(state, seat) ? 1 : 0;
}

/**
 * The most value `seat` could win with one attack now, on either deck (kinds as the world has them): the
 * score otherwise cannot tell the Captain standing next to a weaker enemy from one standing alone.
 */
function battleEdge(state: GameState, seat: Seat): number {
  // Called for every leaf the search scores: no array is built for the two decks.
  return Math.max(deckEdge(state, state.decks.red, seat), deckEdge(state, state.decks.blue, seat));
}

/** The most value `seat` could win with one attack on this deck (0 when none gains). */
function deckEdge(state: GameState, deck: readonly number[], seat: Seat): number {
  let best = 0;
  for (const attacker of deck) {
    if (!belongsTo(attacker, seat)) continue;
    const a = state.kinds[attacker] as PieceKind;
    if (a === 'bomb') continue;
    for (const target of deck) {
      if (belongsTo(target, seat)) continue;
      const gain = battleGain(a, state.kinds[target] as PieceKind);
      if (gain > best) best = gain;
    }
  }
  return best;
}

function bombHome(state: GameState, seat: Seat): boolean {
  for (const piece of state.decks[seat])
    if (belongsTo(piece, seat) && state.kinds[piece] === 'bomb') return true;
  return false;
}

const RAID_NOW = 1;
const SHOT_NOW = 2;

/**
 * What `seat` can still do about the enemy flag in the turn under way: a raid (R5.1) or a shot at an exposed
 * enemy (R5.2), either chosen already or one card turn away. The score cannot see a turn ahead, and a flag
 * attempt one card away is worth far more than one two turns away.
 */
function thisTurn(state: GameState, seat: Seat, raidReady: boolean, enemyExposed: boolean): number {
  const pending = state.pending;
  if (askedSeat(pending) !== seat) return 0;
  if (pending.ask === 'turnFlag') return RAID_NOW;
  if (pending.ask === 'attack') return raidReady ? RAID_NOW : 0;
  if (pending.ask === 'shoot') return pending.open ? SHOT_NOW : 0;
  if (pending.ask !== 'turnCard' || !(raidReady || enemyExposed)) return 0;
  let now = 0;
  const cards = state.cards;
  for (let i = 0; i < cards.length; i++) {
    const card = cards[i] as (typeof cards)[number];
    if (card.aside !== null || i === state.lastTurned) continue;
    const face = card.sides[card.up === 0 ? 1 : 0];
    if (face === 'attack' && raidReady) now |= RAID_NOW;
    else if ((face === 'shootSail' || face === 'shootSkull') && enemyExposed) now |= SHOT_NOW;
  }
  return now;
}

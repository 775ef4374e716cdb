/**
 * Game options: what a game is created with and what a record stores. Untrusted input (a request, a file)
 * goes through `parseGameOptions`, which returns a typed error instead of throwing.
 */
import { type CannonOptions, parseCannonOptions } from './cannon/index.ts';
import { GENERATORS, type Generator } from './chance.ts';
import { fail, ok, type Result } from './result.ts';
import {
  CARD_COUNT,
  CARD_FACES,
  type CardFace,
  type CardSides,
  DEFAULT_CARD_SET,
  isSeat,
  type Seat,
} from './vocabulary.ts';

export const VARIANTS = ['standard', 'advanced'] as const;
/** R10: 'advanced' sets each turned card aside for a turn. */
export type Variant = (typeof VARIANTS)[number];

export const SHOT_MODES = ['aimed', 'quick'] as const;
/** R8.2 aimed shots with ballistics, or R8.3 quick shots with fixed odds. */
export type ShotMode = (typeof SHOT_MODES)[number];

/** R8.3: the hit chances of quick shots, e.g. `{ sail: 0.4, skull: 0.35 }`. */
export interface QuickOdds {
  readonly sail: number;
  readonly skull: number;
}

export const DEFAULT_QUICK_ODDS: QuickOdds = { sail: 0.4, skull: 0.35 };

export const ENTROPY_SOURCES = ['seed', 'seats'] as const;
/**
 * Where a game's chance comes from (docs/fairness.md): 'seed', the seed alone (whoever holds the seed holds
 * both seats' trust: tests, tournaments, simulations); 'seats', the seed and a contribution from each seat,
 * given as `contribute` actions before the cards are dealt (every game a server or the page hosts).
 */
export type EntropySource = (typeof ENTROPY_SOURCES)[number];

/** What a caller passes to `createGame`; only the seed is required. */
export interface GameOptions {
  /** Any string; the same seed (and contributions) give the same deal, coins and wobble. */
  readonly seed: string;
  /** 'seed' (default) or 'seats': see `EntropySource`. */
  readonly entropy?: EntropySource;
  /**
   * The generator: 'chacha20' (default). 'xoroshiro128plus' only replays games stored before keyed chance:
   * its outputs give its state away, so it is never offered for new games.
   */
  readonly chance?: Generator;
  readonly variant?: Variant;
  readonly shots?: ShotMode;
  readonly quickOdds?: QuickOdds;
  /** R7.2: after this many turns (both seats counted) the game is a draw. */
  readonly turnLimit?: number;
  /** R1.6: fixes who starts instead of tossing the coin (tests, tournaments). */
  readonly firstSeat?: Seat;
  /** R9.2: the pairing of faces on the ten cards. */
  readonly cardSet?: readonly CardSides[];
  /** R8.2: the table geometry and the cannon's wobble (docs/cannon.md); defaults when absent. */
  readonly cannon?: CannonOptions;
}

/** Options with every default filled in; this is what a state and a record hold. */
export interface Rules {
  readonly seed: string;
  readonly entropy: EntropySource;
  readonly chance: Generator;
  readonly variant: Variant;
  readonly shots: ShotMode;
  readonly quickOdds: QuickOdds;
  readonly turnLimit: number | null;
  readonly firstSeat: Seat | null;
  readonly cardSet: readonly CardSides[];
  readonly cannon: CannonOptions;
}

const KNOWN_KEYS = new Set([
  'seed',
  'entropy',
  'chance',
  'variant',
  'shots',
  'quickOdds',
  'turnLimit',
  'firstSeat',
  'cardSet',
  'cannon',
]);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isProbability(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= 1;
}

function isCardFace(value: unknown): value is CardFace {
  return typeof value === 'string' && (CARD_FACES as readonly string[]).includes(value);
}

/** Turns untrusted options into `Rules`, or says what is wrong with them. */
export function parseGameOptions(input: unknown): Result<Rules> {
  if (!isRecord(input))
    return fail('options/malformed', 'Game options must be an object with at least a seed.');
  for (const key of Object.keys(input)) {
    if (!KNOWN_KEYS.has(key)) return fail('options/unknown', `Unknown game option '${key}'.`);
  }
  const { seed, entropy, chance, variant, shots, quickOdds, turnLimit, firstSeat, cardSet, cannon } = input;
  if (typeof seed !== 'string' || seed.length === 0 || seed.length > 200) {
    return fail('options/seed', 'The seed must be a non-empty string of at most 200 characters.');
  }
  if (entropy !== undefined && entropy !== 'seed' && entropy !== 'seats') {
    return fail('options/entropy', "Entropy must be 'seed' or 'seats'.");
  }
  if (chance !== undefined && !(GENERATORS as readonly unknown[]).includes(chance)) {
    return fail('options/chance', `The chance generator must be one of: ${GENERATORS.join(', ')}.`);
  }
  if (chance === 'xoroshiro128plus' && entropy === 'seats') {
    return fail(
      'options/chance',
      "Seats contribute only to keyed chance (chacha20); 'xoroshiro128plus' is for replaying old games.",
    );
  }
  if (variant !== undefined && variant !== 'standard' && variant !== 'advanced') {
    return fail('options/variant', "The variant must be 'standard' or 'advanced'.");
  }
  if (shots !== undefined && shots !== 'aimed' && shots !== 'quick') {
    return fail('options/shots', "Shots must be 'aimed' or 'quick'.");
  }
  let odds = DEFAULT_QUICK_ODDS;
  if (quickOdds !== undefined) {
    if (!isRecord(quickOdds) || !isProbability(quickOdds.sail) || !isProbability(quickOdds.skull)) {
      return fail('options/quick-odds', 'Quick odds must be { sail, skull }, each a number from 0 to 1.');
    }
    odds = { sail: quickOdds.sail, skull: quickOdds.skull };
  }
  if (turnLimit !== undefined && !(Number.isInteger(turnLimit) && (turnLimit as number) > 0)) {
    return fail('options/turn-limit', 'The turn limit must be a whole number above 0.');
  }
  if (firstSeat !== undefined && !isSeat(firstSeat)) {
    return fail('options/first-seat', "The first seat must be 'red' or 'blue'.");
  }
  let cards: readonly CardSides[] = DEFAULT_CARD_SET;
  if (cardSet !== undefined) {
    if (!Array.isArray(cardSet) || cardSet.length !== CARD_COUNT) {
      return fail('options/card-set', `The card set must list ${CARD_COUNT} cards.`);
    }
    const parsed: CardSides[] = [];
    for (const card of cardSet as unknown[]) {
      if (!Array.isArray(card) || card.length !== 2 || !isCardFace(card[0]) || !isCardFace(card[1])) {
        return fail('options/card-set', `Each card is a pair of faces from: ${CARD_FACES.join(', ')}.`);
      }
      parsed.push([card[0], card[1]]);
    }
    cards = parsed;
  }
  let cannonOptions: CannonOptions = {};
  if (cannon !== undefined) {
    const parsed = parseCannonOptions(cannon);
    if (!parsed.ok) return fail(parsed.error.code, parsed.error.message);
    cannonOptions = parsed.options;
  }
  return ok({
    seed,
    entropy: entropy ?? 'seed',
    chance: (chance as Generator | undefined) ?? 'chacha20',
    variant: variant ?? 'standard',
    shots: shots ?? 'aimed',
    quickOdds: odds,
    turnLimit: (turnLimit as number | undefined) ?? null,
    firstSeat: firstSeat ?? null,
    cardSet: cards,
    cannon: cannonOptions,
  });
}

/** Back from `Rules` to the smallest `GameOptions` that gives them (records stay short). */
export function optionsOf(rules: Rules): GameOptions {
  return {
    seed: rules.seed,
    ...(rules.entropy === 'seed' ? {} : { entropy: rules.entropy }),
    ...(rules.chance === 'chacha20' ? {} : { chance: rules.chance }),
    variant: rules.variant,
    shots: rules.shots,
    ...(rules.quickOdds === DEFAULT_QUICK_ODDS ? {} : { quickOdds: rules.quickOdds }),
    ...(rules.turnLimit === null ? {} : { turnLimit: rules.turnLimit }),
    ...(rules.firstSeat === null ? {} : { firstSeat: rules.firstSeat }),
    ...(rules.cardSet === DEFAULT_CARD_SET ? {} : { cardSet: rules.cardSet }),
    ...(Object.keys(rules.cannon).length === 0 ? {} : { cannon: rules.cannon }),
  };
}

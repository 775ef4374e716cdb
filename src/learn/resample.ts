/**
 * Resampling from an information state (OpenSpiel's ResampleFromInfostate): a full GameState whose view for
 * the seat is exactly the seat's view, the hidden rest drawn at random under the game's constraints, with
 * chance set up so it plays on. What one view fixes is worked out once (`Resampler`), so a search that draws
 * thousands of worlds a decision pays a few draws a world; `resample` is one world from one view.
 */
import {
  type ActionCard,
  type CannonConfig,
  type CardSides,
  type ChanceState,
  DEFAULT_CANNON,
  type FlagCard,
  type GameEvent,
  type GameState,
  type Pending,
  type PieceKind,
  type Place,
  type PlayerView,
  parseGameOptions,
  pendingFromView,
  type QuickOdds,
  type Random,
  type Rules,
  SEATS,
  shuffleInPlace,
} from '../engine/index.ts';
import { currentCards, type Hidden, hiddenOf, ownFlagsShown, ownShown } from './hidden.ts';

/**
 * A full state behind `view` (a seat's view; a spectator's is a RangeError), the hidden rest drawn from
 * `random`: `viewFor(resample(view, r), view.viewer)` deep-equals `view`, every card is a card of the card
 * set, and the state plays on with `applyAction` to the end. `history`, the seat's events (`eventsFor`),
 * tells what the view does not: which own pieces and flag cards the enemy has seen, the card turned in the
 * turn under way. Without it the enemy has seen only the own pieces out of play and no own flag card, and
 * the card turned is drawn among those it may be (docs/learn.md, "Resampling").
 */
export function resample(view: PlayerView, random: Random, history: readonly GameEvent[] = []): GameState {
  return new Resampler(view, history).sample(random);
}

export interface ResampleOptions {
  /**
   * A search's worlds: play shots as quick shots at these odds, so the search needs no physics. The worlds'
   * rules then differ from the view's (`rules.shots`, `rules.quickOdds`); everything else is the same.
   */
  readonly quickOdds?: QuickOdds;
  /** Which own pieces the enemy has seen, by piece id, when known otherwise than from events (an oracle). */
  readonly ownShown?: readonly boolean[];
}

/** The part of every world behind one view that the view and history fix, worked out once. */
export class Resampler {
  /** What the seat does not know (hidden.ts). */
  readonly hidden: Hidden;
  private readonly view: PlayerView;
  private readonly rules: Rules;
  private readonly places: Place[];
  private readonly shown: boolean[];
  private readonly boarded: boolean[];
  private readonly ownFlagsShown: boolean[];
  /** The cards the one turned in the turn under way may be (one when the history tells it). */
  private readonly current: readonly number[];
  private readonly aside: { red: number | null; blue: number | null };
  private readonly pending: Pending;
  private readonly deal: CardDeal;
  private readonly chance: ChanceDraw;

  constructor(view: PlayerView, history: readonly GameEvent[] = [], options: ResampleOptions = {}) {
    this.view = view;
    this.hidden = hiddenOf(view);
    const quick = options.quickOdds;
    const parsed = parseGameOptions({
      // Never the game's seed (the seat does not know it): only a 'seats' game still dealing reads it.
      seed: 'resampled',
      variant: view.rules.variant,
      shots: quick ? 'quick' : view.rules.shots,
      quickOdds: quick ?? view.rules.quickOdds,
      ...(view.rules.turnLimit === null ? {} : { turnLimit: view.rules.turnLimit }),
      ...(view.rules.firstSeat === null ? {} : { firstSeat: view.rules.firstSeat }),
      cardSet: view.rules.cardSet,
      entropy: view.rules.entropy,
      chance: view.rules.chance,
      // The cannon only when it is not the default: checking one fires two test shots (cannon/options.ts).
      ...(sameCannon(view.rules.cannon, DEFAULT_CANNON) ? {} : { cannon: view.rules.cannon }),
    });
    if (!parsed.ok) throw new RangeError(`The view's rules are not a game's rules: ${parsed.error.message}`);
    this.rules = parsed.value;
    const places: Place[] = Array.from({ length: 20 }, () => 'extras');
    for (const seat of SEATS) for (const piece of view.ships[seat].deck) places[piece.id] = seat;
    for (const piece of view.out) places[piece.id] = 'out';
    this.places = places;
    const boarded: boolean[] = Array.from({ length: 20 }, () => false);
    for (const seat of SEATS) {
      for (const piece of view.ships[seat].deck) boarded[piece.id] = piece.boarded;
      for (const piece of view.ships[seat].extras) boarded[piece.id] = piece.boarded;
    }
    for (const piece of view.out) boarded[piece.id] = piece.boarded;
    this.boarded = boarded;
    const seat = this.hidden.seat;
    const own = options.ownShown ?? ownShown(view, history);
    // An enemy piece is shown exactly when the view tells its kind (R11); an own one when the enemy saw it.
    this.shown = this.hidden.known.map((kind, id) =>
      id < 10 === (seat === 'red') ? own[id] === true : kind !== null,
    );
    this.ownFlagsShown = ownFlagsShown(seat, view.ships[seat].flagSlots.length, history);
    this.current = currentCards(view, history);
    this.aside = {
      red: view.cards.find((c) => c.aside === 'red')?.card ?? null,
      blue: view.cards.find((c) => c.aside === 'blue')?.card ?? null,
    };
    this.pending = pendingFromView(view.pending);
    this.deal = new CardDeal(view);
    this.chance = new ChanceDraw(this.rules, view);
  }

  /**
   * One world. `assignment` gives the enemy's hidden kinds (parallel to `hidden.unknown`, e.g. a belief's
   * particle); without it they are drawn uniformly among those the hard constraints allow.
   */
  sample(random: Random, assignment?: readonly PieceKind[]): GameState {
    const { hidden, view } = this;
    const enemyKinds = assignment ?? sampleAssignment(hidden, random);
    const kinds: PieceKind[] = hidden.known.map((kind) => kind ?? 'bomb');
    hidden.unknown.forEach((id, i) => {
      kinds[id] = enemyKinds[i] ?? 'bomb';
    });
    const seat = hidden.seat;
    const enemy = hidden.enemy;
    const flagSlots = { red: [] as FlagCard[], blue: [] as FlagCard[] };
    flagSlots[seat] = view.ships[seat].flagSlots.map((card) => card ?? 'monkey');
    const enemyFlags: FlagCard[] = view.ships[enemy].flagSlots.map((card) => card ?? 'monkey');
    const flagDraw = shuffleInPlace(hidden.flagPool.slice(), random);
    hidden.flagSlotsHidden.forEach((slot, i) => {
      enemyFlags[slot] = flagDraw[i] ?? 'monkey';
    });
    flagSlots[enemy] = enemyFlags;
    const flagShown = { red: [] as boolean[], blue: [] as boolean[] };
    flagShown[seat] = this.ownFlagsShown.slice();
    flagShown[enemy] = view.ships[enemy].flagSlots.map((card) => card !== null);
    const current = this.current;
    return {
      format: 2,
      rules: this.rules,
      chance: this.chance.draw(random),
      phase: view.phase,
      kinds,
      places: this.places.slice(),
      decks: { red: view.ships.red.deck.map((p) => p.id), blue: view.ships.blue.deck.map((p) => p.id) },
      shown: this.shown.slice(),
      boarded: this.boarded.slice(),
      out: view.out.map((p) => p.id),
      flagSlots,
      flagShown,
      cards: this.deal.draw(random),
      ready: { red: view.ships.red.ready, blue: view.ships.blue.ready },
      mover: view.mover ?? 'red',
      turn: view.turn,
      current: current.length > 1 ? (current[random.int(current.length)] ?? null) : (current[0] ?? null),
      lastTurned: view.lastTurned,
      aside: { red: this.aside.red, blue: this.aside.blue },
      pending: this.pending,
      outcome: view.outcome,
      log: [],
    };
  }
}

/**
 * Kinds for `hidden.unknown`, uniform over the assignments that meet the hard constraints: the Bomb (if
 * still hidden) goes to a piece that never boarded, every such piece equally likely, and the other kinds
 * are a uniform shuffle over the rest (a shuffle, then the Bomb swapped onto a uniform eligible piece).
 */
export function sampleAssignment(hidden: Hidden, random: Random): PieceKind[] {
  const kinds = shuffleInPlace(hidden.pool.slice(), random);
  const bombAt = kinds.indexOf('bomb');
  if (bombAt >= 0 && hidden.mayBeBomb[bombAt] !== true) {
    const eligible: number[] = [];
    hidden.mayBeBomb.forEach((may, i) => {
      if (may) eligible.push(i);
    });
    const to = eligible[random.int(eligible.length)];
    if (to !== undefined) {
      kinds[bombAt] = kinds[to] as PieceKind;
      kinds[to] = 'bomb';
    }
  }
  return kinds;
}

/**
 * The unturned cards' backs, as a deal of the card set (R1.5, R9): the cards whose back is known take card
 * set cards with those two faces; the rest of the card set is matched to the unturned places, a card fitting
 * a place when one of its faces is the face up there. Every consistent matching is equally likely: the deal
 * shuffles the cards and puts each with either side up at even odds, so a matching is as likely as the
 * ways its cards show the faces up, 1 a card and 2 for a card whose faces are the same, and as every free
 * card lies somewhere in every matching, that weight is the same for all of them. Counting the ways
 * anyway draws which side of a same-faced card is up. A bitmask count over the places in order (`ways`, at
 * most 2^10 entries) is made once per view, and each world walks it back with one draw.
 */
class CardDeal {
  /** The table with the known cards in place; the unturned places are filled by `draw`. */
  private readonly table: ActionCard[];
  /** The unturned places, in table order. */
  private readonly places: readonly number[];
  /** Per unturned place, per free card-set card: the cards it can lie as there (one per side showing the face). */
  private readonly fits: readonly (readonly (readonly ActionCard[])[])[];
  /** `ways[mask]`: the weight of the matchings of the first popcount(mask) places to the free cards in mask. */
  private readonly ways: Float64Array;

  constructor(view: PlayerView) {
    const cardSet = view.rules.cardSet;
    this.table = [];
    const places: number[] = [];
    const free = cardSet.map((_, i) => i);
    for (const card of view.cards) {
      if (card.down === null) {
        places.push(card.card);
        // A placeholder, overwritten in every world.
        this.table.push({ sides: [card.up, card.up], up: 0, known: false, aside: card.aside });
        continue;
      }
      const { up, down } = card;
      const at = free.findIndex((i) => sameFaces(cardSet[i], up, down));
      const sides = cardSet[free[at] ?? -1];
      if (sides === undefined) throw new RangeError(inconsistent(`card ${card.card} (${up}/${down})`));
      free.splice(at, 1);
      this.table.push({ sides, up: sides[0] === up ? 0 : 1, known: true, aside: card.aside });
    }
    this.places = places;
    // Before the deal ('seats' games wait for both contributions) the table is empty: nothing to match.
    if (view.cards.length === 0) free.length = 0;
    if (free.length !== places.length) throw new RangeError(inconsistent('the table'));
    this.fits = places.map((place) => {
      const card = view.cards[place];
      return free.map((i) => {
        const sides = cardSet[i] as CardSides;
        const lies: ActionCard[] = [];
        for (const side of [0, 1] as const)
          if (sides[side] === card?.up) lies.push({ sides, up: side, known: false, aside: card.aside });
        return lies;
      });
    });
    const n = places.length;
    const ways = new Float64Array(1 << n);
    ways[0] = 1;
    for (let mask = 1; mask < ways.length; mask++) {
      const place = this.fits[popcount(mask) - 1] ?? [];
      let sum = 0;
      for (let j = 0; j < n; j++)
        if (mask & (1 << j)) sum += (place[j]?.length ?? 0) * (ways[mask ^ (1 << j)] ?? 0);
      ways[mask] = sum;
    }
    if (!((ways[ways.length - 1] ?? 0) > 0)) throw new RangeError(inconsistent('the unturned faces'));
    this.ways = ways;
  }

  /** The table of one world: every matching drawn with its weight, by one uniform draw walked back. */
  draw(random: Random): ActionCard[] {
    const table = this.table.slice();
    const { ways, fits, places } = this;
    let mask = ways.length - 1;
    let x = random.float() * (ways[mask] ?? 0);
    for (let i = places.length - 1; i >= 0; i--) {
      const place = fits[i] ?? [];
      // The last card that fits keeps a draw that rounding left at the very end of the count.
      let chosen: ActionCard | undefined;
      let chosenBit = 0;
      for (let j = 0; j < place.length; j++) {
        const bit = 1 << j;
        const lies = place[j] ?? [];
        const rest = mask & bit ? (ways[mask ^ bit] ?? 0) : 0;
        if (lies.length === 0 || rest === 0) continue;
        chosenBit = bit;
        const span = lies.length * rest;
        if (x < span) {
          const side = Math.min(lies.length - 1, Math.floor(x / rest));
          chosen = lies[side];
          x -= side * rest;
          break;
        }
        chosen = lies[lies.length - 1];
        x -= span;
      }
      const at = places[i];
      if (chosen === undefined || at === undefined)
        throw new Error('resample: a card deal ran off its count');
      table[at] = chosen;
      mask ^= chosenBit;
      x = Math.min(Math.max(x, 0), ways[mask] ?? 0);
    }
    return table;
  }
}

function sameCannon(a: CannonConfig, b: CannonConfig): boolean {
  for (const key of Object.keys(b) as (keyof CannonConfig)[]) if (a[key] !== b[key]) return false;
  return true;
}

function sameFaces(sides: CardSides | undefined, up: string, down: string): boolean {
  return (
    sides !== undefined && ((sides[0] === up && sides[1] === down) || (sides[0] === down && sides[1] === up))
  );
}

function inconsistent(what: string): string {
  return `No deal of the view's card set shows ${what} as the view does: the view is not one a game shows.`;
}

function popcount(mask: number): number {
  let count = 0;
  for (let m = mask; m !== 0; m &= m - 1) count++;
  return count;
}

/**
 * Chance that plays on: a keyed chance state with a game key drawn from `random` (64 hex digits; never the
 * game's, which the seat does not know), or, for a game from before keyed chance, a stream drawn likewise.
 * While a 'seats' game waits for contributions, those still owed stay owed and the given ones are drawn.
 * Hex is dear to make (a world's 64 digits cost four times the rest of it), so the worlds of one view share
 * a key's first 48 digits and their contributions (what the game key was derived from: nothing reads them
 * once it is), drawn with the first world, and each world draws its last 16, so their dice differ.
 */
class ChanceDraw {
  private shared: { readonly key: string; readonly red: string; readonly blue: string } | null = null;
  private readonly rules: Rules;
  private readonly pending: PlayerView['pending'];

  constructor(rules: Rules, view: PlayerView) {
    this.rules = rules;
    this.pending = view.pending;
  }

  draw(random: Random): ChanceState {
    if (this.rules.chance === 'xoroshiro128plus') {
      // xoroshiro128+ must not start from all zeros: the first word is odd.
      return {
        generator: 'xoroshiro128plus',
        words: [word(random) | 1, word(random) | 0, word(random) | 0, word(random) | 0],
      };
    }
    this.shared ??= { key: hex(random, 6), red: hex(random, 4), blue: hex(random, 4) };
    const { shared, pending } = this;
    const drawn = { plank: 0, shot: 0 };
    if (pending.ask === 'contribute') {
      const given = (seat: 'red' | 'blue') => (pending.seats.includes(seat) ? null : shared[seat]);
      return {
        generator: 'chacha20',
        contributions: { red: given('red'), blue: given('blue') },
        key: null,
        drawn,
      };
    }
    const contributions =
      this.rules.entropy === 'seats' ? { red: shared.red, blue: shared.blue } : { red: '', blue: '' };
    return { generator: 'chacha20', contributions, key: shared.key + hex(random, 2), drawn };
  }
}

/** A uniform 32-bit word. */
function word(random: Random): number {
  return random.int(0x100000000);
}

/** Two hex digits by byte: `toString(16)` costs a microsecond a word. */
const HEX = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));

/** `words` uniform 32-bit words as hex, 8 digits each. */
function hex(random: Random, words: number): string {
  let text = '';
  for (let i = 0; i < words; i++) {
    const w = word(random);
    text += `${HEX[w >>> 24]}${HEX[(w >>> 16) & 255]}${HEX[(w >>> 8) & 255]}${HEX[w & 255]}`;
  }
  return text;
}

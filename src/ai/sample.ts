/**
 * Determinization: a full GameState consistent with everything one seat's view shows, the rest drawn at
 * random (enemy kinds under AI.md's hard constraints, enemy flag order, unturned card backs, fresh dice).
 * Tested the OpenSpiel way: viewFor(sampleState(view), seat) equals the view.
 */
import {
  type ActionCard,
  belongsTo,
  type CardFace,
  type ChanceState,
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
  shuffleInPlace,
} from '../engine/index.ts';
import { currentCard, type Hidden, hiddenOf, ownFlagsShown, ownShown } from './hidden.ts';

/**
 * Kinds for `hidden.unknown`, uniform over the assignments that meet the hard constraints: the Bomb (if
 * still hidden) goes to a piece that never boarded; every such piece is equally likely.
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

/** Does an assignment meet the hard constraints? */
export function assignmentAllowed(hidden: Hidden, kinds: readonly PieceKind[]): boolean {
  for (let i = 0; i < kinds.length; i++)
    if (kinds[i] === 'bomb' && hidden.mayBeBomb[i] !== true) return false;
  return true;
}

export interface WorldOptions {
  /** Play the sampled world with quick shots at these odds (search does; aimed physics is not needed there). */
  readonly quickOdds?: QuickOdds;
  /** Which own pieces the enemy has seen, when known otherwise than from events (the oracle). */
  readonly ownShown?: readonly boolean[];
}

/** The fixed part of every world sampled from one view, computed once per decision. */
export class Determinizer {
  readonly hidden: Hidden;
  private readonly view: PlayerView;
  private readonly rules: Rules;
  private readonly places: Place[];
  private readonly shown: boolean[];
  /** Per piece id: has it ever boarded (computed once: every sampled world copies it). */
  private readonly boarded: boolean[];
  private readonly ownFlagsShown: boolean[];
  private readonly current: number | null;
  private readonly aside: { red: number | null; blue: number | null };
  private readonly pending: Pending;

  constructor(view: PlayerView, history: readonly GameEvent[] = [], options: WorldOptions = {}) {
    this.view = view;
    this.hidden = hiddenOf(view);
    const quick = options.quickOdds;
    const parsed = parseGameOptions({
      seed: 'sampled',
      variant: view.rules.variant,
      shots: quick ? 'quick' : view.rules.shots,
      quickOdds: quick ?? view.rules.quickOdds,
      ...(view.rules.turnLimit === null ? {} : { turnLimit: view.rules.turnLimit }),
      ...(view.rules.firstSeat === null ? {} : { firstSeat: view.rules.firstSeat }),
      cardSet: view.rules.cardSet,
      entropy: view.rules.entropy,
      chance: view.rules.chance,
    });
    if (!parsed.ok) throw new Error(`sampled rules: ${parsed.error.message}`);
    this.rules = parsed.value;
    const places: Place[] = Array.from({ length: 20 }, () => 'extras');
    for (const seat of ['red', 'blue'] as const) {
      for (const piece of this.view.ships[seat].deck) places[piece.id] = seat;
    }
    for (const piece of view.out) places[piece.id] = 'out';
    this.places = places;
    this.boarded = this.hidden.known.map((_, id) => isBoarded(view, id));
    const seat = this.hidden.seat;
    const own = options.ownShown ?? ownShown(view, history);
    this.shown = this.hidden.known.map((kind, id) =>
      belongsTo(id, seat) ? own[id] === true : kind !== null,
    );
    this.ownFlagsShown = ownFlagsShown(seat, view.ships[seat].flagSlots.length, history);
    this.current = currentCard(view, history);
    this.aside = {
      red: view.cards.find((c) => c.aside === 'red')?.card ?? null,
      blue: view.cards.find((c) => c.aside === 'blue')?.card ?? null,
    };
    this.pending = pendingFromView(view.pending);
  }

  /**
   * A world as the enemy could imagine it: like `sample`, and the seat's own pieces the enemy has not seen
   * swap kinds among themselves (the Bomb never onto a piece that boarded). Expert's search scores the
   * enemy's choices in such worlds, so the enemy in its tree cannot see the seat's pieces.
   */
  sampleEnemyView(random: Random, assignment?: readonly PieceKind[]): GameState {
    const world = this.sample(random, assignment);
    const first = this.hidden.seat === 'red' ? 0 : 10;
    const unseen: number[] = [];
    for (let id = first; id < first + 10; id++)
      if (!this.shown[id] && world.places[id] !== 'out') unseen.push(id);
    const kinds = world.kinds.slice();
    const mixed = shuffleInPlace(
      unseen.map((id) => kinds[id] ?? 'bomb'),
      random,
    );
    const bombAt = mixed.indexOf('bomb');
    if (bombAt >= 0 && world.boarded[unseen[bombAt] ?? 0]) {
      const to = unseen.findIndex((id) => !world.boarded[id]);
      if (to >= 0) {
        mixed[bombAt] = mixed[to] ?? 'bomb';
        mixed[to] = 'bomb';
      }
    }
    unseen.forEach((id, i) => {
      kinds[id] = mixed[i] ?? 'bomb';
    });
    return { ...world, kinds };
  }

  /** A world with the given enemy kinds (parallel to `hidden.unknown`), or freshly sampled ones. */
  sample(random: Random, assignment?: readonly PieceKind[]): GameState {
    const { hidden, view } = this;
    const enemyKinds = assignment ?? sampleAssignment(hidden, random);
    const kinds: PieceKind[] = hidden.known.map((kind) => kind ?? 'bomb');
    hidden.unknown.forEach((id, i) => {
      kinds[id] = enemyKinds[i] ?? 'bomb';
    });
    const enemyFlags: FlagCard[] = view.ships[hidden.enemy].flagSlots.map((card) => card ?? 'monkey');
    const flagDraw = shuffleInPlace(hidden.flagPool.slice(), random);
    hidden.flagSlotsHidden.forEach((slot, i) => {
      enemyFlags[slot] = flagDraw[i] ?? 'monkey';
    });
    const backs = shuffleInPlace(hidden.backPool.slice(), random);
    const backOf = new Map<number, CardFace>();
    hidden.cardsHidden.forEach((card, i) => {
      backOf.set(card, backs[i] ?? 'sleeping');
    });
    const cards: ActionCard[] = view.cards.map((card) => ({
      sides: [card.up, card.down ?? backOf.get(card.card) ?? 'sleeping'],
      up: 0,
      known: card.down !== null,
      aside: card.aside,
    }));
    const seat = hidden.seat;
    const enemy = hidden.enemy;
    const flagSlots = { red: [] as FlagCard[], blue: [] as FlagCard[] };
    flagSlots[seat] = view.ships[seat].flagSlots.map((card) => card ?? 'monkey');
    flagSlots[enemy] = enemyFlags;
    const flagShown = { red: [] as boolean[], blue: [] as boolean[] };
    flagShown[seat] = this.ownFlagsShown.slice();
    flagShown[enemy] = view.ships[enemy].flagSlots.map((card) => card !== null);
    return {
      format: 2,
      rules: this.rules,
      chance: IMAGINED_CHANCE,
      phase: view.phase,
      kinds,
      places: this.places.slice(),
      decks: { red: view.ships.red.deck.map((p) => p.id), blue: view.ships.blue.deck.map((p) => p.id) },
      shown: this.shown.slice(),
      boarded: this.boarded.slice(),
      out: view.out.map((p) => p.id),
      flagSlots,
      flagShown,
      cards,
      ready: { red: view.ships.red.ready, blue: view.ships.blue.ready },
      mover: view.mover ?? 'red',
      turn: view.turn,
      current: this.current,
      lastTurned: view.lastTurned,
      aside: { red: this.aside.red, blue: this.aside.blue },
      pending: this.pending,
      outcome: view.outcome,
      log: [],
    };
  }
}

function isBoarded(view: PlayerView, id: number): boolean {
  for (const seat of ['red', 'blue'] as const) {
    const ship = view.ships[seat];
    for (const piece of ship.deck) if (piece.id === id) return piece.boarded;
    for (const piece of ship.extras) if (piece.id === id) return piece.boarded;
  }
  for (const piece of view.out) if (piece.id === id) return piece.boarded;
  return false;
}

/**
 * An imagined world has no real chance: its searches draw from the bot's own generator
 * (`fastCopyWithChance`), and a key of null makes any attempt to use the real dice fail loudly.
 */
const IMAGINED_CHANCE: ChanceState = Object.freeze({
  generator: 'chacha20',
  contributions: Object.freeze({ red: '', blue: '' }),
  key: null,
  drawn: Object.freeze({ plank: 0, shot: 0 }),
});

/**
 * A full state consistent with everything `view` shows (R11), the hidden rest drawn from `random`:
 * `viewFor(sampleState(view, r), view.viewer)` equals `view`. `history` (the seat's events) adds what the
 * view leaves out but the seat saw: the card turned this turn, which own pieces and flag cards were shown.
 */
export function sampleState(view: PlayerView, random: Random, history: readonly GameEvent[] = []): GameState {
  return new Determinizer(view, history).sample(random);
}

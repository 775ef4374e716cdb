/**
 * A belief over the enemy's hidden kinds for the strong levels (AI.md): weighted particles, each a full
 * assignment of kinds to the enemy's ten ids, reweighted by how likely each observed enemy choice is under
 * a simple model of play (with an epsilon floor for bluffs), repaired to what the view shows, resampled and
 * rejuvenated by swaps when the weights collapse. Kept per game inside the bot, fed by the seat's events.
 */
import {
  type GameEvent,
  PIECE_SET,
  type PieceKind,
  type PlayerView,
  type Random,
  randomFromSeed,
  type Seat,
  shuffleInPlace,
} from '../engine/index.ts';
import type { DecisionInput } from './bot.ts';
import { battleGain, VALUE } from './judgement.ts';
import type { Determinizer } from './sample.ts';
import type { BeliefLike } from './search-bot.ts';
import { DECK_WEIGHT } from './setup-choice.ts';

export interface BeliefOptions {
  readonly particles: number;
  /** The floor under every likelihood, so a bluff never kills the truth (0-1). */
  readonly epsilon: number;
  /** Softmax temperature of the model of enemy play. */
  readonly temperature: number;
}

export const DEFAULT_BELIEF: BeliefOptions = { particles: 256, epsilon: 0.15, temperature: 1.5 };

type Where = 'red' | 'blue' | 'extras' | 'out';

/** Mean gain of attacking with each kind against a piece of unknown kind (the enemy does not see ours). */
const BLIND_GAIN: Readonly<Record<PieceKind, number>> = (() => {
  const gains = {} as Record<PieceKind, number>;
  for (const a of PIECE_SET) {
    let sum = 0;
    for (const d of PIECE_SET) sum += battleGain(a, d);
    gains[a] = a === 'bomb' ? Number.NEGATIVE_INFINITY : sum / PIECE_SET.length;
  }
  return gains;
})();

export class ParticleBelief implements BeliefLike {
  private readonly options: BeliefOptions;
  /** Enemy kinds by id offset (0-9), one array per particle. */
  private particles: PieceKind[][] = [];
  private weights: number[] = [];
  private seat: Seat | null = null;
  private seen = 0;
  private board: Where[] | null = null;
  private setupWeighed = false;

  constructor(options: BeliefOptions = DEFAULT_BELIEF) {
    this.options = options;
  }

  prepare(input: DecisionInput, determinizer: Determinizer): (random: Random) => readonly PieceKind[] {
    const { view, history } = input;
    const hidden = determinizer.hidden;
    if (this.seat === null) {
      this.seat = hidden.seat;
      // The particles' own stream: seeded from the bot's, so the same seed gives the same belief.
      const seedRandom = randomFromSeed(`belief-${input.random.int(1 << 30)}`);
      for (let i = 0; i < this.options.particles; i++) {
        this.particles.push(shuffleInPlace(PIECE_SET.slice(), seedRandom));
        this.weights.push(1);
      }
    }
    if (!this.setupWeighed && view.phase === 'play') {
      this.setupWeighed = true;
      this.weighSetup(view, history, hidden.enemy === 'red' ? 0 : 10);
    }
    if (this.board !== null) {
      for (let i = this.seen; i < history.length; i++) {
        const event = history[i];
        if (event) this.observe(event);
      }
    }
    this.seen = history.length;
    const first = hidden.enemy === 'red' ? 0 : 10;
    const repairRandom = input.random;
    for (const particle of this.particles) this.repair(particle, determinizer, first, repairRandom);
    this.resampleIfNeeded(determinizer, first, repairRandom);
    this.board = view.phase === 'play' ? boardOf(view) : null;
    const particles = this.particles;
    const cumulative: number[] = [];
    let total = 0;
    for (const w of this.weights) {
      total += w;
      cumulative.push(total);
    }
    const unknownOffsets = hidden.unknown.map((id) => id - first);
    return (random: Random) => {
      const draw = random.float() * total;
      let lo = 0;
      let hi = cumulative.length - 1;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if ((cumulative[mid] ?? 0) > draw) hi = mid;
        else lo = mid + 1;
      }
      const particle = particles[lo] ?? particles[0] ?? [];
      return unknownOffsets.map((offset) => particle[offset] ?? 'earring');
    };
  }

  /** Effective number of particles (for tests and the docs). */
  effectiveSize(): number {
    let sum = 0;
    let squares = 0;
    for (const w of this.weights) {
      sum += w;
      squares += w * w;
    }
    return squares > 0 ? (sum * sum) / squares : 0;
  }

  /**
   * The enemy's setup: its three first deck pieces are the ones on a deck or out that never came on as a new
   * pirate. Weighed by how often a sensible setup puts each kind on deck (setup-choice.ts: the Bomb often).
   */
  private weighSetup(view: PlayerView, history: readonly GameEvent[], first: number): void {
    const brought = new Set<number>();
    for (const event of history) if (event.type === 'newPirate') brought.add(event.piece);
    const board = boardOf(view);
    const deck: number[] = [];
    for (let id = first; id < first + 10; id++) if (board[id] !== 'extras' && !brought.has(id)) deck.push(id);
    if (deck.length !== 3) return;
    this.reweight((p) => deck.reduce((product, id) => product * (DECK_WEIGHT[kindAt(p, id, first)] / 3), 1));
  }

  /** One event: reweight by an enemy choice, then move the pieces on the tracked board. */
  private observe(event: GameEvent): void {
    const board = this.board;
    const seat = this.seat;
    if (board === null || seat === null) return;
    const enemy: Seat = seat === 'red' ? 'blue' : 'red';
    const first = enemy === 'red' ? 0 : 10;
    const enemyIds = Array.from({ length: 10 }, (_, i) => first + i);
    switch (event.type) {
      case 'newPirate':
        if (event.seat === enemy) {
          const options = enemyIds.filter((id) => board[id] === 'extras');
          // The Bomb is the best lone defender and the worst extra guard beside others.
          const homeEmpty = !enemyIds.some((id) => board[id] === enemy);
          this.reweight((p) =>
            choiceOdds(
              options.map((id) => {
                const kind = kindAt(p, id, first);
                return 0.4 * (kind === 'bomb' ? (homeEmpty ? 9 : 1) : VALUE[kind]);
              }),
              options.indexOf(event.piece),
              this.options,
            ),
          );
        }
        board[event.piece] = event.seat;
        return;
      case 'swung':
        if (event.seat === enemy) {
          const home = enemyIds.filter((id) => board[id] === enemy);
          const away = enemyIds.filter((id) => board[id] === seat);
          const chosen =
            event.ship === seat ? home.indexOf(event.piece) : home.length + away.indexOf(event.piece);
          const raiding = !ownIds(seat).some((id) => board[id] === seat);
          this.reweight((p) => {
            const scores = home.map((id) => swingOdds(kindAt(p, id, first), raiding));
            for (const _ of away) scores.push(-0.5);
            scores.push(0);
            return choiceOdds(scores, chosen, this.options);
          });
        }
        board[event.piece] = event.ship;
        return;
      case 'declined':
        if (event.seat === enemy && event.face === 'attack') this.reweightDeclinedAttack(enemy, first);
        if (event.seat === enemy && event.face === 'swing') {
          const home = enemyIds.filter((id) => board[id] === enemy);
          const raiding = !ownIds(seat).some((id) => board[id] === seat);
          this.reweight((p) => {
            const scores = home.map((id) => swingOdds(kindAt(p, id, first), raiding));
            scores.push(0);
            return choiceOdds(scores, scores.length - 1, this.options);
          });
        }
        return;
      case 'flagAttempt':
        // A raid from our deck: anyone sensible sends the cheapest boarder (the Powder Barrel takes it).
        if (event.seat === enemy && event.raider !== null) {
          const raiders = enemyIds.filter((id) => board[id] === seat);
          if (raiders.length > 1) {
            this.reweight((p) =>
              choiceOdds(
                raiders.map((id) => -0.5 * VALUE[kindAt(p, id, first)]),
                raiders.indexOf(event.raider ?? -1),
                this.options,
              ),
            );
          }
        }
        return;
      case 'pieceOut':
        if (event.owner === enemy && event.cause === 'sail') {
          const onDecks = enemyIds.filter((id) => board[id] === 'red' || board[id] === 'blue');
          if (onDecks.length > 1) {
            this.reweight((p) =>
              choiceOdds(
                onDecks.map((id) => -0.5 * VALUE[kindAt(p, id, first)]),
                onDecks.indexOf(event.piece),
                this.options,
              ),
            );
          }
        }
        board[event.piece] = 'out';
        return;
      default:
        return;
    }
  }

  /** The enemy passed on an Attack although it could battle: its pieces there are likely weak or the Bomb. */
  private reweightDeclinedAttack(enemy: Seat, first: number): void {
    const board = this.board;
    const seat = this.seat;
    if (board === null || seat === null) return;
    const pairs: [number, number][] = [];
    for (const ship of ['red', 'blue'] as const) {
      for (let a = first; a < first + 10; a++) {
        if (board[a] !== ship) continue;
        const mineFirst = enemy === 'red' ? 10 : 0;
        for (let t = mineFirst; t < mineFirst + 10; t++) if (board[t] === ship) pairs.push([a, t]);
      }
    }
    if (pairs.length === 0) return;
    this.reweight((p) => {
      const scores = pairs.map(([a, t]) => {
        const kind = kindAt(p, a, first);
        if (kind === 'bomb') return Number.NEGATIVE_INFINITY;
        // The enemy mostly cannot see our piece `t`: it weighs its own attacker against an average one.
        return t >= 0 ? 0.5 * BLIND_GAIN[kind] : 0;
      });
      scores.push(0);
      return choiceOdds(scores, scores.length - 1, this.options);
    });
  }

  private reweight(likelihood: (particle: readonly PieceKind[]) => number): void {
    const eps = this.options.epsilon;
    this.particles.forEach((particle, i) => {
      this.weights[i] = (this.weights[i] ?? 0) * (eps + (1 - eps) * likelihood(particle));
    });
    const max = Math.max(...this.weights);
    if (max > 0 && max < 1e-100) this.weights = this.weights.map((w) => w / max);
  }

  /** Makes a particle agree with the view: shown kinds in place, the Bomb never on a piece that boarded. */
  private repair(particle: PieceKind[], determinizer: Determinizer, first: number, random: Random): void {
    const hidden = determinizer.hidden;
    for (let offset = 0; offset < 10; offset++) {
      const known = hidden.known[first + offset];
      if (known === null || known === undefined || particle[offset] === known) continue;
      for (let j = 0; j < 10; j++) {
        if (j === offset || particle[j] !== known) continue;
        const jKnown = hidden.known[first + j];
        if (jKnown === known) continue;
        particle[j] = particle[offset] as PieceKind;
        particle[offset] = known;
        break;
      }
    }
    const bombAt = hidden.unknown.findIndex((id) => particle[id - first] === 'bomb');
    if (bombAt >= 0 && hidden.mayBeBomb[bombAt] !== true) {
      const eligible = hidden.unknown.filter((_, i) => hidden.mayBeBomb[i] === true);
      const to = eligible[random.int(eligible.length)];
      const from = hidden.unknown[bombAt];
      if (to !== undefined && from !== undefined) {
        particle[from - first] = particle[to - first] as PieceKind;
        particle[to - first] = 'bomb';
      }
    }
  }

  /** Systematic resampling when the effective size falls under half, then a swap of two hidden kinds each. */
  private resampleIfNeeded(determinizer: Determinizer, first: number, random: Random): void {
    const n = this.particles.length;
    if (this.effectiveSize() >= n / 2) return;
    const total = this.weights.reduce((a, b) => a + b, 0);
    if (!(total > 0)) {
      this.weights = this.weights.map(() => 1);
      return;
    }
    const step = total / n;
    let target = random.float() * step;
    let acc = 0;
    let i = 0;
    const next: PieceKind[][] = [];
    for (const [j, w] of this.weights.entries()) {
      acc += w;
      while (target < acc && i < n) {
        next.push((this.particles[j] ?? []).slice());
        target += step;
        i++;
      }
    }
    while (next.length < n) next.push((this.particles[n - 1] ?? []).slice());
    const hidden = determinizer.hidden;
    for (const particle of next) {
      if (hidden.unknown.length < 2 || random.float() < 0.5) continue;
      const a = random.int(hidden.unknown.length);
      const b = random.int(hidden.unknown.length);
      const ia = (hidden.unknown[a] ?? first) - first;
      const ib = (hidden.unknown[b] ?? first) - first;
      const ka = particle[ia] as PieceKind;
      const kb = particle[ib] as PieceKind;
      // A swap that would put the Bomb on a boarder is skipped.
      if ((ka === 'bomb' && hidden.mayBeBomb[b] !== true) || (kb === 'bomb' && hidden.mayBeBomb[a] !== true))
        continue;
      particle[ia] = kb;
      particle[ib] = ka;
    }
    this.particles = next;
    this.weights = next.map(() => 1);
  }
}

/** Our ids (the searcher's), 0-9 for red, 10-19 for blue. */
function ownIds(seat: Seat): number[] {
  const first = seat === 'red' ? 0 : 10;
  return Array.from({ length: 10 }, (_, i) => first + i);
}

/**
 * How much the enemy wants to swing a piece from its own deck to ours: a strong boarder to fight, or, when
 * our deck stands empty, a cheap raider (the Powder Barrel takes the raider). The Bomb never swings.
 */
function swingOdds(kind: PieceKind, raiding: boolean): number {
  if (kind === 'bomb') return Number.NEGATIVE_INFINITY;
  return raiding ? 0.5 * (4.5 - VALUE[kind]) : 0.5 * (VALUE[kind] - 4.5);
}

function kindAt(particle: readonly PieceKind[], id: number, first: number): PieceKind {
  return particle[id - first] ?? 'earring';
}

/** Softmax probability of option `chosen` among `scores`. */
function choiceOdds(scores: readonly number[], chosen: number, options: BeliefOptions): number {
  if (chosen < 0 || chosen >= scores.length) return 1;
  let max = Number.NEGATIVE_INFINITY;
  for (const s of scores) if (s > max) max = s;
  let sum = 0;
  for (const s of scores) sum += Math.exp((s - max) / options.temperature);
  const own = scores[chosen] ?? Number.NEGATIVE_INFINITY;
  return sum > 0 ? Math.exp((own - max) / options.temperature) / sum : 0;
}

function boardOf(view: PlayerView): Where[] {
  const board: Where[] = Array.from({ length: 20 }, () => 'extras');
  for (const seat of ['red', 'blue'] as const) for (const p of view.ships[seat].deck) board[p.id] = seat;
  for (const p of view.out) board[p.id] = 'out';
  return board;
}

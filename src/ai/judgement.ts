/**
 * Rules of thumb shared by the heuristic bot and the search's cut-off: what a piece is worth, how likely an
 * unseen enemy piece is each kind (from the view only), and what a battle is expected to gain.
 */
import type { PieceKind, PlayerView } from '../engine/index.ts';
import type { Hidden } from './hidden.ts';

/** What a piece is worth to its owner, roughly: rank, plus the Bomb's and the specialists' jobs. */
export const VALUE: Readonly<Record<PieceKind, number>> = {
  captain: 7,
  swashbuckler: 6,
  whip: 5,
  incisor: 4,
  earring: 3,
  bombcatcher: 3.5,
  adder: 3,
  bomb: 4,
};

const RANK_OF: Readonly<Record<PieceKind, number>> = {
  captain: 7,
  swashbuckler: 6,
  whip: 5,
  incisor: 4,
  earring: 3,
  bombcatcher: 2,
  adder: 1,
  bomb: 0,
};

/** R4: who leaves play when `attacker` battles `defender`. */
export function loserOf(attacker: PieceKind, defender: PieceKind): 'attacker' | 'defender' | 'both' {
  if (defender === 'bomb') return attacker === 'bombcatcher' ? 'defender' : 'attacker';
  if (attacker === 'adder' && defender === 'captain') return 'defender';
  if (attacker === 'captain' && defender === 'adder') return 'attacker';
  const a = RANK_OF[attacker];
  const d = RANK_OF[defender];
  return a > d ? 'defender' : a < d ? 'attacker' : 'both';
}

/** The chance of each kind for piece `id` as the seat sees it (uniform over assignments the view allows). */
export function kindOdds(hidden: Hidden, id: number): [PieceKind, number][] {
  const known = hidden.known[id];
  if (known !== null && known !== undefined) return [[known, 1]];
  const at = hidden.unknown.indexOf(id);
  const n = hidden.pool.length;
  if (at < 0 || n === 0) return [];
  const hasBomb = hidden.pool.includes('bomb');
  const eligible = hidden.mayBeBomb.filter(Boolean).length;
  const pBomb = hasBomb && hidden.mayBeBomb[at] === true && eligible > 0 ? 1 / eligible : 0;
  const others = hasBomb ? n - 1 : n;
  const counts = new Map<PieceKind, number>();
  for (const kind of hidden.pool) if (kind !== 'bomb') counts.set(kind, (counts.get(kind) ?? 0) + 1);
  const odds: [PieceKind, number][] = [];
  for (const [kind, count] of counts) odds.push([kind, others > 0 ? ((1 - pBomb) * count) / others : 0]);
  if (pBomb > 0) odds.push(['bomb', pBomb]);
  return odds;
}

/** Expected value of one enemy piece (for choosing which to plank or put on the hatch). */
export function expectedValue(hidden: Hidden, id: number): number {
  let sum = 0;
  for (const [kind, p] of kindOdds(hidden, id)) sum += p * VALUE[kind];
  return sum;
}

/** Expected material gain of `attacker` battling enemy piece `target`. */
export function attackGain(hidden: Hidden, attacker: PieceKind, target: number): number {
  let gain = 0;
  for (const [kind, p] of kindOdds(hidden, target)) {
    const loser = loserOf(attacker, kind);
    gain +=
      p *
      (loser === 'defender'
        ? VALUE[kind]
        : loser === 'attacker'
          ? -VALUE[attacker]
          : VALUE[kind] - VALUE[attacker]);
  }
  return gain;
}

/** The seat's own pieces standing on `ship`'s deck. */
export function ownOn(view: PlayerView, ship: 'red' | 'blue', owner: 'red' | 'blue'): number[] {
  return view.ships[ship].deck.filter((p) => p.owner === owner).map((p) => p.id);
}

/**
 * Rules of thumb shared by the heuristic bot and the search's cut-off: what a piece is worth, how likely an
 * unseen enemy piece is each kind (from the view only), and what a battle is expected to gain.
 */
import { battleLoser, type PieceKind, type PlayerView } from '../engine/index.ts';
import type { Hidden } from '../learn/hidden.ts';

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

/** R4: the value `attacker` wins (positive) or loses (negative) by battling `defender`. */
export function battleGain(attacker: PieceKind, defender: PieceKind): number {
  const loser = battleLoser(attacker, defender);
  return loser === 'defender'
    ? VALUE[defender]
    : loser === 'attacker'
      ? -VALUE[attacker]
      : VALUE[defender] - VALUE[attacker];
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
  for (const [kind, p] of kindOdds(hidden, target)) gain += p * battleGain(attacker, kind);
  return gain;
}

/** The seat's own pieces standing on `ship`'s deck. */
export function ownOn(view: PlayerView, ship: 'red' | 'blue', owner: 'red' | 'blue'): number[] {
  return view.ships[ship].deck.filter((p) => p.owner === owner).map((p) => p.id);
}

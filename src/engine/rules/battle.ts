/**
 * R4: battle. Both pieces are shown to both players for good (R4.1); the higher rank wins and stays, the
 * loser leaves play, equal ranks both leave (R4.2); Aden Adder beats the Captain (R4.3); the Bomb beats
 * every attacker but Boris Bomb-catcher (R4.4).
 */
import { PIECE_KINDS, type PieceKind, RANK, type Seat } from '../vocabulary.ts';
import { emit, removeFromPlay, type Table } from './table.ts';

/** Which side leaves play. The attacker is never the Bomb (R4.4). */
export function battleLoser(attacker: PieceKind, defender: PieceKind): 'attacker' | 'defender' | 'both' {
  if (defender === 'bomb') return attacker === 'bombcatcher' ? 'defender' : 'attacker';
  if (attacker === 'adder' && defender === 'captain') return 'defender';
  if (attacker === 'captain' && defender === 'adder') return 'attacker';
  const a = RANK[attacker] ?? 0;
  const d = RANK[defender] ?? 0;
  if (a > d) return 'defender';
  if (a < d) return 'attacker';
  return 'both';
}

export function battle(table: Table, seat: Seat, attacker: number, defender: number): void {
  const { state } = table;
  const attackerKind = state.kinds[attacker] ?? PIECE_KINDS[0];
  const defenderKind = state.kinds[defender] ?? PIECE_KINDS[0];
  const ship = state.places[attacker] === 'blue' ? 'blue' : 'red';
  state.shown[attacker] = true;
  state.shown[defender] = true;
  const loser = battleLoser(attackerKind, defenderKind);
  if (table.events) {
    const losers =
      loser === 'attacker' ? [attacker] : loser === 'defender' ? [defender] : [attacker, defender];
    emit(table, { type: 'battle', seat, ship, attacker, attackerKind, defender, defenderKind, losers });
  }
  if (loser !== 'defender') removeFromPlay(table, attacker, 'battle');
  if (loser !== 'attacker') removeFromPlay(table, defender, 'battle');
}

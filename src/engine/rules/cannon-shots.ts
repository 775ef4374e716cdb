/**
 * R3.1 Shoot through the hole in the sail, R3.2 Shoot at the skull, R8 the cannon.
 * Sail hit: the hit seat gives up one of its pieces on a deck, its own choice; skull hit: the piece on the
 * hatch leaves play, a miss returns it unknown (R11.2). When the enemy had no piece on either deck
 * (judged before the shot), a hit earns a flag attempt instead (R5.2).
 */
import { type Aim, fireShot, publishedShot, type ShotTarget } from '../cannon/index.ts';
import type { GameState } from '../state.ts';
import { opponentOf, type Seat } from '../vocabulary.ts';
import { type ChoiceList, HATCH, LOSE_PIECE } from './choices.ts';
import { beginFlagAttempt } from './flag.ts';
import {
  ask,
  countOnDecks,
  emit,
  firstOnDecks,
  hasPieceOnDecks,
  piecesOnDecksAs,
  removeFromPlay,
  setPending,
  type Table,
} from './table.ts';
import { endTurn } from './turn-end.ts';

/** The shooter's choices of an enemy piece for the hatch. */
export function hatchChoices(state: GameState, shooter: Seat, into: ChoiceList): void {
  piecesOnDecksAs(state, opponentOf(shooter), HATCH, into);
}

/** The hit seat's choices after a sail hit: one of its own pieces on either deck. */
export function losePieceChoices(state: GameState, seat: Seat, into: ChoiceList): void {
  piecesOnDecksAs(state, seat, LOSE_PIECE, into);
}

export function beginShootSail(table: Table): void {
  const { state } = table;
  const seat = state.mover;
  const open = !hasPieceOnDecks(state, opponentOf(seat));
  askToShoot(table, seat, 'sail', null, open);
}

export function beginShootSkull(table: Table): void {
  const { state } = table;
  const seat = state.mover;
  const enemy = opponentOf(seat);
  const count = countOnDecks(state, enemy);
  if (count === 0) askToShoot(table, seat, 'skull', null, true);
  else if (count === 1)
    resolveHatch(table, firstOnDecks(state, enemy)); // a forced choice is made at once
  else setPending(table, ask('hatch', seat));
}

export function resolveHatch(table: Table, piece: number): void {
  const seat = table.state.mover;
  if (table.events) emit(table, { type: 'onHatch', seat, piece });
  askToShoot(table, seat, 'skull', piece, false);
}

function askToShoot(table: Table, seat: Seat, target: ShotTarget, hatch: number | null, open: boolean): void {
  // Quick shots have nothing to decide: fire at once, without asking.
  if (table.state.rules.shots === 'quick') fire(table, seat, target, hatch, open, null);
  else setPending(table, { ask: 'shoot', seat, target, hatch, open });
}

export function resolveShoot(table: Table, aim: Aim | null): void {
  const pending = table.state.pending;
  if (pending.ask !== 'shoot') return;
  fire(table, pending.seat, pending.target, pending.hatch, pending.open, aim);
}

/** The shot asked for (see Pending 'shoot'), and what it does. */
function fire(
  table: Table,
  seat: Seat,
  target: ShotTarget,
  hatch: number | null,
  open: boolean,
  aim: Aim | null,
): void {
  const { rules } = table.state;
  // R8.3: quick shots draw one number against the odds; R8.2: aimed ones fly, the spring's wobble drawn
  // from this shot's own block of the shots' stream (docs/fairness.md).
  const draws = table.chance.draws('shot');
  const flight =
    rules.shots === 'quick' || aim === null ? null : fireShot(aim, target, () => draws.float(), rules.cannon);
  const odds = target === 'sail' ? rules.quickOdds.sail : rules.quickOdds.skull;
  const hit = flight === null ? draws.float() < odds : flight.hit;
  if (table.events) {
    // Games from before keyed chance draw everything from one linear stream: even a rounded flight would
    // feed a solver there (docs/fairness.md), so theirs tell only the hit or the miss.
    const legacy = table.state.chance.generator === 'xoroshiro128plus';
    const shown = flight === null || legacy ? null : publishedShot(flight);
    emit(table, { type: 'shot', seat, target, hit, aim, flight: shown });
  }
  if (target === 'sail') {
    if (!hit) endTurn(table);
    else if (open) beginFlagAttempt(table, seat, null);
    else askToLosePiece(table, opponentOf(seat));
    return;
  }
  if (hatch !== null) {
    if (hit) removeFromPlay(table, hatch, 'skull');
    else if (table.events) emit(table, { type: 'pieceReturned', piece: hatch, from: 'hatch' });
    endTurn(table);
  } else if (hit) {
    beginFlagAttempt(table, seat, null);
  } else {
    endTurn(table);
  }
}

function askToLosePiece(table: Table, seat: Seat): void {
  if (countOnDecks(table.state, seat) === 1)
    resolveLosePiece(table, firstOnDecks(table.state, seat)); // a forced choice is made at once
  else setPending(table, ask('losePiece', seat));
}

export function resolveLosePiece(table: Table, piece: number): void {
  removeFromPlay(table, piece, 'sail');
  endTurn(table);
}

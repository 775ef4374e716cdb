/**
 * R3.1 Shoot through the hole in the sail, R3.2 Shoot at the skull, R8 the cannon.
 * Sail hit: the hit seat gives up one of its pieces on a deck, its own choice; skull hit: the piece on the
 * hatch leaves play, a miss returns it unknown (R11.2). When the enemy had no piece on either deck
 * (judged before the shot), a hit earns a flag attempt instead (R5.2).
 */
import type { Action } from '../actions.ts';
import { type Aim, fireShot, type Shot, type ShotTarget } from '../cannon/index.ts';
import type { GameState } from '../state.ts';
import { opponentOf, type Seat } from '../vocabulary.ts';
import { beginFlagAttempt } from './flag.ts';
import {
  ask,
  emit,
  hasPieceOnDecks,
  piecesOnDecksAs,
  removeFromPlay,
  setPending,
  type Table,
} from './table.ts';
import { endTurn } from './turn-end.ts';

/** The shooter's choices of an enemy piece for the hatch. */
export function hatchChoices(state: GameState, shooter: Seat, choices: Action[] = []): Action[] {
  return piecesOnDecksAs(state, opponentOf(shooter), 'hatch', choices);
}

/** The hit seat's choices after a sail hit: one of its own pieces on either deck. */
export function losePieceChoices(state: GameState, seat: Seat, choices: Action[] = []): Action[] {
  return piecesOnDecksAs(state, seat, 'losePiece', choices);
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
  const choices = hatchChoices(state, seat);
  const only = choices.length === 1 ? choices[0] : undefined;
  if (choices.length === 0) askToShoot(table, seat, 'skull', null, true);
  else if (only?.type === 'hatch')
    resolveHatch(table, only.piece); // a forced choice is made at once
  else setPending(table, ask('hatch', seat));
}

export function resolveHatch(table: Table, piece: number): void {
  const seat = table.state.mover;
  if (table.events) emit(table, { type: 'onHatch', seat, piece });
  askToShoot(table, seat, 'skull', piece, false);
}

function askToShoot(table: Table, seat: Seat, target: ShotTarget, hatch: number | null, open: boolean): void {
  setPending(table, { ask: 'shoot', seat, target, hatch, open });
  // Quick shots have nothing to decide: fire at once.
  if (table.state.rules.shots === 'quick') resolveShoot(table, null);
}

/** What a shot did: hit or miss, and for aimed shots the flight to draw. */
export interface ShotOutcome {
  readonly hit: boolean;
  readonly flight: Shot | null;
}

function fire(table: Table, target: ShotTarget, aim: Aim | null): ShotOutcome {
  const { rules } = table.state;
  if (rules.shots === 'quick' || aim === null) {
    return { hit: table.random.float() < rules.quickOdds[target], flight: null };
  }
  // R8.2: the ball flies; the spring's wobble draws from the game's PRNG.
  const flight = fireShot(aim, target, table.random.float, rules.cannon);
  return { hit: flight.hit, flight };
}

export function resolveShoot(table: Table, aim: Aim | null): void {
  const { state } = table;
  const pending = state.pending;
  if (pending.ask !== 'shoot') return;
  const { seat, target, hatch, open } = pending;
  const shot = fire(table, target, aim);
  if (table.events) emit(table, { type: 'shot', seat, target, hit: shot.hit, aim, flight: shot.flight });
  if (target === 'sail') {
    if (!shot.hit) endTurn(table);
    else if (open) beginFlagAttempt(table, seat, null);
    else askToLosePiece(table, opponentOf(seat));
    return;
  }
  if (hatch !== null) {
    if (shot.hit) removeFromPlay(table, hatch, 'skull');
    else if (table.events) emit(table, { type: 'pieceReturned', piece: hatch, from: 'hatch' });
    endTurn(table);
  } else if (shot.hit) {
    beginFlagAttempt(table, seat, null);
  } else {
    endTurn(table);
  }
}

function askToLosePiece(table: Table, seat: Seat): void {
  const choices = losePieceChoices(table.state, seat);
  const only = choices.length === 1 ? choices[0] : undefined;
  if (only?.type === 'losePiece')
    resolveLosePiece(table, only.piece); // a forced choice is made at once
  else setPending(table, ask('losePiece', seat));
}

export function resolveLosePiece(table: Table, piece: number): void {
  removeFromPlay(table, piece, 'sail');
  endTurn(table);
}

/**
 * The one dispatcher from "who must decide what" (state.pending) to the rule that lists the choices and the
 * rule that carries one out. Both the public API and the bots' fast path go through here.
 */
import type { Action } from '../actions.ts';
import { clampAim, DEFAULT_AIM } from '../cannon/index.ts';
import type { GameState } from '../state.ts';
import type { Seat } from '../vocabulary.ts';
import { attackChoices, resolveAttack, resolveRaid } from './attack.ts';
import {
  hatchChoices,
  losePieceChoices,
  resolveHatch,
  resolveLosePiece,
  resolveShoot,
} from './cannon-shots.ts';
import { PASS, SHOOT } from './canonical-actions.ts';
import { FLAG_CHOICES, resolveTurnFlag } from './flag.ts';
import { newPirateChoices, resolveNewPirate } from './new-pirate.ts';
import { plankChoices, resolvePlank } from './plank.ts';
import { resolveSetup, setupChoices } from './setup.ts';
import { resolveSwing, swingChoices } from './swing.ts';
import { emit, type Table } from './table.ts';
import { currentFace, resolveTurnCard, turnCardChoices } from './turn.ts';
import { endTurn } from './turn-end.ts';

/** The seats that must decide now: both during setup (until each is ready), none when the game is over. */
export function seatsToAct(state: GameState): Seat[] {
  const pending = state.pending;
  if (pending.ask === 'none') return [];
  if (pending.ask === 'setup') {
    const seats: Seat[] = [];
    if (!state.ready.red) seats.push('red');
    if (!state.ready.blue) seats.push('blue');
    return seats;
  }
  return [pending.seat];
}

/** The one seat that decides now (during setup, the first not yet ready); null when the game is over. */
export function decider(state: GameState): Seat | null {
  const pending = state.pending;
  if (pending.ask === 'none') return null;
  if (pending.ask === 'setup') return !state.ready.red ? 'red' : !state.ready.blue ? 'blue' : null;
  return pending.seat;
}

/** Every action `seat` may take now (without `resign`, which is always accepted while the game runs). */
export function choicesFor(state: GameState, seat: Seat): readonly Action[] {
  const pending = state.pending;
  if (pending.ask === 'none') return [];
  if (pending.ask === 'setup') return setupChoices(state, seat);
  if (pending.seat !== seat) return [];
  // A fresh list per call: emptying a reused one (`length = 0`) is a runtime call that costs more than a
  // young-generation allocation, measured on the playouts.
  const into: Action[] = [];
  switch (pending.ask) {
    case 'turnCard':
      return turnCardChoices(state);
    case 'newPirate':
      return withPass(newPirateChoices(state, seat, into));
    case 'swing':
      return withPass(swingChoices(state, seat, into));
    case 'attack':
      return withPass(attackChoices(state, seat, into));
    case 'plank':
      return plankChoices(state, seat, into);
    case 'hatch':
      return hatchChoices(state, seat, into);
    case 'shoot':
      return state.rules.shots === 'quick'
        ? [SHOOT]
        : [{ type: 'shoot', aim: clampAim(DEFAULT_AIM, state.rules.cannon) }];
    case 'losePiece':
      return losePieceChoices(state, seat, into);
    case 'turnFlag':
      return FLAG_CHOICES;
  }
}

function withPass(choices: Action[]): Action[] {
  choices.push(PASS);
  return choices;
}

/** Carries out an action already known to be legal for `seat`. */
export function resolve(table: Table, seat: Seat, action: Action): void {
  const { state } = table;
  switch (action.type) {
    case 'setup':
      return resolveSetup(table, seat, action.flags, action.deck);
    case 'turnCard':
      return resolveTurnCard(table, action.card);
    case 'newPirate':
      return resolveNewPirate(table, action.piece);
    case 'swing':
      return resolveSwing(table, action.piece);
    case 'attack':
      return resolveAttack(table, action.attacker, action.target);
    case 'raid':
      return resolveRaid(table, action.piece);
    case 'plank':
      return resolvePlank(table, action.piece);
    case 'hatch':
      return resolveHatch(table, action.piece);
    case 'shoot':
      return resolveShoot(table, action.aim ?? null);
    case 'losePiece':
      return resolveLosePiece(table, action.piece);
    case 'turnFlag': {
      const pending = state.pending;
      return resolveTurnFlag(table, seat, pending.ask === 'turnFlag' ? pending.raider : null, action.slot);
    }
    case 'pass':
      // R2.5: an optional action declined.
      if (table.events) emit(table, { type: 'declined', seat, face: currentFace(state) });
      return endTurn(table);
    case 'resign':
      return;
  }
}

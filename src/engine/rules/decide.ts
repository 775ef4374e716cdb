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
import { FLAG_CHOICES, resolveTurnFlag } from './flag.ts';
import { newPirateChoices, resolveNewPirate } from './new-pirate.ts';
import { plankChoices, resolvePlank } from './plank.ts';
import { resolveSetup, setupChoices } from './setup.ts';
import { resolveSwing, swingChoices } from './swing.ts';
import { emit, type Table } from './table.ts';
import { currentFace, resolveTurnCard, turnCardChoices } from './turn.ts';
import { endTurn } from './turn-end.ts';

const PASS: Action = Object.freeze({ type: 'pass' });
const SHOOT: Action = Object.freeze({ type: 'shoot' });

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

/** Every action `seat` may take now (without `resign`, which is always accepted while the game runs). */
export function choicesFor(state: GameState, seat: Seat): readonly Action[] {
  const pending = state.pending;
  if (pending.ask === 'none') return [];
  if (pending.ask === 'setup') return setupChoices(state, seat);
  if (pending.seat !== seat) return [];
  switch (pending.ask) {
    case 'turnCard':
      return turnCardChoices(state);
    case 'newPirate':
      return withPass(newPirateChoices(state, seat));
    case 'swing':
      return withPass(swingChoices(state, seat));
    case 'attack':
      return withPass(attackChoices(state, seat));
    case 'plank':
      return plankChoices(state, seat);
    case 'hatch':
      return hatchChoices(state, seat);
    case 'shoot':
      return state.rules.shots === 'quick'
        ? [SHOOT]
        : [{ type: 'shoot', aim: clampAim(DEFAULT_AIM, state.rules.cannon) }];
    case 'losePiece':
      return losePieceChoices(state, seat);
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
      emit(table, { type: 'declined', seat, face: currentFace(state) });
      return endTurn(table);
    case 'resign':
      return;
  }
}

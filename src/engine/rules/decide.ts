/**
 * The one dispatcher from "who must decide what" (state.pending) to the rule that lists the choices and the
 * rule that carries one out. Both the public API and the bots' fast path go through here: the public API
 * with Action objects, a random playout with the choices' integer codes (choices.ts).
 */
import type { Action } from '../actions.ts';
import { clampAim, DEFAULT_AIM } from '../cannon/index.ts';
import { askedSeat, type GameState } from '../state.ts';
import type { Seat } from '../vocabulary.ts';
import { attackChoices, resolveAttack, resolveRaid } from './attack.ts';
import {
  hatchChoices,
  losePieceChoices,
  resolveHatch,
  resolveLosePiece,
  resolveShoot,
} from './cannon-shots.ts';
import {
  ARG_MASK,
  ATTACK,
  actionOf,
  ChoiceList,
  choice,
  codeOf,
  HATCH,
  KIND_SHIFT,
  LOSE_PIECE,
  NEW_PIRATE,
  PASS,
  PLANK,
  RAID,
  SHOOT,
  SWING,
  TURN_CARD,
  TURN_FLAG,
} from './choices.ts';
import { resolveContribute, seatsToContribute } from './deal.ts';
import { resolveTurnFlag, turnFlagChoices } from './flag.ts';
import { newPirateChoices, resolveNewPirate } from './new-pirate.ts';
import { plankChoices, resolvePlank } from './plank.ts';
import { resolveSetup, setupChoices } from './setup.ts';
import { resolveSwing, swingChoices } from './swing.ts';
import { emit, type Table } from './table.ts';
import { currentFace, resolveTurnCard, turnCardChoices } from './turn.ts';
import { endTurn } from './turn-end.ts';

/**
 * The seats that must decide now: both during setup (until each is ready) and while contributions are owed,
 * none when the game is over.
 */
export function seatsToAct(state: GameState): Seat[] {
  const pending = state.pending;
  if (pending.ask === 'none') return [];
  if (pending.ask === 'contribute') return seatsToContribute(state);
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
  if (pending.ask === 'contribute') return seatsToContribute(state)[0] ?? null;
  if (pending.ask === 'setup') return !state.ready.red ? 'red' : !state.ready.blue ? 'blue' : null;
  return pending.seat;
}

/** The list `choicesFor` fills before turning codes into actions. */
const scratch = new ChoiceList();

/**
 * Every action `seat` may take now (without `resign`, which is always accepted while the game runs). A
 * contribution is not listed: its content is the seat's own entropy, which no list can offer.
 */
export function choicesFor(state: GameState, seat: Seat): readonly Action[] {
  const pending = state.pending;
  if (pending.ask === 'contribute') return [];
  if (pending.ask === 'setup') return setupChoices(state, seat);
  // R8.2: an aimed shot is listed once, as a template with the default aim.
  if (pending.ask === 'shoot' && pending.seat === seat && state.rules.shots === 'aimed')
    return [{ type: 'shoot', aim: clampAim(DEFAULT_AIM, state.rules.cannon) }];
  const count = listChoices(state, seat, scratch);
  const actions: Action[] = [];
  for (let i = 0; i < count; i++) actions.push(actionOf(scratch.codes[i] ?? 0));
  return actions;
}

/**
 * `choicesFor` as an array the caller owns: every list but setup's is made fresh by `choicesFor`, so only
 * setup's shared one is copied.
 */
export function ownChoices(state: GameState, seat: Seat): Action[] {
  const choices = choicesFor(state, seat);
  return state.pending.ask === 'setup' ? choices.slice() : (choices as Action[]);
}

/**
 * Lists the codes of `seat`'s choices into `into` and returns how many (0 when it has nothing to decide).
 * Not for setup, whose choices are not coded (`choicesFor` lists them).
 */
export function listChoices(state: GameState, seat: Seat, into: ChoiceList): number {
  into.clear();
  const pending = state.pending;
  if (askedSeat(pending) !== seat) return 0;
  switch (pending.ask) {
    case 'turnCard':
      turnCardChoices(state, into);
      break;
    case 'newPirate':
      newPirateChoices(state, seat, into);
      into.push(choice(PASS, 0));
      break;
    case 'swing':
      swingChoices(state, seat, into);
      into.push(choice(PASS, 0));
      break;
    case 'attack':
      attackChoices(state, seat, into);
      into.push(choice(PASS, 0));
      break;
    case 'plank':
      plankChoices(state, seat, into);
      break;
    case 'hatch':
      hatchChoices(state, seat, into);
      break;
    case 'shoot':
      into.push(choice(SHOOT, 0));
      break;
    case 'losePiece':
      losePieceChoices(state, seat, into);
      break;
    case 'turnFlag':
      turnFlagChoices(into);
      break;
  }
  return into.length;
}

/** Carries out an action already known to be legal for `seat`. */
export function resolve(table: Table, seat: Seat, action: Action): void {
  switch (action.type) {
    case 'contribute':
      return resolveContribute(table, seat, action.entropy);
    case 'setup':
      return resolveSetup(table, seat, action.flags, action.deck);
    case 'shoot':
      return resolveShoot(table, action.aim ?? null);
    case 'resign':
      return;
    default:
      return resolveChoice(table, seat, codeOf(action));
  }
}

/** Carries out the choice with code `code`, already known to be legal for `seat`. */
export function resolveChoice(table: Table, seat: Seat, code: number): void {
  const { state } = table;
  const arg = code & ARG_MASK;
  switch (code >> KIND_SHIFT) {
    case TURN_CARD:
      return resolveTurnCard(table, arg);
    case NEW_PIRATE:
      return resolveNewPirate(table, arg);
    case SWING:
      return resolveSwing(table, arg);
    case ATTACK:
      return resolveAttack(table, Math.floor(arg / 20), arg % 20);
    case RAID:
      return resolveRaid(table, arg);
    case PLANK:
      return resolvePlank(table, arg);
    case HATCH:
      return resolveHatch(table, arg);
    case LOSE_PIECE:
      return resolveLosePiece(table, arg);
    case SHOOT:
      return resolveShoot(
        table,
        state.rules.shots === 'aimed' ? clampAim(DEFAULT_AIM, state.rules.cannon) : null,
      );
    case TURN_FLAG: {
      const pending = state.pending;
      return resolveTurnFlag(table, seat, pending.ask === 'turnFlag' ? pending.raider : null, arg);
    }
    case PASS:
      // R2.5: an optional action declined.
      if (table.events) emit(table, { type: 'declined', seat, face: currentFace(state) });
      return endTurn(table);
  }
  throw new Error(`No choice has the code ${code}.`);
}

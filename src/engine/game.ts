/**
 * The public API over the rules: ask who decides and what they may do, apply an action.
 * `applyAction` never throws and never mutates its input: it checks the action (legality.ts), then carries
 * it out on a private copy (rules/decide.ts) and returns the new state with the events.
 */
import { type Action, parseAction } from './actions.ts';
import { type Chance, chanceOf } from './chance.ts';
import type { EngineErrorCode } from './errors.ts';
import type { GameEvent } from './events.ts';
import { refusalOf } from './legality.ts';
import type { EngineError } from './result.ts';
import { isListedAction } from './rules/choices.ts';
import { ownChoices, resolve, seatsToAct } from './rules/decide.ts';
import { finish } from './rules/game-end.ts';
import type { Table } from './rules/table.ts';
import { cloneState, type GameState, type Outcome } from './state.ts';
import { isSeat, opponentOf, SEAT_NAMES, type Seat } from './vocabulary.ts';

export { createGame, newGame } from './create.ts';
export { actionKey, describePending } from './legality.ts';

export type ApplyResult =
  | { readonly ok: true; readonly state: GameState; readonly events: GameEvent[] }
  | { readonly ok: false; readonly error: EngineError };

/** The seats that must decide now: both during setup, none when the game is over. */
export function toAct(state: GameState): Seat[] {
  return seatsToAct(state);
}

/** Every action `seat` may take now; [] when it has nothing to decide. `resign` is not listed but always accepted. */
export function legalActions(state: GameState, seat: Seat): Action[] {
  return ownChoices(state, seat);
}

/** How the game ended, or null while it runs. */
export function outcome(state: GameState): Outcome | null {
  return state.outcome;
}

/** Checks and applies one action. Never throws; a refusal leaves `state` as it was. */
export function applyAction(state: GameState, seat: unknown, action: unknown): ApplyResult {
  return applyWith(state, seat, action, null);
}

/**
 * `applyAction` with the chance supplied instead of the state's own: the learn layer's explicit chance
 * (src/learn/chance-game.ts) hears which draws an action asks for and answers them with chosen outcomes.
 * The state's chance is settled by `chance` as the engine's own would be.
 */
export function applyActionWithChance(
  state: GameState,
  seat: unknown,
  action: unknown,
  chance: Chance,
): ApplyResult {
  return applyWith(state, seat, action, chance);
}

/** `chance` null: the state's own, made only once the action is found legal (as it always was). */
function applyWith(state: GameState, seat: unknown, action: unknown, chance: Chance | null): ApplyResult {
  try {
    if (!isSeat(seat)) return refuse('action/seat', "The seat must be 'red' or 'blue'.");
    // An action handed back as `legalActions` listed it is one of the frozen coded ones: nothing to parse.
    const parsed = isListedAction(action) ? { ok: true as const, value: action } : parseAction(action);
    if (!parsed.ok) return parsed;
    const refusal = refusalOf(state, seat, parsed.value);
    if (refusal) return { ok: false, error: refusal };
    const table: Table = {
      state: cloneState(state),
      chance: chance ?? chanceOf(state.chance),
      events: [],
      ownCards: 0,
      ownsFlagsShown: false,
    };
    if (parsed.value.type === 'resign') {
      const winner = opponentOf(seat);
      const away = parsed.value.away === true;
      const time = parsed.value.time === true;
      table.events?.push(
        away
          ? { type: 'resigned', seat, away, audience: 'all' }
          : time
            ? { type: 'resigned', seat, time, audience: 'all' }
            : { type: 'resigned', seat, audience: 'all' },
      );
      finish(
        table,
        winner,
        'resigned',
        away
          ? `${SEAT_NAMES[seat]} was away too long; ${SEAT_NAMES[winner]} claimed the win.`
          : time
            ? `${SEAT_NAMES[seat]} ran out of time; ${SEAT_NAMES[winner]} wins.`
            : `${SEAT_NAMES[seat]} resigned; ${SEAT_NAMES[winner]} wins.`,
        away ? 'away' : time ? 'time' : undefined,
      );
    } else {
      resolve(table, seat, parsed.value);
    }
    table.state.chance = table.chance.settle(table.state.chance);
    table.state.log.push({ seat, action: parsed.value });
    return { ok: true, state: table.state, events: table.events ?? [] };
  } catch (error) {
    // Only a bug gets here; report it as a value so a server or a bot never crashes on it.
    return refuse('engine/internal', `The engine failed on this action: ${String(error)}`);
  }
}

function refuse(code: EngineErrorCode, message: string): ApplyResult {
  return { ok: false, error: { code, message } };
}

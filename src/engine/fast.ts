/**
 * The bots' fast path: a private mutable copy of a state, unchecked actions, no events, no log.
 * It runs the very same rules (rules/decide.ts) as the public API, which tests hold equal to it.
 * Only give `fastApply` actions taken from `fastChoices`.
 */
import type { Action } from './actions.ts';
import { chanceFrom, chanceOf } from './chance.ts';
import type { Random } from './random.ts';
import { ARG_MASK, ChoiceList } from './rules/choices.ts';
import { choicesFor, decider, listChoices, resolve, resolveChoice } from './rules/decide.ts';
import type { Table } from './rules/table.ts';
import { resolveTurnCard, turnCardChoices } from './rules/turn.ts';
import { cloneState, type GameState, type Outcome } from './state.ts';
import type { Seat } from './vocabulary.ts';

/**
 * A game being searched: its state is mutated in place; its chance draws from its table's `chance`. Its log
 * is its source's array, shared: the fast path logs nothing, so it never appends to it.
 */
export interface FastGame {
  readonly table: Table;
}

/**
 * A mutable copy of `state`, detached from it, whose chance is the game's own (the same draws as the public
 * API: tests and replays). Keyed chance costs a ChaCha20 block per draw; searches want `fastCopyWithChance`.
 */
export function fastCopy(state: GameState): FastGame {
  return {
    table: {
      state: cloneState(state, state.log),
      chance: chanceOf(state.chance),
      events: null,
      ownCards: 0,
      ownsFlagsShown: false,
    },
  };
}

/** A mutable copy whose chance comes from `random` instead (a bot must not know the real dice). */
export function fastCopyWithChance(state: GameState, random: Random): FastGame {
  return {
    table: {
      state: cloneState(state, state.log),
      chance: chanceFrom(random),
      events: null,
      ownCards: 0,
      ownsFlagsShown: false,
    },
  };
}

/** A copy of a fast game (for search trees that branch); its chance goes on independently. */
export function fastClone(game: FastGame): FastGame {
  const state = cloneState(game.table.state, game.table.state.log);
  // Both now share the card objects and the flags shown: neither may write one in place before copying it.
  game.table.ownCards = 0;
  game.table.ownsFlagsShown = false;
  return {
    table: { state, chance: game.table.chance.fork(), events: null, ownCards: 0, ownsFlagsShown: false },
  };
}

/** The current state (shared, do not keep it past the next `fastApply`). An old game's `chance` may be stale. */
export function fastState(game: FastGame): GameState {
  return game.table.state;
}

/** The seat that decides now; during setup the first seat not ready; null when the game is over. */
export function fastDecider(game: FastGame): Seat | null {
  return decider(game.table.state);
}

/** The choices of `seat` (shared arrays and objects: do not mutate them). */
export function fastChoices(game: FastGame, seat: Seat): readonly Action[] {
  return choicesFor(game.table.state, seat);
}

/** Carries out a choice from `fastChoices` for `seat`. Unchecked: anything else corrupts the game. */
export function fastApply(game: FastGame, seat: Seat, action: Action): void {
  resolve(game.table, seat, action);
}

export function fastOutcome(game: FastGame): Outcome | null {
  return game.table.state.outcome;
}

/** The playouts' choice list: one for all, as making a typed array costs more than a short playout's turn. */
const list = new ChoiceList();

/**
 * Plays uniformly random choices (drawn from `random`) until the game ends or `maxDecisions` pass.
 * Returns the outcome, or null when cut off. Choices travel as codes (rules/choices.ts), in the same order
 * as `fastChoices` lists them, so the same draws play the same game as the public API.
 */
export function fastRandomPlayout(game: FastGame, random: Random, maxDecisions = 10_000): Outcome | null {
  const { table } = game;
  const state = table.state;
  for (let i = 0; i < maxDecisions && state.outcome === null; i++) {
    if (state.pending.ask === 'turnCard') {
      // Two decisions in three: the card choices are a shared list, and the card is turned directly.
      turnCardChoices(state, list);
      resolveTurnCard(table, (list.codes[random.int(list.length)] ?? 0) & ARG_MASK);
      continue;
    }
    const seat = decider(state);
    if (seat === null) break;
    if (state.pending.ask === 'setup') {
      const choices = choicesFor(state, seat);
      const choice = choices[random.int(choices.length)];
      if (choice === undefined) break;
      resolve(table, seat, choice);
      continue;
    }
    const count = listChoices(state, seat, list);
    if (count === 0) break;
    resolveChoice(table, seat, list.codes[random.int(count)] ?? 0);
  }
  return state.outcome;
}

/** Writes the chance position back into the state, so `fastState` can be handed on as a whole state. */
export function fastSettle(game: FastGame): GameState {
  game.table.state.chance = game.table.chance.settle(game.table.state.chance);
  return game.table.state;
}

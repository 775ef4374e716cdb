/**
 * Whose turn it is in a listed game that this process does not hold (issue 31 item 6: the Watch list says the
 * turn of every game, wherever it is played). Loading each listed game as a room would make this process
 * hold (and hear the moves of) every game it lists, and replaying each log at every listing costs a whole
 * game's replay per game; so the state of each listed game is kept here and caught up with only the actions
 * stored since (GameStore.loadFrom). Games no longer listed are let go at the next listing.
 */
import { applyAction, type GameState, newGame, toAct } from '../../engine/index.ts';
import type { LiveGame } from '../../protocol/index.ts';
import type { GameStore, StoredGame } from '../store/game-store.ts';

export type Turn = Pick<LiveGame, 'turn' | 'toMove'>;

/** The turn as the Watch list says it: 0 while setting up, then the turn's number from 1. */
export function turnOfState(state: GameState): Turn {
  const deciding = toAct(state);
  return {
    turn: state.phase === 'setup' ? 0 : state.turn + 1,
    toMove: deciding.length === 2 ? 'both' : (deciding[0] ?? null),
  };
}

export class LiveTurns {
  readonly #store: GameStore;
  readonly #states = new Map<string, GameState>();

  constructor(store: GameStore) {
    this.#store = store;
  }

  /** The turn of `game`, `moves` actions into it, or null when its log cannot be read or replayed. */
  async of(game: StoredGame, moves: number): Promise<Turn | null> {
    let state = this.#states.get(game.id) ?? null;
    if (state === null) {
      const created = newGame(game.options);
      if (!created.ok) return null;
      state = created.value;
    }
    if (state.log.length < moves) {
      const stored = await this.#store.loadFrom(game.id, state.log.length);
      if (stored === null) return null;
      for (const entry of stored.actions) {
        const result = applyAction(state, entry.seat, entry.action);
        if (!result.ok) {
          this.#states.delete(game.id);
          return null;
        }
        state = result.state;
      }
    }
    const known = this.#states.get(game.id);
    if (known === undefined || known.log.length < state.log.length) this.#states.set(game.id, state);
    return turnOfState(state);
  }

  /** Lets go of every game not in `listed` (the games of the latest listing). */
  keepOnly(listed: ReadonlySet<string>): void {
    for (const id of this.#states.keys()) if (!listed.has(id)) this.#states.delete(id);
  }
}

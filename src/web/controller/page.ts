/**
 * What each part of the controller is handed instead of the whole controller: the one state object, the one
 * way it changes, and the page's address. A part that needs more asks for it by name in its constructor.
 */
import type { AppState, GameScreen, Screen } from '../state.ts';

export interface Page {
  readonly state: AppState;
  /** Mutates the state, then redraws everything. */
  change(mutate: (state: AppState) => void): void;
  /** Shows a screen, with its address when given (a new entry in the browser's history). */
  go(screen: Screen, path?: string): void;
}

/** Changes the table on show; nothing happens when there is none (news can arrive after a game is left). */
export function changeGame(page: Page, mutate: (game: GameScreen) => void): void {
  page.change((s) => {
    if (s.game) mutate(s.game);
  });
}

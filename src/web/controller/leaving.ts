/**
 * Getting up from a table: "← Home" (asked first while a game is on), the browser's Back, a watched game left
 * for the Watch page, and "Play again" for the next table. Whatever is left, its link closes, so an online
 * seat or a spectator is counted gone; a local game left is kept and offered again on the home page.
 */
import type { OnlineHooks } from './hooks.ts';
import type { HostLink } from './host-link.ts';
import type { LocalGames } from './local-games.ts';
import { changeGame, type Page } from './page.ts';
import type { Tutorial } from './tutorial.ts';

export class Leaving {
  /** `online` reads the controller's online hooks at each use: they plug in after start. */
  constructor(
    private readonly page: Page,
    private readonly host: HostLink,
    private readonly online: () => OnlineHooks | null,
    private readonly local: Pick<LocalGames, 'start' | 'refreshKept'>,
    private readonly tutorial: Pick<Tutorial, 'start'>,
  ) {}

  leaveGame(): void {
    this.online()?.leave();
    this.clearTable();
    this.page.go('home', '/');
    void this.local.refreshKept();
  }

  /** "← Home" during a game asks first; a finished game is left at once. */
  askLeave(): void {
    const game = this.page.state.game;
    // A lesson keeps its place by itself (tutorial/progress.ts): nothing to ask.
    if (game === null || game.view === null || game.view.outcome !== null || game.mode === 'tutorial') {
      this.leaveGame();
      return;
    }
    changeGame(this.page, (g) => {
      g.leaving = true;
    });
  }

  /** "Stay at the table" in the leave dialog. */
  stay(): void {
    changeGame(this.page, (g) => {
      g.leaving = false;
    });
  }

  /**
   * The browser's Back to the home page: a local game is put down, kept on the device, and offered again as
   * "Continue your game" (Forward takes it up).
   */
  backHome(): void {
    const game = this.page.state.game;
    if (game !== null && game.mode !== 'online') {
      this.clearTable();
      void this.local.refreshKept();
    }
    this.stopWatching();
    this.page.go('home');
  }

  /** The browser's Back or Forward to the Watch page: a game being watched is left (its socket closed). */
  showWatch(): void {
    this.stopWatching();
    this.page.go('watch');
  }

  /** "Play again" at the end: the same kind of table afresh; a spectator goes back to the list of games. */
  playAgain(): void {
    const game = this.page.state.game;
    if (game === null) return;
    if (game.watching) {
      // "Watch another game": back to the list of games in progress.
      this.online()?.leave();
      this.clearTable();
      this.page.go('watch', '/watch');
      return;
    }
    if (game.mode === 'online') this.online()?.create(game.form);
    else if (game.mode === 'tutorial') this.tutorial.start(game.tutorial?.lesson ?? 0);
    else this.local.start(game.mode, game.form);
  }

  /** Stops watching a game: the spectator's socket closes, so the players' count goes down. */
  private stopWatching(): void {
    if (this.page.state.game?.watching !== true) return;
    this.online()?.leave();
    this.clearTable();
  }

  /** The link closes and the table goes. */
  private clearTable(): void {
    this.host.close();
    this.page.change((s) => {
      s.game = null;
    });
  }
}

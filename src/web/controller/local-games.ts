/**
 * Games on this device (against the computer, pass-and-play): started here, kept by their host between visits
 * (local/kept.ts), and taken up again from the home page, a reload or Forward. The address /game stands for
 * the local game, so the browser's Back and Forward move between it and the home page.
 */
import { opponentOf, type Seat } from '../../engine/index.ts';
import { newContribution, noFairness } from '../game/fairness.ts';
import { t } from '../i18n/i18n.ts';
import type { LinkNews } from '../link.ts';
import { forgetGame, loadKeptSummary } from '../local/kept.ts';
import { type LocalStart, startLocalGame } from '../local/link.ts';
import type { HomeForm } from '../state.ts';
import { newGameScreen } from './game-screen.ts';
import type { HostLink } from './host-link.ts';
import type { Page } from './page.ts';

/** The address of a local game on the page: Back and Forward move between it and the home page. */
const LOCAL_GAME_PATH = '/game';

/** Refusals that mean there is no kept game to take up: the page goes home and says so. */
const NOTHING_TO_CONTINUE: Readonly<Record<string, string>> = {
  get 'host/nothing-kept'() {
    return t('notice.nothingKept');
  },
  get 'host/kept-broken'() {
    return t('notice.keptBroken');
  },
};

export class LocalGames {
  /** `hear` takes the host's news (news.ts). */
  constructor(
    private readonly page: Page,
    private readonly host: HostLink,
    private readonly hear: (news: LinkNews) => void,
  ) {}

  start(mode: 'computer' | 'pass', form: HomeForm): void {
    this.host.close();
    const options = {
      variant: form.variant,
      shots: form.shots,
      ...(form.turnLimit === null ? {} : { turnLimit: form.turnLimit }),
    };
    const human: Seat = mode === 'computer' ? form.seat : 'red';
    // The page's share of chance for each person at the table (the computer's comes from the host).
    const contributions = {
      red: mode === 'pass' || human === 'red' ? newContribution() : null,
      blue: mode === 'pass' || human === 'blue' ? newContribution() : null,
    };
    this.sit(mode, human, form, contributions, {
      t: 'start',
      mode,
      options,
      human,
      level: form.level,
      contributions,
    });
  }

  /** Reads what is kept for the home page's "Continue your game". */
  async refreshKept(): Promise<void> {
    // A game left a moment ago may still be being kept by its Worker.
    await this.host.ended();
    const kept = await loadKeptSummary();
    this.page.change((s) => {
      s.kept = kept;
    });
  }

  /** "Continue your game" (or a reload, or Forward): the kept game where it was left. */
  async continueKept(): Promise<void> {
    // Read afresh, once a game just left is kept: what the home page showed may be older than that.
    await this.host.ended();
    const kept = await loadKeptSummary();
    if (kept === null) {
      this.homeWithNothing(NOTHING_TO_CONTINUE['host/nothing-kept'] ?? null);
      return;
    }
    this.host.close();
    const form: HomeForm = {
      level: kept.level,
      variant: kept.variant,
      shots: kept.shots,
      seat: kept.human,
      turnLimit: kept.turnLimit,
    };
    this.sit(kept.mode, kept.human, form, kept.contributions, { t: 'resume' });
  }

  /** "Abandon it" on the home page: the kept game is forgotten. */
  async abandonKept(): Promise<void> {
    // After a Worker still keeping the game it was left with, or that game would come back.
    await this.host.ended();
    await forgetGame().catch(() => undefined);
    await this.refreshKept();
  }

  /** A refusal that leaves no kept game to take up: home, with a sentence. Returns whether it was one. */
  nothingToContinue(code: string | null): boolean {
    const nothing = code === null ? undefined : NOTHING_TO_CONTINUE[code];
    if (nothing === undefined) return false;
    this.host.close();
    this.homeWithNothing(nothing);
    return true;
  }

  /** Opens the table of a local game at /game and starts (or takes up) its game in the host. */
  private sit(
    mode: 'computer' | 'pass',
    human: Seat,
    form: HomeForm,
    contributions: { red: string | null; blue: string | null },
    start: LocalStart,
  ): void {
    this.page.change((s) => {
      const game = newGameScreen(mode, human, form);
      game.fairness = noFairness(contributions, null, mode === 'computer' ? opponentOf(human) : null);
      s.game = game;
      s.screen = 'game';
      s.notice = null;
    });
    this.showGamePath();
    this.host.useLocal(() => startLocalGame(start, this.hear));
  }

  /** The address says "a local game" (so Back goes home and Forward comes back), without a new entry twice. */
  private showGamePath(): void {
    if (typeof history === 'undefined') return;
    if (location.pathname === LOCAL_GAME_PATH) history.replaceState(null, '', LOCAL_GAME_PATH);
    else history.pushState(null, '', LOCAL_GAME_PATH);
  }

  /** Home with a sentence, and /game in the address gives way to / (Forward would find nothing there). */
  private homeWithNothing(notice: string | null): void {
    if (typeof history !== 'undefined' && location.pathname === LOCAL_GAME_PATH)
      history.replaceState(null, '', '/');
    this.page.change((s) => {
      s.game = null;
      s.screen = 'home';
      s.notice = notice;
      s.kept = null;
    });
  }
}

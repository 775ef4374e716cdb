/**
 * Looking back at earlier moves: a click on a log line shows the table as this seat saw it then, and a snapshot
 * taken up mid-game has its missed log filled in. Both are questions to the host, answered as news.
 */
import type { LinkNews } from '../link.ts';
import type { LogLine } from '../state.ts';
import type { HostLink } from './host-link.ts';
import { LOG_LINES, logLine, retold } from './log-lines.ts';
import { changeGame, type Page } from './page.ts';

export class LookBack {
  constructor(
    private readonly page: Page,
    private readonly host: HostLink,
  ) {}

  /** Clicking a log line: the table as this seat saw it then. */
  reviewAt(line: LogLine): void {
    const game = this.page.state.game;
    const link = this.host.current;
    if (game === null || link === null) return;
    changeGame(this.page, (g) => {
      g.review = { v: line.v, text: line.text, view: null };
    });
    link.review(game.seat, line.v);
  }

  /**
   * The language changed: the log is told again in it (its lines keep their events), and so is the line a
   * look back shows. Nothing else in the state holds words made in the old language for long.
   */
  retell(): void {
    changeGame(this.page, (g) => {
      const looked = g.review === null ? undefined : g.log.find((line) => line.text === g.review?.text);
      const shown = g.log === g.logs[g.seat];
      g.logs = { red: retold(g.logs.red), blue: retold(g.logs.blue) };
      g.log = shown ? g.logs[g.seat] : retold(g.log);
      const now = looked === undefined ? undefined : g.log.find((line) => line.id === looked.id);
      if (g.review !== null && now !== undefined) g.review = { ...g.review, text: now.text };
    });
  }

  /** "Back to the game". */
  endReview(): void {
    changeGame(this.page, (g) => {
      g.review = null;
    });
  }

  /** The answers to history and review. */
  hear(news: Extract<LinkNews, { t: 'history' | 'review' }>): void {
    if (news.t === 'history') {
      changeGame(this.page, (g) => {
        // What the host says was shown up to news.v replaces what this page had of it; later lines stay.
        const past: LogLine[] = news.steps.flatMap((step) =>
          step.events.map((e) => logLine(e, news.seat, step.v)),
        );
        const later = g.logs[news.seat].filter((line) => line.v > news.v);
        g.logs[news.seat] = [...past, ...later].slice(-LOG_LINES);
        if (g.seat === news.seat) g.log = g.logs[news.seat];
      });
      return;
    }
    changeGame(this.page, (g) => {
      if (g.review !== null && g.review.v === news.v && g.seat === news.seat) {
        g.review = { ...g.review, view: { ...news.view, legalActions: [] } };
      }
    });
  }
}

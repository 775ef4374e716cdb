/**
 * The decisions of a game in progress, as the seat at the table makes them: one at a time to the host (the
 * answer comes back as news), the device handed over in pass-and-play, and the checks and the invite around
 * the table. The setup and the cannon are drawn up first on the page (setup-and-aim.ts).
 */
import type { Action } from '../../engine/index.ts';
import { cardRefusal } from '../game/choices.ts';
import { checkFairness } from '../game/fairness.ts';
import { t } from '../i18n/i18n.ts';
import type { HostLink } from './host-link.ts';
import { changeGame, type Page } from './page.ts';
import type { SceneQueue } from './scene-queue.ts';

export class Table {
  constructor(
    private readonly page: Page,
    private readonly host: HostLink,
    private readonly scenes: SceneQueue,
  ) {}

  act(action: Action): void {
    const game = this.page.state.game;
    const link = this.host.current;
    // One decision at a time: a second click before the answer would be judged against the old question.
    if (game === null || link === null || game.waiting) return;
    link.send(game.seat, action);
    changeGame(this.page, (g) => {
      g.selected = null;
      g.error = null;
      g.waiting = true;
    });
  }

  /** Pass-and-play: the seat that acted has seen what its decision did; the device goes to the next seat. */
  passDevice(): void {
    const game = this.page.state.game;
    const local = this.host.local;
    if (game?.handTo == null || local === null) return;
    const next = game.handTo;
    local.handOver();
    this.scenes.stop();
    changeGame(this.page, (g) => {
      g.scenes = [];
      g.handover = next;
      g.handTo = null;
      g.waiting = true;
    });
  }

  /**
   * The next seat has the device: the scenes it is owed start. Not before that seat's own news has come: until
   * then the page holds the seat that passed, its view and its pirates, which the hand-over screen hides (and a
   * quick tap would otherwise show them, then be sent back to the hand-over when the news came).
   */
  takeDevice(): void {
    const game = this.page.state.game;
    if (game === null || game.handover === null || game.seat !== game.handover) return;
    changeGame(this.page, (g) => {
      g.handover = null;
    });
    this.scenes.next();
  }

  select(piece: number | null): void {
    changeGame(this.page, (g) => {
      g.selected = piece;
    });
  }

  /** A click on a card that may not be turned now (R2.2, R10): the reason, where it did nothing before. */
  refuseCard(index: number): void {
    const view = this.page.state.game?.view;
    const reason = view == null ? null : cardRefusal(view, index);
    if (reason === null) return;
    changeGame(this.page, (g) => {
      g.error = reason;
    });
  }

  resign(): void {
    this.act({ type: 'resign' });
  }

  /** "Check this game": the record against the commitment, the page's contributions and what it was shown. */
  checkGame(): void {
    changeGame(this.page, (g) => {
      if (g.record === null) return;
      g.fairness.report = checkFairness(g.fairness, g.record, g.view?.outcome ?? null);
    });
  }

  copyInvite(): void {
    const link = this.page.state.game?.online?.inviteLink;
    if (link == null) return;
    const done = (text: string) =>
      changeGame(this.page, (g) => {
        if (g.online) g.online.copied = text;
      });
    if (typeof navigator !== 'undefined' && navigator.clipboard) {
      navigator.clipboard.writeText(link).then(
        () => done(t('notice.copied')),
        () => done(t('notice.copyByHand')),
      );
    } else {
      done(t('notice.copyByHand'));
    }
  }
}

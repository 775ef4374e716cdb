/**
 * Hearing news from the game's host: every link (local Worker, lesson, socket) speaks the same LinkNews, so
 * one place turns it into the table on show (its log, its view, what is asked of the seat, the scenes to play).
 * Answers to a look back and the refusals that mean "no kept game" are passed to the parts that asked.
 */
import { DEFAULT_AIM } from '../../engine/index.ts';
import { keepCommitment, keepSeen } from '../game/fairness.ts';
import { refusalSentence } from '../game/refusals.ts';
import { turningCard } from '../game/replay.ts';
import { type Scene, scenesOf } from '../game/scenes.ts';
import { EMPTY_DRAFT } from '../game/setup.ts';
import type { LinkNews } from '../link.ts';
import { type FinishedComputerGame, keepFinished } from '../local/finished.ts';
import type { HostLink } from './host-link.ts';
import { LOG_LINES, logLine } from './log-lines.ts';
import type { LookBack } from './look-back.ts';
import { changeGame, type Page } from './page.ts';
import type { SceneQueue } from './scene-queue.ts';

export class NewsFromHost {
  /** `nothingToContinue` takes a refusal that leaves no kept game to take up, and says whether it was one. */
  constructor(
    private readonly page: Page,
    private readonly host: HostLink,
    private readonly scenes: SceneQueue,
    private readonly lookBack: LookBack,
    private readonly nothingToContinue: (code: string | null) => boolean,
  ) {}

  hear(news: LinkNews): void {
    if (news.t === 'history' || news.t === 'review') {
      this.lookBack.hear(news);
      return;
    }
    if (news.t === 'error' && this.nothingToContinue(news.code)) return;
    if (news.t === 'error') {
      // The developer's wording goes to the console; the player reads a sentence written for players.
      if (typeof console !== 'undefined') console.info(`refused (${news.code ?? 'link'}): ${news.message}`);
      changeGame(this.page, (g) => {
        g.error = news.said ?? refusalSentence(news.code);
        g.waiting = false;
      });
      return;
    }
    let heard: Scene[] = [];
    let finished: FinishedComputerGame | null = null;
    changeGame(this.page, (g) => {
      // A game against the computer just over: kept on this device for the player's own page (local/finished.ts).
      if (news.record !== null && g.record === null && g.mode === 'computer' && news.view.outcome !== null)
        finished = {
          record: news.record,
          human: g.seat,
          level: g.form.level,
          winner: news.view.outcome.winner,
          endedAt: Date.now(),
        };
      const lines = news.events.map((e) => logLine(e, news.seat, news.v, news.view.rules.cannon));
      g.logs[news.seat] = [...g.logs[news.seat], ...lines].slice(-LOG_LINES);
      keepCommitment(g.fairness, news.seedHash);
      keepSeen(g.fairness, news.seat, news.since, news.v, news.events, news.view);
      if (g.mode === 'pass' && news.seat !== g.seat && news.view.outcome === null) g.handover = news.seat;
      // A look back is its seat's own: it never stays open for the next seat at the device.
      if (news.seat !== g.seat) g.review = null;
      g.seat = news.seat;
      g.log = g.logs[news.seat];
      g.updates++;
      const previous = g.view;
      g.view = news.view;
      g.error = null;
      g.selected = null;
      g.waiting = false;
      g.handTo = news.handTo;
      g.bot = news.bot;
      if (news.record !== null) g.record = news.record;
      if (previous?.pending.ask === 'setup' && news.view.pending.ask !== 'setup') g.setup = EMPTY_DRAFT;
      const turned = news.events.filter((e) => e.type === 'cardTurned');
      const last = turned[turned.length - 1];
      g.flipped = last?.type === 'cardTurned' ? last.card : null;
      g.turning = turningCard(news.since === 0 ? null : g.turning, news.events);
      g.moved = news.events.flatMap((e) => (e.type === 'swung' || e.type === 'newPirate' ? [e.piece] : []));
      const pending = news.view.pending;
      const mine = pending.ask === 'shoot' && pending.seat === news.seat && news.view.rules.shots === 'aimed';
      g.aiming = mine
        ? {
            aim: g.aiming?.aim ?? g.lastAim[news.seat] ?? { ...DEFAULT_AIM },
            target: pending.target,
            drag: null,
            pull: null,
          }
        : null;
      // A player is not shown a scene of what they just did themselves (a card they turned, the pirate they put
      // on the hatch); its outcome, decided by chance, they are shown. Its sound they hear at once.
      const all = scenesOf(news.events);
      const own = (s: Scene) =>
        (s.kind === 'card' || (s.kind === 'hatch' && s.result === 'waits')) && s.seat === news.seat;
      const shown = this.page.state.speed > 0 ? all.filter((s) => !own(s)) : [];
      g.scenes = [...g.scenes, ...shown];
      heard = all.filter((s) => !shown.includes(s));
    });
    this.scenes.sounds(heard);
    this.scenes.next();
    if (finished !== null) void keepFinished(finished).catch(() => undefined);
    // A snapshot after some moves (a reload, a reconnection, a kept game taken up): fetch the log it missed.
    if (news.since !== null && news.since > 0) this.host.current?.history(news.seat);
  }
}

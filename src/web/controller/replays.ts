/**
 * The replay screen and the analysis on it: a finished game's record stepped through, from one seat's eyes or
 * all, and each seat's chance at every turn worked out in a Worker so the page never stalls on it.
 */
import type { GameRecord } from '../../engine/index.ts';
import { analyseInWorker } from '../analysis/link.ts';
import { movesOf, parseRecord } from '../game/replay.ts';
import { t } from '../i18n/i18n.ts';
import type { Page } from './page.ts';

export class Replays {
  /** Stops the analysis Worker still working, if any. */
  private stopAnalysis: (() => void) | null = null;

  constructor(private readonly page: Page) {}

  open(record: GameRecord): void {
    this.page.change((s) => {
      s.replay = { record, step: 0, eyes: 'all', playing: false, error: null, analysis: null };
    });
    this.page.go('replay', '/replay');
  }

  /** "Analysis" at the end: the replay, with each seat's chance at every turn worked out in a Worker. */
  openAnalysis(record: GameRecord): void {
    this.open(record);
    this.analyse();
  }

  /**
   * "Analysis of this game" on a replay already open (a saved replay, a player page's game): the same
   * analysis as at the end, where the replay stands.
   */
  analyse(): void {
    const record = this.page.state.replay?.record;
    if (record === undefined) return;
    this.page.change((s) => {
      if (s.replay) s.replay.analysis = { status: 'working' };
    });
    this.stopAnalysis?.();
    this.stopAnalysis = analyseInWorker(record, (answer) => {
      this.stopAnalysis = null;
      this.page.change((s) => {
        // A replay opened since is another's: this answer is not for it.
        if (s.replay?.record !== record) return;
        s.replay.analysis = answer.ok
          ? { status: 'done', analysis: answer.analysis }
          : { status: 'failed', message: t('analysis.failed') };
        if (!answer.ok && typeof console !== 'undefined') console.info(`analysis failed: ${answer.message}`);
      });
    });
  }

  /** A record pasted or loaded as text; a broken one is said on the page, not opened. */
  openText(text: string): void {
    const parsed = parseRecord(text);
    if (!parsed.ok) {
      this.page.change((s) => {
        s.notice = parsed.message;
      });
      return;
    }
    this.open(parsed.record);
  }

  /** Goes to a step, held within the game; playing stops at the last. */
  step(step: number): void {
    this.page.change((s) => {
      if (s.replay === null) return;
      const total = movesOf(s.replay.record);
      s.replay.step = Math.max(0, Math.min(total, step));
      if (s.replay.step === total) s.replay.playing = false;
    });
  }

  play(playing: boolean): void {
    this.page.change((s) => {
      if (s.replay) s.replay.playing = playing;
    });
  }

  eyes(eyes: 'red' | 'blue' | 'all'): void {
    this.page.change((s) => {
      if (s.replay) s.replay.eyes = eyes;
    });
  }
}

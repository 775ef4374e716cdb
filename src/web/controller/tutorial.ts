/**
 * "Learn to play" (tutorial/): each lesson a prepared table with its own host, and the player's place kept on
 * the device, so the button takes them back to the lesson they got to.
 */
import { t } from '../i18n/i18n.ts';
import type { LinkNews } from '../link.ts';
import { LESSONS } from '../tutorial/lessons.ts';
import { startLesson } from '../tutorial/link.ts';
import { loadProgress, saveProgress } from '../tutorial/progress.ts';
import { newGameScreen } from './game-screen.ts';
import type { HostLink } from './host-link.ts';
import { changeGame, type Page } from './page.ts';

/** Where the player's place is kept: localStorage in the browser, none in tests. */
export type LessonStorage = Pick<Storage, 'getItem' | 'setItem'> | undefined;

export class Tutorial {
  /** `storage` is read at each use (tests set it after start); `leave` leaves the table as "← Home" does. */
  constructor(
    private readonly page: Page,
    private readonly host: HostLink,
    private readonly hear: (news: LinkNews) => void,
    private readonly storage: () => LessonStorage,
    private readonly leave: () => void,
  ) {}

  /** Starts a lesson (by default the one the player got to), on its prepared table. */
  start(lesson?: number): void {
    this.host.close();
    const saved = loadProgress(this.storage());
    const wanted = lesson ?? (saved >= LESSONS.length ? 0 : saved);
    const index = Math.max(0, Math.min(LESSONS.length - 1, wanted));
    this.page.change((s) => {
      s.game = newGameScreen('tutorial', 'red', s.forms.computer);
      s.screen = 'game';
      s.notice = null;
    });
    saveProgress(this.storage(), index);
    this.host.current = startLesson(index, this.hear, (status) => {
      if (status.done !== null) saveProgress(this.storage(), status.lesson + 1);
      changeGame(this.page, (g) => {
        g.tutorial = status;
      });
    });
  }

  /** "Next lesson", or after the last one, home with a word of welcome. */
  next(): void {
    const lesson = this.page.state.game?.tutorial?.lesson ?? 0;
    if (lesson + 1 < LESSONS.length) {
      this.start(lesson + 1);
      return;
    }
    saveProgress(this.storage(), LESSONS.length);
    this.leave();
    this.page.change((s) => {
      s.notice = t('notice.lessonsDone');
    });
  }
}

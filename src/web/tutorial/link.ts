/**
 * The tutorial's game link: the engine on a prepared table, in the page (a lesson is a few moves). Like the
 * local host it answers each decision with Red's view and the events Red saw; unlike it, it offers only the
 * moves the lesson asks for (and those it can say are wrong, answered with why), and says after each move where
 * the lesson stands.
 */
import {
  type Action,
  applyAction,
  eventsFor,
  type GameEvent,
  type GameState,
  legalActions,
  type PlayerView,
  type Seat,
  toAct,
  viewFor,
} from '../../engine/index.ts';
import type { GameLink, LinkNews } from '../link.ts';
import { LESSONS } from './lessons.ts';

/** Where a lesson stands, for the coach beside the table. */
export interface LessonStatus {
  /** The lesson, from 0, e.g. 2. */
  readonly lesson: number;
  readonly total: number;
  readonly title: string;
  readonly intro: string;
  /** What to do now, or null once the lesson is done. */
  readonly ask: string | null;
  /** What to do now once a pirate is chosen (an attack's target), when the step says so; else null. */
  readonly askChosen: string | null;
  /** What happened and why, once the lesson is done; else null. */
  readonly done: string | null;
}

export function startLesson(
  index: number,
  hear: (news: LinkNews) => void,
  status: (status: LessonStatus) => void,
): GameLink {
  const lesson = LESSONS[index];
  if (lesson === undefined) throw new Error(`no lesson ${index}`);
  let state: GameState = lesson.table();
  const states: GameState[] = [state];
  let step = 0;
  const seat: Seat = 'red';
  /** Every event Red saw in the lesson, for what happened this time. */
  const seenAll: GameEvent[] = [];
  const view = (): PlayerView => {
    const full = viewFor(state, seat);
    const asked = lesson.steps[step];
    if (asked === undefined) return { ...full, legalActions: [] };
    // The asked moves first, then the wrong ones the lesson answers with a reason (each a click to explain).
    const right = full.legalActions.filter((a) => asked.accepts(a, full));
    const wrong = full.legalActions.filter((a) => !asked.accepts(a, full) && asked.why?.(a, full) != null);
    return { ...full, legalActions: [...right, ...wrong] };
  };
  const doneWords = (seen: readonly GameEvent[]) => {
    const happened = lesson.happened?.(seen) ?? null;
    return happened === null ? lesson.done : `${happened} ${lesson.done}`;
  };
  const tell = () => {
    const at = step;
    const seen = [...seenAll];
    const asked = lesson.steps[at];
    // Getters, as the lessons' own words: read when shown, so a change of language tells the coach anew.
    status({
      lesson: index,
      total: LESSONS.length,
      get title() {
        return lesson.title;
      },
      get intro() {
        return lesson.intro;
      },
      get ask() {
        return asked?.ask ?? null;
      },
      get askChosen() {
        return asked?.askChosen ?? null;
      },
      get done() {
        return at >= lesson.steps.length ? doneWords(seen) : null;
      },
    });
  };
  let closed = false;
  const later = (news: LinkNews) =>
    queueMicrotask(() => {
      if (!closed) hear(news);
    });
  const update = (events: ReturnType<typeof eventsFor>, since: number | null): LinkNews => ({
    t: 'update',
    seat,
    view: view(),
    seedHash: '',
    since,
    v: state.log.length,
    events,
    record: null,
    bot: null,
    handTo: null,
  });
  tell();
  later(update([], 0));
  return {
    send(_seat, action: Action) {
      const asked = lesson.steps[step];
      const table = viewFor(state, seat);
      if (asked === undefined || !asked.accepts(action, table)) {
        // A legal move the lesson can say is wrong gets the reason, for the player; any other the general word.
        const why = asked?.why?.(action, table) ?? null;
        later(
          why === null
            ? { t: 'error', code: 'tutorial/not-asked', message: 'The lesson asks for another move.' }
            : { t: 'error', code: 'tutorial/why', message: 'The lesson asks for another move.', said: why },
        );
        return;
      }
      const result = applyAction(state, seat, action);
      if (!result.ok) {
        later({ t: 'error', code: result.error.code, message: result.error.message });
        return;
      }
      state = result.state;
      const seen = eventsFor(result.events, seat);
      // Blue's part inside Red's turn (its setup, the pirate for the plank, one to give up after a sail hit) is
      // played for it at once; the lesson ends before Blue's own turn.
      for (let guard = 0; guard < 20 && state.outcome === null; guard++) {
        const waiting = toAct(state);
        if (!waiting.includes('blue') || waiting.includes(seat) || state.pending.ask === 'turnCard') break;
        const answer = legalActions(state, 'blue')[0];
        const reply = answer === undefined ? null : applyAction(state, 'blue', answer);
        if (reply === null || !reply.ok) break;
        state = reply.state;
        seen.push(...eventsFor(reply.events, seat));
      }
      states.push(state);
      seenAll.push(...seen);
      step++;
      tell();
      later(update(seen, null));
    },
    history() {},
    review(_seat, v) {
      const then = states.find((s) => s.log.length === v);
      if (then !== undefined) later({ t: 'review', seat, v, view: viewFor(then, seat) });
    },
    close() {
      closed = true;
    },
  };
}

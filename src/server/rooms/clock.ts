/**
 * Clocks as plain data (rooms keep them with the game; the store keeps them with the action log). Time is
 * the server's: `left` is what each seat had when the running clock started at `since`, so the time left now
 * is a subtraction, and the same stored clock reads the same on every process and after a restart. A clock
 * runs while exactly one seat must decide during play (setup is untimed); a live clock adds its increment
 * when its seat's turn ends; a daily clock starts full at every new decision.
 */
import { type BySeat, type GameState, type Seat, toAct } from '../../engine/index.ts';
import type { ClockControl, ClockView } from '../../protocol/index.ts';
import type { ClockState } from '../store/game-store.ts';

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/** The time a seat gets at the start (live) or for each decision (daily), ms. */
function budgetMs(control: ClockControl): number {
  return control.kind === 'live' ? control.minutes * MINUTE_MS : control.days * DAY_MS;
}

/** Both clocks full and stopped, as a new game starts. */
export function startClock(control: ClockControl): ClockState {
  const full = budgetMs(control);
  return { control, left: { red: full, blue: full }, running: null, since: null };
}

/** The seat whose clock runs in this state: the one seat deciding during play, else none. */
export function runningSeat(state: GameState): Seat | null {
  if (state.phase !== 'play') return null;
  const deciding = toAct(state);
  return deciding.length === 1 ? (deciding[0] ?? null) : null;
}

/** Each seat's time left at `now`. */
export function timeLeft(clock: ClockState, now: number): BySeat<number> {
  const left = { ...clock.left };
  if (clock.running !== null && clock.since !== null)
    left[clock.running] = Math.max(0, left[clock.running] - Math.max(0, now - clock.since));
  return left;
}

/** The seat whose clock has run out at `now`, or null. */
export function flagged(clock: ClockState, now: number): Seat | null {
  if (clock.running === null) return null;
  return timeLeft(clock, now)[clock.running] <= 0 ? clock.running : null;
}

/** The clocks after an action took the game from `before` to `after` at `now`. */
export function afterAction(clock: ClockState, before: GameState, after: GameState, now: number): ClockState {
  const left = timeLeft(clock, now);
  const running = runningSeat(after);
  const turnEnded = before.phase === 'play' && after.turn > before.turn;
  if (clock.control.kind === 'live') {
    if (turnEnded && after.phase !== 'over') left[before.mover] += clock.control.increment * 1000;
  } else if (running !== null && (running !== clock.running || turnEnded)) {
    left[running] = budgetMs(clock.control);
  }
  return { control: clock.control, left, running, since: running === null ? null : now };
}

/** What a socket is told: the time left as of `now`, and whose clock runs. */
export function clockView(clock: ClockState, now: number): ClockView {
  return { control: clock.control, left: timeLeft(clock, now), running: clock.running };
}

/**
 * The clock after the whole server was down from `from` until `now` (issue 35 item 4): the running seat could
 * not be heard, so its clock starts again at `now` with what it had left at `from` (or at `since`, if it
 * started later). Stopped clocks are as they were.
 */
export function resumedAfter(clock: ClockState, from: number, now: number): ClockState {
  if (clock.running === null || clock.since === null || clock.since >= now) return clock;
  const lost = now - Math.max(clock.since, from);
  return { ...clock, since: clock.since + lost };
}

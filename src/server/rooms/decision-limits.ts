/**
 * How long a seat may keep the other waiting (issue 35: no game held hostage). A seat with a socket open can
 * still stall a game by never deciding, so every decision has a limit, after which the other seat may claim
 * the win or hand the seat to the computer, as after an absence: in untimed games a generous limit per
 * decision; in timed games the clock is the limit in play, and the setup has its own (a daily game's: its
 * day). A person's seat that has made no action of its own when its first limit, `abortMs`, runs out never
 * came: the game is aborted (unrated, ratings.ts), not claimed. Pure: the presence board applies these.
 */
import { type BySeat, type GameState, type RecordEntry, type Seat, toAct } from '../../engine/index.ts';
import type { ClockState } from '../store/game-store.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface DecisionLimits {
  /** A person's seat empty on its turn this long may be claimed (AWAY_SECONDS). */
  readonly awayMs: number;
  /** Untimed games: each decision (DECISION_SECONDS). */
  readonly decisionMs: number;
  /** Live timed games: the setup (SETUP_SECONDS). */
  readonly setupMs: number;
  /** A seat that has not acted at all this long after its first decision was asked never came (ABORT_SECONDS). */
  readonly abortMs: number;
}

/** How long a seat may take over a decision in this state (ms), or null where its clock is the limit. */
export function decisionLimitMs(
  limits: DecisionLimits,
  clock: ClockState | null,
  state: GameState,
): number | null {
  if (clock === null) return limits.decisionMs;
  if (state.phase === 'play') return null;
  return clock.control.kind === 'daily' ? clock.control.days * DAY_MS : limits.setupMs;
}

/** Whether `seat` has made no action of its own (its page contributes as soon as it opens the game). */
export function neverActed(log: readonly RecordEntry[], seat: Seat): boolean {
  return !log.some((entry) => entry.seat === seat);
}

/** Since when each seat has faced its current decision (ms since 1970), or null when it has none. */
export type DecisionStarts = BySeat<number | null>;

/** The decision starts of a new game, created at `at`: whoever must decide first has since then. */
export function firstDecisionStarts(state: GameState, at: number): DecisionStarts {
  const deciding = toAct(state);
  return { red: deciding.includes('red') ? at : null, blue: deciding.includes('blue') ? at : null };
}

/**
 * The decision starts after `actor`'s action stored at `at` took `before` to `after`, by the presence board's
 * rule: a seat's own action, or a decision it did not face before, starts afresh; one it still faces keeps its
 * start. Replayed over a stored log, a reloaded game's limits go on from where they were (a restart gives no
 * seat a fresh limit).
 */
export function decisionStartsAfter(
  starts: DecisionStarts,
  before: GameState,
  after: GameState,
  actor: Seat,
  at: number,
): DecisionStarts {
  const was = toAct(before);
  const now = toAct(after);
  const next = (seat: Seat): number | null => {
    if (!now.includes(seat) || after.phase === 'over') return null;
    if (seat === actor || !was.includes(seat)) return at;
    return starts[seat] ?? at;
  };
  return { red: next('red'), blue: next('blue') };
}

/** A time the whole server was down (clock-outage.ts): from its last beat to the start that followed. */
export interface Outage {
  readonly from: number;
  readonly to: number;
}

/** A decision begun before an outage gets the outage back, as a running clock does (issue 35 item 4). */
export function resumedStart(since: number, outage: Outage | null): number {
  if (outage === null || since > outage.from) return since;
  return since + Math.max(0, outage.to - outage.from);
}

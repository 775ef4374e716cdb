/**
 * Issue 31 item 5: a game nobody plays any more is not listed as being played. Its seats' silence is read from
 * the time of its last stored action (or its creation), so the listing needs no game loaded; the game itself
 * is left as it is (its clock, the away claim and the decision limits end it, docs/protocol.md "Watching").
 */
import type { ClockControl } from '../../protocol/index.ts';

/** Live and untimed games whose seats have both been silent this long are abandoned (ms). */
export const ABANDONED_AFTER_MS = 10 * 60 * 1000;

const DAY_MS = 24 * 60 * 60 * 1000;

/** True when no action was stored for longer than the game's stated silence: 10 minutes, or a daily turn. */
export function abandoned(clock: ClockControl | null, lastActionAt: number, now: number): boolean {
  const silence = clock?.kind === 'daily' ? clock.days * DAY_MS : ABANDONED_AFTER_MS;
  return now - lastActionAt > silence;
}

/**
 * Which challenges are news since the page last asked (issue 31, item 7): a challenge to this player that was
 * not listed before rings the alert; the first look after a page opens rings for nothing (the list shows
 * them). Pure, so a test tells when an alert is due without a server or a clock.
 */
import type { ChallengeView } from './wire.ts';

/** The open challenges to this player now that were not listed at the last look (none at the first). */
export function newlyChallenged(
  before: readonly ChallengeView[] | null,
  now: readonly ChallengeView[],
): ChallengeView[] {
  if (before === null) return [];
  const seen = new Set(before.map((c) => c.challengeId));
  return now.filter((c) => c.status === 'open' && !seen.has(c.challengeId));
}

/** How long until the page asks again: sooner while one of this player's challenges waits for its answer. */
export function nextLookMs(outgoing: readonly ChallengeView[]): number {
  return outgoing.some((c) => c.status === 'open') ? PENDING_LOOK_MS : LOOK_MS;
}

/** Every 20 s, as for "Your games"; every 4 s while the player waits on an answer (to go to the table). */
export const LOOK_MS = 20_000;
export const PENDING_LOOK_MS = 4_000;

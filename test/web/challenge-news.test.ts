/** Issue 31 item 7: which challenges ring the alert, and how soon the page asks again. */
import { describe, expect, it } from 'vitest';
import type { ChallengeView } from '../../src/protocol/index.ts';
import {
  LOOK_MS,
  newlyChallenged,
  nextLookMs,
  PENDING_LOOK_MS,
} from '../../src/web/online/challenge-news.ts';

const challenge = (challengeId: string, status: ChallengeView['status'] = 'open'): ChallengeView => ({
  challengeId,
  other: { id: 'p2', name: 'Salty Kraken 17', rating: { rating: 1500, rd: 350, games: 0 } },
  variant: 'any',
  shots: 'quick',
  clock: null,
  status,
  createdAt: 0,
  expiresAt: 600_000,
  gameId: null,
  seat: null,
});

describe('challenge news', () => {
  it('rings for nothing at the first look: the list shows those', () => {
    expect(newlyChallenged(null, [challenge('a')])).toEqual([]);
  });

  it('rings for a challenge not listed at the last look, once', () => {
    const before = [challenge('a')];
    expect(newlyChallenged(before, [challenge('a'), challenge('b')]).map((c) => c.challengeId)).toEqual([
      'b',
    ]);
    expect(newlyChallenged([challenge('a'), challenge('b')], [challenge('a'), challenge('b')])).toEqual([]);
  });

  it("asks sooner while one of the player's own challenges waits for its answer", () => {
    expect(nextLookMs([])).toBe(LOOK_MS);
    expect(nextLookMs([challenge('a', 'declined')])).toBe(LOOK_MS);
    expect(nextLookMs([challenge('a')])).toBe(PENDING_LOOK_MS);
    expect(PENDING_LOOK_MS).toBeLessThan(LOOK_MS);
  });
});

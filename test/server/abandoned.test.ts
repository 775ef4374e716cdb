/** Issue 31 item 5: when a game counts as abandoned, and so is left off the Watch list (docs/protocol.md). */
import { describe, expect, it } from 'vitest';
import { ABANDONED_AFTER_MS, abandoned } from '../../src/server/lobby/abandoned.ts';

const HOUR = 60 * 60 * 1000;
const last = 1_000_000;

describe('abandoned games (issue 31 item 5)', () => {
  it('an untimed or live game is abandoned after 10 minutes without an action, not before', () => {
    for (const clock of [null, { kind: 'live', minutes: 5, increment: 5 } as const]) {
      expect(abandoned(clock, last, last + ABANDONED_AFTER_MS)).toBe(false);
      expect(abandoned(clock, last, last + ABANDONED_AFTER_MS + 1)).toBe(true);
    }
    expect(ABANDONED_AFTER_MS).toBe(10 * 60 * 1000);
  });

  it('a daily game is abandoned only after a whole daily turn without an action', () => {
    const clock = { kind: 'daily', days: 2 } as const;
    expect(abandoned(clock, last, last + 47 * HOUR)).toBe(false);
    expect(abandoned(clock, last, last + 48 * HOUR + 1)).toBe(true);
  });
});

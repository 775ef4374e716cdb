/** Issue 35 items 3 and 4 together: a decision begun before a whole-server outage gets the outage back. */
import { describe, expect, it } from 'vitest';
import { resumedStart } from '../../src/server/rooms/decision-limits.ts';

describe('a decision limit over an outage', () => {
  const outage = { from: 10_000, to: 45_000 };
  it('a decision begun before the outage is moved on by the outage (35 s here), as a running clock is', () => {
    expect(resumedStart(4_000, outage)).toBe(39_000);
    expect(resumedStart(10_000, outage)).toBe(45_000);
  });
  it('a decision begun after the last beat, or with no outage, keeps its start', () => {
    expect(resumedStart(10_001, outage)).toBe(10_001);
    expect(resumedStart(4_000, null)).toBe(4_000);
  });
});

/** The online bar's away counter: it counts by itself, in words a player reads at a glance (issue 21). */
import { describe, expect, it } from 'vitest';
import { awayWords } from '../../src/web/ui/OnlineBar.tsx';

describe('the away counter', () => {
  it('reads in seconds, then minutes and seconds', () => {
    expect(awayWords(0)).toBe('0 s');
    expect(awayWords(45_400)).toBe('45 s');
    expect(awayWords(65_000)).toBe('1 min 05 s');
  });
});

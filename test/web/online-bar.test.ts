/**
 * The online bar's counters: the away counter counts by itself, in words a player reads at a glance (issue 21);
 * the claim countdown (issue 35) shows only in the last minute before the other seat's limit ends.
 */
import { h } from 'preact';
import { renderToString } from 'preact-render-to-string';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { awayWords, ClaimIn } from '../../src/web/ui/OnlineBar.tsx';

describe('the away counter', () => {
  it('reads in seconds, then minutes and seconds', () => {
    expect(awayWords(0)).toBe('0 s');
    expect(awayWords(45_400)).toBe('45 s');
    expect(awayWords(65_000)).toBe('1 min 05 s');
  });
});

describe('the claim countdown (presence.claimIn)', () => {
  const NOW = Date.UTC(2026, 0, 1, 12, 0, 0);
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  const render = (leftMs: number) => renderToString(h(ClaimIn, { at: NOW + leftMs }));

  it('is said in the last minute, with the time left', () => {
    expect(render(45_000)).toBe(
      '<p class="claim-in">If the other player does not decide, you may claim the win in 45 s.</p>',
    );
    expect(render(60_000)).toContain('you may claim the win in 1 min 00 s.');
    expect(render(0)).toContain('you may claim the win in 0 s.');
  });

  it('is not said before the last minute', () => {
    expect(render(60_001)).toBe('');
    expect(render(10 * 60_000)).toBe('');
  });
});

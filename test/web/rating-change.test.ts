/** Issue 31 item 5: rating changes are shown as whole numbers with their sign. */
import { describe, expect, it } from 'vitest';
import { ratingChangeWords } from '../../src/web/ui/rating-change.ts';

describe('rating changes as shown (issue 31 item 5)', () => {
  it('rounds to whole points and keeps the sign', () => {
    expect(ratingChangeWords(229.4)).toBe('+229');
    expect(ratingChangeWords(14.6)).toBe('+15');
    expect(ratingChangeWords(-9.8)).toBe('−10');
    expect(ratingChangeWords(0.3)).toBe('±0');
    expect(ratingChangeWords(-0.4)).toBe('±0');
  });
});

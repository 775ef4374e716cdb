/**
 * Issue 31 item 5: a rating change as players read it, in whole points with its sign ('+14', '−9', '±0'); the
 * server keeps the tenths (PlayerGame.ratingChange), which only looked like precision nobody has.
 */
export function ratingChangeWords(change: number): string {
  const whole = Math.round(change);
  if (whole === 0) return '±0';
  return whole > 0 ? `+${whole}` : `−${-whole}`;
}

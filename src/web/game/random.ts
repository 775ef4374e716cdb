/**
 * Chance for seeds and shares, on its own so the local game's Worker takes it without the page's words
 * (fairness.ts, which words the fairness check, brings the catalog with it).
 */

/** 256 bits from the platform's cryptographic generator (browser or worker), as hex: a seed or a share. */
export function randomHex256(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

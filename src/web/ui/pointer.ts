/**
 * What the device aims with (issue 32 item 2): a finger (a coarse pointer, no keys to speak of) or a mouse and
 * keys. The cannon's hint tells each what it has: a phone is not told about arrow keys and Space.
 */
export function touchFirst(): boolean {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return false;
  return window.matchMedia('(pointer: coarse)').matches;
}

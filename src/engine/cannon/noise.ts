/** Normal noise from uniform draws, for bots' aim errors: a fixed number of draws per call, for replays. */
import type { Uniform } from '../random.ts';

/**
 * Two independent standard normals from two uniform draws (Box-Muller), cut at ±3 so one unlucky draw
 * cannot turn the cannon around. Always exactly two draws.
 */
export function normalPair(draw: Uniform): [number, number] {
  const u = 1 - draw(); // (0, 1]: the logarithm is finite
  const w = draw();
  const radius = Math.sqrt(-2 * Math.log(u));
  const cut = (n: number) => Math.max(-3, Math.min(3, n));
  return [cut(radius * Math.cos(2 * Math.PI * w)), cut(radius * Math.sin(2 * Math.PI * w))];
}

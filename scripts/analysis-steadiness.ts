/**
 * How steady the analysis is (issues 32 and 52; docs/web.md "The analysis"): games between heuristic bots are
 * analysed, and two figures printed in points of chance (0..100): how far the line moves on a quiet turn (one
 * where a card was turned and nothing else happened: no battle, shot, plank, swing or new pirate), and how far
 * it rocks back and forth over two quiet turns in a row (the smaller of the two opposite moves). A measurement,
 * not a test:
 *   npx tsx scripts/analysis-steadiness.ts --games 6
 */
import { parseArgs } from 'node:util';
import { createBot } from '../src/ai/levels.ts';
import { playMatch } from '../src/ai/match.ts';
import { randomFromSeed, recordOf } from '../src/engine/index.ts';
import { analyse, mainEvent, momentsOf } from '../src/web/analysis/analysis.ts';

const { values } = parseArgs({ options: { games: { type: 'string', default: '6' } } });
const games = Number(values.games);

function bot() {
  const made = createBot('heuristic');
  if (!made.ok) throw new Error(made.error.message);
  return made.value;
}

const quiet: number[] = [];
const rocking: number[] = [];
let ms = 0;
for (let g = 0; g < games; g++) {
  const seed = `steady-${g}`;
  const match = playMatch(
    { red: bot(), blue: bot() },
    { red: randomFromSeed(`${seed}/red`), blue: randomFromSeed(`${seed}/blue`) },
    { seed, shots: 'quick', turnLimit: 120 },
  );
  const record = recordOf(match.state);
  const began = performance.now();
  const { points } = analyse(record);
  ms += performance.now() - began;
  const calm = momentsOf(record).map((moment) => {
    const main = mainEvent(moment.events);
    return moment.state.outcome === null && (main === null || main.type === 'cardTurned');
  });
  for (let i = 1; i < points.length; i++) {
    const there = points[i]?.red ?? 0;
    const before = points[i - 1]?.red ?? 0;
    if (calm[i]) quiet.push(Math.abs(there - before) * 100);
    const next = points[i + 1]?.red;
    if (calm[i] && calm[i + 1] && next !== undefined) {
      const a = there - before;
      const b = next - there;
      rocking.push(a * b < 0 ? Math.min(Math.abs(a), Math.abs(b)) * 100 : 0);
    }
  }
}

const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
const fixed = (x: number) => x.toFixed(2);
console.log(`${games} games`);
console.log(
  `quiet turns: ${quiet.length}, the line moved ${fixed(mean(quiet))} points on average, ${fixed(Math.max(0, ...quiet))} at most`,
);
console.log(
  `two quiet turns in a row: ${rocking.length}, back and forth ${fixed(mean(rocking))} points on average, ${fixed(Math.max(0, ...rocking))} at most`,
);
console.log(`analysis time: ${(ms / 1000).toFixed(2)} s for ${games} analyses`);

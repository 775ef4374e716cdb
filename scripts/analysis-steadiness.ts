/**
 * How steady the analysis is (issue 32, item 6; docs/web.md "The analysis"): games between heuristic bots are
 * analysed, and two figures printed in points of chance (0..100): how far each seat's line moves on a quiet
 * turn (one where a card was turned and nothing else happened: no battle, shot, plank, swing or new pirate), and the noise of one
 * position judged twice with different draws of worlds. A measurement, not a test:
 *   npx tsx scripts/analysis-steadiness.ts --games 6 --worlds 48
 */
import { parseArgs } from 'node:util';
import { createBot } from '../src/ai/levels.ts';
import { playMatch } from '../src/ai/match.ts';
import { randomFromSeed, recordOf } from '../src/engine/index.ts';
import { analyse, mainEvent, momentsOf, seatChance } from '../src/web/analysis/analysis.ts';

const { values } = parseArgs({
  options: { games: { type: 'string', default: '6' }, worlds: { type: 'string', default: '48' } },
});
const games = Number(values.games);
const worlds = Number(values.worlds);

function bot() {
  const made = createBot('heuristic');
  if (!made.ok) throw new Error(made.error.message);
  return made.value;
}

const quiet: number[] = [];
const noise: number[] = [];
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
  const { points } = analyse(record, { worlds });
  ms += performance.now() - began;
  const moments = momentsOf(record);
  for (let i = 1; i < moments.length; i++) {
    const moment = moments[i];
    const before = points[i - 1];
    const after = points[i];
    if (moment === undefined || before === undefined || after === undefined) continue;
    const main = mainEvent(moment.events);
    if (moment.state.outcome !== null || (main !== null && main.type !== 'cardTurned')) continue;
    quiet.push(Math.abs(after.red - before.red) * 100, Math.abs(after.blue - before.blue) * 100);
  }
  for (const moment of moments.filter((_, i) => i % 5 === 0)) {
    if (moment.state.outcome !== null) continue;
    for (const seat of ['red', 'blue'] as const) {
      const once = seatChance(moment.state, seat, moment.seen[seat], worlds, `noise/${g}/a`);
      const twice = seatChance(moment.state, seat, moment.seen[seat], worlds, `noise/${g}/b`);
      noise.push(Math.abs(once - twice) * 100);
    }
  }
}

const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
const fixed = (x: number) => x.toFixed(2);
console.log(`${games} games, ${worlds} worlds per seat and moment`);
console.log(
  `quiet turns: ${quiet.length / 2}, the line moved ${fixed(mean(quiet))} points on average, ${fixed(Math.max(0, ...quiet))} at most`,
);
console.log(
  `the same position judged twice: ${noise.length} pairs, ${fixed(mean(noise))} points apart on average, ${fixed(Math.max(0, ...noise))} at most`,
);
console.log(`analysis time: ${(ms / 1000).toFixed(2)} s for ${games} analyses`);

/**
 * Whether another checkout's computer levels choose what this one's do, from the same views, histories and
 * seeds (issue 34 item 6: an engine made faster must not change what the search decides). Positions come
 * from games the heuristic plays against itself, every seventh decision with a real choice. A level that
 * stops on its time limit (medium's 50 ms, say, on a busy machine) may differ from itself: run it against
 * this checkout too (`OTHER` = `.`) for the yardstick.
 *   npx tsx scripts/same-decisions.ts OTHER_CHECKOUT [--levels easy,medium,hard] [--positions 150]
 * A measurement, not a test: it prints, for each level, how many decisions were the same.
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { createBot } from '../src/ai/index.ts';
import {
  applyAction,
  createGame,
  eventsFor,
  type GameEvent,
  randomFromSeed,
  SEATS,
  toAct,
  viewFor,
} from '../src/engine/index.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    levels: { type: 'string', default: 'easy,medium,hard' },
    positions: { type: 'string', default: '150' },
  },
});
const other = positionals[0];
if (other === undefined) {
  process.stderr.write(
    'usage: npx tsx scripts/same-decisions.ts OTHER_CHECKOUT [--levels L,...] [--positions N]\n',
  );
  process.exit(2);
}
const count = Number(values.positions);
const otherAi: typeof import('../src/ai/index.ts') = await import(
  pathToFileURL(resolve(other, 'src/ai/index.ts')).href
);
const otherEngine: typeof import('../src/engine/index.ts') = await import(
  pathToFileURL(resolve(other, 'src/engine/index.ts')).href
);

const heuristic = createBot('heuristic');
if (!heuristic.ok) throw new Error(heuristic.error.message);

for (const level of values.levels.split(',')) {
  let same = 0;
  let positions = 0;
  for (let g = 0; positions < count && g < count * 5; g++) {
    let state = createGame({ seed: `same-${g}`, shots: 'quick', turnLimit: 300 });
    const history = { red: [] as GameEvent[], blue: [] as GameEvent[] };
    const random = randomFromSeed(`same-bot-${g}`);
    let step = 0;
    while (state.outcome === null && positions < count) {
      const seat = toAct(state)[0];
      if (seat === undefined) break;
      const view = viewFor(state, seat);
      if (view.legalActions.length > 1 && step++ % 7 === 3) {
        positions++;
        const ours = createBot(level);
        const theirs = otherAi.createBot(level);
        if (!ours.ok || !theirs.ok) throw new Error(`no level '${level}' in one of the checkouts`);
        const seed = `decide-${positions}`;
        const a = ours.value.decide({ view, history: history[seat].slice(), random: randomFromSeed(seed) });
        const b = theirs.value.decide({
          view,
          history: history[seat].slice(),
          random: otherEngine.randomFromSeed(seed),
        });
        if (JSON.stringify(a) === JSON.stringify(b)) same++;
      }
      const result = applyAction(
        state,
        seat,
        heuristic.value.decide({ view, history: history[seat], random }),
      );
      if (!result.ok) throw new Error(result.error.message);
      state = result.state;
      for (const s of SEATS) history[s].push(...eventsFor(result.events, s));
    }
  }
  console.log(`${level.padEnd(7)} ${same} of ${positions} decisions the same (${positions - same} differ)`);
}

/**
 * One of our own levels as a bot program (docs/bots.md): reads decide lines on stdin, answers each with the
 * level's choice. It lets a tournament put two checkouts' levels side by side, each in its own process
 * (issue 34 item 6: the same level before and after an engine change, at the same time per decision):
 *   npx pirates tournament --bots "cmd:node --import tsx /a/scripts/level-bot.ts expert,cmd:node --import tsx /b/scripts/level-bot.ts expert"
 * The level keeps its own budget and stops sooner if the line's time left says so, as on the server.
 */
import { createInterface } from 'node:readline';
import { createBot } from '../src/ai/index.ts';
import { type GameEvent, type Random, randomFromSeed } from '../src/engine/index.ts';
import { type DecideLine, viewOfLine } from '../src/protocol/bot-lines.ts';

const name = process.argv[2] ?? 'hard';
const made = createBot(name);
if (!made.ok) {
  process.stderr.write(`level-bot: ${made.error.message}\n`);
  process.exit(2);
}
const bot = made.value;
// A margin for reading and writing the lines, so the host's deadline is never the one that ends a decision.
const LINE_MARGIN_MS = 50;
const history: GameEvent[] = [];
let random: Random | null = null;

process.stdout.write(`${JSON.stringify({ type: 'ready', protocol: 1 })}\n`);
createInterface({ input: process.stdin }).on('line', (text) => {
  const line = JSON.parse(text) as DecideLine | { type: 'over' };
  if (line.type !== 'decide') return;
  random ??= randomFromSeed(line.seed);
  history.push(...line.events);
  const action = bot.decide({
    view: viewOfLine(line),
    history,
    random,
    timeLeftMs: line.timeLeftMs - LINE_MARGIN_MS,
  });
  process.stdout.write(`${JSON.stringify(action)}\n`);
});

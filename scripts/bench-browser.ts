/**
 * The learned level's decision time in Chromium (issue 50: within 1 s a decision with the CPU throttled 4x),
 * next to hard's (the same search on the particle belief), as the game's page runs its bots: in a Web Worker
 * of a Vite build of the same src/ai code (test/e2e/model-probe), the model file fetched and checked on the
 * first learned bot. The Worker is timed at full speed; each throttling rate (Chrome DevTools Protocol
 * `Emulation.setCPUThrottlingRate`, which Chromium applies to pages only, never to a Worker) on the page's
 * own thread, running the same code.
 * A measurement, not a test (docs/ai.md, "The learned belief"; Node's figures are `npm run bench`'s):
 *   npm run bench:browser [-- --positions 20 --rates 1,4 --bots learned,hard]
 * Needs Debian's Chromium at /usr/bin/chromium and the development dependencies (Vite, playwright-core).
 */
import { rmSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { distFor, launch, startStaticServer } from '../test/e2e/harness.ts';
import { buildProbe, openProbe, probePositions } from '../test/e2e/model-probe/probe.ts';

const { values } = parseArgs({
  options: {
    positions: { type: 'string', default: '20' },
    rates: { type: 'string', default: '1,4' },
    bots: { type: 'string', default: 'learned,hard' },
  },
});
const count = Number(values.positions);
const rates = values.rates.split(',').map(Number);
const bots = values.bots.split(',');
if (!(count > 0) || rates.some((r) => !(r >= 1))) {
  process.stderr.write('bench-browser: --positions must be above 0 and each --rates at least 1.\n');
  process.exit(2);
}

const sorted = (xs: readonly number[]) => xs.slice().sort((a, b) => a - b);
const median = (xs: readonly number[]) => sorted(xs)[Math.floor(xs.length / 2)] ?? 0;
const percentile = (xs: readonly number[], p: number) =>
  sorted(xs)[Math.min(xs.length - 1, Math.floor(xs.length * p))] ?? 0;
const ms = (x: number) => `${x.toFixed(1).padStart(7)} ms`;

const out = distFor(`bench-browser-${process.pid}`);
await buildProbe(out);
const server = await startStaticServer(out);
const browser = await launch();
// Mid-game positions (turn 12 on), as `npm run bench`'s ai suite times its levels.
const positions = probePositions(count, 'bench-browser', 5, 12);
const warmUp = positions.slice(0, 3);
try {
  process.stdout.write(
    `Chromium ${browser.version()}, ${positions.length} mid-game positions (turn 12+), wall time a decision:\n`,
  );
  // Chromium refuses to throttle a Worker ("Operation is only supported for pages, not workers"): the
  // Worker, where the game runs its bots, is measured at full speed; the throttled rates on the page's thread.
  const runs = [
    { thread: 'worker' as const, rate: 1 },
    ...rates.map((rate) => ({ thread: 'page' as const, rate })),
  ];
  for (const { thread, rate } of runs) {
    const probe = await openProbe(browser, server.url, thread);
    try {
      await probe.cdp.send('Emulation.setCPUThrottlingRate', { rate });
      for (const bot of bots) {
        // A fresh page per run: its first decision is cold (code not yet compiled), and its first learned bot
        // pays for the model's fetch and check (prepareBot), both shown apart from the warm figures.
        const first = await probe.decide(bot, warmUp);
        const { ms: times } = await probe.decide(bot, positions);
        process.stdout.write(
          `  ${thread.padEnd(6)} CPU /${rate}  ${bot.padEnd(8)} median ${ms(median(times))}  p95 ${ms(percentile(times, 0.95))}  max ${ms(Math.max(...times))}  first ${ms(first.ms[0] ?? 0)} + prepareBot ${ms(first.prepareMs)}\n`,
        );
      }
      const belief = (await probe.beliefs(positions, 1)).map((b) => b.ms);
      process.stdout.write(
        `  ${thread.padEnd(6)} CPU /${rate}  the learned belief alone (network + 256 draws) median ${ms(median(belief))}  max ${ms(Math.max(...belief))}\n`,
      );
    } finally {
      await probe.close();
    }
  }
} finally {
  await browser.close();
  await server.close();
  rmSync(out, { recursive: true, force: true });
}

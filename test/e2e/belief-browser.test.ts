/**
 * One model everywhere (issue 50, items 3 and 5): the learned belief's network infers the same in Node and in
 * the browser build on fixed inputs. A page built by Vite (test/e2e/model-probe) runs the same src/ai code
 * in a Web Worker, as the game's page does, and fetches the model file by the same lazy path, its SHA-256
 * checked; its numbers are compared with Node's on the inference fixture's tensors and on tensors the
 * Worker builds itself from views and histories, and the assignments the belief draws from them with the
 * same seeds must be the same. Nothing here is timed: the decision times are `npm run bench:browser`'s.
 */
import { rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shippedBeliefNetwork } from '../../src/ai/belief-model.ts';
import { KINDS } from '../../src/ai/network.ts';
import { chromiumAvailable, distFor, launch, startStaticServer } from './harness.ts';
import { beliefsAt, inferAll } from './model-probe/answers.ts';
import type { ProbePosition } from './model-probe/messages.ts';
import { buildProbe, openProbe, probePositions } from './model-probe/probe.ts';

/** The largest difference allowed between a probability in Node and in Chromium. */
const TOLERANCE = 1e-6;

/** The largest absolute difference between two lists of equal length (Infinity if the lengths differ). */
function largestDifference(a: readonly number[], b: readonly number[]): number {
  if (a.length !== b.length) return Number.POSITIVE_INFINITY;
  return a.reduce((worst, x, i) => Math.max(worst, Math.abs(x - (b[i] ?? Number.NaN))), 0);
}

describe.skipIf(!chromiumAvailable())('the learned belief in Node and in the browser build', () => {
  const out = distFor('belief-probe');
  let browser: Browser;
  let server: { url: string; close: () => Promise<void> };
  let positions: ProbePosition[];

  beforeAll(async () => {
    await buildProbe(out);
    server = await startStaticServer(out);
    browser = await launch();
    positions = probePositions(24, 'probe');
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    rmSync(out, { recursive: true, force: true });
  });

  it('fetches the model only when asked, and gives the fixture tensors the same probabilities as Node', async () => {
    const probe = await openProbe(browser, server.url);
    try {
      const model = (url: string) => /\/belief-[\w-]+\.json$/.test(url);
      // A bot that does not use the model decides without fetching it.
      await probe.decide('random', positions.slice(0, 1));
      expect(probe.requests.filter(model)).toEqual([]);

      const fixture = JSON.parse(
        await readFile(new URL('../fixtures/learned-belief.json', import.meta.url), 'utf8'),
      ) as { cases: { input: [number, number][]; output: number[] }[] };
      const tensors = fixture.cases.map((c) => c.input);
      const inBrowser = await probe.infer(tensors);
      expect(probe.requests.filter(model)).toHaveLength(1);
      const inNode = inferAll(shippedBeliefNetwork(), tensors);
      expect(inBrowser).toHaveLength(inNode.length);
      let hiddenPieces = 0;
      inNode.forEach((node, i) => {
        const browserOutput = inBrowser[i] ?? [];
        expect(largestDifference(node, browserOutput), `case ${i}`).toBeLessThan(TOLERANCE);
        // The fixture's stored numbers too: the browser build and the Node of the day the fixture was written.
        expect(largestDifference(fixture.cases[i]?.output ?? [], browserOutput)).toBeLessThan(TOLERANCE);
        for (let slot = 0; slot < 10; slot++)
          if (node.slice(slot * KINDS, (slot + 1) * KINDS).some((p) => p > 0)) hiddenPieces++;
      });
      // Enough hidden pieces that the comparison covers the network, not rows of zeros.
      expect(hiddenPieces).toBeGreaterThan(20);
    } finally {
      await probe.close();
    }
  });

  it('builds the same tensors from views and histories, and the belief draws the same worlds with the same seeds', async () => {
    expect(positions.length).toBe(24);
    const probe = await openProbe(browser, server.url);
    try {
      const draws = 8;
      const inBrowser = await probe.beliefs(positions, draws);
      const inNode = beliefsAt(shippedBeliefNetwork(), positions, draws);
      expect(inBrowser).toHaveLength(positions.length);
      let drawn = 0;
      inNode.forEach((node, i) => {
        const browserOutput = inBrowser[i];
        expect(largestDifference(node.probabilities, browserOutput?.probabilities ?? [])).toBeLessThan(
          TOLERANCE,
        );
        expect(browserOutput?.draws).toEqual(node.draws);
        drawn += node.draws.flat().length;
      });
      expect(drawn).toBeGreaterThan(positions.length * draws);
    } finally {
      await probe.close();
    }
  });
});

/**
 * End to end, the analysis (issue 32, item 6): a finished game's record loaded as a saved replay, its analysis
 * asked for from the replay, the graph walked by keyboard with its readout read, a swing's turn opened.
 * Real Chromium, the built page; everything by accessible names, as a player would.
 */

import { describe, expect, it } from 'vitest';
import { createGame, recordOf } from '../../src/engine/index.ts';
import type { Catalog } from '../../src/web/i18n/catalog.ts';
import { de } from '../../src/web/i18n/de.ts';
import { en } from '../../src/web/i18n/en.ts';
import { fr } from '../../src/web/i18n/fr.ts';
import { nl } from '../../src/web/i18n/nl.ts';
import { PATIENCE_MS } from '../patience.ts';
import { playUntil } from '../web/fixtures.ts';
import { chromiumAvailable, staticSite } from './harness.ts';

/** A catalog's sentence by its key, e.g. 'analysis.readout'. */
function word(catalog: Catalog, key: string): string {
  let at: string | Catalog | undefined = catalog;
  for (const part of key.split('.')) at = typeof at === 'object' ? at[part] : undefined;
  if (typeof at !== 'string') throw new Error(`no ${key}`);
  return at;
}

/** A sentence with its variables as capture groups, e.g. 'After turn (\\d+): Red (\\d+)%…', anchored. */
function pattern(sentence: string): RegExp {
  const escaped = sentence.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
  return new RegExp(`^${escaped.replace(/\{\{(\w+)\}\}/g, '(?<$1>\\d+)')}$`);
}

describe.skipIf(!chromiumAvailable())('the analysis of a finished game, in the browser', () => {
  const site = staticSite();

  it('is offered on a saved replay, explored by keyboard, and opens a swing at its turn', async () => {
    const state = playUntil(createGame({ seed: 'e2e-analysis', shots: 'quick', turnLimit: 40 }), () => false);
    expect(state.outcome).not.toBeNull();
    const record = JSON.stringify(recordOf(state));
    const context = await site.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(site.url);
    await page.locator('input[type=file]').setInputFiles({
      name: 'game.json',
      mimeType: 'application/json',
      buffer: Buffer.from(record),
    });
    await page.getByText(/Replay · move 0 of \d+/).waitFor();
    await page.getByRole('button', { name: 'Analysis of this game' }).click();
    const graph = page.getByRole('slider', { name: 'Win chances, turn by turn' });
    await graph.waitFor({ timeout: PATIENCE_MS });
    const readout = page.locator('[data-analysis-readout]');
    await graph.focus();
    await page.keyboard.press('Home');
    await expect.poll(() => readout.textContent()).toMatch(/^At the start: Red \d+%, Blue \d+%$/);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => readout.textContent()).toMatch(/^After turn 2: Red \d+%, Blue \d+%$/);
    expect(await graph.getAttribute('aria-valuetext')).toBe(await readout.textContent());
    await page.keyboard.press('End');
    await expect
      .poll(() => readout.textContent())
      .toMatch(/^After turn \d+: (Red (100|0)%, Blue (100|0)%|a draw, neither side wins)$/);
    // Enter opens the replay at the moment chosen: after turn 2, the replay's turn 2.
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await page.getByText(/Replay · turn 2 · move \d+ of \d+/).waitFor();
    // The mouse: hovering the right end reads the end, a click there opens the replay at the last turn.
    const box = await graph.boundingBox();
    if (box === null) throw new Error('the graph is not shown');
    await page.mouse.move(box.x + box.width - 2, box.y + box.height / 2);
    await expect
      .poll(() => readout.textContent())
      .toMatch(/^After turn \d+: (Red (100|0)%, Blue (100|0)%|a draw, neither side wins)$/);
    const lastTurn = /^After turn (\d+):/.exec((await readout.textContent()) ?? '')?.[1];
    await page.mouse.click(box.x + box.width - 2, box.y + box.height / 2);
    await page.getByText(new RegExp(`Replay · turn ${lastTurn} · move (\\d+) of \\1$`)).waitFor();
    // A swing opens the replay at the turn it names.
    const swing = page.getByRole('button', { name: /^Turn \d+: / }).first();
    const turn = /^Turn (\d+):/.exec((await swing.textContent()) ?? '')?.[1];
    await swing.click();
    await page.getByText(new RegExp(`Replay · turn ${turn} · move \\d+ of \\d+`)).waitFor();
    expect(errors).toEqual([]);
    await context.close();
    // A phone: a tap on the graph's start reads it and opens the replay there.
    const phone = await site.browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true });
    const touch = await phone.newPage();
    await touch.goto(site.url);
    await touch.locator('input[type=file]').setInputFiles({
      name: 'game.json',
      mimeType: 'application/json',
      buffer: Buffer.from(record),
    });
    await touch.getByRole('button', { name: 'Analysis of this game' }).tap();
    const tapped = touch.getByRole('slider', { name: 'Win chances, turn by turn' });
    await tapped.scrollIntoViewIfNeeded();
    const area = await tapped.boundingBox();
    if (area === null) throw new Error('the graph is not shown on a phone');
    await touch.getByRole('button', { name: 'To the end' }).tap();
    await touch.getByText(/Replay · turn \d+ · move (\d+) of \1$/).waitFor();
    await touch.touchscreen.tap(area.x + area.width * 0.3, area.y + area.height / 2);
    await expect
      .poll(() => touch.locator('[data-analysis-readout]').textContent())
      .toMatch(/^After turn \d+: /);
    const tappedTurn = /^After turn (\d+):/.exec(
      (await touch.locator('[data-analysis-readout]').textContent()) ?? '',
    )?.[1];
    await touch.getByText(new RegExp(`Replay · turn ${tappedTurn} · move \\d+ of`)).waitFor();
    await phone.close();
  });

  it('counts turns one way on the axis, the readout and the summary, the chances add up to 100%, the labels are readable, in four languages (issue 52)', async () => {
    const state = playUntil(createGame({ seed: 'e2e-analysis', shots: 'quick', turnLimit: 40 }), () => false);
    const record = JSON.stringify(recordOf(state));
    for (const [locale, catalog, viewport] of [
      ['en-GB', en, { width: 1280, height: 900 }],
      ['nl-NL', nl, { width: 390, height: 844 }],
      ['de-DE', de, { width: 844, height: 390 }],
      ['fr-FR', fr, { width: 1280, height: 800 }],
    ] as const) {
      const context = await site.browser.newContext({ locale, viewport });
      const page = await context.newPage();
      await page.goto(site.url);
      await page.locator('input[type=file]').setInputFiles({
        name: 'game.json',
        mimeType: 'application/json',
        buffer: Buffer.from(record),
      });
      await page.getByRole('button', { name: word(catalog, 'replay.analyse') }).click();
      const graph = page.getByRole('slider', { name: word(catalog, 'analysis.explore') });
      await graph.waitFor({ timeout: PATIENCE_MS });
      const readout = page.locator('[data-analysis-readout]');
      await graph.focus();
      await page.keyboard.press('Home');
      await expect.poll(() => readout.textContent()).toMatch(pattern(word(catalog, 'analysis.readoutStart')));
      const start = pattern(word(catalog, 'analysis.readoutStart')).exec((await readout.textContent()) ?? '');
      expect(Number(start?.groups?.red) + Number(start?.groups?.blue)).toBe(100);
      // Every moment's two chances add up to 100% (a draw is said as a draw).
      const moments = Number(await graph.getAttribute('aria-valuemax'));
      for (let i = 1; i <= moments; i++) {
        await page.keyboard.press('ArrowRight');
        const text = await graph.getAttribute('aria-valuetext');
        const after = pattern(word(catalog, 'analysis.readout')).exec(text ?? '');
        if (after === null) {
          expect(text).toMatch(pattern(word(catalog, 'analysis.readoutDraw')));
          continue;
        }
        expect(Number(after.groups?.turn)).toBe(i);
        expect(Number(after.groups?.red) + Number(after.groups?.blue)).toBe(100);
      }
      // The end: the readout's turn, the axis' last number and the summary's count are one number.
      const end = /(\d+)/.exec((await readout.textContent()) ?? '')?.[1];
      expect(end).toBe(String(moments));
      const ticks = await page.locator('[data-turn-tick]').allTextContents();
      expect(ticks[0]).toBe('0');
      expect(ticks[ticks.length - 1]).toBe(end);
      const summary = (await page.locator('#analysis-summary').textContent()) ?? '';
      const said = [word(catalog, 'analysis.graph_other'), word(catalog, 'analysis.graphDraw_other')].some(
        (s) => pattern(s).test(summary),
      );
      expect(said).toBe(true);
      expect(summary).toContain(` ${end} `);
      // Every label on the drawing is at least 12 CSS px high as drawn.
      const sizes = await page.locator('.analysis-graph text').evaluateAll((texts) =>
        texts.map((text) => {
          const svg = text.closest('svg');
          const scale = (svg?.getBoundingClientRect().width ?? 0) / (svg?.viewBox.baseVal.width || 1);
          return Number.parseFloat(getComputedStyle(text).fontSize) * scale;
        }),
      );
      expect(sizes.length).toBeGreaterThan(5);
      expect(Math.min(...sizes)).toBeGreaterThanOrEqual(12);
      await context.close();
    }
  });
});

/**
 * Words that fit, in every language (issue 32 item 5): the home page, its settings panel and a game table are rendered in English,
 * Dutch, German and French, and the test fails on text clipped by its box (scrollWidth over clientWidth) or on
 * two labels of the SVG table that overlap (their rects intersect by more than a pixel each way).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PATIENCE_MS } from '../patience.ts';
import { chromiumAvailable, launch, sharedBuild, startStaticServer } from './harness.ts';

/** Elements with their own text whose content is wider than their box. */
function clipped(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((el) => !(el instanceof SVGElement) && el.offsetParent !== null)
      .filter((el) => [...el.childNodes].some((n) => n.nodeType === 3 && (n.textContent ?? '').trim() !== ''))
      .filter((el) => getComputedStyle(el).overflowX !== 'visible' && el.scrollWidth > el.clientWidth + 1)
      .map((el) => `${el.tagName.toLowerCase()}.${el.className}: ${el.textContent?.trim()}`),
  );
}

/** Pairs of the table's labels that overlap. */
function overlapping(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const texts = [...document.querySelectorAll<SVGTextElement>('svg text')]
      .filter((t) => (t.textContent ?? '').trim() !== '' && getComputedStyle(t).visibility !== 'hidden')
      .map((t) => ({ t: (t.textContent ?? '').trim(), r: t.getBoundingClientRect() }))
      .filter(({ r }) => r.width > 0 && r.height > 0);
    const out: string[] = [`${texts.length} labels`];
    for (let i = 0; i < texts.length; i++)
      for (let j = i + 1; j < texts.length; j++) {
        const a = texts[i];
        const b = texts[j];
        if (a === undefined || b === undefined) continue;
        const x = Math.min(a.r.right, b.r.right) - Math.max(a.r.left, b.r.left);
        const y = Math.min(a.r.bottom, b.r.bottom) - Math.max(a.r.top, b.r.top);
        if (x > 1 && y > 1) out.push(`"${a.t}" and "${b.t}"`);
      }
    return out;
  });
}

describe.skipIf(!chromiumAvailable())('text that fits in four languages', () => {
  let browser: Browser;
  let server: { url: string; close: () => Promise<void> };

  beforeAll(async () => {
    const dist = await sharedBuild();
    server = await startStaticServer(dist);
    browser = await launch();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  for (const lang of ['en', 'nl', 'de', 'fr'] as const)
    for (const [size, viewport] of [
      ['desktop', { width: 1280, height: 900 }],
      ['phone', { width: 390, height: 844 }],
    ] as const) {
      it(`has no clipped or overlapping words in ${lang} on the home page, the settings and a game table (${size})`, async () => {
        const context = await browser.newContext({ viewport });
        const page = await context.newPage();
        await page.goto(server.url);
        await page.getByRole('combobox', { name: /Language|Taal|Sprache|Langue/ }).selectOption(lang);
        await expect.poll(() => page.getAttribute('html', 'lang')).toBe(lang);
        expect(await clipped(page)).toEqual([]);
        await page.click('[data-open-settings]');
        await page.waitForSelector('[data-settings]');
        expect(await clipped(page)).toEqual([]);
        await page.keyboard.press('Escape');
        await page.waitForSelector('[data-settings]', { state: 'detached' });

        await page.click('[data-start=computer]');
        await page.waitForSelector('[data-setup-piece]', { timeout: PATIENCE_MS });
        const pieces = page.locator('[data-setup-piece]');
        for (const i of [0, 1, 2]) await pieces.nth(i).click();
        await page.click('[data-setup-confirm]');
        await page.waitForSelector('.log-line', { timeout: PATIENCE_MS });
        expect(await clipped(page)).toEqual([]);
        const found = await overlapping(page);
        // The first line counts the labels looked at, so the test cannot pass on an empty table.
        expect(Number.parseInt(found[0] ?? '0', 10)).toBeGreaterThan(20);
        expect(found.slice(1)).toEqual([]);
        await context.close();
      });
    }
});

/**
 * Four languages (issue 20, item 1), in a real browser: the page speaks the browser's language by default, and
 * the "Language" choice on the home page switches the home page, a game's prompt and the ship's log to Dutch,
 * German or French, sets <html lang>, and is remembered across a reload.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Catalog } from '../../src/web/i18n/catalog.ts';
import { de } from '../../src/web/i18n/de.ts';
import { fr } from '../../src/web/i18n/fr.ts';
import { nl } from '../../src/web/i18n/nl.ts';
import { PATIENCE_MS } from '../patience.ts';
import { chromiumAvailable, launch, sharedBuild, startStaticServer } from './harness.ts';

/** A catalog's sentence by its key, e.g. 'home.playComputer'. */
function word(catalog: Catalog, key: string): string {
  let at: string | Catalog | undefined = catalog;
  for (const part of key.split('.')) at = typeof at === 'object' ? at[part] : undefined;
  if (typeof at !== 'string') throw new Error(`no ${key}`);
  return at;
}

/** The part of a sentence before its first variable, e.g. 'Je hebt de vlagkaarten verstopt ('. */
const lead = (sentence: string) => sentence.split('{{')[0] ?? sentence;

const heading = (page: Page) => page.locator('#h-computer');

describe.skipIf(!chromiumAvailable())('the browser game in four languages', () => {
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

  it("speaks the browser's language when none was chosen", async () => {
    const context = await browser.newContext({ locale: 'de-DE' });
    const page = await context.newPage();
    await page.goto(server.url);
    await expect.poll(() => heading(page).textContent()).toBe(word(de, 'home.playComputer'));
    expect(await page.getAttribute('html', 'lang')).toBe('de');
    await context.close();
  });

  it('switches the home page, the prompt and the log with the Language choice, and keeps it across a reload', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(server.url);
    await expect.poll(() => heading(page).textContent()).toBe('Play the computer');
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    for (const [lang, catalog] of [
      ['nl', nl],
      ['de', de],
      ['fr', fr],
    ] as const) {
      await page.getByRole('combobox', { name: /Language|Taal|Sprache|Langue/ }).selectOption(lang);
      await expect.poll(() => heading(page).textContent()).toBe(word(catalog, 'home.playComputer'));
      expect(await page.getAttribute('html', 'lang')).toBe(lang);
      expect(await page.locator('[data-start=tutorial]').textContent()).toBe(word(catalog, 'home.learn'));

      // A game against the computer: the setup prompt, then the log once the ships are ready.
      await page.click('[data-start=computer]');
      await page.waitForSelector('[data-setup-piece]', { timeout: PATIENCE_MS });
      expect(await page.locator('[data-prompt]').textContent()).toBe(word(catalog, 'prompt.setup'));
      const pieces = page.locator('[data-setup-piece]');
      for (const i of [0, 1, 2]) await pieces.nth(i).click();
      await page.click('[data-setup-confirm]');
      const log = page.locator('.log-line');
      await expect
        .poll(() => log.allTextContents(), { timeout: PATIENCE_MS })
        .toContainEqual(expect.stringContaining(lead(word(catalog, 'log.setupChosenYou'))));
      expect(await page.locator('#log-title').textContent()).toBe(word(catalog, 'game.log'));

      // The choice is remembered: a reload takes up the game in the same language.
      await page.reload();
      await expect
        .poll(() => page.locator('#log-title').textContent(), { timeout: PATIENCE_MS })
        .toBe(word(catalog, 'game.log'));
      expect(await page.getAttribute('html', 'lang')).toBe(lang);
      await page.goto(server.url);
      await expect.poll(() => heading(page).textContent()).toBe(word(catalog, 'home.playComputer'));
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});

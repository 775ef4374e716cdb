/**
 * Four languages (issue 20, item 1), in a real browser: the page speaks the browser's language by default, and
 * the "Language" choice on the home page switches the home page, a game's prompt and the ship's log to Dutch,
 * German or French, sets <html lang>, and is remembered across a reload. Switched in a game (the settings
 * panel), the ship's log already written is told again in the new language (issue 52 item 3).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Catalog } from '../../src/web/i18n/catalog.ts';
import { de } from '../../src/web/i18n/de.ts';
import { en } from '../../src/web/i18n/en.ts';
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

  it("switched in a game, the ship's log already written is told again in the new language (issue 52)", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(server.url);
    await page.click('[data-start=computer]');
    await page.waitForSelector('[data-setup-piece]', { timeout: PATIENCE_MS });
    for (const i of [0, 1, 2]) await page.locator('[data-setup-piece]').nth(i).click();
    await page.getByRole('button', { name: 'Set sail!' }).click();
    const log = page.getByRole('region', { name: "Ship's log" }).getByRole('button');
    await expect
      .poll(() => log.allTextContents(), { timeout: PATIENCE_MS })
      .toContainEqual(expect.stringContaining(lead(word(en, 'log.setupChosenYou'))));
    for (const [lang, catalog] of [
      ['de', de],
      ['fr', fr],
      ['nl', nl],
    ] as const) {
      await page.locator('[data-open-settings]').click();
      await page.getByRole('combobox', { name: /Language|Taal|Sprache|Langue/ }).selectOption(lang);
      await page
        .getByRole('dialog')
        .getByRole('button', { name: word(catalog, 'settings.done') })
        .click();
      const retold = page.getByRole('region', { name: word(catalog, 'game.log') }).getByRole('button');
      await expect
        .poll(() => retold.allTextContents(), { timeout: PATIENCE_MS })
        .toContainEqual(expect.stringContaining(lead(word(catalog, 'log.setupChosenYou'))));
      // No line is left in English.
      expect((await retold.allTextContents()).filter((line) => line.startsWith('You '))).toEqual([]);
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('lesson 3: a click on the card marked "just turned" says why it cannot be turned (R2.2), in German too', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(server.url);
    const lesson = 'justTurned';
    await page.evaluate((index) => localStorage.setItem('pirates.tutorial', index), lesson);
    await page.reload();
    await page.locator('[data-start=tutorial]').click();
    await page.getByRole('img', { name: /^Action card 6: .*just turned/ }).click();
    await expect
      .poll(() => page.getByRole('alert').allTextContents(), { timeout: PATIENCE_MS })
      .toContainEqual(expect.stringContaining('Not card 6: Blue just turned it'));
    await page.locator('[data-open-settings]').click();
    await page.getByRole('combobox', { name: /Language/ }).selectOption('de');
    await page
      .getByRole('dialog')
      .getByRole('button', { name: word(de, 'settings.done') })
      .click();
    await page.getByRole('img', { name: /^Aktionskarte 6: / }).click();
    await expect
      .poll(() => page.getByRole('alert').allTextContents(), { timeout: PATIENCE_MS })
      .toContainEqual(expect.stringContaining('Nicht Karte 6: Blau hat sie gerade umgedreht'));
    await context.close();
  });
});

/**
 * The lessons that play what the others only described (issue 52 item 2): declining Attack! with Pass, the
 * Powder Barrel, and winning by turning the Flag. Each is played in Chromium on the built page by accessible
 * names, in English, Dutch, German and French: the coach's words are the catalog's, a wrong click says why and
 * changes nothing, and the right one ends the lesson with its success message.
 */

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Catalog } from '../../src/web/i18n/catalog.ts';
import { de } from '../../src/web/i18n/de.ts';
import { en } from '../../src/web/i18n/en.ts';
import { fr } from '../../src/web/i18n/fr.ts';
import { nl } from '../../src/web/i18n/nl.ts';
import type { LessonId } from '../../src/web/tutorial/lessons.ts';
import { PATIENCE_MS } from '../patience.ts';
import { word } from './catalog-words.ts';
import { chromiumAvailable, launch, sharedBuild, startStaticServer } from './harness.ts';

/** `text` as a RegExp source; any space matches any (an accessible name may turn a no-break space into one). */
const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s/gu, '\\s');

/**
 * An accessible name as the page builds it from a catalog template: the values given filled in (a RegExp for a
 * part known only in part), any other {{value}} left open. Case aside: a label starts with a capital.
 */
function named(template: string, values: Record<string, string | RegExp> = {}, whole = true): RegExp {
  const source = template
    .split(/(\{\{\w+\}\})/)
    .map((part) => {
      const key = /^\{\{(\w+)\}\}$/.exec(part)?.[1];
      if (key === undefined) return literal(part);
      const value = values[key];
      if (value === undefined) return '.*';
      return typeof value === 'string' ? literal(value) : value.source;
    })
    .join('');
  return new RegExp(`^${source}${whole ? '$' : ''}`, 'iu');
}

const LANGUAGES = [
  ['en', 'en-US', en],
  ['nl', 'nl-NL', nl],
  ['de', 'de-DE', de],
  ['fr', 'fr-FR', fr],
] as const;

describe.skipIf(!chromiumAvailable())(
  'playing Pass, the Powder Barrel and the win, in four languages',
  () => {
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

    /** Opens lesson `id` from the home page, as "Learn to play" takes the player back to where they were. */
    async function openLesson(page: Page, catalog: Catalog, id: LessonId): Promise<void> {
      await page.goto(server.url);
      await page.evaluate((at) => localStorage.setItem('pirates.tutorial', at), id);
      await page.reload();
      await page.locator('[data-start=tutorial]').click();
      await page
        .locator('#coach-title')
        .getByText(word(catalog, `tutorial.${id}.title`), { exact: false })
        .waitFor({ timeout: PATIENCE_MS });
      expect(await page.locator('.coach').textContent()).toContain(word(catalog, `tutorial.${id}.intro`));
    }

    /** The coach asks `key` (the catalog's words), then the player clicks the button `name`. */
    async function askedThenClick(page: Page, catalog: Catalog, key: string, name: RegExp | string) {
      await expect
        .poll(() => page.locator('[data-lesson-ask]').textContent(), { timeout: PATIENCE_MS })
        .toBe(word(catalog, key));
      await page.getByRole('button', typeof name === 'string' ? { name, exact: true } : { name }).click();
    }

    /** A wrong click is answered: the reason appears under the prompt, and the coach still asks the same. */
    async function answeredWith(page: Page, catalog: Catalog, why: string, asked: string) {
      await expect
        .poll(() => page.getByRole('alert').allTextContents(), { timeout: PATIENCE_MS })
        .toContain(word(catalog, why));
      expect(await page.locator('[data-lesson-ask]').textContent()).toBe(word(catalog, asked));
    }

    async function lessonDone(page: Page, catalog: Catalog, id: LessonId, happened?: string) {
      const done = page.locator('[data-lesson-done]');
      await done.waitFor({ timeout: PATIENCE_MS });
      const said = (await done.textContent()) ?? '';
      expect(said.endsWith(word(catalog, `tutorial.${id}.done`))).toBe(true);
      if (happened !== undefined) expect(said.startsWith(word(catalog, happened))).toBe(true);
      await page.getByRole('button', { name: word(catalog, 'game.nextLesson'), exact: true }).waitFor();
    }

    for (const [language, locale, catalog] of LANGUAGES) {
      it(`${language}: each of the three lessons played to its success message, a wrong click answered with why`, async () => {
        const context = await browser.newContext({ locale, viewport: { width: 1280, height: 900 } });
        const page = await context.newPage();
        const errors: string[] = [];
        page.on('pageerror', (e) => errors.push(e.message));
        // Without the scenes between the moves: the words and the table are what is looked at here.
        await context.addInitScript(() => localStorage.setItem('pirates.settings', '{"scenes":false}'));
        const blue = word(catalog, 'names.seat.blue');
        const firstCard = named(word(catalog, 'choices.shows'), { card: '1' }, false);
        const piece = (kind: 'incisor' | 'earring' | 'captain' | 'whip') =>
          new RegExp(`.*${literal(word(catalog, `names.piece.${kind}`))}.*`);

        // Pass: Attack! declined; the attack Ivan would lose is answered with why.
        await openLesson(page, catalog, 'decline');
        await askedThenClick(page, catalog, 'tutorial.turnFirstCard', firstCard);
        await expect
          .poll(() => page.locator('[data-lesson-ask]').textContent(), { timeout: PATIENCE_MS })
          .toBe(word(catalog, 'tutorial.decline.ask'));
        await page
          .getByRole('button', {
            name: named(word(catalog, 'choices.attackWith'), { name: piece('incisor') }),
          })
          .click();
        await page
          .getByRole('button', {
            name: named(word(catalog, 'choices.attackOn'), { target: piece('captain') }),
          })
          .click();
        await answeredWith(page, catalog, 'tutorial.decline.whyAttack', 'tutorial.decline.ask');
        await page.getByRole('button', { name: word(catalog, 'choices.pass.attack'), exact: true }).click();
        await lessonDone(page, catalog, 'decline');

        // The Powder Barrel: the Captain is kept back, and the barrel blows Eddy overboard.
        await openLesson(page, catalog, 'barrel');
        await askedThenClick(page, catalog, 'tutorial.turnFirstCard', firstCard);
        const raid = (kind: 'earring' | 'captain' | 'whip') =>
          named(word(catalog, 'choices.raid'), { name: piece(kind) });
        await askedThenClick(page, catalog, 'tutorial.barrel.ask', raid('captain'));
        await answeredWith(page, catalog, 'tutorial.barrel.whyCaptain', 'tutorial.barrel.ask');
        await page.getByRole('button', { name: raid('earring') }).click();
        const flagCard = (slot: number) =>
          named(word(catalog, 'table.turnFlag'), { seat: blue, slot: String(slot) });
        await askedThenClick(page, catalog, 'tutorial.barrel.askFlag', flagCard(3));
        await answeredWith(page, catalog, 'tutorial.barrel.whyCard', 'tutorial.barrel.askFlag');
        await page.getByRole('button', { name: flagCard(1) }).click();
        await lessonDone(page, catalog, 'barrel', 'tutorial.turned.barrelRaid');

        // The win: the Monkey and the Barrel are shown on the table; the card left is the Flag.
        await openLesson(page, catalog, 'win');
        await askedThenClick(page, catalog, 'tutorial.turnFirstCard', firstCard);
        await askedThenClick(page, catalog, 'tutorial.flag.ask', raid('whip'));
        const known = (slot: number, card: 'monkey' | 'barrel') =>
          named(word(catalog, 'table.turnFlagKnown'), {
            seat: blue,
            slot: String(slot),
            card: word(catalog, `names.flag.${card}`),
          });
        await askedThenClick(page, catalog, 'tutorial.win.askFlag', known(2, 'monkey'));
        await answeredWith(page, catalog, 'tutorial.win.whyMonkey', 'tutorial.win.askFlag');
        await page.getByRole('button', { name: known(3, 'barrel') }).click();
        await answeredWith(page, catalog, 'tutorial.win.whyBarrel', 'tutorial.win.askFlag');
        await page.getByRole('button', { name: flagCard(1) }).click();
        await lessonDone(page, catalog, 'win', 'tutorial.turned.flag');

        expect(errors).toEqual([]);
        await context.close();
      });
    }
  },
);

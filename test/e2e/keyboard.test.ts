/**
 * A game against the computer played by the keyboard alone (issue 32, item 4), counting the key presses each
 * decision takes from the moment it is offered. A person tabs forward until the control they want has the
 * focus, then presses Enter (or Space at the cannon); the choices of the decision at hand must come before
 * the ship's log, so no decision may need more than PRESS_BOUND presses.
 */

import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PATIENCE_MS } from '../patience.ts';
import { chromiumAvailable, launch, sharedBuild, startStaticServer } from './harness.ts';

/** The most presses (Tabs and the final Enter) one decision may take. */
const PRESS_BOUND = 12;
/** Far above any bound: a measure of the old page, where the log came between a piece and its target. */
const TAB_CAP = 200;

/** Every control that answers the decision at hand. */
const ANY_CHOICE =
  '.prompt-buttons button:not([data-another]), svg.table [data-choice]:not([data-choice=deselect]), [data-fire], [data-setup-piece], [data-setup-confirm]';

interface Decision {
  what: string;
  presses: number;
}

/**
 * What this player wants now, by name: a target once a pirate is chosen, else a pirate to act with, else the
 * card most likely to lead to an attack (Attack!, then Swing, then an unknown side), never a "No" if a "Yes" is
 * offered. A greedy player, so that the game reaches the attacks the bound is about.
 */
function wanted(page: Page): Promise<string> {
  return page.evaluate((any) => {
    const name = (e: Element | null) => e?.getAttribute('aria-label') ?? e?.textContent ?? '';
    const chosen = document.querySelector('svg.table [data-choice=deselect]');
    if (chosen !== null) return name(document.querySelector('svg.table [data-choice^="{"]'));
    const select = document.querySelector('svg.table [data-choice=select]');
    if (select !== null) return name(select);
    const score = (label: string) =>
      /other side, Attack!|^Attack /.test(label)
        ? 0
        : /other side, Swing|^Swing /.test(label)
          ? 1
          : /unknown other side/.test(label)
            ? 2
            : /^(No |Don't)/.test(label)
              ? 9
              : 5;
    const labels = [...document.querySelectorAll(any)].map(name);
    return labels.reduce((best, label) => (score(label) < score(best) ? label : best), labels[0] ?? '');
  }, ANY_CHOICE);
}

/** Tabs forward until the control named `label` has the focus; the number of Tabs, or null past the cap. */
async function tabTo(page: Page, label: string): Promise<number | null> {
  const there = () =>
    page.evaluate((l) => {
      const e = document.activeElement;
      return e !== null && e !== document.body && (e.getAttribute('aria-label') ?? e.textContent) === l;
    }, label);
  for (let tabs = 0; tabs <= TAB_CAP; tabs++) {
    if (await there()) return tabs;
    await page.keyboard.press('Tab');
  }
  return null;
}

/**
 * With a decision offered and a long log: the log is one tab stop whose lines the arrow keys walk, and from the
 * log, Tab wraps round to "Skip to your choices", whose Enter puts the focus on a choice.
 */
async function aroundTheLog(page: Page): Promise<void> {
  const lines = page.locator('.log button.log-line');
  const count = await lines.count();
  expect(await page.locator('.log button.log-line[tabindex="0"]').count()).toBe(1);
  // Tab forward until the log has the focus: it is its newest line.
  const into = await tabUntil(page, () => document.activeElement?.matches('button.log-line') === true);
  expect(into, 'Tab never reached the log').not.toBeNull();
  const text = (i: number) => lines.nth(i).textContent();
  const focused = () => page.evaluate(() => document.activeElement?.textContent ?? '');
  expect(await focused()).toBe(await text(count - 1));
  await page.keyboard.press('ArrowUp');
  expect(await focused()).toBe(await text(count - 2));
  await page.keyboard.press('Home');
  expect(await focused()).toBe(await text(0));
  await page.keyboard.press('End');
  expect(await focused()).toBe(await text(count - 1));
  // One Tab leaves the whole log; the page wraps round to the skip link.
  const skip = await tabUntil(page, () => document.activeElement?.hasAttribute('data-skip') === true);
  expect(skip, 'Tab from the log never reached "Skip to your choices"').not.toBeNull();
  expect(skip).toBeLessThanOrEqual(3);
  expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to your choices');
  await page.keyboard.press('Enter');
  expect(
    await page.evaluate(() =>
      document.activeElement?.matches('.prompt-buttons button, svg.table [data-choice], [data-fire]'),
    ),
  ).toBe(true);
}

/** Tabs forward until `there` holds in the page; the number of Tabs, or null past the cap. */
async function tabUntil(page: Page, there: () => boolean): Promise<number | null> {
  for (let tabs = 0; tabs <= TAB_CAP; tabs++) {
    if (await page.evaluate(there)) return tabs;
    await page.keyboard.press('Tab');
  }
  return null;
}

describe.skipIf(!chromiumAvailable())('a game by keyboard alone (issue 32, item 4)', () => {
  let server: { url: string; close: () => Promise<void> };
  let browser: Awaited<ReturnType<typeof launch>>;

  beforeAll(async () => {
    const dist = await sharedBuild();
    server = await startStaticServer(dist);
    browser = await launch();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it(`every decision, an attack's target among them, takes at most ${PRESS_BOUND} presses`, async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(server.url);
    const decisions: Decision[] = [];
    /** One decision: Tab to the control named `label`, then press `key`; the presses are counted. */
    const decide = async (what: string, label: string, key = 'Enter') => {
      const tabs = await tabTo(page, label);
      decisions.push({
        what: `${what}: ${label}`,
        presses: tabs === null ? Number.POSITIVE_INFINITY : tabs + 1,
      });
      if (tabs === null) throw new Error(`Tab never reached "${label}" (${what})`);
      await page.keyboard.press(key);
    };
    const nameOf = (selector: string) =>
      page.evaluate((s) => {
        const e = document.querySelector(s);
        return e?.getAttribute('aria-label') ?? e?.textContent ?? '';
      }, selector);
    expect(await tabTo(page, await nameOf('[data-start=computer]'))).not.toBeNull();
    await page.keyboard.press('Enter');
    await page.waitForSelector('[data-setup-piece]');
    // Setup: three deck pirates, then "Set sail!"; the flag stays where it is dealt.
    for (let i = 0; i < 3; i++) {
      await decide('a deck pirate', await nameOf('[data-setup-piece][aria-pressed=false]'), 'Space');
    }
    await decide('ready', await nameOf('[data-setup-confirm]'));
    let targets = 0;
    let loggedAround = false;
    let last = '';
    for (let steps = 0; steps < 300 && (decisions.length < 25 || targets === 0); steps++) {
      // Wait for the page to offer something new: the computer's move, a scene, the next decision.
      const now = await page
        .waitForFunction(
          (prev) => {
            if (document.querySelector('[data-waiting]') !== null) return null;
            const active = document.activeElement;
            if (active === null || active === document.body) return null;
            const sig = [
              document.querySelector('main.game')?.getAttribute('data-updates'),
              document.querySelectorAll('[data-scene]').length,
              document.querySelectorAll('[aria-pressed=true]').length,
              ...[...document.querySelectorAll('[data-choice], [data-fire], .prompt-buttons button')].map(
                (e) => e.getAttribute('data-choice') ?? e.textContent,
              ),
            ].join('|');
            const something =
              document.querySelector('[data-scene], [data-end], [data-fire], svg.table [data-choice]') !==
                null || document.querySelector('.prompt-buttons button') !== null;
            return sig !== prev && something ? sig : null;
          },
          last,
          { timeout: PATIENCE_MS, polling: 50 },
        )
        .then((h) => h.jsonValue() as Promise<string>);
      last = now;
      if ((await page.locator('[data-end]').count()) > 0) break;
      if ((await page.locator('[data-scene]').count()) > 0) {
        // A scene holds the focus: Enter closes it (not a decision, but a press all the same).
        await page.keyboard.press('Enter');
        continue;
      }
      if ((await page.locator('[data-fire]').count()) > 0) {
        await decide('the cannon', await nameOf('[data-fire]'), 'Space');
        continue;
      }
      if (!loggedAround && (await page.locator('.log button.log-line').count()) >= 8) {
        await aroundTheLog(page);
        loggedAround = true;
      }
      const label = await wanted(page);
      if (label.startsWith('Attack ') && !label.startsWith('Attack with')) targets++;
      await decide('a choice', label);
    }
    await context.close();
    const table = decisions.map((d, i) => `${i + 1}. ${d.presses} presses: ${d.what}`).join('\n');
    console.log(`key presses per decision\n${table}`);
    expect(decisions.length, table).toBeGreaterThanOrEqual(15);
    expect(loggedAround, 'the log never had 8 lines').toBe(true);
    expect(targets, `no attack's target was chosen\n${table}`).toBeGreaterThan(0);
    const worst = Math.max(...decisions.map((d) => d.presses));
    expect(worst, table).toBeLessThanOrEqual(PRESS_BOUND);
  });
});

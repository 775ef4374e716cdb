/**
 * End to end, keeping local games (issue 21): a reload, "← Home" and the browser's Back never lose a game
 * against the computer or in pass and play; the ship's log comes back and a log line looks back at the table
 * then; a game whose code cannot load says so in a sentence. Real Chromium, the built page, no server needed.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PATIENCE_MS } from '../patience.ts';
import { chromiumAvailable, launch, sharedBuild, startStaticServer } from './harness.ts';
import { type Moment, stepOnce } from './play.ts';

/** What a player sees of the position, in words: the status line and every named thing on the table. */
async function position(page: Page): Promise<string> {
  await page.waitForSelector('main.game svg.table');
  const status = (await page.locator('.game-bar .status').textContent()) ?? '';
  const table = await page
    .locator('main.game svg.table [aria-label]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')).join('|'));
  return `${status}\n${table}`;
}

async function logLines(page: Page): Promise<string[]> {
  return page.locator('.log li').allTextContents();
}

/** Dismisses the scenes on show, as a person clicking through them would. */
async function settle(page: Page): Promise<void> {
  for (let i = 0; i < 50 && (await page.locator('[data-scene]').count()) > 0; i++) {
    await page
      .locator('[data-scene]')
      .click({ position: { x: 5, y: 5 }, timeout: 500 })
      .catch(() => undefined);
  }
}

async function turn(page: Page): Promise<number> {
  const text =
    (await page
      .locator('.game-bar .status')
      .textContent()
      .catch(() => '')) ?? '';
  return Number(/Turn (\d+)/.exec(text)?.[1] ?? '0');
}

/** Plays (the page's own choices, at random) until the status shows `n` turns, with the table on show. */
async function playTo(page: Page, n: number): Promise<void> {
  const seen = new Set<Moment>();
  for (let i = 0; i < 400 && (await turn(page)) < n; i++) {
    if ((await stepOnce(page, seen)) !== 'acted') await page.waitForTimeout(50);
  }
  // On the table with a choice offered (not mid-scene, not aiming), so positions compare as a person sees them.
  for (let i = 0; i < 400; i++) {
    await settle(page);
    if ((await page.locator('main.game svg.table [data-choice]').count()) > 0) return;
    if ((await stepOnce(page, seen)) !== 'acted') await page.waitForTimeout(50);
  }
}

describe.skipIf(!chromiumAvailable())('the browser game keeps local games', () => {
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

  it('against the computer: a reload, Home and Back keep the game, the log comes back and looks back', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(server.url);
    await page.locator('label', { hasText: 'Quick shots' }).first().click();
    await page.click('[data-start=computer]');
    await page.waitForSelector('[data-setup-piece]');
    await playTo(page, 3);
    const before = await position(page);
    const log = await logLines(page);
    expect(log.length).toBeGreaterThan(3);
    expect(new URL(page.url()).pathname).toBe('/game');

    // A reload: the same turn, the same table, the same log.
    await page.reload();
    await page.waitForSelector('main.game svg.table');
    await settle(page);
    expect(await position(page)).toBe(before);
    await expect.poll(() => logLines(page)).toEqual(log);

    // Looking back: an early line shows the table as it was then, and the way back.
    await page.locator('.log li button').nth(2).click();
    const review = page.locator('[data-review]');
    await review.locator('svg.table').waitFor();
    const then = await review
      .locator('svg.table [aria-label]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')).join('|'));
    expect(before).not.toContain(then);
    expect(await review.locator('[data-choice]').count()).toBe(0);
    await review.getByRole('button', { name: 'Back to the game' }).click();
    expect(await position(page)).toBe(before);

    // "← Home" asks first; staying changes nothing.
    await page.getByRole('button', { name: '← Home' }).click();
    const dialog = page.getByRole('dialog', { name: 'Leave the table?' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Stay at the table' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await position(page)).toBe(before);
    // Going home keeps the game: "Continue your game" says what it is and takes it up.
    await page.getByRole('button', { name: '← Home' }).click();
    await dialog.getByRole('button', { name: 'Go home' }).click();
    const kept = page.locator('[data-kept]');
    await kept.waitFor();
    expect(await kept.textContent()).toMatch(/Against the computer \(easy\), you are Red · .* · turn \d+/);
    await kept.getByRole('button', { name: 'Continue your game' }).click();
    await page.waitForSelector('main.game svg.table');
    await settle(page);
    expect(await position(page)).toBe(before);

    // The browser's Back goes home with the game kept; Forward comes back to it.
    await page.goBack();
    await kept.waitFor();
    expect(await page.locator('main.game').count()).toBe(0);
    await page.goForward();
    await page.waitForSelector('main.game svg.table');
    await settle(page);
    expect(await position(page)).toBe(before);

    // Finishing the game (here by resigning) forgets it. Resign asks on the page (issue 31, item 7), never with
    // the browser's confirm(): "Play on" and Escape keep the game, "Yes, resign" ends it.
    const browserDialogs: string[] = [];
    page.on('dialog', (d) => {
      browserDialogs.push(d.message());
      void d.dismiss();
    });
    const resign = page.getByRole('dialog', { name: 'Give up this game?' });
    await page.getByRole('button', { name: 'Resign' }).click();
    await resign.getByRole('button', { name: 'Play on' }).click();
    await resign.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Resign' }).click();
    await resign.waitFor();
    await page.keyboard.press('Escape');
    await resign.waitFor({ state: 'detached' });
    expect(await page.locator('[data-end]').count()).toBe(0);
    await page.getByRole('button', { name: 'Resign' }).click();
    await resign.getByRole('button', { name: 'Yes, resign' }).click();
    expect(browserDialogs).toEqual([]);
    await page.locator('[data-end]').waitFor({ timeout: PATIENCE_MS });
    // A game taken up again still checks out: its record against what this page was shown since.
    const end = page.locator('[data-end]');
    await end.getByRole('button', { name: 'Check this game' }).click();
    const check = end.getByRole('region', { name: 'Fairness check' });
    await check.getByRole('heading', { name: 'This game was fair' }).waitFor();
    expect(await check.locator('li.bad').count()).toBe(0);
    expect(await check.getByText('Your contribution').count()).toBe(1);
    await page.locator('[data-end]').getByRole('button', { name: 'Home' }).click();
    await page.getByRole('heading', { name: 'Play the computer' }).waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'Play the computer' }).waitFor();
    await page.waitForTimeout(300);
    expect(await kept.count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('pass and play: a reload comes back on the hand-over screen, showing no secret', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
    const page = await context.newPage();
    await page.goto(server.url);
    await page.click('[data-start=pass]');
    await page.getByRole('button', { name: 'I am Red, show my pirates' }).click();
    await page.waitForSelector('[data-setup-piece]');
    await page.click('[data-setup-piece="0"]');
    await page.click('[data-setup-piece="1"]');
    await page.click('[data-setup-piece="2"]');
    await page.click('[data-setup-confirm]');
    await page.getByRole('button', { name: 'Pass the device to Blue' }).click();
    await page.getByRole('button', { name: 'I am Blue, show my pirates' }).waitFor();
    await page.getByRole('button', { name: 'I am Blue, show my pirates' }).click();
    await page.waitForSelector('[data-setup-piece]');
    // Blue holds the device, setting up: a reload must not show blue's (or red's) pirates to whoever looks.
    await page.reload();
    await page.getByRole('button', { name: 'I am Blue, show my pirates' }).waitFor();
    expect(await page.locator('.pirate, svg.table, [data-setup-piece]').count()).toBe(0);
    await page.getByRole('button', { name: 'I am Blue, show my pirates' }).click();
    await page.waitForSelector('[data-setup-piece]');
    await context.close();
  });

  it('pass and play: Back from the first hand-over screen keeps the game, still being set up, and Forward takes it up', async () => {
    // No service worker, so the route below sees the game's code load; held back until after Back, as on a
    // slow device where the game is not yet kept when the hand-over screen shows.
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      serviceWorkers: 'block',
    });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(server.url);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/worker.*\.js/, async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Pass and play' }).click();
    await page.getByRole('heading', { name: 'Pass the device to Red' }).waitFor();
    await page.goBack();
    await page.getByRole('heading', { name: 'Play the computer' }).waitFor();
    release();
    const kept = page.getByRole('button', { name: 'Continue your game' });
    await kept.waitFor();
    expect(await page.locator('[data-kept]').textContent()).toMatch(/setting up|turn 0/i);
    await page.goForward();
    await page.getByRole('button', { name: 'I am Red, show my pirates' }).click();
    await page.waitForSelector('[data-setup-piece]');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a page whose game code cannot load says so in a sentence, never "undefined"', async () => {
    // No service worker here: one that has cached the build would serve the worker's script past the route
    // that withholds it (Playwright's routes do not see what a service worker answers).
    const context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      serviceWorkers: 'block',
    });
    const page = await context.newPage();
    await page.goto(server.url);
    // As if the page were opened offline: the worker's script never arrives.
    await page.route(/worker.*\.js/, (route) => route.abort('internetdisconnected'));
    await page.click('[data-start=computer]');
    const error = page.locator('main.game .error');
    await error.waitFor();
    expect(await error.textContent()).toMatch(/could not start on this page.*offline/);
    expect(await page.locator('body').textContent()).not.toMatch(/undefined/);
    await context.close();
  });
});

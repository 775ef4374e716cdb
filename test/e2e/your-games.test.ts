/**
 * End to end, issue 31 item 1: a game in progress can be found again. Two browsers start a friend game; each
 * leaves it for the home page, finds it under "Your games" (whose turn it is, against whom), and is back at
 * its table in one click; the player's own page lists it too. By accessible names, as players would.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { de } from '../../src/web/i18n/de.ts';
import { fr } from '../../src/web/i18n/fr.ts';
import { nl } from '../../src/web/i18n/nl.ts';
import { PATIENCE_MS } from '../patience.ts';
import { word } from './catalog-words.ts';
import { chromiumAvailable, gameSite } from './harness.ts';
import { type Moment, playToEnd, stepOnce } from './play.ts';

/**
 * Runs in the page before its scripts: `window.hidden` (set by the test) makes the tab look in the background,
 * and every notification the page makes is kept in `window.notes` (and still made, through the browser's own).
 */
const WATCH_NOTIFICATIONS = `
  window.hidden = false;
  window.notes = [];
  Object.defineProperty(document, 'visibilityState', { get: () => (window.hidden ? 'hidden' : 'visible') });
  const Real = window.Notification;
  class Watched extends Real {
    constructor(title, options) {
      super(title, options);
      window.notes.push({ title, body: options && options.body });
    }
  }
  Object.defineProperty(Watched, 'permission', { get: () => Real.permission });
  Watched.requestPermission = (...args) => Real.requestPermission(...args);
  window.Notification = Watched;
`;

describe.skipIf(!chromiumAvailable())('the browser game, your games', () => {
  const site = gameSite();

  const nameOf = async (page: Page) =>
    (await page.locator('[data-my-name]').textContent({ timeout: PATIENCE_MS })) ?? '';
  const yourGames = (page: Page) => page.getByRole('region', { name: 'Your games' });

  it('lists each player’s game in progress with whose turn it is, one click back to the table', async () => {
    const { browser, url } = site;
    // Both may be told by the browser (notifications allowed); the page's Notification is watched, and the
    // test says when the tab is in the background.
    const contexts = [await browser.newContext(), await browser.newContext()];
    for (const context of contexts) {
      await context.grantPermissions(['notifications'], { origin: url });
      await context.addInitScript(WATCH_NOTIFICATIONS);
    }
    const [host, friend] = await Promise.all(contexts.map((c) => c.newPage()));
    if (host === undefined || friend === undefined) throw new Error('no pages');
    const errors: string[] = [];
    for (const page of [host, friend]) page.on('pageerror', (e) => errors.push(e.message));

    await host.goto(url);
    const hostName = await nameOf(host);
    await friend.goto(url);
    const friendName = await nameOf(friend);
    // Nothing in progress: no list.
    await expect(yourGames(host).count()).resolves.toBe(0);

    const card = host.getByRole('region', { name: 'Play a friend online' });
    await card.getByText('More options').click();
    await card.locator('label', { hasText: 'Quick shots' }).click();
    await host.click('[data-start=friend]');
    const invite = await host.locator('[data-invite]').inputValue({ timeout: PATIENCE_MS });
    await friend.goto(invite);
    await friend.waitForSelector('[data-setup-confirm]', { timeout: PATIENCE_MS });
    await host.locator('[data-opponent]', { hasText: friendName }).waitFor({ timeout: PATIENCE_MS });
    const table = host.url();

    // The host leaves for the home page: the game is there, waiting for its setup, one click back in.
    await host.goto(url);
    const hostGame = yourGames(host).getByRole('link', {
      name: new RegExp(`^Set up your ship · against ${friendName}`),
    });
    await hostGame.waitFor({ timeout: PATIENCE_MS });
    await hostGame.click();
    await host.waitForSelector('[data-setup-confirm]', { timeout: PATIENCE_MS });
    expect(host.url()).toBe(table);

    // Both set up; play begins with one of them to move.
    const seen = { host: new Set<Moment>(), friend: new Set<Moment>() };
    for (let i = 0; i < 40; i++) {
      const setups = await Promise.all([host, friend].map((p) => p.locator('[data-setup-confirm]').count()));
      if (setups.every((n) => n === 0)) break;
      if (setups[0] !== 0) await stepOnce(host, seen.host);
      if (setups[1] !== 0) await stepOnce(friend, seen.friend);
      await host.waitForTimeout(100);
    }
    const toMove = async (): Promise<'host' | 'friend' | null> => {
      for (const [who, page] of [
        ['host', host],
        ['friend', friend],
      ] as const) {
        // A scene (the coin for who starts) is dismissed as a player would.
        const scene = page.locator('[data-scene]');
        if ((await scene.count()) > 0)
          await scene.click({ position: { x: 5, y: 5 }, timeout: 1000 }).catch(() => undefined);
        if ((await page.locator('[data-choice]').count()) > 0) return who;
      }
      return null;
    };
    await expect.poll(toMove).not.toBeNull();
    const mover = await toMove();

    // Each leaves for the home page: "Your turn" for the one to move, "Their turn" for the other.
    await Promise.all([host.goto(url), friend.goto(url)]);
    const hostWords = mover === 'host' ? 'Your turn' : 'Their turn';
    const friendWords = mover === 'friend' ? 'Your turn' : 'Their turn';
    await yourGames(host)
      .getByRole('link', { name: new RegExp(`^${hostWords} · against ${friendName}`) })
      .waitFor({ timeout: PATIENCE_MS });
    const friendGame = yourGames(friend).getByRole('link', {
      name: new RegExp(`^${friendWords} · against ${hostName} · turn 1`),
    });
    await friendGame.waitFor({ timeout: PATIENCE_MS });

    // The player's own page lists it too, and leads back to the table.
    await host.getByRole('link', { name: 'Your page' }).click();
    const fromPage = yourGames(host).getByRole('link', {
      name: new RegExp(`^${hostWords} · against ${friendName}`),
    });
    await fromPage.waitFor({ timeout: PATIENCE_MS });
    await fromPage.click();
    await host.locator('[data-opponent]', { hasText: friendName }).waitFor({ timeout: PATIENCE_MS });
    expect(host.url()).toBe(table);

    // One click and the friend is back at the table, at the same turn.
    await friendGame.click();
    await friend.locator('[data-opponent]', { hasText: hostName }).waitFor({ timeout: PATIENCE_MS });
    if (mover === 'friend') await friend.locator('[data-choice]').first().waitFor({ timeout: PATIENCE_MS });

    // Turn alerts (item 2): the one waiting is on the home page, in the background; once the other has moved,
    // the page says so, with a way to the game, and the browser shows a notification.
    const [moving, waiting] = mover === 'host' ? [host, friend] : [friend, host];
    const movingName = mover === 'host' ? hostName : friendName;
    await waiting.goto(url);
    // The page's first look (which rings for nothing: the list shows it) is done before the other moves.
    await yourGames(waiting)
      .getByRole('link', { name: new RegExp(`^Their turn · against ${movingName}`) })
      .waitFor({ timeout: PATIENCE_MS });
    await waiting.evaluate(() => {
      (window as unknown as { hidden: boolean }).hidden = true;
    });
    const alert = waiting.getByRole('status').filter({ hasText: `Your turn against ${movingName}` });
    const movingSeen = new Set<Moment>();
    for (let i = 0; i < 200 && (await alert.count()) === 0; i++) {
      if ((await stepOnce(moving, movingSeen)) !== 'acted') await moving.waitForTimeout(250);
    }
    await alert.waitFor({ timeout: PATIENCE_MS });
    const notes = await waiting.evaluate(
      () => (window as unknown as { notes: { title: string; body: string }[] }).notes,
    );
    expect(notes).toEqual([{ title: 'Pirates! Stratego', body: `Your turn against ${movingName}` }]);
    await alert.getByRole('link', { name: 'Go to the game' }).click();
    await waiting.locator('[data-choice]').first().waitFor({ timeout: PATIENCE_MS });
    expect(await waiting.getByRole('status').filter({ hasText: 'Your turn against' }).count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('asks the browser for notifications only when the player clicks', async () => {
    const page = await (await site.browser.newContext()).newPage();
    await page.goto(site.url);
    await nameOf(page);
    await page.getByRole('link', { name: 'Your page' }).click();
    const panel = yourGames(page);
    await panel.getByText('No games in progress.').waitFor({ timeout: PATIENCE_MS });
    await panel.getByRole('button', { name: 'Tell me when it is my turn' }).click();
    // Headless Chromium answers without a person: allowed or not, the page says which, and asks no more.
    await panel
      .getByText(/Your browser will tell you|does not allow this page to notify you/)
      .waitFor({ timeout: PATIENCE_MS });
    expect(await panel.getByRole('button', { name: 'Tell me when it is my turn' }).count()).toBe(0);
  });

  it('lists a finished game against the computer on the player’s own page, unrated, with its replay and analysis (issue 52)', async () => {
    const context = await site.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(site.url);
    await nameOf(page);
    const card = page.getByRole('region', { name: 'Play the computer' });
    await card.getByText('More options').click();
    await card.getByLabel('Turn limit').selectOption('20');
    await page.click('[data-start=computer]');
    await page.waitForSelector('[data-setup-piece]', { timeout: PATIENCE_MS });
    await playToEnd(page);
    await page
      .locator('[data-end]')
      .getByRole('button', { name: 'Play again' })
      .waitFor({ timeout: PATIENCE_MS });
    await page.goto(site.url);
    await page.getByRole('link', { name: 'Your page' }).click();
    const here = page.getByRole('region', { name: 'Against the computer, on this device' });
    await here.waitFor({ timeout: PATIENCE_MS });
    const playerPage = page.url();
    const game = here.getByRole('listitem');
    await game.first().waitFor({ timeout: PATIENCE_MS });
    expect(await game.count()).toBe(1);
    expect(await game.textContent()).toMatch(
      /^(Won|Lost|Draw) as (Red|Blue) against the computer \((easy|medium|hard|expert)\) · /,
    );
    expect(await here.getByText('they are not rated').count()).toBe(1);
    expect(await page.getByText('No finished games yet.').count()).toBe(0);
    // Not rated: the page still counts no rated game.
    expect(await page.locator('[data-rating]').textContent()).toMatch(/· 0 rated games/);
    await game.getByRole('button', { name: 'Analysis of this game' }).click();
    await page.getByRole('slider', { name: 'Win chances, turn by turn' }).waitFor({ timeout: PATIENCE_MS });
    await page
      .getByText(/Replay · move \d+ of \d+|Replay · turn \d+ · move \d+ of \d+/)
      .first()
      .waitFor();
    // The same list in the other three languages: its heading, the word that they are not rated, the way to
    // the analysis, by each catalog's own words.
    for (const [language, catalog] of [
      ['nl', nl],
      ['de', de],
      ['fr', fr],
    ] as const) {
      await page.evaluate((chosen) => {
        const settings = JSON.parse(localStorage.getItem('pirates.settings') ?? '{}');
        localStorage.setItem('pirates.settings', JSON.stringify({ ...settings, language: chosen }));
      }, language);
      await page.goto(playerPage);
      const kept = page.getByRole('region', { name: word(catalog, 'people.deviceGames') });
      await kept.getByRole('listitem').first().waitFor({ timeout: PATIENCE_MS });
      expect(await kept.getByRole('listitem').count()).toBe(1);
      expect(await kept.textContent()).toContain(word(catalog, 'people.deviceGamesHint'));
      await kept.getByRole('button', { name: word(catalog, 'replay.analyse') }).click();
      await page
        .getByRole('slider', { name: word(catalog, 'analysis.explore') })
        .waitFor({ timeout: PATIENCE_MS });
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});

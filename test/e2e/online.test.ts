/**
 * End to end, online play (issue 7) against the real game server (`pirates serve`): two browser contexts
 * joined through the invite link play a game to its end; a reload in the middle brings a player back to the
 * same position with the same ship's log; a closed page shows the other player as away and comes back by itself.
 */

import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PATIENCE_MS } from '../patience.ts';
import { chromiumAvailable, launch, resultsDir, sharedBuild, startGameServer } from './harness.ts';
import { type Moment, stepOnce } from './play.ts';

/** What a player sees of the position, in words: the status line and every named thing on the table. */
async function position(page: Page): Promise<string> {
  await page.waitForSelector('svg.table');
  const status = (await page.locator('.game-bar .status').textContent()) ?? '';
  const table = await page
    .locator('svg.table [aria-label]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')).join('|'));
  return `${status}\n${table}`;
}

async function settle(page: Page): Promise<void> {
  for (let i = 0; i < 50 && (await page.locator('[data-scene]').count()) > 0; i++) {
    await page
      .locator('[data-scene]')
      .click({ position: { x: 5, y: 5 }, timeout: 500 })
      .catch(() => undefined);
  }
}

describe.skipIf(!chromiumAvailable())('the browser game, online', () => {
  let browser: Browser;
  let server: Awaited<ReturnType<typeof startGameServer>> | undefined;
  const out = resultsDir();

  beforeAll(async () => {
    const dist = await sharedBuild();
    server = await startGameServer(dist);
    browser = await launch();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('two players join through the invite link, survive a reload and an absence, and play to the end', async () => {
    if (server === undefined) throw new Error('the game server did not start');
    const url = server.url;
    const red = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const blue = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    let host = await red.newPage();
    let friend = await blue.newPage();
    // The host's socket as it travels: its hello, the patched updates it reads, the resyncs it asks for.
    const wire = { hellos: [] as string[], patched: 0, resyncs: 0 };
    host.on('websocket', (socket) => {
      socket.on('framesent', ({ payload }) => {
        const text = String(payload);
        if (text.startsWith('{"t":"hello"')) wire.hellos.push(text);
        if (text === '{"t":"resync"}') wire.resyncs++;
      });
      socket.on('framereceived', ({ payload }) => {
        if (String(payload).startsWith('{"t":"update"') && String(payload).includes('"patch":'))
          wire.patched++;
      });
    });
    const errors: string[] = [];
    for (const page of [host, friend]) page.on('pageerror', (e) => errors.push(e.message));
    const started = Date.now();

    await host.goto(url);
    // The friend card's own options (issue 21: never the computer card's).
    const card = host.getByRole('region', { name: 'Play a friend online' });
    await card.getByText('More options').click();
    await card.getByLabel('Turn limit').selectOption('20');
    await card.locator('label', { hasText: 'Quick shots' }).click();
    await host.click('[data-start=friend]');
    const invite = await host.locator('[data-invite]').inputValue({ timeout: PATIENCE_MS });
    expect(invite).toMatch(/\/play\/[A-Za-z0-9_-]+\?invite=/);
    await host.screenshot({ path: join(out, 'online-invite.png') });

    await friend.goto(invite);
    await friend.waitForSelector('[data-setup-confirm]');
    // The invite is spent: the friend's address no longer carries it.
    expect(friend.url()).not.toContain('invite=');
    await host.waitForSelector('[data-setup-confirm]');
    expect(await host.locator('[data-invite]').count()).toBe(0);

    const seen = { host: new Set<Moment>(), friend: new Set<Moment>() };
    const play = async (until: () => Promise<boolean>, limit: number) => {
      for (let i = 0; i < limit && !(await until()); i++) {
        const a = await stepOnce(host, seen.host);
        const b = await stepOnce(friend, seen.friend);
        if (a === 'end' && b === 'end') return;
        if (a !== 'acted' && b !== 'acted') await host.waitForTimeout(50);
      }
    };
    const turn = async (page: Page) => {
      const text =
        (await page
          .locator('.game-bar .status')
          .textContent()
          .catch(() => '')) ?? '';
      return Number(/Turn (\d+)/.exec(text)?.[1] ?? '0');
    };

    // Play into the middle of the game.
    await play(async () => (await turn(host)) >= 6, 400);
    // The page read the updates as patches (deltas 2) and rebuilt each view right: a patch that did not
    // rebuild the server's view would have asked for a resync (one may come of a setup made stale by the
    // other seat's, never one an update).
    expect(wire.hellos.every((text) => text.includes('"deltas":2'))).toBe(true);
    expect(wire.patched).toBeGreaterThan(5);
    expect(wire.resyncs).toBeLessThan(2);

    // A reload brings the host back to the same position.
    await settle(host);
    const before = await position(host);
    const log = await host.locator('.log li').allTextContents();
    expect(log.length).toBeGreaterThan(5);
    await host.reload();
    await host.waitForSelector('svg.table, [data-setup-confirm], [data-end]');
    await settle(host);
    expect(await position(host)).toBe(before);
    // The ship's log comes back whole (issue 21), and a line of it looks back at the table then.
    await expect.poll(() => host.locator('.log li').allTextContents()).toEqual(log);
    await host.locator('.log li button').nth(1).click();
    const review = host.locator('[data-review]');
    await review.locator('svg.table').waitFor();
    expect(await review.locator('[data-choice]').count()).toBe(0);
    await review.getByRole('button', { name: 'Back to the game' }).click();
    expect(await position(host)).toBe(before);

    // The friend's page goes away: the host is told; the friend comes back through the same link.
    const gameUrl = friend.url();
    await friend.close();
    await host.getByText(/The other player is away/).waitFor({ timeout: PATIENCE_MS });
    friend = await blue.newPage();
    friend.on('pageerror', (e) => errors.push(e.message));
    await friend.goto(gameUrl);
    await friend.waitForSelector('svg.table, [data-end], [data-scene]');
    await host.getByText(/The other player is away/).waitFor({ state: 'detached', timeout: PATIENCE_MS });

    await play(async () => false, 1500);
    expect(await host.locator('[data-end]').count()).toBe(1);
    expect(await friend.locator('[data-end]').count()).toBe(1);
    // Both pages (each reloaded or reopened mid-game) check the game: the seed against the commitment they
    // were shown, their own contribution, and the events they saw since they came back.
    for (const page of [host, friend]) {
      const end = page.locator('[data-end]');
      await end.getByRole('button', { name: 'Check this game' }).click({ timeout: PATIENCE_MS });
      const check = end.getByRole('region', { name: 'Fairness check' });
      await check.getByRole('heading', { name: 'This game was fair' }).waitFor();
      expect(await check.locator('li.bad').count()).toBe(0);
      expect(await check.getByText('The published seed matches the commitment').count()).toBe(1);
      expect(await check.getByText('Your contribution').count()).toBe(1);
    }
    await host.screenshot({ path: join(out, 'online-end.png') });
    expect(errors).toEqual([]);
    console.log(`e2e: an online game between two browsers took ${Date.now() - started} ms`);
    host = friend;
    await red.close();
    await blue.close();
  });

  it('after the away time the host may let the computer play on for the friend who left', async () => {
    const red = await browser.newContext({ viewport: { width: 1000, height: 800 } });
    const blue = await browser.newContext({ viewport: { width: 1000, height: 800 } });
    const host = await red.newPage();
    const friend = await blue.newPage();
    if (server === undefined) throw new Error('the game server did not start');
    await host.goto(server.url);
    await host.click('[data-start=friend]');
    await friend.goto(await host.locator('[data-invite]').inputValue({ timeout: PATIENCE_MS }));
    const seen = { host: new Set<Moment>(), friend: new Set<Moment>() };
    // Play until it is the friend's turn to decide (the server starts the away clock on their turn).
    for (let i = 0; i < 300; i++) {
      const prompt =
        (await host
          .locator('[data-prompt]')
          .textContent()
          .catch(() => '')) ?? '';
      if (/^Blue (is|may|chooses|turns)/.test(prompt) && (await host.locator('[data-scene]').count()) === 0)
        break;
      const a = await stepOnce(host, seen.host);
      const b = await stepOnce(friend, seen.friend);
      if (a !== 'acted' && b !== 'acted') await host.waitForTimeout(50);
    }
    await friend.close();
    // The away counter counts up by itself, without any message from the server (issue 21).
    const away = host.getByText(/^The other player is away \(/);
    await away.waitFor({ timeout: PATIENCE_MS });
    const first = await away.textContent();
    await host.waitForFunction(
      (text) =>
        [...document.querySelectorAll('.warn')].some(
          (e) => e.textContent?.startsWith('The other player is away (') === true && e.textContent !== text,
        ),
      first,
      { timeout: PATIENCE_MS },
    );
    const computer = host.getByRole('button', { name: 'Let the computer play on' });
    await computer.waitFor({ timeout: PATIENCE_MS });
    expect(await host.getByRole('button', { name: 'Claim the win' }).count()).toBe(1);
    await host.screenshot({ path: join(out, 'online-away.png') });
    const before = Number(await host.locator('main.game').getAttribute('data-updates'));
    await computer.click();
    // The computer now decides for blue: the game moves on without the friend.
    await host.waitForFunction(
      (n) => Number(document.querySelector('main.game')?.getAttribute('data-updates')) > n,
      before,
      { timeout: PATIENCE_MS },
    );
    await red.close();
    await blue.close();
  });
});

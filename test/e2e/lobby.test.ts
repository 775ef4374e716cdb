/**
 * End to end, issue 19: two browsers find each other through "Find an opponent" and play a short game (quick
 * shots, a turn limit of 12) while a third browser watches it from the Watch page: the players see that one
 * person watches, the spectator is never offered a choice, and sees the end. A seek is cancelled; one nobody
 * takes is offered the computer instead.
 */
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PATIENCE_MS } from '../patience.ts';
import { buildWeb, chromiumAvailable, distFor, launch, resultsDir, startGameServer } from './harness.ts';
import { type Moment, stepOnce } from './play.ts';

describe.skipIf(!chromiumAvailable())('the browser game: find an opponent, watch a game', () => {
  let browser: Browser;
  let server: Awaited<ReturnType<typeof startGameServer>> | undefined;
  const out = resultsDir();

  beforeAll(async () => {
    await buildWeb(distFor('lobby'));
    server = await startGameServer(distFor('lobby'), { TURN_LIMIT: '12', SEEK_OFFER_SECONDS: '1' });
    browser = await launch();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  /** Chooses quick shots and standard rules on the "Find an opponent" card, and looks. */
  async function seek(page: Page): Promise<void> {
    const card = page.getByRole('region', { name: 'Find an opponent' });
    await card.locator('label', { hasText: 'Standard' }).click();
    await card.locator('label', { hasText: 'Quick shots' }).click();
    await card.getByRole('button', { name: 'Find an opponent' }).click();
  }

  it('two browsers pair through "Find an opponent" and play to the end while a third watches', async () => {
    if (server === undefined) throw new Error('the game server did not start');
    const contexts = await Promise.all(
      [0, 1, 2].map(() => browser.newContext({ viewport: { width: 1100, height: 850 } })),
    );
    const [first, second, watcher] = await Promise.all(contexts.map((c) => c.newPage()));
    if (first === undefined || second === undefined || watcher === undefined) throw new Error('no pages');
    const errors: string[] = [];
    for (const page of [first, second, watcher]) page.on('pageerror', (e) => errors.push(e.message));

    await first.goto(server.url);
    await seek(first);
    const waiting = first.locator('[data-seeking]');
    await waiting.waitFor();
    expect(await waiting.textContent()).toContain('Standard rules, quick shots, no clock');
    await first.screenshot({ path: join(out, 'lobby-seeking.png') });

    // The second player's seek pairs with the waiting one at once; both pages go to the game.
    await second.goto(server.url);
    await seek(second);
    await second.waitForURL(/\/play\/[A-Za-z0-9_-]+$/);
    await first.waitForURL(/\/play\/[A-Za-z0-9_-]+$/);
    expect(first.url()).toBe(second.url());
    const gameId = /\/play\/([A-Za-z0-9_-]+)$/.exec(first.url())?.[1] ?? '';

    // The third finds the game on the Watch page and watches it.
    await watcher.goto(server.url);
    await watcher.getByRole('button', { name: 'Watch' }).click();
    const listed = watcher.locator(`[data-live="${gameId}"]`);
    await listed.waitFor();
    expect(await listed.textContent()).toContain('Red against Blue');
    await listed.getByRole('link', { name: 'Watch' }).click();
    await watcher.waitForURL(new RegExp(`/watch/${gameId}$`));
    await watcher.locator('[data-watching]').waitFor();
    for (const page of [first, second])
      await page.locator('[data-watchers="1"]').waitFor({ timeout: PATIENCE_MS });

    const seen = { first: new Set<Moment>(), second: new Set<Moment>() };
    let choicesShownToWatcher = 0;
    for (let i = 0; i < 1500; i++) {
      const a = await stepOnce(first, seen.first);
      const b = await stepOnce(second, seen.second);
      choicesShownToWatcher += await watcher.locator('[data-choice], [data-setup-confirm]').count();
      if (a === 'end' && b === 'end') break;
      if (a !== 'acted' && b !== 'acted') await first.waitForTimeout(50);
    }
    expect(await first.locator('[data-end]').count()).toBe(1);
    expect(await second.locator('[data-end]').count()).toBe(1);
    await watcher.locator('[data-end]').waitFor({ timeout: PATIENCE_MS });
    expect(choicesShownToWatcher).toBe(0);
    expect(await watcher.locator('.seat-tag').textContent()).toBe('Watching');
    await watcher.screenshot({ path: join(out, 'lobby-watching-end.png') });
    expect(errors).toEqual([]);
    await Promise.all(contexts.map((c) => c.close()));
  });

  it('a seek can be cancelled, and after the wait the computer is offered', async () => {
    if (server === undefined) throw new Error('the game server did not start');
    const context = await browser.newContext({ viewport: { width: 1100, height: 850 } });
    const page = await context.newPage();
    await page.goto(server.url);
    const card = page.getByRole('region', { name: 'Find an opponent' });
    await card.locator('label', { hasText: 'Advanced' }).click();
    await card.locator('label', { hasText: '1 day a turn' }).click();
    await card.getByRole('button', { name: 'Find an opponent' }).click();
    await page.locator('[data-seeking]').waitFor();
    await page.locator('[data-cancel-seek]').click();
    await card.getByRole('button', { name: 'Find an opponent' }).waitFor();
    const open = await (await fetch(`${server.url}/api/seeks`)).json();
    expect(open).toEqual({ seeks: [] });
    // Nobody wants this game: after SEEK_OFFER_SECONDS the page offers the computer, with the same rules.
    await card.getByRole('button', { name: 'Find an opponent' }).click();
    await page.locator('[data-lonely]').waitFor({ timeout: PATIENCE_MS });
    await page.screenshot({ path: join(out, 'lobby-lonely.png') });
    await page.locator('[data-lonely]').getByRole('button', { name: 'Play the computer instead' }).click();
    await page.waitForURL(/\/game$/);
    await page.locator('[data-setup-confirm]').waitFor();
    expect(await (await fetch(`${server.url}/api/seeks`)).json()).toEqual({ seeks: [] });
    await context.close();
  });
});

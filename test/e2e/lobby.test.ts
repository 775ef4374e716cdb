/**
 * End to end, issue 19: two browsers (each with the pirate name its first visit made) find each other through
 * "Find an opponent" and play a short game (quick shots, a turn limit of 12) while a third browser watches it
 * from the Watch page, which lists it under the two names: the players see that one person watches, the
 * spectator is never offered a choice, and sees the end. The game is rated for both; a rematch takes both
 * players to a new game with colours swapped. A seek is cancelled; one nobody takes is offered the computer
 * instead. A timed game against a player on a socket: the page counts the running clock down and shows the end
 * on time.
 */
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PATIENCE_MS } from '../patience.ts';
import { Client, createGame, hello, isState } from '../server/harness.ts';
import { placeSeek, Seeker } from '../server/lobby-client.ts';
import { setUpUntilPlay } from '../server/players.ts';
import { chromiumAvailable, launch, resultsDir, sharedBuild, startGameServer } from './harness.ts';
import { chooseSetup, type Moment, stepOnce } from './play.ts';

describe.skipIf(!chromiumAvailable())('the browser game: find an opponent, watch a game', () => {
  let browser: Browser;
  let server: Awaited<ReturnType<typeof startGameServer>> | undefined;
  const out = resultsDir();

  beforeAll(async () => {
    const dist = await sharedBuild();
    server = await startGameServer(dist, { TURN_LIMIT: '12', SEEK_OFFER_SECONDS: '1' });
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

    const nameOf = async (page: Page) =>
      (await page.locator('[data-my-name]').textContent({ timeout: PATIENCE_MS })) ?? '';
    await first.goto(server.url);
    const firstName = await nameOf(first);
    await seek(first);
    const waiting = first.locator('[data-seeking]');
    await waiting.waitFor();
    expect(await waiting.textContent()).toContain('Standard rules, quick shots, no clock');
    await first.screenshot({ path: join(out, 'lobby-seeking.png') });

    // The second player's seek pairs with the waiting one at once; both pages go to the game.
    await second.goto(server.url);
    const secondName = await nameOf(second);
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
    // Under the players' names, as the server knows them from their identities.
    await expect
      .poll(async () => listed.textContent())
      .toMatch(new RegExp(`(${firstName}|${secondName}) \\(1500\\) against`));
    const listing = (await listed.textContent()) ?? '';
    expect([listing.includes(firstName), listing.includes(secondName)]).toEqual([true, true]);
    // Issue 31 item 6: with their ratings (new identities: 1500) and the turn: both set up their ships.
    const shown = async () => (await listed.textContent()) ?? '';
    for (const name of [firstName, secondName]) await expect.poll(shown).toContain(`${name} (1500)`);
    await expect.poll(shown).toContain('setting up the ships');
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

    // Rated for both: a game paired through the lobby between two identities.
    for (const name of [firstName, secondName]) {
      await expect
        .poll(async () => {
          const page = (await (
            await fetch(`${server?.url}/api/players/${encodeURIComponent(name)}`)
          ).json()) as {
            games: { gameId: string; ratingChange: number | null }[];
          };
          return page.games.find((g) => g.gameId === gameId)?.ratingChange;
        })
        .toEqual(expect.any(Number));
    }

    // A rematch: offered by one, accepted by the other; both go to the new game, colours swapped.
    const firstSeat = (await first.locator('.game-bar .seat-tag').textContent()) ?? '';
    await first.click('[data-rematch-offer]');
    await first.locator('[data-rematch=offered]').waitFor({ timeout: PATIENCE_MS });
    await second.click('[data-rematch-accept]', { timeout: PATIENCE_MS });
    await first.waitForURL((u) => u.pathname.startsWith('/play/') && !u.pathname.endsWith(gameId), {
      timeout: PATIENCE_MS,
    });
    await second.waitForURL(first.url(), { timeout: PATIENCE_MS });
    // Issue 31 item 6: the spectator follows the players into their rematch and watches it.
    const rematchId = /\/play\/([A-Za-z0-9_-]+)$/.exec(first.url())?.[1] ?? '-';
    await watcher.waitForURL(new RegExp(`/watch/${rematchId}$`), { timeout: PATIENCE_MS });
    await watcher.locator('[data-watching]').waitFor({ timeout: PATIENCE_MS });
    const swapped = firstSeat.includes('Red') ? 'You: Blue' : 'You: Red';
    await first.locator('.game-bar .seat-tag', { hasText: swapped }).waitFor({ timeout: PATIENCE_MS });
    await first.waitForSelector('[data-setup-confirm]', { timeout: PATIENCE_MS });
    await second.waitForSelector('[data-setup-confirm]', { timeout: PATIENCE_MS });
    expect(errors).toEqual([]);
    await Promise.all(contexts.map((c) => c.close()));
  });

  it('a seat paired through the lobby that never comes: the newcomer is told "Game aborted" (issue 31 item 5)', async () => {
    // A server of its own, whose no-show is aborted after 2 s (ABORT_SECONDS).
    const aborting = await startGameServer(await sharedBuild(), { ABORT_SECONDS: '2' });
    const context = await browser.newContext({ viewport: { width: 1100, height: 850 } });
    try {
      // The squatter: a script's seek that waits in the lobby and never opens the game it is paired into.
      const squat = await placeSeek(aborting.url, { variant: 'standard', shots: 'quick', clock: null });
      const squatter = await Seeker.wait(aborting.url, squat.token);
      const page = await context.newPage();
      await page.goto(aborting.url);
      await seek(page);
      await page.waitForURL(/\/play\/[A-Za-z0-9_-]+$/);
      const end = page.locator('[data-end]');
      await end.waitFor({ timeout: PATIENCE_MS });
      await end.locator('[data-game-rating=aborted]').waitFor({ timeout: PATIENCE_MS });
      expect(await end.locator('h1').textContent()).toBe('Game aborted');
      expect(await end.locator('[data-game-rating=aborted]').textContent()).toMatch(
        /^(Red|Blue) never came: the game is aborted, and nobody’s rating moves\.$/,
      );
      await squatter.close();
    } finally {
      await context.close();
      await aborting.close();
    }
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

  it('a timed game: the page counts the running clock down and shows the end on time', async () => {
    if (server === undefined) throw new Error('the game server did not start');
    // The other player is a socket here; a 15 s clock (the shortest there is), so the flag falls soon.
    const created = await createGame(server.url, {
      opponent: 'friend',
      seat: 'red',
      shots: 'quick',
      clock: { kind: 'live', minutes: 0.25, increment: 0 },
    });
    const host = await Client.open(server.url, created.gameId);
    await host.ask(hello(created.token), isState);
    const context = await browser.newContext({ viewport: { width: 1100, height: 850 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${server.url}/play/${created.gameId}?invite=${created.invite}`);
    await page.locator('[data-clock=red]').waitFor();
    expect(await page.locator('[data-clock=blue]').textContent()).toContain('0:15');
    // Both set up (the page as a person would); then play begins and one clock runs.
    await Promise.all([
      setUpUntilPlay(host),
      (async () => {
        await page.locator('[data-setup-confirm]').waitFor();
        await chooseSetup(page, [0, 1, 2]);
      })(),
    ]);
    const running = page.locator('.clock.running');
    await running.waitFor({ timeout: PATIENCE_MS });
    const msOf = (text: string | null) => {
      const [minutes, seconds] = (/(\d+):(\d+(?:\.\d)?)/.exec(text ?? '') ?? []).slice(1).map(Number);
      return minutes === undefined || seconds === undefined ? Number.NaN : (minutes * 60 + seconds) * 1000;
    };
    const seat = await running.getAttribute('data-clock');
    const clock = page.locator(`[data-clock=${seat}]`);
    const first = msOf(await clock.textContent());
    expect(first).toBeLessThanOrEqual(15_000);
    // Nobody moves: the page counts down between the server's messages (once over, it shows what was left)...
    await expect.poll(async () => msOf(await clock.textContent()) < first).toBe(true);
    // ...and the server's clock ends the game.
    await page.locator('[data-end]').waitFor({ timeout: PATIENCE_MS });
    expect(await page.locator('[data-end]').textContent()).toMatch(/ran out of time/);
    await page.screenshot({ path: join(out, 'lobby-clock-flag.png') });
    expect(errors).toEqual([]);
    await host.close();
    await context.close();
  });
});

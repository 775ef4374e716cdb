/**
 * End to end, issue 19 (items 1, 3, 5, 6): two browsers each get a pirate name on their first visit (one
 * renames itself, a rude name is refused), play a short friend game (quick shots, 20 turns) to its end, the
 * host asks for a rematch and the friend accepts it: both pages move to the new game with colours swapped,
 * without a new link; an emote from one is seen by the other; each end panel says how the rating moved (or why
 * not: the rematch resigned at once); the host's page shows the rated game. The server compresses (COMPRESSION=on).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pirateNamePairs } from '../../src/server/players/pirate-names.ts';
import { PATIENCE_MS } from '../patience.ts';
import { chromiumAvailable, launch, sharedBuild, startGameServer } from './harness.ts';
import { type Moment, stepOnce } from './play.ts';

describe.skipIf(!chromiumAvailable())('the browser game, people', () => {
  let browser: Browser;
  let server: Awaited<ReturnType<typeof startGameServer>> | undefined;

  beforeAll(async () => {
    const dist = await sharedBuild();
    // Compression on (issue 34 item 4): the whole test plays through permessage-deflate as Chromium offers it.
    server = await startGameServer(dist, { COMPRESSION: 'on' });
    browser = await launch();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const nameOf = async (page: Page) =>
    (await page.locator('[data-my-name]').textContent({ timeout: PATIENCE_MS })) ?? '';

  it("draws a first visit's pirate name in the browser's language (issue 32 item 5: it was English)", async () => {
    for (const [locale, language] of [
      ['de-DE', 'de'],
      ['fr-FR', 'fr'],
    ] as const) {
      const context = await browser.newContext({ locale });
      const page = await context.newPage();
      await page.goto(server?.url ?? '');
      await expect.poll(() => nameOf(page), { timeout: PATIENCE_MS }).not.toBe('');
      expect(pirateNamePairs(language), locale).toContain((await nameOf(page)).replace(/ \d\d$/, ''));
      await context.close();
    }
  });

  it('names, a short game, a rematch with colours swapped, and an emote seen by the other', async () => {
    if (server === undefined) throw new Error('the game server did not start');
    const url = server.url;
    const host = await (await browser.newContext()).newPage();
    const friend = await (await browser.newContext()).newPage();
    const errors: string[] = [];
    for (const page of [host, friend]) page.on('pageerror', (e) => errors.push(e.message));

    // A name on the first visit, kept across a reload; a rude one refused, a kind one taken.
    await host.goto(url);
    const drawn = await nameOf(host);
    expect(drawn).toMatch(/^[A-Z][a-z]+ [A-Z][a-z]+ \d\d$/);
    await host.reload();
    expect(await nameOf(host)).toBe(drawn);
    await host.locator('[data-rename]').fill('Captain Sh1t');
    await host.getByRole('button', { name: 'Save name' }).click();
    await host
      .getByRole('alert')
      .getByText(/not kind enough/)
      .waitFor({ timeout: PATIENCE_MS });
    await host.locator('[data-rename]').fill('Redbeard');
    await host.getByRole('button', { name: 'Save name' }).click();
    await host.locator('[data-my-name]', { hasText: 'Redbeard' }).waitFor({ timeout: PATIENCE_MS });
    await friend.goto(url);
    const friendName = await nameOf(friend);
    expect(friendName).not.toBe('Redbeard');

    // A short friend game.
    const card = host.getByRole('region', { name: 'Play a friend online' });
    await card.getByText('More options').click();
    await card.getByLabel('Turn limit').selectOption('20');
    await card.locator('label', { hasText: 'Quick shots' }).click();
    await card.locator('label', { hasText: 'Red (stripes)' }).click();
    await host.click('[data-start=friend]');
    const invite = await host.locator('[data-invite]').inputValue({ timeout: PATIENCE_MS });
    await friend.goto(invite);
    await friend.waitForSelector('[data-setup-confirm]', { timeout: PATIENCE_MS });
    await host.locator('[data-opponent]', { hasText: friendName }).waitFor({ timeout: PATIENCE_MS });
    await friend.locator('[data-opponent]', { hasText: 'Redbeard' }).waitFor({ timeout: PATIENCE_MS });
    const firstGame = host.url();
    // The browser's own socket agrees to the compression (its offer, the server's small window).
    const gameId = new URL(firstGame).pathname.split('/')[2] ?? '';
    const agreed = await host.evaluate(
      (socketUrl) =>
        new Promise<string>((resolve) => {
          const socket = new WebSocket(socketUrl);
          socket.onopen = () => {
            resolve(socket.extensions);
            socket.close();
          };
          socket.onerror = () => resolve('error');
        }),
      `${url.replace('http', 'ws')}/api/games/${gameId}/socket`,
    );
    expect(agreed).toBe('permessage-deflate; client_max_window_bits=10; server_max_window_bits=10');

    const seen = { host: new Set<Moment>(), friend: new Set<Moment>() };
    for (let i = 0; i < 2000; i++) {
      const a = await stepOnce(host, seen.host);
      const b = await stepOnce(friend, seen.friend);
      if (a === 'end' && b === 'end') break;
      if (a !== 'acted' && b !== 'acted') await host.waitForTimeout(50);
    }
    await host.locator('[data-end]').waitFor({ timeout: PATIENCE_MS });
    await friend.locator('[data-end]').waitFor({ timeout: PATIENCE_MS });
    // Both moved after the deal: the end panel tells each their rating and its change in whole points.
    for (const page of [host, friend]) {
      const line = page.locator('[data-end] [data-game-rating=rated]');
      await line.waitFor({ timeout: PATIENCE_MS });
      expect(await line.textContent()).toMatch(/^Your rating: \d{3,4} \((\+\d+|−\d+|±0)\)$/);
    }

    // Rematch: asked by the host, accepted by the friend; both move to the new game, colours swapped.
    await host.click('[data-rematch-offer]');
    await host.locator('[data-rematch=offered]').waitFor({ timeout: PATIENCE_MS });
    await friend.click('[data-rematch-accept]', { timeout: PATIENCE_MS });
    await host.waitForURL((u) => u.toString() !== firstGame && u.pathname.startsWith('/play/'), {
      timeout: PATIENCE_MS,
    });
    await friend.waitForURL(host.url(), { timeout: PATIENCE_MS });
    await host.locator('.game-bar .seat-tag', { hasText: 'You: Blue' }).waitFor({ timeout: PATIENCE_MS });
    await friend.locator('.game-bar .seat-tag', { hasText: 'You: Red' }).waitFor({ timeout: PATIENCE_MS });
    await host.waitForSelector('[data-setup-confirm]', { timeout: PATIENCE_MS });

    // An emote from the friend, seen by the host; no free text anywhere, only the fixed list.
    await friend.click('[data-emote-button]');
    expect(await friend.locator('.emote-picker input, .emote-picker textarea').count()).toBe(0);
    await friend.click('[data-emote=arr]');
    await host.locator('[data-emote-heard=arr]', { hasText: 'Red' }).waitFor({ timeout: PATIENCE_MS });

    // The host resigns the rematch before anyone moved: unrated, and the end panel says why.
    await host.getByRole('button', { name: 'Resign' }).click();
    await host.getByRole('button', { name: 'Yes, resign' }).click();
    const unrated = host.locator('[data-end] [data-game-rating=unrated]');
    await unrated.waitFor({ timeout: PATIENCE_MS });
    expect(await unrated.textContent()).toBe('Unrated: a player made no move of their own after the deal.');

    // The host's page: the rated game, with its replay.
    await host.goto(`${url}/player/Redbeard`);
    await host.locator('[data-player-name]', { hasText: 'Redbeard' }).waitFor({ timeout: PATIENCE_MS });
    await host.locator('[data-rating]', { hasText: '1 rated game' }).waitFor({ timeout: PATIENCE_MS });
    await host
      .locator('[data-player-game]')
      .first()
      .getByRole('button', { name: 'Watch the replay' })
      .click();
    await host.waitForURL(/\/replay$/, { timeout: PATIENCE_MS });
    expect(errors).toEqual([]);
  });
});

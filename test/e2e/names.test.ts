/**
 * End to end, issue 35 item 7 on a phone's width (390 px): a name of twenty W's waiting in the lobby and
 * playing a right-to-left-named player in a game on the Watch page. Each name is isolated (<bdi>) and cut with
 * an ellipsis, the whole name in its title, and the Play and Watch buttons stay inside their rows.
 */
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { Browser, Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateGameResponse, PlayerSummary, SeekResponse } from '../../src/protocol/index.ts';
import { lobbyPost, Seeker } from '../server/lobby-client.ts';
import { chromiumAvailable, launch, resultsDir, sharedBuild, startGameServer } from './harness.ts';

const WIDE = 'W'.repeat(20);
const RTL = 'عبد الله';

/** The box of `locator`, which must be drawn. */
async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (found === null) throw new Error('not drawn');
  return found;
}

describe.skipIf(!chromiumAvailable())('the browser: long and right-to-left names at 390 px', () => {
  let browser: Browser;
  let server: Awaited<ReturnType<typeof startGameServer>> | undefined;
  let seeker: Seeker | undefined;

  beforeAll(async () => {
    const dist = await sharedBuild();
    server = await startGameServer(dist);
    browser = await launch();
  });

  afterAll(async () => {
    await seeker?.close();
    await browser?.close();
    await server?.close();
  });

  it('names are isolated and bounded; Play and Watch stay in their rows', async () => {
    if (server === undefined) throw new Error('the game server did not start');
    const base = server.url;
    const identity = async (name: string) => {
      const secret = randomBytes(32).toString('base64url');
      const made = await lobbyPost<PlayerSummary>(base, '/api/players', { secret, name });
      expect(made.status).toBe(201);
      return secret;
    };
    const wide = await identity(WIDE);
    const rtl = await identity(RTL);
    // The wide name waits in the lobby, and plays the right-to-left one in a game others may watch.
    const seek = await lobbyPost<SeekResponse>(base, '/api/seeks', {}, wide);
    seeker = await Seeker.wait(base, seek.body.token);
    await seeker.find((m) => m.t === 'waiting');
    const game = await lobbyPost<CreateGameResponse>(base, '/api/games', { opponent: 'friend' }, wide);
    const joined = await lobbyPost(
      base,
      `/api/games/${game.body.gameId}/join`,
      { invite: game.body.invite },
      rtl,
    );
    expect(joined.status).toBe(200);

    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(base);
    const row = page.locator(`[data-open-seek="${seek.body.seekId}"]`);
    const name = row.locator('bdi.player-name');
    expect(await name.getAttribute('title')).toBe(WIDE);
    const panel = page.locator('section.panel', { has: row });
    const play = await box(row.getByRole('button', { name: 'Play' }));
    const inside = await box(panel);
    expect(play.x + play.width).toBeLessThanOrEqual(inside.x + inside.width);
    // Bounded well inside the panel; every drawn name (up to 216 px in bold) fits whole (issue 32 item 5).
    expect((await box(name)).width).toBeLessThan(inside.width * 0.65);
    await panel.screenshot({ path: join(resultsDir(), 'names-390-lobby.png') });

    await page.goto(`${base}/watch`);
    const live = page.locator(`[data-live="${game.body.gameId}"]`);
    const names = live.locator('bdi.player-name');
    await names.first().waitFor();
    // The creator's seat is drawn: the names in either order.
    const titles = await names.evaluateAll((els) => els.map((e) => e.getAttribute('title')));
    expect(titles.sort()).toEqual([WIDE, RTL].sort());
    const watch = await box(live.getByRole('link', { name: 'Watch' }));
    expect(watch.x + watch.width).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: join(resultsDir(), 'names-390-watch.png') });
    await context.close();
  });
});

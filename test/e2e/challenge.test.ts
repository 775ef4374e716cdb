/**
 * End to end, issue 31 item 7: play someone by name. Two browsers with pirate names: A opens B's page and
 * challenges B there with the lobby's options; B, on the home page, is told by the alert and accepts from
 * "Challenges"; both land at the same table. Then a challenge by the link form `/player/<name>?challenge` that
 * B declines (A is told, and clears it), and one A cancels before B answers. By accessible names, as players
 * would; no page error.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PATIENCE_MS } from '../patience.ts';
import { chromiumAvailable, gameSite } from './harness.ts';

describe.skipIf(!chromiumAvailable())('the browser game, challenges by name', () => {
  const site = gameSite();

  const nameOf = async (page: Page) =>
    (await page.locator('[data-my-name]').textContent({ timeout: PATIENCE_MS })) ?? '';
  const challenges = (page: Page) => page.getByRole('region', { name: 'Challenges' });

  it('A challenges B from B’s page, B accepts and both sit at one table; a decline; a cancel', async () => {
    const { browser, url } = site;
    const [a, b] = await Promise.all([0, 1].map(async () => (await browser.newContext()).newPage()));
    if (a === undefined || b === undefined) throw new Error('no pages');
    const errors: string[] = [];
    for (const page of [a, b]) page.on('pageerror', (e) => errors.push(e.message));

    await a.goto(url);
    const aName = await nameOf(a);
    await b.goto(url);
    const bName = await nameOf(b);
    // Nothing yet: no "Challenges" on the home page.
    await expect(challenges(b).count()).resolves.toBe(0);

    // One's own page offers no challenge; another's does.
    await a.goto(`${url}/player/${encodeURIComponent(aName)}`);
    await a.locator('[data-player-name]').waitFor({ timeout: PATIENCE_MS });
    expect(await a.getByRole('button', { name: /^Challenge / }).count()).toBe(0);
    await a.goto(`${url}/player/${encodeURIComponent(bName)}`);
    await a.getByRole('button', { name: `Challenge ${bName}` }).click();
    const form = a.getByRole('region', { name: `Challenge ${bName}` });
    // The lobby's options, and how the game is rated.
    await form.getByRole('group', { name: 'Cannon' }).getByLabel('Quick shots').check();
    await form.getByRole('group', { name: 'Rules' }).getByLabel('Standard').check();
    await form.getByText(/rated by the same rules/).waitFor();
    await form.getByRole('button', { name: 'Send the challenge' }).click();
    await a.getByText(`Challenge sent: waiting for ${bName} to answer`).waitFor({ timeout: PATIENCE_MS });

    // B, on the home page since before the challenge, is told by the alert (its next look) and accepts.
    await b.getByText(`${aName} challenges you to a game`).waitFor({ timeout: PATIENCE_MS });
    const incoming = challenges(b)
      .getByRole('listitem')
      .filter({ hasText: `${aName}` });
    await incoming.getByText(/standard rules, quick shots, no clock/i).waitFor();
    await challenges(b)
      .getByRole('button', { name: `Accept the challenge of ${aName}` })
      .click();
    await b.waitForSelector('[data-setup-confirm]', { timeout: PATIENCE_MS });
    // A, still on B's page, is taken to the same table.
    await a.waitForSelector('[data-setup-confirm]', { timeout: PATIENCE_MS });
    expect(a.url()).toMatch(/\/play\/[A-Za-z0-9_-]+$/);
    expect(a.url()).toBe(b.url());
    await a.locator('[data-opponent]', { hasText: bName }).waitFor({ timeout: PATIENCE_MS });
    await b.locator('[data-opponent]', { hasText: aName }).waitFor({ timeout: PATIENCE_MS });

    // The link form opens the challenge at once; B declines; A is told on its home page and clears it.
    await a.goto(`${url}/player/${encodeURIComponent(bName)}?challenge`);
    await a.getByRole('button', { name: 'Send the challenge' }).click();
    await a.getByText(`Challenge sent: waiting for ${bName} to answer`).waitFor({ timeout: PATIENCE_MS });
    await b.goto(url);
    await challenges(b)
      .getByRole('button', { name: `Decline the challenge of ${aName}` })
      .click();
    await expect
      .poll(
        () =>
          challenges(b)
            .getByRole('button', { name: `Accept the challenge of ${aName}` })
            .count(),
        { timeout: PATIENCE_MS },
      )
      .toBe(0);
    await a.goto(url);
    await challenges(a).getByText(`${bName} declined your challenge.`).waitFor({ timeout: PATIENCE_MS });
    await challenges(a)
      .getByRole('button', { name: `Dismiss the answer of ${bName}` })
      .click();
    await expect.poll(() => challenges(a).count(), { timeout: PATIENCE_MS }).toBe(0);

    // A challenge taken back before B answers is gone from B's list.
    await a.goto(`${url}/player/${encodeURIComponent(bName)}?challenge`);
    await a.getByRole('button', { name: 'Send the challenge' }).click();
    await b.goto(url);
    await challenges(b)
      .getByRole('button', { name: `Accept the challenge of ${aName}` })
      .waitFor();
    await a.getByRole('button', { name: `Cancel your challenge to ${bName}` }).click();
    await a.getByRole('button', { name: `Challenge ${bName}` }).waitFor({ timeout: PATIENCE_MS });
    await b.goto(url);
    await b.locator('[data-my-name]').waitFor({ timeout: PATIENCE_MS });
    await expect.poll(() => challenges(b).count(), { timeout: PATIENCE_MS }).toBe(0);

    expect(errors).toEqual([]);
  });
});

/**
 * Playing like a person: look at what the page offers (the legal choices carry `data-choice`), click one,
 * wait for the table to answer. Overlays (scenes, the hand-over screen) are dismissed as a person would.
 */
import type { Page } from 'playwright-core';

export interface PlayHooks {
  /** Called once the first time each moment is on screen (for screenshots). */
  onMoment?: (moment: 'turn' | 'aim' | 'shot' | 'end', page: Page) => Promise<void>;
  /** Pick a choice among the offered ones; default: random. */
  pick?: (count: number) => number;
}

async function updates(page: Page): Promise<number> {
  const value = await page
    .locator('main.game')
    .first()
    .getAttribute('data-updates')
    .catch(() => null);
  return Number(value ?? '0');
}

async function waitForUpdate(page: Page, before: number, timeout = 5000): Promise<void> {
  await page
    .waitForFunction(
      (n) => Number(document.querySelector('main.game')?.getAttribute('data-updates') ?? '0') > n,
      before,
      {
        timeout,
      },
    )
    .catch(() => undefined);
}

export async function chooseSetup(page: Page, ids: readonly number[]): Promise<void> {
  const pieces = page.locator('[data-setup-piece]');
  const available = await pieces.evaluateAll((els) =>
    els.map((e) => Number(e.getAttribute('data-setup-piece'))),
  );
  for (const id of ids.map((i) => available[i % available.length])) {
    await page.click(`[data-setup-piece="${id}"]`);
  }
  // Swap two flag cards, as a person hiding the flag would.
  await page.getByRole('button', { name: /Flag place 1/ }).click();
  await page.getByRole('button', { name: /Flag place 2/ }).click();
  const before = await updates(page);
  await page.click('[data-setup-confirm]');
  await waitForUpdate(page, before);
}

/** Plays until the end screen; returns the number of clicks. */
export async function playToEnd(page: Page, hooks: PlayHooks = {}, maxSteps = 2000): Promise<number> {
  const seen = new Set<string>();
  const moment = async (name: 'turn' | 'aim' | 'shot' | 'end') => {
    if (seen.has(name)) return;
    seen.add(name);
    await hooks.onMoment?.(name, page);
  };
  const pick = hooks.pick ?? ((n: number) => Math.floor(Math.random() * n));
  let clicks = 0;
  for (let step = 0; step < maxSteps; step++) {
    if ((await page.locator('[data-end]').count()) > 0) {
      await page.waitForTimeout(400);
      await moment('end');
      return clicks;
    }
    const scene = page.locator('[data-scene]');
    if ((await scene.count()) > 0) {
      const kind = await scene.getAttribute('data-scene').catch(() => null);
      if (kind === 'shot' && !seen.has('shot')) {
        await page.waitForTimeout(1100);
        await moment('shot');
      }
      await scene.click({ position: { x: 5, y: 5 }, timeout: 1000 }).catch(() => undefined);
      continue;
    }
    const handover = page.locator('[data-handover]');
    if ((await handover.count()) > 0) {
      await handover
        .getByRole('button')
        .click({ timeout: 2000 })
        .catch(() => undefined);
      continue;
    }
    if ((await page.locator('[data-setup-confirm]').count()) > 0) {
      await chooseSetup(
        page,
        [pick(10), pick(10) + 1, pick(10) + 2]
          .map((n) => n % 10)
          .filter((n, i, a) => a.indexOf(n) === i)
          .concat([0, 1, 2])
          .slice(0, 3),
      );
      clicks += 4;
      continue;
    }
    if ((await page.locator('[data-fire]').count()) > 0) {
      await moment('aim');
      const before = await updates(page);
      // Aim roughly like a person: tilt up a little with the arrow keys, then Space.
      await page.locator('.cannon-scene').first().hover();
      for (let i = 0; i < 6; i++) await page.keyboard.press('ArrowUp');
      await page.keyboard.press('Space');
      clicks++;
      await waitForUpdate(page, before);
      continue;
    }
    const choices = page.locator('[data-choice]');
    const count = await choices.count();
    if (count === 0) {
      await page.waitForTimeout(40);
      continue;
    }
    const prompt = await page
      .locator('[data-prompt]')
      .textContent()
      .catch(() => '');
    if (prompt === 'Turn a card') await moment('turn');
    const descriptions = await choices.evaluateAll((els) =>
      els.map((e) => e.getAttribute('data-choice') ?? ''),
    );
    const sends = descriptions.map((d, i) => [d, i] as const).filter(([d]) => d.startsWith('{'));
    const options = sends.length > 0 ? sends : descriptions.map((d, i) => [d, i] as const);
    const chosen = options[pick(options.length)];
    if (chosen === undefined) continue;
    const before = await updates(page);
    await choices
      .nth(chosen[1])
      .click({ timeout: 3000 })
      .catch(() => undefined);
    clicks++;
    if (chosen[0].startsWith('{')) await waitForUpdate(page, before);
  }
  throw new Error(`the game did not end within ${maxSteps} steps`);
}

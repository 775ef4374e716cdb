/**
 * Playing like a person: look at what the page offers (the legal choices carry `data-choice`), click one,
 * wait for the table to answer. Overlays (scenes, the hand-over screen) are dismissed as a person would.
 */
import type { Page } from 'playwright-core';

export type Moment = 'turn' | 'aim' | 'shot' | 'end';

export interface PlayHooks {
  /** Called once the first time each moment is on screen (for screenshots). */
  onMoment?: (moment: Moment, page: Page) => Promise<void>;
}

async function updates(page: Page): Promise<number> {
  const value = await page
    .locator('main.game')
    .first()
    .getAttribute('data-updates', { timeout: 1000 })
    .catch(() => null);
  return Number(value ?? '0');
}

async function waitForUpdate(page: Page, before: number, timeout = 5000): Promise<void> {
  await page
    .waitForFunction(
      (n) => Number(document.querySelector('main.game')?.getAttribute('data-updates') ?? '0') > n,
      before,
      { timeout },
    )
    .catch(() => undefined);
}

const pick = (n: number) => Math.floor(Math.random() * n);

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

/** One look at the page and at most one decision: 'end' once the end screen shows, 'idle' when nothing was offered. */
export async function stepOnce(
  page: Page,
  seen: Set<Moment>,
  hooks: PlayHooks = {},
): Promise<'end' | 'acted' | 'idle'> {
  const moment = async (name: Moment) => {
    if (seen.has(name)) return;
    seen.add(name);
    await hooks.onMoment?.(name, page);
  };
  if ((await page.locator('[data-end]').count()) > 0) {
    if (!seen.has('end')) await page.waitForTimeout(400);
    await moment('end');
    return 'end';
  }
  const scene = page.locator('[data-scene]');
  if ((await scene.count()) > 0) {
    const kind = await scene.getAttribute('data-scene', { timeout: 500 }).catch(() => null);
    if (kind === 'shot' && !seen.has('shot')) {
      await page.waitForTimeout(1100);
      await moment('shot');
    }
    await scene.click({ position: { x: 5, y: 5 }, timeout: 1000 }).catch(() => undefined);
    return 'acted';
  }
  const pass = page.locator('[data-pass-device]');
  if ((await pass.count()) > 0) {
    await pass.click({ timeout: 2000 }).catch(() => undefined);
    return 'acted';
  }
  const handover = page.locator('[data-handover]');
  if ((await handover.count()) > 0) {
    await handover
      .getByRole('button')
      .click({ timeout: 2000 })
      .catch(() => undefined);
    return 'acted';
  }
  if ((await page.locator('[data-setup-confirm]').count()) > 0) {
    const first = pick(8);
    await chooseSetup(page, [first, first + 1, first + 2]);
    return 'acted';
  }
  if ((await page.locator('[data-fire]').count()) > 0) {
    const firstShot = !seen.has('aim');
    await moment('aim');
    const before = await updates(page);
    const cannon = await page.locator('.cannon-body').first().boundingBox();
    if (firstShot || cannon === null) {
      // Aim with the keys: tilt up a little, then Space.
      await page.locator('.cannon-scene').first().hover();
      for (let i = 0; i < 6; i++) await page.keyboard.press('ArrowUp');
      await page.keyboard.press('Space');
    } else {
      // Aim with the mouse: drag on the picture (down tilts higher), let go, then Fire!.
      const x = cannon.x + cannon.width / 2;
      const y = cannon.y + cannon.height / 2;
      // A tap, or a drag let go, must not spend the shot.
      await page.mouse.click(x, y - 60);
      await page.mouse.move(x, y - 40);
      await page.mouse.down();
      await page.mouse.move(x + 4, y - 10, { steps: 5 });
      await page.mouse.up();
      await page.waitForTimeout(300);
      if ((await updates(page)) !== before || (await page.locator('[data-fire]').count()) === 0) {
        throw new Error('a tap or a drag on the aiming view fired the cannon');
      }
      await page.locator('[data-fire]').click();
    }
    await waitForUpdate(page, before);
    return 'acted';
  }
  const choices = page.locator('[data-choice]');
  const count = await choices.count();
  if (count === 0) return 'idle';
  const prompt = await page
    .locator('[data-prompt]')
    .textContent({ timeout: 500 })
    .catch(() => '');
  if (prompt?.startsWith('Turn a card') === true) await moment('turn');
  const descriptions = await choices.evaluateAll((els) =>
    els.map((e) => e.getAttribute('data-choice') ?? ''),
  );
  const sends = descriptions.map((d, i) => [d, i] as const).filter(([d]) => d.startsWith('{'));
  const options = sends.length > 0 ? sends : descriptions.map((d, i) => [d, i] as const);
  const chosen = options[pick(options.length)];
  if (chosen === undefined) return 'idle';
  const before = await updates(page);
  await choices
    .nth(chosen[1])
    .click({ timeout: 3000 })
    .catch(() => undefined);
  if (chosen[0].startsWith('{')) await waitForUpdate(page, before);
  return 'acted';
}

/** Plays one page until its end screen; returns the number of decisions. */
export async function playToEnd(page: Page, hooks: PlayHooks = {}, maxSteps = 2000): Promise<number> {
  const seen = new Set<Moment>();
  let decisions = 0;
  for (let step = 0; step < maxSteps; step++) {
    const result = await stepOnce(page, seen, hooks);
    if (result === 'end') return decisions;
    if (result === 'acted') decisions++;
    else await page.waitForTimeout(40);
  }
  throw new Error(`the game did not end within ${maxSteps} steps`);
}

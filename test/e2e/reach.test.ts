/**
 * Within reach (issue 21, item 6): on a desktop (1280x800) and a phone (390x844; held sideways, 844x390,
 * issue 52 item 1), everything a decision needs is on the first screen, without scrolling: the home page's
 * start buttons, and in a real pass-and-play game
 * the prompt and every control of each kind of decision (setup with its "Set sail!", a card to turn, a
 * pirate to choose, the cannon with its sliders and Fire!, a flag card to turn). Pass and play, so the test
 * decides for both seats and steers towards a flag attempt (swing aboard, decline the rest, try for the
 * flag). One game serves all sizes: at each decision the window is resized to each and measured.
 */

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable, launch, sharedBuild, startStaticServer } from './harness.ts';
import { chooseSetup } from './play.ts';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
/** A phone held sideways (issue 52 item 1). */
const SIDEWAYS = { width: 844, height: 390 };

type Decision = 'setup' | 'turn' | 'choose' | 'aim' | 'flag';

/** What each decision needs on screen: every selector must find something, and `also` may. */
const NEEDED: Record<Decision, { must: readonly string[]; also?: string }> = {
  setup: { must: ['[data-prompt]', '.flag-slot', '[data-setup-piece]', '[data-setup-confirm]'] },
  turn: { must: ['[data-prompt]', '[data-choice]'], also: '.prompt-buttons button' },
  choose: { must: ['[data-prompt]', '[data-choice]'], also: '.prompt-buttons button' },
  aim: {
    must: [
      '[data-prompt]',
      '.cannon-scene',
      '.panel.cannon input[type=range]',
      '[data-reach]',
      '[data-fire]',
    ],
  },
  flag: { must: ['[data-prompt]', '[data-choice]'], also: '.prompt-buttons button' },
};

/**
 * The needed things that stick out of the first screen at `size`: every scroll position is set back to the
 * start first (the page and any inner scrolling box), so what is measured is what a person sees unscrolled.
 */
async function outOfReach(page: Page, size: { width: number; height: number }, selector: string) {
  await page.setViewportSize(size);
  return page.evaluate(
    ({ selector, width, height }) => {
      for (const element of [document.scrollingElement, ...document.querySelectorAll('*')]) {
        if (element !== null && (element.scrollTop !== 0 || element.scrollLeft !== 0)) {
          element.scrollTop = 0;
          element.scrollLeft = 0;
        }
      }
      const found = [...document.querySelectorAll(selector)];
      const out = found
        .map((e) => ({ e, box: e.getBoundingClientRect() }))
        .filter(
          ({ box }) =>
            box.width === 0 ||
            box.height === 0 ||
            box.top < 0 ||
            box.left < 0 ||
            box.bottom > height + 0.5 ||
            box.right > width + 0.5,
        )
        .map(({ e, box }) => {
          const name = e.getAttribute('aria-label') ?? e.textContent?.trim().slice(0, 40) ?? e.tagName;
          return `${name} at ${Math.round(box.left)},${Math.round(box.top)}-${Math.round(box.right)},${Math.round(box.bottom)}`;
        });
      return { count: found.length, out };
    },
    { selector, width: size.width, height: size.height },
  );
}

/** Checks a decision at both sizes; returns the complaints, e.g. ['390x844 aim: Fire! at 29,827-361,872']. */
async function check(page: Page, what: string, needed: (typeof NEEDED)[Decision]): Promise<string[]> {
  const complaints: string[] = [];
  for (const size of [DESKTOP, PHONE, SIDEWAYS]) {
    for (const selector of needed.must) {
      const { count, out } = await outOfReach(page, size, selector);
      if (count === 0) complaints.push(`${size.width}x${size.height} ${what}: nothing found for ${selector}`);
      for (const line of out) complaints.push(`${size.width}x${size.height} ${what}: ${line}`);
    }
    if (needed.also !== undefined) {
      const { out } = await outOfReach(page, size, needed.also);
      for (const line of out) complaints.push(`${size.width}x${size.height} ${what}: ${line}`);
    }
  }
  await page.setViewportSize(DESKTOP);
  return complaints;
}

/** The decision on screen, or null while a scene, the hand-over screen or the other seat holds the page. */
async function decisionOnScreen(page: Page): Promise<{ decision: Decision; prompt: string } | null> {
  if ((await page.locator('[data-scene], [data-handover], [data-end]').count()) > 0) return null;
  const prompt =
    (await page
      .locator('[data-prompt]')
      .textContent({ timeout: 1000 })
      .catch(() => '')) ?? '';
  if ((await page.locator('[data-setup-confirm]').count()) > 0) return { decision: 'setup', prompt };
  if ((await page.locator('[data-fire]').count()) > 0) return { decision: 'aim', prompt };
  if ((await page.locator('[data-choice]').count()) === 0) return null;
  if (prompt.startsWith('Turn a card')) return { decision: 'turn', prompt };
  if (prompt.startsWith('Turn one of')) return { decision: 'flag', prompt };
  return { decision: 'choose', prompt };
}

/** Steers towards a flag attempt: try for the flag, swing aboard the enemy, decline what adds defenders. */
function steer(labels: readonly string[]): number {
  const first = (test: (label: string) => boolean) => labels.findIndex(test);
  for (const index of [
    first((l) => l.startsWith('Turn ') && l.includes('flag card')),
    first((l) => l.startsWith('Try for the flag')),
    first((l) => /^Swing .* onto the (red|blue) ship$/.test(l)),
    first((l) => /^(Don't swing|Don't attack|No new pirate)$/.test(l)),
  ]) {
    if (index >= 0) return index;
  }
  return Math.floor(steerRandom() * labels.length);
}

/** A seeded stream for `steer` (mulberry32), so a failing walk through the game is the same walk again. */
let steerState = 0x5eed;
function steerRandom(): number {
  steerState = (steerState + 0x6d2b79f5) | 0;
  let t = steerState;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

describe.skipIf(!chromiumAvailable())('everything a decision needs is within reach', () => {
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

  it('the home page: the three ways to start and "Learn to play" on a desktop, "Play the computer" and "Learn to play" on a phone', async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    await page.goto(server.url);
    await page.getByRole('heading', { name: 'Play the computer' }).waitFor();
    const desktop = await outOfReach(
      page,
      DESKTOP,
      '[data-start=computer], [data-start=friend], [data-start=pass], [data-start=tutorial]',
    );
    expect(desktop.count).toBe(4);
    // A newcomer's first screen offers the lessons (issue 32 item 1), on a phone too.
    const phone = await outOfReach(
      page,
      PHONE,
      '[data-start=computer], #h-computer ~ fieldset, [data-start=tutorial]',
    );
    expect([...desktop.out, ...phone.out]).toEqual([]);
    await context.close();
  });

  it('a pass-and-play game: setup, a card, a choice, the cannon and a flag card, at all three sizes', async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(server.url);
    await page.click('[data-start=pass]');
    const seen = new Set<Decision>();
    const measured = new Set<string>();
    /** What the shot scenes said of misses (the test fires the cannon as it stands: mostly misses). */
    const misses = new Set<string>();
    const complaints: string[] = [];
    // A random game may end before every kind of decision came (a flag taken before any shot card was
    // turned): then the next game is started from home, at most 10 games in all.
    let games = 1;
    // Until every kind of decision came and a shot's scene was read: the cannon may be the last decision
    // seen, and its scene comes after the click (at CI's load the loop once ended before reading it).
    for (let step = 0; step < 3000 && (seen.size < 5 || misses.size === 0); step++) {
      if ((await page.locator('[data-end]').count()) > 0) {
        if (games >= 10) break;
        games++;
        await page.locator('[data-end] .end-buttons button').last().click({ timeout: 1000 });
        await page.click('[data-start=pass]');
        continue;
      }
      if ((await page.locator('[data-scene]').count()) > 0) {
        const said = await page
          .locator('[data-scene]')
          .textContent({ timeout: 10_000 })
          .catch(() => null);
        if (said?.includes('Miss.') === true) misses.add(said.slice(said.indexOf('Miss.')));
        await page
          .locator('[data-scene]')
          .click({ position: { x: 5, y: 5 }, timeout: 1000 })
          .catch(() => undefined);
        continue;
      }
      if ((await page.locator('[data-handover]').count()) > 0) {
        await page
          .locator('[data-handover] button')
          .click({ timeout: 1000 })
          .catch(() => undefined);
        continue;
      }
      if ((await page.locator('[data-pass-device]').count()) > 0) {
        await page
          .locator('[data-pass-device]')
          .click({ timeout: 1000 })
          .catch(() => undefined);
        continue;
      }
      const onScreen = await decisionOnScreen(page);
      if (onScreen === null) {
        await page.waitForTimeout(40);
        continue;
      }
      // Each question once (a choice of a pirate for the plank, to swing, to bring on deck...).
      const { decision, prompt } = onScreen;
      if (!measured.has(prompt)) {
        measured.add(prompt);
        complaints.push(...(await check(page, `${decision} (${prompt})`, NEEDED[decision])));
      }
      seen.add(decision);
      if (decision === 'setup') {
        await chooseSetup(page, [0, 1, 2]);
      } else if (decision === 'aim') {
        await page.click('[data-fire]', { timeout: 1000 }).catch(() => undefined);
      } else {
        const choices = page.locator('[data-choice]');
        const labels = await choices.evaluateAll((els) =>
          els.map((e) => e.getAttribute('aria-label') ?? e.textContent ?? ''),
        );
        if (labels.length === 0) continue;
        await choices
          .nth(steer(labels))
          .click({ timeout: 1000 })
          .catch(() => undefined);
      }
    }
    expect([...seen].sort()).toEqual(['aim', 'choose', 'flag', 'setup', 'turn']);
    expect(complaints).toEqual([]);
    // Fired as it stands (a tilt of 20°), the cannon misses both targets: each miss says where it went.
    expect(misses.size).toBeGreaterThan(0);
    for (const said of misses) {
      expect(said).toMatch(
        /^Miss\. ?Too (high|low|short|long|far left|far right)( and too far (left|right))?: it /,
      );
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});

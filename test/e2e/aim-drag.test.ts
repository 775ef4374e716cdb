/**
 * Aiming by hand (issue 32 item 2), in Chromium on the built page, in the cannon lesson (an aimed sail shot):
 * a drag changes the tilt by how far it goes on the screen (a degree every 10 px, whatever the picture's size),
 * so the skull's stretch of tilts (about 30 px of drag) is reached with a drag a finger can make; a drag that went too far is dragged back; letting go never fires;
 * a drag into the sail's stretch and Fire! shoots. On a desktop and on a phone upright and sideways (a touch
 * device, told to use its finger and not told about keys), where a spyglass shows the target big enough to see.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CANNON, reachingTilts } from '../../src/engine/index.ts';
import { PITCH_PER_PX } from '../../src/web/game/aim-view.ts';
import { PATIENCE_MS } from '../patience.ts';
import { chromiumAvailable, launch, sharedBuild, startStaticServer } from './harness.ts';

const DESKTOP = { viewport: { width: 1280, height: 800 } };
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };
const SIDEWAYS = { viewport: { width: 844, height: 390 }, hasTouch: true, isMobile: true };

/** Opens the cannon lesson and turns its card: the cannon panel is up. */
async function cannonLesson(page: Page, url: string): Promise<void> {
  await page.goto(url);
  const cannon = 'cannon';
  await page.evaluate((index) => localStorage.setItem('pirates.tutorial', index), cannon);
  await page.reload();
  await page.locator('[data-start=tutorial]').click();
  await page.getByRole('button', { name: /^Action card 1: / }).click();
  await page.locator('[data-fire]').waitFor({ timeout: PATIENCE_MS });
}

const sliderValue = async (page: Page, name: string) =>
  Number(await page.getByRole('slider', { name }).inputValue());

/** Drags on the picture, from a point away from the cannon, down by `downPx` screen pixels. */
async function dragDown(page: Page, downPx: number): Promise<void> {
  const scene = await page.locator('.cannon-scene').first().boundingBox();
  if (scene === null) throw new Error('no cannon scene');
  const x = scene.x + scene.width * 0.5;
  const y = scene.y + scene.height * 0.15;
  const dy = downPx;
  if (!touch.has(page)) {
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x, y + dy, { steps: 8 });
    await page.mouse.up();
    return;
  }
  // A finger: real touch events (pointerType "touch"), as a phone sends them.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
  for (let i = 1; i <= 8; i++)
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchMove',
      touchPoints: [{ x, y: y + (dy * i) / 8 }],
    });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

/** The pages that aim with a finger. */
const touch = new WeakSet<Page>();

/** Drags the tilt to `pitch` from where it is, in one drag. */
async function dragTiltTo(page: Page, pitch: number): Promise<void> {
  const now = await sliderValue(page, 'Tilt');
  await dragDown(page, (pitch - now) / PITCH_PER_PX);
}

async function stretches(page: Page) {
  const aim = {
    x: await sliderValue(page, 'Sideways'),
    back: await sliderValue(page, 'Back'),
    yaw: await sliderValue(page, 'Direction'),
    pitch: 0,
  };
  const [skull] = reachingTilts(aim, 'skull', DEFAULT_CANNON);
  const [sail] = reachingTilts(aim, 'sail', DEFAULT_CANNON);
  if (skull === undefined || sail === undefined) throw new Error('a target cannot be reached from the start');
  return { skull, sail };
}

describe.skipIf(!chromiumAvailable())('aiming the cannon by hand', () => {
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

  for (const [device, options] of [
    ['a desktop', DESKTOP],
    ['a phone', PHONE],
    ['a phone held sideways', SIDEWAYS],
  ] as const) {
    it(`${device}: drags reach the skull's tilts and the sail's, a drag let go never fires, Fire! does`, async () => {
      const context = await browser.newContext(options);
      const page = await context.newPage();
      const finger = device !== 'a desktop';
      if (finger) touch.add(page);
      await cannonLesson(page, server.url);
      const hint = (await page.locator('[data-cannon-hint]').textContent()) ?? '';
      if (finger) {
        expect(hint).toContain('with your finger');
        expect(hint).not.toContain('Space');
      } else expect(hint).toContain('Space fires');

      const { skull, sail } = await stretches(page);
      // The skull's stretch: a few degrees, reached by a drag and not lost by letting go.
      await dragTiltTo(page, (skull.from + skull.to) / 2);
      let tilt = await sliderValue(page, 'Tilt');
      expect(tilt).toBeGreaterThanOrEqual(skull.from);
      expect(tilt).toBeLessThanOrEqual(skull.to);
      // A natural pull that overshoots (8 degrees past), then a short drag back up: inside again.
      await dragDown(page, 80);
      expect(await sliderValue(page, 'Tilt')).toBeGreaterThan(skull.to);
      await dragDown(page, -80);
      tilt = await sliderValue(page, 'Tilt');
      expect(tilt).toBeGreaterThanOrEqual(skull.from);
      expect(tilt).toBeLessThanOrEqual(skull.to);
      // None of these drags fired: the cannon still waits.
      expect(await page.locator('[data-fire]').count()).toBe(1);

      // The sail, this shot's target: the page says the tilt reaches it, and Fire! shoots.
      await dragTiltTo(page, (sail.from + sail.to) / 2);
      await page.locator('.reach-now.in').waitFor({ timeout: PATIENCE_MS });
      await page.locator('[data-fire]').click();
      await page.locator('[data-scene]').waitFor({ timeout: PATIENCE_MS });
      await context.close();
    });
  }

  // On a phone the whole scene is drawn at two thirds of its size or less: the sail's hole was 3 px in the side
  // view and the skull 8 (issue 52). The spyglass shows the target at least 16 px wide, upright and sideways;
  // a desktop, where the scene is large, does without it.
  for (const [device, options] of [
    ['a phone', PHONE],
    ['a phone held sideways', SIDEWAYS],
    ['a desktop', DESKTOP],
  ] as const) {
    it(`${device}: the target to aim at is drawn big enough to see`, async () => {
      const context = await browser.newContext(options);
      const page = await context.newPage();
      await cannonLesson(page, server.url);
      const sizes = await page.evaluate(() => {
        const width = (selector: string) =>
          [...document.querySelectorAll(selector)].map((e) => e.getBoundingClientRect().width);
        return { lens: width('[data-close-up] [data-aim-target=sail]') };
      });
      console.info(
        `${device}: the hole in the spyglass ${sizes.lens.map((w) => w.toFixed(1)).join(', ')} px`,
      );
      if (device === 'a desktop') expect(sizes.lens).toEqual([0]);
      else {
        expect(sizes.lens).toHaveLength(1);
        expect(sizes.lens[0]).toBeGreaterThanOrEqual(16);
      }
      await context.close();
    });
  }
});

/**
 * Installable, and playable offline against the computer (issue 20, item 5): the built page has a web app
 * manifest and a service worker; after one visit, a page loaded with no network starts a game against the
 * computer and plays it to its end, after showing the home page in each of the four languages.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PATIENCE_MS } from '../patience.ts';
import { chromiumAvailable, launch, sharedBuild, startStaticServer } from './harness.ts';
import { playToEnd } from './play.ts';

describe.skipIf(!chromiumAvailable())('the browser game, installed and offline', () => {
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

  it('has a manifest, and after one visit starts and plays a game against the expert computer (its learned model precached) with no network', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(server.url);
    const manifest = await page.evaluate(async () => {
      const link = document.querySelector<HTMLLinkElement>('link[rel=manifest]');
      if (link === null) return null;
      return (await fetch(link.href)).json();
    });
    expect(manifest).toMatchObject({ name: 'Pirates! Stratego', display: 'standalone', start_url: '/' });
    expect(manifest.icons.length).toBeGreaterThan(0);
    // The service worker takes the page once it has cached the build.
    await page.waitForFunction(() => navigator.serviceWorker?.controller != null, null, {
      timeout: PATIENCE_MS,
    });

    await context.setOffline(true);
    await page.reload();
    await page.getByRole('heading', { name: 'Play the computer' }).waitFor({ timeout: PATIENCE_MS });
    // Every language plays offline: its catalog, a chunk of its own, is precached with the build.
    const language = page.locator('select[data-language]');
    for (const [lang, title] of [
      ['nl', 'Speel tegen de computer'],
      ['de', 'Gegen den Computer spielen'],
      ['fr', 'Jouer contre l’ordinateur'],
      ['en', 'Play the computer'],
    ] as const) {
      await language.selectOption(lang);
      await page.getByRole('heading', { name: title }).waitFor({ timeout: PATIENCE_MS });
      expect(await page.getAttribute('html', 'lang')).toBe(lang);
    }
    const card = page.getByRole('region', { name: 'Play the computer' });
    // Expert draws its worlds from the learned belief: its Worker fetches the model, offline from the precache.
    await card.locator('label', { hasText: 'Expert' }).click();
    await card.getByText('More options').click();
    await card.getByLabel('Turn limit').selectOption('20');
    await card.locator('label', { hasText: 'Quick shots' }).click();
    await page.click('[data-start=computer]');
    await page.waitForSelector('[data-setup-piece]', { timeout: PATIENCE_MS });
    await page.locator('.bot-note', { hasText: 'Expert' }).waitFor({ timeout: PATIENCE_MS });
    const decisions = await playToEnd(page);
    expect(decisions).toBeGreaterThan(3);
    expect(await page.locator('[data-end]').count()).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });
});

/**
 * End to end, issue 51 item 6: accounts that travel, by accessible names, in four languages. A passkey saved
 * in one browser (Chromium's virtual authenticator, through the DevTools protocol's WebAuthn domain) is copied
 * into a fresh phone-sized browser, as a synced passkey would be; that phone signs in, is the same player, and
 * resumes the game in progress from "Your games". A link code between two browsers, the phone with a player
 * of its own choosing to bring its game along; then "Sign out everywhere else" closes the phone's table at
 * once. Passkeys need a secure context: the page is served on `localhost`, never 127.0.0.1.
 */
import { randomBytes } from 'node:crypto';
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Catalog } from '../../src/web/i18n/catalog.ts';
import { de } from '../../src/web/i18n/de.ts';
import { en } from '../../src/web/i18n/en.ts';
import { fr } from '../../src/web/i18n/fr.ts';
import { nl } from '../../src/web/i18n/nl.ts';
import { PATIENCE_MS } from '../patience.ts';
import { chromiumAvailable, gameSite } from './harness.ts';

const LANGUAGES = [
  ['en-GB', en],
  ['nl-NL', nl],
  ['de-DE', de],
  ['fr-FR', fr],
] as const;

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } as const;

/** A catalog's sentence by its dotted key, e.g. 'account.signIn'. */
function word(catalog: Catalog, key: string, values: Record<string, string> = {}): string {
  let at: string | Catalog | undefined = catalog;
  for (const part of key.split('.')) at = typeof at === 'object' ? at[part] : undefined;
  if (typeof at !== 'string') throw new Error(`no ${key}`);
  return at.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');
}

/** The virtual authenticator of a platform passkey (a phone's or a laptop's own), on `page`'s browser. */
async function authenticator(context: BrowserContext, page: Page): Promise<{ cdp: CDPSession; id: string }> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable', { enableUI: false });
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, id: authenticatorId };
}

const nameOf = async (page: Page) =>
  (await page.locator('[data-my-name]').textContent({ timeout: PATIENCE_MS })) ?? '';

/**
 * Starts a game with a friend: a game in progress of this page's player. With `friend`, a friend takes the
 * seat while the host is at the table (both seats' chance goes into the deal), and the game is dealt.
 */
async function friendGame(page: Page, home: string, friend?: BrowserContext): Promise<string> {
  await page.click('[data-start=friend]');
  const invite = await page.locator('[data-invite]').inputValue({ timeout: PATIENCE_MS });
  const id = /\/play\/([\w-]+)/.exec(page.url())?.[1];
  if (id === undefined) throw new Error(`not at a table: ${page.url()}`);
  if (friend !== undefined) {
    const guest = await friend.newPage();
    await guest.goto(invite.replace('127.0.0.1', 'localhost'));
    await guest.locator('[data-setup-confirm]').waitFor({ timeout: PATIENCE_MS });
    await page.locator('[data-setup-confirm]').waitFor({ timeout: PATIENCE_MS });
  }
  await page.goto(home);
  return id;
}

/** Sets up the ship as a person on a phone would: three pirates on deck, then "Set sail!". */
async function setUp(page: Page): Promise<void> {
  const confirm = page.locator('[data-setup-confirm]');
  await confirm.waitFor({ timeout: PATIENCE_MS });
  for (let i = 0; i < 3; i++) await page.locator('[data-setup-piece]').nth(i).tap();
  await confirm.tap();
  await confirm.waitFor({ state: 'detached', timeout: PATIENCE_MS });
}

describe.skipIf(!chromiumAvailable())('the browser game, accounts that travel (issue 51)', () => {
  const site = gameSite();
  /** The same server as `site.url`, by the name Chromium counts as a secure context. */
  const home = () => site.url.replace('127.0.0.1', 'localhost');

  it('51.6: a passkey saved in one browser signs in on a fresh phone, which resumes the game from "Your games", in four languages', async () => {
    for (const [locale, catalog] of LANGUAGES) {
      const errors: string[] = [];
      const laptopContext = await site.browser.newContext({ locale });
      const laptop = await laptopContext.newPage();
      laptop.on('pageerror', (e) => errors.push(e.message));
      const laptopKey = await authenticator(laptopContext, laptop);
      await laptop.goto(home());
      const name = await nameOf(laptop);
      const friendContext = await site.browser.newContext({ locale });
      const gameId = await friendGame(laptop, home(), friendContext);

      await laptop.getByRole('button', { name: word(catalog, 'account.savePasskey') }).click();
      await laptop
        .getByRole('status')
        .filter({ hasText: word(catalog, 'account.saved') })
        .waitFor();
      const { credentials } = await laptopKey.cdp.send('WebAuthn.getCredentials', {
        authenticatorId: laptopKey.id,
      });
      expect(credentials).toHaveLength(1);
      expect(credentials[0]?.isResidentCredential).toBe(true);

      // A fresh phone, with the passkey synced to it.
      const phoneContext = await site.browser.newContext({ locale, ...PHONE });
      const phone = await phoneContext.newPage();
      phone.on('pageerror', (e) => errors.push(e.message));
      const phoneKey = await authenticator(phoneContext, phone);
      const credential = credentials[0];
      if (credential === undefined) throw new Error('no credential');
      await phoneKey.cdp.send('WebAuthn.addCredential', { authenticatorId: phoneKey.id, credential });
      await phone.goto(home());
      expect(await nameOf(phone)).not.toBe(name);
      await phone.getByRole('button', { name: word(catalog, 'account.signIn') }).click();
      await phone
        .getByRole('status')
        .filter({ hasText: word(catalog, 'account.signedIn', { name }) })
        .waitFor();
      await expect.poll(() => nameOf(phone), { timeout: PATIENCE_MS }).toBe(name);

      // The game in progress, one tap from "Your games", at the laptop player's own seat: set up and go on.
      const games = phone.getByRole('region', { name: word(catalog, 'yourGames.title') });
      await games.locator(`[data-your-game="${gameId}"]`).tap();
      await phone.locator('[data-setup-confirm]').waitFor({ timeout: PATIENCE_MS });
      expect(new URL(phone.url()).pathname).toBe(`/play/${gameId}`);
      await setUp(phone);

      // The laptop lists both devices, each with when it was last used, and the passkey, used once.
      await laptop.reload();
      await laptop.getByRole('button', { name: word(catalog, 'account.devices') }).click();
      await expect.poll(() => laptop.locator('[data-device]').count(), { timeout: PATIENCE_MS }).toBe(2);
      const lastUsed = word(catalog, 'account.lastUsed').trim();
      await expect(laptop.locator('[data-passkey]').textContent()).resolves.toContain(lastUsed);
      // Removed, it is gone from the list.
      const label = (await laptop.locator('[data-passkey]').getAttribute('data-passkey-label')) ?? '';
      await laptop.getByRole('button', { name: word(catalog, 'account.removePasskey', { label }) }).click();
      await laptop.getByText(word(catalog, 'account.noPasskeys')).waitFor();
      expect(errors).toEqual([]);
      await laptopContext.close();
      await phoneContext.close();
      await friendContext.close();
    }
  });

  it('51.6: a link code between two browsers, the phone bringing its own game along or leaving it; "Sign out everywhere else" closes the phone\'s table at once, in four languages', async () => {
    for (const [locale, catalog] of LANGUAGES) {
      const errors: string[] = [];
      const laptopContext = await site.browser.newContext({ locale });
      const laptop = await laptopContext.newPage();
      laptop.on('pageerror', (e) => errors.push(e.message));
      await laptop.goto(home());
      const name = await nameOf(laptop);
      const laptopGame = await friendGame(laptop, home());
      await laptop.getByRole('button', { name: word(catalog, 'account.another') }).click();
      const shown = laptop.locator('[data-link-code]');
      const code = (await shown.getAttribute('data-link-code', { timeout: PATIENCE_MS })) ?? '';
      expect(code).toMatch(/^[23456789ABCDEFGHJKMNPQRSTVWXYZ]{8}$/);
      await laptop.getByRole('img', { name: word(catalog, 'account.qrLabel') }).waitFor();

      // The phone plays as someone of its own, with a game in progress: it is asked, and brings it along.
      const phoneContext = await site.browser.newContext({ locale, ...PHONE });
      const phone = await phoneContext.newPage();
      phone.on('pageerror', (e) => errors.push(e.message));
      await phone.goto(home());
      const phoneName = await nameOf(phone);
      const phoneGame = await friendGame(phone, home());
      const codeBox = phone.getByRole('textbox', { name: word(catalog, 'account.codeLabel') });
      if (locale === 'en-GB') {
        // Typed as a person might: lower case, with the dash shown.
        await codeBox.fill(`${code.slice(0, 4)}-${code.slice(4)}`.toLowerCase());
      } else {
        // Or the QR code scanned: its address opens the page with the code filled in.
        await phone.goto(`${home()}/?code=${code}`);
        await expect.poll(() => codeBox.inputValue(), { timeout: PATIENCE_MS }).toBe(code);
      }
      await phone.getByRole('button', { name: word(catalog, 'account.useCode') }).tap();
      await phone
        .getByRole('group', { name: word(catalog, 'account.merge.title', { name: phoneName }) })
        .waitFor();
      // Brought along (en, nl), or left with the phone's own player (de, fr): listed on the phone either way.
      const merge = locale === 'en-GB' || locale === 'nl-NL' ? 'move' : 'keep';
      await phone
        .getByRole('button', { name: word(catalog, `account.merge.${merge}`, { name: phoneName }) })
        .tap();
      await expect.poll(() => nameOf(phone), { timeout: PATIENCE_MS }).toBe(name);
      const games = phone.getByRole('region', { name: word(catalog, 'yourGames.title') });
      for (const id of [laptopGame, phoneGame])
        await games.locator(`[data-your-game="${id}"]`).waitFor({ timeout: PATIENCE_MS });
      // The laptop's list has the phone's game only when it was brought along.
      await laptop.reload();
      const laptopGames = laptop.getByRole('region', { name: word(catalog, 'yourGames.title') });
      await laptopGames.locator(`[data-your-game="${laptopGame}"]`).waitFor({ timeout: PATIENCE_MS });
      expect(await laptopGames.locator(`[data-your-game="${phoneGame}"]`).count()).toBe(
        merge === 'move' ? 1 : 0,
      );
      // The code worked once.
      const again = await laptop.evaluate(
        async (body) =>
          (
            await fetch('/api/account/link', {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify(body),
            })
          ).status,
        { code, secret: randomBytes(32).toString('base64url') },
      );
      expect(again).toBe(409);

      // The phone sits at the laptop's game; the laptop signs out everywhere else: the table says why at once.
      await games.locator(`[data-your-game="${laptopGame}"]`).tap();
      await phone.locator('[data-emote-button]').waitFor({ timeout: PATIENCE_MS });
      expect(new URL(phone.url()).pathname).toBe(`/play/${laptopGame}`);
      await laptop.getByRole('button', { name: word(catalog, 'account.devices') }).click();
      await expect.poll(() => laptop.locator('[data-device]').count(), { timeout: PATIENCE_MS }).toBe(2);
      await laptop.getByRole('button', { name: word(catalog, 'account.signOutOthers') }).click();
      await laptop
        .getByRole('status')
        .filter({ hasText: word(catalog, 'account.signedOutOthers') })
        .waitFor();
      await phone.getByText(word(catalog, 'account.revoked')).first().waitFor({ timeout: PATIENCE_MS });
      // The socket said so (a request would not leave the table): the phone is back on the home page.
      await phone.locator('[data-start=friend]').waitFor({ timeout: PATIENCE_MS });
      await expect(phone.locator('[data-my-name]').count()).resolves.toBe(0);
      // The laptop plays on.
      await laptop.reload();
      expect(await nameOf(laptop)).toBe(name);
      expect(errors).toEqual([]);
      await laptopContext.close();
      await phoneContext.close();
    }
  });
});

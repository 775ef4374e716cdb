/**
 * Words that fit, in every language (issue 32 item 5): every screen and dialog of the page is rendered in
 * English, Dutch, German and French, at a desktop's size (1280x800, a mouse) and a phone's held upright
 * (390x844, a finger) and sideways (844x390, issue 52), and the test fails on text that is cut off by a box
 * that hides its overflow, that runs off the card it is drawn on, that sticks out of its own box,
 * leaves the window, makes the page wider than the window, or that overlaps other text (the table's SVG labels
 * included). The screens: home (with a kept game, your games, challenges), settings, rules, the lobby (looking,
 * nobody came), a friend game online (the invitation, setting up, the emotes, the other away with the claim of
 * the win, resigning, its end with the rematch), a live game's clocks, a player's own page and another's with the challenge form, the Watch page, a game against the
 * computer (setup, the coin, the table, looking back, leaving, resigning, the end with its fairness check), a
 * replay with its analysis, pass and play's hand-over, and every lesson of "Learn to play" played through (the
 * coach, each step, the cannon, the scenes). A language's desktop and phones run side by side, each with a
 * second browser (English) that plays the other person; one game server and one Chromium serve them all.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGame, recordOf } from '../../src/engine/index.ts';
import { PATIENCE_MS } from '../patience.ts';
import { playUntil } from '../web/fixtures.ts';
import { chromiumAvailable, launch, sharedBuild, startGameServer } from './harness.ts';
import { type Moment, stepOnce } from './play.ts';

const LANGUAGES = ['en', 'nl', 'de', 'fr'] as const;
type Language = (typeof LANGUAGES)[number];
const LOCALES: Record<Language, string> = { en: 'en-US', nl: 'nl-NL', de: 'de-DE', fr: 'fr-FR' };

const SIZES = {
  desktop: { viewport: { width: 1280, height: 800 } },
  phone: { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true },
  // The phone held sideways (issue 52 item 1).
  sideways: { viewport: { width: 844, height: 390 }, hasTouch: true, isMobile: true },
} as const;
type Size = keyof typeof SIZES;

/** What one look at a screen found: how many texts it read, and what does not fit. */
interface Look {
  texts: number;
  problems: string[];
}

/**
 * Reads every text drawn in the topmost layer (the last open dialog, else the page) and says which do not fit.
 * A text is cut off when it reaches past a box that hides its overflow (scrolling boxes only hide what can be
 * scrolled to); two texts overlap when their boxes cross by more than a pixel sideways and a quarter of a line
 * (a pixel each way for the table's labels, which are drawn closer).
 */
function look(page: Page): Promise<Look> {
  return page.evaluate(() => {
    const problems = new Set<string>();
    const styles = new Map<Element, CSSStyleDeclaration>();
    const style = (el: Element) => {
      let s = styles.get(el);
      if (s === undefined) {
        s = getComputedStyle(el);
        styles.set(el, s);
      }
      return s;
    };
    const quote = (text: string) => `"${text.replace(/\s+/g, ' ').trim().slice(0, 70)}"`;
    const name = (el: Element) => {
      const classes =
        typeof el.className === 'string' && el.className !== ''
          ? `.${el.className.split(' ').join('.')}`
          : '';
      return `${el.tagName.toLowerCase()}${classes}`;
    };
    const visible = (el: Element) => el.checkVisibility({ opacityProperty: true, visibilityProperty: true });
    // A dialog is on top of everything: only it is read. A menu or an alert floats over the page: its words
    // are read with the page's, but overlap only words of their own layer.
    const dialogs = [...document.querySelectorAll('[role=dialog]')].filter(visible);
    const layer = dialogs[dialogs.length - 1] ?? document.body;
    const floating = '[role=menu], .turn-alert-region, .emote-bubble';
    const layerOf = (el: Element) => el.closest(floating) ?? layer;
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth > width + 1)
      problems.add(`the page is ${document.documentElement.scrollWidth} px wide in a ${width} px window`);

    interface Item {
      text: string;
      el: Element;
      svg: boolean;
      rects: DOMRect[];
      layer: Element;
    }
    const items: Item[] = [];
    const walker = document.createTreeWalker(layer, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
      const el = node.parentElement;
      const text = node.textContent ?? '';
      if (el === null || text.trim() === '') continue;
      if (el.closest('svg, .sr-only, script, style, title, option, select, textarea') !== null) continue;
      if (!visible(el)) continue;
      range.selectNodeContents(node);
      const rects = [...range.getClientRects()].filter((r) => r.width > 0.5 && r.height > 0.5);
      if (rects.length > 0) items.push({ text, el, svg: false, rects, layer: layerOf(el) });
    }
    for (const el of layer.querySelectorAll('svg text')) {
      const text = el.textContent ?? '';
      if (text.trim() === '' || el.closest('defs, symbol, clipPath, mask') !== null || !visible(el)) continue;
      const r = el.getBoundingClientRect();
      if (r.width > 0.5 && r.height > 0.5)
        items.push({ text, el, svg: true, rects: [r], layer: layerOf(el) });
    }

    /** The box an element clips its content to, when it clips on that axis ('hidden' or 'clip'), or scrolls. */
    const clipBox = (a: Element) => {
      const s = style(a);
      const outerSvg = a instanceof SVGSVGElement && a.ownerSVGElement === null;
      if (a instanceof SVGElement && !outerSvg) return null;
      const r = a.getBoundingClientRect();
      const left = outerSvg ? r.left : r.left + a.clientLeft;
      const top = outerSvg ? r.top : r.top + a.clientTop;
      const right = outerSvg ? r.right : left + a.clientWidth;
      const bottom = outerSvg ? r.bottom : top + a.clientHeight;
      const kind = (o: string) =>
        o === 'hidden' || o === 'clip' ? 'hides' : o === 'visible' ? null : 'scrolls';
      return { left, top, right, bottom, x: kind(s.overflowX), y: kind(s.overflowY) };
    };
    // Every card's words stay on the card (issue 52: "Drapeau" ran off the flag card): the words drawn on an
    // action card or a flag card, wherever it is drawn (the table, the setup, a scene, the rules).
    for (const card of layer.querySelectorAll('.card-art, .flag-art')) {
      const face = card.querySelector('rect');
      if (face === null || !visible(card)) continue;
      const edge = face.getBoundingClientRect();
      if (edge.width < 1 || edge.height < 1) continue;
      for (const word of card.querySelectorAll('text')) {
        const text = word.textContent ?? '';
        const r = word.getBoundingClientRect();
        if (text.trim() === '' || r.width < 0.5) continue;
        if (
          r.left < edge.left - 0.5 ||
          r.right > edge.right + 0.5 ||
          r.top < edge.top - 1 ||
          r.bottom > edge.bottom + 1
        )
          problems.add(`${quote(text)} runs off its card`);
      }
    }
    // A pirate's or a flag place's name keeps clear of its tile's edges (issue 52: "Sally Swashbuckler"
    // touched both sides of hers on a phone held sideways): 2 px inside the border at least.
    for (const tile of layer.querySelectorAll('.crew-member, .flag-slot')) {
      if (!visible(tile)) continue;
      const box = tile.getBoundingClientRect();
      const left = box.left + Number.parseFloat(style(tile).borderLeftWidth) + 2;
      const right = box.right - Number.parseFloat(style(tile).borderRightWidth) - 2;
      const words = document.createTreeWalker(tile, NodeFilter.SHOW_TEXT);
      for (let node = words.nextNode(); node !== null; node = words.nextNode()) {
        if (node.parentElement?.closest('.sr-only, svg') != null || (node.textContent ?? '').trim() === '')
          continue;
        range.selectNodeContents(node);
        if ([...range.getClientRects()].some((r) => r.width > 0.5 && (r.left < left || r.right > right)))
          problems.add(`${quote(node.textContent ?? '')} touches the edge of its ${name(tile)}`);
      }
    }
    const seen: { item: Item; rects: DOMRect[] }[] = [];
    for (const item of items) {
      const shown: DOMRect[] = [];
      // Words hidden on purpose (for screen readers: a box of a pixel that hides its overflow) are not drawn.
      let hidden = false;
      for (const rect of item.rects) {
        let r = new DOMRect(rect.x, rect.y, rect.width, rect.height);
        for (
          let a: Element | null = item.el;
          a !== null && a !== document.documentElement;
          a = a.parentElement
        ) {
          const box = clipBox(a);
          if (box === null) continue;
          if (
            (box.x === 'hides' || box.y === 'hides') &&
            (box.right - box.left <= 1 || box.bottom - box.top <= 1)
          )
            hidden = true;
          if (hidden) break;
          if (box.x === 'hides' && (rect.left < box.left - 1 || rect.right > box.right + 1))
            problems.add(`${quote(item.text)} is cut off at the side by ${name(a)}`);
          if (box.y === 'hides' && (rect.top < box.top - 1 || rect.bottom > box.bottom + 1))
            problems.add(`${quote(item.text)} is cut off above or below by ${name(a)}`);
          // What a box hides or scrolls away is not drawn: only the rest can overlap.
          const left = box.x === null ? r.left : Math.max(r.left, box.left);
          const right = box.x === null ? r.right : Math.min(r.right, box.right);
          const top = box.y === null ? r.top : Math.max(r.top, box.top);
          const bottom = box.y === null ? r.bottom : Math.min(r.bottom, box.bottom);
          r = new DOMRect(left, top, Math.max(0, right - left), Math.max(0, bottom - top));
        }
        if (r.width > 0.5 && r.height > 0.5) shown.push(r);
      }
      if (hidden || shown.length === 0) continue;
      seen.push({ item, rects: shown });
      if (shown.some((r) => r.left < -1 || r.right > width + 1))
        problems.add(`${quote(item.text)} goes past the window's side`);
      if (!item.svg) {
        // Text that sticks out of its own box sideways (a word too long for its button) runs into its neighbours.
        const own = item.el;
        const display = style(own).display;
        if (!display.startsWith('inline') || display === 'inline-block' || display === 'inline-flex') {
          const box = own.getBoundingClientRect();
          if (item.rects.some((r) => r.left < box.left - 1 || r.right > box.right + 1))
            problems.add(`${quote(item.text)} sticks out of its ${name(own)}`);
        }
        if (style(own).overflowX !== 'visible' && own.scrollWidth > own.clientWidth + 1)
          problems.add(`${quote(item.text)} is wider than its ${name(own)}`);
      }
    }
    for (let i = 0; i < seen.length; i++)
      for (let j = i + 1; j < seen.length; j++) {
        const a = seen[i];
        const b = seen[j];
        if (a === undefined || b === undefined || a.item.layer !== b.item.layer) continue;
        const labels = a.item.svg && b.item.svg;
        const crossed = a.rects.some((p) =>
          b.rects.some((q) => {
            const x = Math.min(p.right, q.right) - Math.max(p.left, q.left);
            const y = Math.min(p.bottom, q.bottom) - Math.max(p.top, q.top);
            return labels ? x > 1 && y > 1 : x > 2 && y > Math.max(1, 0.25 * Math.min(p.height, q.height));
          }),
        );
        if (crossed) problems.add(`${quote(a.item.text)} and ${quote(b.item.text)} overlap`);
      }
    // A menu's chosen option drawn wider than the menu is cut off inside it.
    const canvas = document.createElement('canvas').getContext('2d');
    for (const select of layer.querySelectorAll('select')) {
      if (!visible(select) || canvas === null) continue;
      const s = style(select);
      canvas.font = s.font;
      const text = select.selectedOptions[0]?.textContent ?? '';
      const room =
        select.clientWidth - Number.parseFloat(s.paddingLeft) - Number.parseFloat(s.paddingRight) - 14;
      if (canvas.measureText(text).width > room + 1) problems.add(`${quote(text)} is cut off in its menu`);
    }
    return { texts: seen.length, problems: [...problems] };
  });
}

/** One player's browser, with what the test found on each screen it looked at. */
interface Player {
  page: Page;
  size: Size;
  problems: string[];
  screens: string[];
}

/**
 * Looks at the screen on show and notes what does not fit; every screen has words to read. A scene ends by
 * itself: `passing` names its element, and a look that found few words after the scene had gone (a busy
 * machine is slow between reading the scene and looking at it) saw the screen changing, not a screen short
 * of words.
 */
async function check(player: Player, screen: string, passing?: string): Promise<void> {
  // The fonts and the layout settle (two frames) before the look.
  await player.page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  const found = await look(player.page);
  player.screens.push(screen);
  const changing = passing !== undefined && (await player.page.locator(passing).count()) === 0;
  if (found.texts < 3 && !changing)
    player.problems.push(`${player.size}, ${screen}: only ${found.texts} texts drawn`);
  for (const problem of found.problems) player.problems.push(`${player.size}, ${screen}: ${problem}`);
}

/** The settings each browser starts with: its language, no sound, stilled motion, slow scenes to look at. */
function settingsScript(language: Language | null): string {
  const settings = { pace: 'slow', motion: 'reduce', sound: false, language };
  return `if (localStorage.getItem('pirates.settings') === null) localStorage.setItem('pirates.settings', ${JSON.stringify(JSON.stringify(settings))});`;
}

const nameOf = async (page: Page) => (await page.locator('[data-my-name]').textContent()) ?? '';
const idOf = async (page: Page) =>
  decodeURIComponent(
    (await page.locator('[data-me] a[href^="/player/"]').getAttribute('href'))?.slice('/player/'.length) ??
      '',
  );

/**
 * Goes to `path` as Back and Forward do, without loading the page again (a load costs a second or more of a
 * busy machine; the page routes every address itself, main.tsx).
 */
async function visit(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/** Clicks `selector` when it is there; a scene that ended by itself meanwhile is no failure. */
const tap = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .click({ timeout: 2000 })
    .catch(() => undefined);

/** The home page, the settings, the rules. */
async function homeAndRules(p: Player, url: string): Promise<void> {
  const { page } = p;
  await page.goto(url);
  await page.locator('[data-my-name]').waitFor();
  await check(p, 'home');
  await page.click('[data-open-settings]');
  await page.waitForSelector('[data-settings]');
  await check(p, 'settings');
  await page.keyboard.press('Escape');
  await page.waitForSelector('[data-settings]', { state: 'detached' });
  await visit(page, '/rules');
  await page.locator('main.rules').waitFor();
  await check(p, 'rules');
}

/** "Find an opponent": looking, and nobody came (the server offers the computer after a second). */
async function lobby(p: Player): Promise<void> {
  const { page } = p;
  await visit(page, '/');
  // The desktop and the phone look for different games, or they would find each other.
  const card = page.locator('[data-find]');
  await card
    .locator('fieldset')
    .first()
    .locator('label')
    .nth(p.size === 'phone' ? 1 : 0)
    .click();
  // The phone held sideways looks for quick shots, where the desktop looks for aimed ones.
  await card
    .locator('fieldset')
    .nth(1)
    .locator('label')
    .nth(p.size === 'sideways' ? 1 : 0)
    .click();
  await card.locator('[data-seek]').click();
  await page.locator('[data-seeking]').waitFor();
  await check(p, 'lobby, looking');
  await page.locator('[data-lonely]').waitFor();
  await check(p, 'lobby, nobody came');
  await page.click('[data-cancel-seek]');
  await card.locator('[data-seek]').waitFor();
}

/**
 * A friend game online against the other browser: the invitation, both at the table setting up, an emote
 * heard, the game listed on home, on one's page and on the Watch page, then resigned: the end and a rematch.
 */
async function friendGame(p: Player, other: Page): Promise<void> {
  const { page } = p;
  await visit(page, '/');
  const me = await idOf(page);
  await page.click('[data-start=friend]');
  const invite = await page.locator('[data-invite]').inputValue();
  await check(p, 'a friend game, the invitation');
  await visit(other, new URL(invite).pathname + new URL(invite).search);
  await other.waitForSelector('[data-setup-confirm]');
  await page.locator('[data-opponent]').waitFor();
  await page.waitForSelector('[data-setup-confirm]');
  await check(p, 'a friend game, setting up');
  const table = page.url();
  await page.click('[data-emote-button]');
  await page.locator('.emote-picker').waitFor();
  await check(p, 'a friend game, the emotes');
  await page.click('[data-emote-button]');
  await other.click('[data-emote-button]');
  await other.click('[data-emote=arr]');
  await page.locator('[data-emote-heard]').waitFor();
  await check(p, 'a friend game, an emote heard');
  // The other leaves the page (its socket closes; home within the page keeps it open) and stays away: after
  // AWAY_SECONDS (2 in the e2e server) the win may be claimed. Then it comes back by the invitation.
  await other.goto('about:blank');
  await page.locator('.claim button').first().waitFor();
  await check(p, 'a friend game, the other away: claim the win');
  await other.goto(invite);
  await other.waitForSelector('[data-setup-confirm]');
  await page.locator('.claim').waitFor({ state: 'detached' });

  await visit(page, '/');
  await page.locator('[data-your-game]').first().waitFor();
  await check(p, 'home, your games');
  await visit(page, `/player/${encodeURIComponent(me)}`);
  await page.locator('[data-player-name]').waitFor();
  await page.locator('[data-your-game]').first().waitFor();
  await check(p, 'your page');
  await visit(page, '/watch');
  await page.locator('[data-live]').first().waitFor();
  await check(p, 'the Watch page');

  await visit(page, new URL(table).pathname + new URL(table).search);
  await page.waitForSelector('[data-setup-confirm]');
  await page.locator('.game-bar button.danger').click();
  await page.locator('[data-resign-dialog]').waitFor();
  await check(p, 'a friend game, resigning');
  await page.locator('[data-resign-dialog] button.danger').click();
  await page.locator('[data-end] [data-game-rating]').waitFor();
  await check(p, 'the end of a friend game');
  await page.click('[data-rematch-offer]');
  await page.locator('[data-rematch=offered]').waitFor();
  await check(p, 'the end of a friend game, a rematch offered');
  await other.locator('[data-rematch=offered-to-me]').waitFor();
  await other.click('[data-rematch-decline]');
  await page.locator('[data-rematch=declined]').waitFor();
  // One's own page lists the finished game, with its replay.
  await visit(page, `/player/${encodeURIComponent(me)}`);
  await page.locator('[data-player-game]').first().waitFor();
  await check(p, 'your page, a finished game');
}

/**
 * A live game found in the lobby by both browsers (rules and shots by size so the desktop and the phones do not meet,
 * aimed cannon, the live clock): the clocks, then resigned.
 */
async function timedGame(p: Player, other: Page): Promise<void> {
  const { page } = p;
  const pick = async (who: Page, group: number, option: number) =>
    who.locator('[data-find] fieldset').nth(group).locator('label').nth(option).click();
  await Promise.all([visit(page, '/'), visit(other, '/')]);
  for (const who of [page, other]) {
    await pick(who, 0, p.size === 'phone' ? 1 : 0);
    await pick(who, 1, p.size === 'sideways' ? 1 : 0);
    await pick(who, 2, 1);
    await who.locator('[data-find] [data-seek]').click();
  }
  await Promise.all([page.locator('[data-clocks]').waitFor(), other.locator('[data-clocks]').waitFor()]);
  await check(p, 'a live game, the clocks');
  await page.locator('.game-bar button.danger').click();
  await page.locator('[data-resign-dialog] button.danger').click();
  await Promise.all([page.locator('[data-end]').waitFor(), other.locator('[data-end]').waitFor()]);
  await visit(other, '/');
  await visit(page, '/');
}

/** Challenges by name: the form on the other's page, one sent, one received (with its alert), answered. */
async function challenges(p: Player, other: Page): Promise<void> {
  const { page } = p;
  await visit(page, '/');
  const me = await idOf(page);
  const myName = await nameOf(page);
  await visit(other, '/');
  const them = await idOf(other);
  await visit(page, `/player/${encodeURIComponent(them)}?challenge`);
  await page.locator('[data-challenge-them] .challenge-form').waitFor();
  await check(p, "another player's page, the challenge form");
  await page.locator('[data-challenge-them] .challenge-form button.primary').click();
  await page.locator('[data-challenge-them] [role=status]').waitFor();
  await check(p, "another player's page, a challenge sent");
  await visit(page, '/');
  await page.locator('[data-challenge-out]').waitFor();
  await check(p, 'home, a challenge sent');
  await page.locator('[data-challenge-out] button').first().click();
  await page.locator('[data-challenge-out]').waitFor({ state: 'detached' });
  // The other challenges back while this page is on its own page; back home, the page looks and tells.
  await page.locator('[data-me] a[href^="/player/"]').click();
  await page.locator('[data-player-name]').waitFor();
  await visit(other, `/player/${encodeURIComponent(me)}`);
  await other.getByRole('button', { name: `Challenge ${myName}` }).click();
  await other.getByRole('button', { name: 'Send the challenge' }).click();
  await other.getByText(`Challenge sent: waiting for ${myName} to answer`).waitFor();
  await page.locator('main button.link').first().click();
  await page.locator('[data-challenge-in]').waitFor();
  await page.locator('[data-challenge-alert]').waitFor();
  await check(p, 'home, a challenge received');
  await page.locator('[data-challenge-in] button').nth(1).click();
  await page.locator('[data-challenge-in]').waitFor({ state: 'detached' });
}

/** A game against the computer: setup, the coin, the table, looking back, leaving, resigning, the end. */
async function computerGame(p: Player): Promise<void> {
  const { page } = p;
  await visit(page, '/');
  await page.click('[data-start=computer]');
  await page.waitForSelector('[data-setup-piece]');
  await check(p, 'a game, the setup');
  const pieces = page.locator('[data-setup-piece]');
  for (const i of [0, 1, 2]) await pieces.nth(i).click();
  await check(p, 'a game, the setup with three chosen');
  await page.click('[data-setup-confirm]');
  // The coin for who starts, and whatever the computer did first: each scene looked at, then skipped.
  await page.locator('.log-line').first().waitFor();
  for (let i = 0; i < 20; i++) {
    const scene = page.locator('[data-scene]');
    if ((await scene.count()) > 0) {
      await check(
        p,
        `a game, a scene (${await scene.getAttribute('data-scene').catch(() => '')})`,
        '[data-scene]',
      );
      await tap(page, '[data-scene] button');
      continue;
    }
    if (
      (await page.locator('svg.table [data-choice], .prompt-buttons [data-choice], [data-fire]').count()) > 0
    )
      break;
    await page.waitForTimeout(100);
  }
  if ((await page.locator('[data-fire]').count()) > 0) await check(p, 'a game, the cannon');
  else {
    await page.locator('svg.table').waitFor();
    await check(p, 'a game, the table');
    const labels = await page.locator('svg.table text').count();
    if (labels < 20) p.problems.push(`${p.size}: the table shows only ${labels} labels`);
  }
  // A few decisions on, until the computer's card is marked "just turned" on the table before this player's
  // turn: the German label ran over the card's number (issue 32 item 5).
  const seen = new Set<Moment>();
  for (let i = 0; i < 60; i++) {
    const marked = await page.locator('svg.table text.just-turned').count();
    if (marked > 0 && (await page.locator('svg.table [data-choice]').count()) > 0) {
      await check(p, 'a game, a card just turned');
      break;
    }
    if ((await stepOnce(page, seen)) !== 'acted') await page.waitForTimeout(100);
  }
  await page.locator('.log-line').first().click();
  await page.locator('[data-review]').waitFor();
  await check(p, 'a game, looking back');
  await page.click('[data-review-back]');
  await page.locator('.game-bar button.link').first().click();
  await page.locator('[data-leave]').waitFor();
  await check(p, 'a game, leaving it');
  await page.locator('[data-leave] button.primary').click();
  await page.locator('.game-bar button.danger').click();
  await page.locator('[data-resign-dialog]').waitFor();
  await check(p, 'a game, resigning');
  await page.locator('[data-resign-dialog] button.danger').click();
  await page.locator('[data-end]').waitFor();
  await check(p, 'the end of a game');
  await page.click('[data-check-game]');
  await page.locator('[data-fair]').waitFor();
  await check(p, 'the end of a game, its fairness checked');
}

/** A finished game's record opened from home: the replay, then its analysis. */
async function replay(p: Player, record: string): Promise<void> {
  const { page } = p;
  await visit(page, '/');
  await page.locator('input[type=file]').setInputFiles({
    name: 'game.json',
    mimeType: 'application/json',
    buffer: Buffer.from(record),
  });
  await page.locator('main.replay, .replay').first().waitFor();
  await check(p, 'a replay');
  await page.click('button.analyse');
  await page.locator('[data-analysis=done]').waitFor();
  await check(p, 'a replay with its analysis');
}

/** Pass and play: the hand-over screen, then home with the game kept there, and abandoning it. */
async function passAndPlay(p: Player): Promise<void> {
  const { page } = p;
  await visit(page, '/');
  await page.click('[data-start=pass]');
  await page.locator('[data-handover]').waitFor();
  await check(p, 'pass and play, the hand-over');
  // Red takes the device, then goes home as a player would ("← Home", "Go home"): the game is kept there.
  await page.locator('[data-handover] button').click();
  await page.waitForSelector('[data-setup-piece]');
  await page.locator('.game-bar button.link').first().click();
  await page.locator('[data-leave] button').nth(1).click();
  await page.locator('[data-kept]').waitFor();
  await check(p, 'home, a game kept');
  await page.locator('[data-kept] .kept-buttons button').nth(1).click();
  await page.locator('[data-kept] .kept-buttons span').waitFor();
  await check(p, 'home, abandoning the kept game');
  await page.locator('[data-kept] .kept-buttons button').nth(1).click();
  await page.locator('[data-kept]').waitFor({ state: 'detached' });
}

/**
 * "Learn to play", every lesson there is, played through as a person would (the coach's ask, the scenes, the
 * cannon, the lesson done), each moment looked at; returns the lessons seen and how many there are.
 */
async function lessons(p: Player): Promise<{ seen: number[]; total: number }> {
  const { page } = p;
  await visit(page, '/');
  await page.click('[data-start=tutorial]');
  await page.locator('[data-lesson]').waitFor();
  const total = Number(await page.locator('[data-lesson]').getAttribute('data-lessons'));
  const seen: number[] = [];
  const looked = new Set<string>();
  const lookOnce = async (moment: string, passing?: string) => {
    const lesson = Number(await page.locator('[data-lesson]').getAttribute('data-lesson', { timeout: 1000 }));
    const key = `lesson ${lesson + 1} of ${total}, ${moment}`;
    if (!seen.includes(lesson)) seen.push(lesson);
    if (looked.has(key)) return;
    looked.add(key);
    await check(p, key, passing);
  };
  const deadline = Date.now() + 4 * PATIENCE_MS;
  while (Date.now() < deadline && (await page.locator('main.game').count()) > 0) {
    if ((await page.locator('[data-waiting]').count()) > 0) {
      await page.waitForTimeout(50);
      continue;
    }
    const scene = await page
      .locator('[data-scene]')
      .getAttribute('data-scene', { timeout: 100 })
      .catch(() => null);
    if (scene !== null) {
      await lookOnce(`a scene (${scene})`, '[data-scene]');
      await tap(page, '[data-scene] button');
    } else if ((await page.locator('[data-next-lesson]').count()) > 0) {
      await lookOnce('done');
      // The way on comes on the screen by itself (issue 52: sideways, a long lesson's words pushed it below the
      // right column's fold): the focus goes to it, which scrolls the column. A busy machine paints the lesson
      // done a moment before that, so the look waits for it (CI under load once looked in between); only a
      // "Next lesson" that stays outside the window, cut off by a column that scrolls or hides what overflows,
      // or under something else (its middle hits another element) is a problem.
      const shown = await page
        .waitForFunction(
          () => {
            const button = document.querySelector('[data-next-lesson]');
            const box = button?.getBoundingClientRect();
            if (button === null || box === undefined) return false;
            if (box.top < 0 || box.bottom > innerHeight || box.left < 0 || box.right > innerWidth)
              return false;
            for (let up = button.parentElement; up !== null; up = up.parentElement) {
              if (getComputedStyle(up).overflow === 'visible') continue;
              const frame = up.getBoundingClientRect();
              const inside =
                box.top >= frame.top - 1 &&
                box.bottom <= frame.bottom + 1 &&
                box.left >= frame.left - 1 &&
                box.right <= frame.right + 1;
              if (!inside) return false;
            }
            const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
            return hit !== null && button.contains(hit);
          },
          undefined,
          { timeout: PATIENCE_MS / 4, polling: 100 },
        )
        .then(() => true)
        .catch(() => false);
      if (!shown) {
        const lesson = Number(await page.locator('[data-lesson]').getAttribute('data-lesson'));
        p.problems.push(
          `${p.size}, lesson ${lesson + 1} of ${total} done: its "Next lesson" is off the screen, cut off or covered`,
        );
      }
      await tap(page, '[data-next-lesson]');
      await page.waitForTimeout(100);
    } else if ((await page.locator('[data-fire]').count()) > 0) {
      await lookOnce('the cannon');
      await tap(page, '[data-fire]');
    } else if ((await page.locator('[data-setup-confirm]').count()) > 0) {
      await lookOnce('the setup');
      const pieces = page.locator('[data-setup-piece]:not([aria-pressed=true])');
      for (
        let i = 0;
        i < 3 && (await page.locator('[data-setup-confirm][aria-disabled=true]').count()) > 0;
        i++
      )
        await pieces
          .first()
          .click({ timeout: 2000 })
          .catch(() => undefined);
      await tap(page, '[data-setup-confirm]');
    } else {
      // The move the lesson asks for: a target once a pirate is chosen, else the first thing offered.
      const sends = page.locator('[data-choice^="{"]');
      const choice = (await sends.count()) > 0 ? sends : page.locator('[data-choice]');
      if ((await choice.count()) === 0) {
        await page.waitForTimeout(50);
        continue;
      }
      const ask =
        (await page
          .locator('[data-lesson-ask]')
          .textContent({ timeout: 500 })
          .catch(() => '')) ?? '';
      await lookOnce(`asking "${ask.slice(0, 40)}"`);
      await choice
        .first()
        .click({ timeout: 2000 })
        .catch(() => undefined);
    }
  }
  // The last lesson's button leads home, which says the lessons are done.
  await page.locator('main.home .notice').waitFor();
  await check(p, 'home, the lessons done');
  return { seen, total };
}

describe.skipIf(!chromiumAvailable())('text that fits, on every screen, in four languages', () => {
  let browser: Browser;
  let server: { url: string; close: () => Promise<void> };
  let record = '';

  beforeAll(async () => {
    const dist = await sharedBuild();
    // All the browsers come from one address: three sizes and their other persons seek at once.
    server = await startGameServer(dist, { SEEK_OFFER_SECONDS: '1', SEEKS_PER_ADDRESS: '20' });
    browser = await launch();
    // A short finished game, for the replay and its analysis.
    const state = playUntil(createGame({ seed: 'text-fit', shots: 'quick', turnLimit: 24 }), () => false);
    record = JSON.stringify(recordOf(state));
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  for (const language of LANGUAGES)
    it(`every screen in ${language}, on a desktop and a phone upright and sideways, has no clipped or overlapping words`, async () => {
      const contexts = await Promise.all(
        (Object.keys(SIZES) as Size[]).map(async (size) => {
          const context = await browser.newContext({
            ...SIZES[size],
            locale: LOCALES[language],
            reducedMotion: 'reduce',
          });
          await context.addInitScript(settingsScript(language));
          // The other person, in English on a desktop.
          const otherContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
          await otherContext.addInitScript(settingsScript(null));
          return { size, context, otherContext };
        }),
      );
      const errors: string[] = [];
      const players = await Promise.all(
        contexts.map(async ({ size, context, otherContext }) => {
          const page = await context.newPage();
          const other = await otherContext.newPage();
          page.on('pageerror', (e) => errors.push(`${size}: ${e.message}`));
          // The other person has a name of its own before it joins a game.
          await other.goto(server.url);
          await other.locator('[data-my-name]').waitFor();
          const player: Player = { page, size, problems: [], screens: [] };
          return { player, other };
        }),
      );
      const results = await Promise.all(
        players.map(async ({ player, other }) => {
          const { url } = server;
          await homeAndRules(player, url);
          expect(await player.page.getAttribute('html', 'lang')).toBe(language);
          await lobby(player);
          await friendGame(player, other);
          await timedGame(player, other);
          await challenges(player, other);
          await computerGame(player);
          await replay(player, record);
          await passAndPlay(player);
          return lessons(player);
        }),
      );
      for (const { seen, total } of results) {
        // Every lesson there is was played and looked at (however many the tutorial has).
        expect(total).toBeGreaterThanOrEqual(5);
        expect([...seen].sort((a, b) => a - b)).toEqual([...Array(total).keys()]);
      }
      // Every screen was looked at: the flows' 39, and at least one moment of each lesson.
      for (const [i, { player }] of players.entries())
        expect(player.screens.length).toBeGreaterThanOrEqual(39 + (results[i]?.total ?? 0));
      expect(players.flatMap(({ player }) => player.problems)).toEqual([]);
      expect(errors).toEqual([]);
      await Promise.all(
        contexts.flatMap(({ context, otherContext }) => [context.close(), otherContext.close()]),
      );
    });
});

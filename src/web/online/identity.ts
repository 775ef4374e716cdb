/**
 * This device's identity (issue 19): a random secret made here with crypto.getRandomValues and kept in
 * localStorage; the server keeps only its sha256. The first visit makes one with a pirate name drawn by the
 * server; "Forget me" deletes it on the server and here, and the page then plays without a name until the
 * player asks for a new one. The secret goes only in the Authorization header of this page's own requests.
 */

import type { Controller } from '../controller.ts';
import { language, t } from '../i18n/i18n.ts';
import { newlyWaiting } from './turn-alerts.ts';
import { tellTurn } from './turn-notify.ts';
import type { PlayerPage, PlayerSummary, YourGamesResponse } from './wire.ts';

const KEY = 'pirates.identity';
/** Kept after "Forget me", so the next visit does not make a new identity unasked. */
const FORGOTTEN = 'forgotten';

function stored(): string | null {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

function keep(value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(KEY);
    else localStorage.setItem(KEY, value);
  } catch {
    // No storage: the identity lasts as long as the page.
  }
}

/** The secret to send, or null when this device has none. */
export function identitySecret(): string | null {
  const secret = stored();
  return secret === null || secret === FORGOTTEN ? null : secret;
}

/** The headers that name this device to the server (none without an identity). */
export function identityHeaders(): Record<string, string> {
  const secret = identitySecret();
  return secret === null ? {} : { authorization: `Bearer ${secret}` };
}

/**
 * This device plays from now on as the player of `secret` (issue 51: signed in with a passkey or a code), or
 * as nobody (null: signed out). A secret replaced is kept aside, not thrown away: the player it was stays on
 * the server with whatever was left with it (its own games in progress when the person chose to keep them).
 */
export function replaceIdentity(secret: string | null): void {
  const before = identitySecret();
  if (before !== null && secret !== null && before !== secret) {
    try {
      localStorage.setItem(EARLIER_KEY, before);
    } catch {
      // No storage: nothing to keep aside either.
    }
  }
  keep(secret ?? FORGOTTEN);
}

const EARLIER_KEY = 'pirates.identity.earlier';

/**
 * The games in progress of the player this device played as before signing in to another (empty without
 * one). Asked without `ask`: that player's device being signed out is not this device's.
 */
async function earlierGames(): Promise<YourGamesResponse['games']> {
  let secret: string | null = null;
  try {
    secret = localStorage.getItem(EARLIER_KEY);
  } catch {
    return [];
  }
  if (secret === null) return [];
  try {
    const response = await fetch('/api/players/me/games', { headers: { authorization: `Bearer ${secret}` } });
    if (!response.ok) return [];
    return ((await response.json()) as YourGamesResponse).games;
  } catch {
    return [];
  }
}

/** Called when the server says this device was signed out (`device/revoked`), set by connectPeople. */
let whenRevoked: () => void = () => undefined;

/** The server said this device was signed out (an answer, or a socket): drop the secret, say why. */
export function deviceRevoked(): void {
  whenRevoked();
}

/** 256 random bits, base64url. */
export function newSecret(): string {
  const bytes = new Uint8Array(32);
  crypto.getRandomValues(bytes);
  let text = '';
  for (const byte of bytes) text += String.fromCharCode(byte);
  return btoa(text).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

/** A request as this device (its identity in Authorization); `device/revoked` is handled here, once for all. */
export async function ask<T>(
  method: string,
  path: string,
  body?: unknown,
): Promise<{ ok: boolean; status: number; data: T }> {
  const headers: Record<string, string> = { ...identityHeaders() };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(path, {
    method,
    headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  // A page served without the game server (a static host, or offline from the service worker's cache) gets
  // its index.html back for /api paths: an answer that is not JSON is no answer.
  let data: unknown = {};
  let json = true;
  try {
    data = await response.json();
  } catch {
    json = false;
  }
  if (response.status === 401 && (data as { code?: unknown }).code === 'device/revoked') deviceRevoked();
  return { ok: response.ok && json, status: json ? response.status : 503, data: data as T };
}

/** How often an open page asks for "Your games" (turn alerts), ms. */
const LOOK_EVERY_MS = 20_000;

/** Leaves whatever game is open and takes up `gameId` at this device's seat. */
export function goToGame(ctl: Controller, gameId: string): void {
  ctl.onlineHooks?.leave();
  ctl.change((s) => {
    s.turnAlert = null;
  });
  history.pushState(null, '', `/play/${gameId}`);
  ctl.onlineJoin(gameId, null);
}

/** Plugs the identity into the controller and loads (or, on a first visit, makes) it. */
export function connectPeople(ctl: Controller): void {
  const set = (player: PlayerSummary | null, error: string | null = null) =>
    ctl.change((s) => {
      // The games listed stay while the identity does (a rename keeps them); without one there are none.
      const games = player !== null && s.me.player?.id === player.id ? s.me.games : null;
      s.me = { status: player === null ? 'none' : 'ready', player, error, forgetting: false, games };
    });
  const make = async () => {
    const secret = newSecret();
    // The drawn pirate name is in the page's language ("Salziger Krake 17" for a German page).
    const made = await ask<PlayerSummary & { message?: string }>('POST', '/api/players', {
      secret,
      language: language(),
    });
    if (!made.ok) return set(null, made.data.message ?? t('errors.noName'));
    keep(secret);
    set(made.data);
  };
  const load = async () => {
    const secret = stored();
    if (secret === FORGOTTEN) return set(null);
    if (secret === null) return make();
    const me = await ask<PlayerSummary & { code?: string }>('GET', '/api/players/me');
    if (me.ok) return set(me.data);
    // Signed out from another device: said once, by deviceRevoked.
    if (me.data.code === 'device/revoked') return;
    // Forgotten from another tab, or a new server: a new identity, as on a first visit.
    if (me.status === 404 || me.status === 401) {
      keep(null);
      return make();
    }
    return set(null, t('errors.nameNotLoaded'));
  };
  const offline = () => set(null, t('errors.nameOffline'));
  /** Asks for "Your games"; a game that came to need this player is told (turn-notify.ts). */
  const refreshGames = () => {
    if (identitySecret() === null) return;
    void Promise.all([ask<YourGamesResponse>('GET', '/api/players/me/games'), earlierGames()]).then(
      ([answer, earlier]) => {
        if (!answer.ok) return;
        // The games left with the player this device played as before it signed in ('keep') stay listed:
        // their seats' tokens are on this device.
        const games = [
          ...answer.data.games,
          ...earlier.filter((game) => !answer.data.games.some((g) => g.gameId === game.gameId)),
        ];
        const open = ctl.state.game?.online?.gameId ?? null;
        const news = newlyWaiting(ctl.state.me.games, games, open);
        ctl.change((s) => {
          s.me.games = games;
        });
        const first = news[0];
        if (first !== undefined) tellTurn(ctl, first, (gameId) => goToGame(ctl, gameId));
      },
      // Offline or the server away: the last list stays; the next look asks again.
      () => undefined,
    );
  };
  // Every page of the game looks while it is open, so a game elsewhere that needs the player is told.
  if (typeof setInterval !== 'undefined') setInterval(refreshGames, LOOK_EVERY_MS);
  whenRevoked = () => {
    if (identitySecret() === null) return;
    keep(FORGOTTEN);
    ctl.change((s) => {
      s.me = {
        status: 'none',
        player: null,
        error: t('account.revoked'),
        forgetting: false,
        games: null,
      };
    });
  };
  ctl.people = {
    reload() {
      void load().catch(offline);
    },
    signedOut() {
      keep(FORGOTTEN);
      set(null);
    },
    rename(name) {
      void ask<PlayerSummary & { message?: string }>('PUT', '/api/players/me/name', { name }).then(
        (answer) => {
          if (answer.ok) set(answer.data);
          else
            ctl.change((s) => {
              s.me.error = answer.data.message ?? t('errors.nameRefused');
            });
        },
        offline,
      );
    },
    forget() {
      if (!ctl.state.me.forgetting) {
        ctl.change((s) => {
          s.me.forgetting = true;
        });
        return;
      }
      void ask('DELETE', '/api/players/me').then(() => {
        keep(FORGOTTEN);
        set(null);
      }, offline);
    },
    makeNew() {
      keep(null);
      void make().catch(offline);
    },
    refreshGames,
    showPlayer(key) {
      ctl.change((s) => {
        s.screen = 'player';
        s.playerPage = { key, page: null, error: null };
        s.challenges.open = false;
      });
      void ask<PlayerPage & { message?: string }>('GET', `/api/players/${encodeURIComponent(key)}`).then(
        (answer) =>
          ctl.change((s) => {
            if (s.playerPage?.key !== key) return;
            if (answer.ok) s.playerPage.page = answer.data;
            else s.playerPage.error = answer.data.message ?? t('errors.noPlayer');
          }),
        () =>
          ctl.change((s) => {
            if (s.playerPage !== null) s.playerPage.error = t('errors.playerOffline');
          }),
      );
    },
  };
  void load().catch(offline);
}

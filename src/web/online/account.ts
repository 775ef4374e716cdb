/**
 * Accounts that travel on the page (issue 51; docs/protocol.md "Accounts"): save this player with a passkey,
 * sign in with one on another device, link a device with a short code, list and remove passkeys and devices,
 * sign out. The browser's own passkey dialog runs through @simplewebauthn/browser and the QR code is drawn
 * from uqr's matrix; both are loaded only when used, so the first page's JavaScript stays small.
 */
import type { AccountView, LinkCodeView, SignedIn } from '../../protocol/accounts.ts';
import { t } from '../i18n/i18n.ts';
import { ask, newSecret, replaceIdentity } from './identity.ts';

/** What a step came to: its answer, or a sentence for the person. */
export type Outcome<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly message: string };

/** What this device does with its present player's games in progress when it signs in to another player. */
export type Merge = 'move' | 'keep';

/** A refusal's code, in the person's words; an unknown code gets the server's own sentence. */
function refusalWords(code: string | undefined, message: string | undefined): string {
  switch (code) {
    case 'link/unknown':
      return t('account.refusal.linkUnknown');
    case 'link/expired':
      return t('account.refusal.linkExpired');
    case 'link/used':
      return t('account.refusal.linkUsed');
    case 'rate/link-codes':
    case 'rate/passkeys':
      return t('account.refusal.rate');
    case 'passkey/unknown':
      return t('account.refusal.passkeyUnknown');
    case 'passkey/exists':
      return t('account.refusal.passkeyExists');
    case 'passkey/challenge':
    case 'passkey/refused':
      return t('account.refusal.passkeyRefused');
    case 'device/revoked':
      return t('account.revoked');
    case 'request/invalid':
      return t('account.refusal.invalid');
    default:
      return message ?? t('account.refusal.offline');
  }
}

type Answer<T> = T & { readonly code?: string; readonly message?: string };

async function call<T>(method: string, path: string, body?: unknown): Promise<Outcome<T>> {
  try {
    const answer = await ask<Answer<T>>(method, path, body);
    if (answer.ok) return { ok: true, value: answer.data };
    return { ok: false, message: refusalWords(answer.data.code, answer.data.message) };
  } catch {
    return { ok: false, message: t('account.refusal.offline') };
  }
}

/** The browser's passkey dialog was closed, refused, or is not there: said plainly. */
function dialogRefusal(error: unknown): Outcome<never> {
  const name = (error as { name?: unknown } | null)?.name;
  if (name === 'NotAllowedError' || name === 'AbortError')
    return { ok: false, message: t('account.refusal.cancelled') };
  return { ok: false, message: t('account.refusal.noPasskeys') };
}

/** Whether this browser can make and use passkeys at all (a page over plain http on a LAN address cannot). */
export function passkeysHere(): boolean {
  return typeof window !== 'undefined' && window.isSecureContext && 'PublicKeyCredential' in window;
}

/** The player's passkeys and devices. */
export function loadAccount(): Promise<Outcome<AccountView>> {
  return call<AccountView>('GET', '/api/account');
}

/** Saves this player with a new passkey: the browser asks the person, then the server keeps its public key. */
export async function savePasskey(): Promise<Outcome<AccountView>> {
  const options = await call<{ options: unknown }>('POST', '/api/account/passkeys/options');
  if (!options.ok) return options;
  const { startRegistration } = await import('@simplewebauthn/browser');
  let credential: unknown;
  try {
    credential = await startRegistration({
      optionsJSON: options.value.options as Parameters<typeof startRegistration>[0]['optionsJSON'],
    });
  } catch (error) {
    return dialogRefusal(error);
  }
  return call<AccountView>('POST', '/api/account/passkeys', { credential });
}

/**
 * Signs this device in with a passkey (the browser offers those saved for this site): from then on it plays
 * as the passkey's player, with a secret of its own. `merge` says what becomes of the present player's games.
 */
export async function signInWithPasskey(merge: Merge): Promise<Outcome<SignedIn>> {
  const options = await call<{ options: unknown }>('POST', '/api/account/sign-in/options');
  if (!options.ok) return options;
  const { startAuthentication } = await import('@simplewebauthn/browser');
  let credential: unknown;
  try {
    credential = await startAuthentication({
      optionsJSON: options.value.options as Parameters<typeof startAuthentication>[0]['optionsJSON'],
    });
  } catch (error) {
    return dialogRefusal(error);
  }
  const secret = newSecret();
  const signed = await call<SignedIn>('POST', '/api/account/sign-in', { credential, secret, merge });
  if (signed.ok) replaceIdentity(secret);
  return signed;
}

/** A short code (and its QR code's address) for another device to sign in with. */
export function newLinkCode(): Promise<Outcome<LinkCodeView>> {
  return call<LinkCodeView>('POST', '/api/account/link-codes');
}

/** Signs this device in with a code another device of the player shows. */
export async function signInWithCode(code: string, merge: Merge): Promise<Outcome<SignedIn>> {
  const secret = newSecret();
  const signed = await call<SignedIn>('POST', '/api/account/link', { code, secret, merge });
  if (signed.ok) replaceIdentity(secret);
  return signed;
}

export function removePasskey(id: string): Promise<Outcome<AccountView>> {
  return call<AccountView>('DELETE', `/api/account/passkeys/${encodeURIComponent(id)}`);
}

/** Signs out another device of the player (the list comes back), or this one (`{ signedOut: true }`). */
export function removeDevice(id: string): Promise<Outcome<AccountView | { signedOut: true }>> {
  return call<AccountView | { signedOut: true }>('DELETE', `/api/account/devices/${encodeURIComponent(id)}`);
}

export function signOutOthers(): Promise<Outcome<AccountView>> {
  return call<AccountView>('POST', '/api/account/sign-out-others');
}

/** The address a QR code carries: this page, with the code to type filled in. */
export function linkAddress(code: string): string {
  return `${location.origin}/?code=${encodeURIComponent(code)}`;
}

/** '7KQ4MX9P' as it is easiest to read and type: '7KQ4-MX9P'. */
export function spacedCode(code: string): string {
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}

/** The QR code's dark modules for `text`, as rows of booleans (uqr, loaded when first needed). */
export async function qrModules(text: string): Promise<boolean[][]> {
  const { encode } = await import('uqr');
  return encode(text, { ecc: 'M', border: 2 }).data;
}

/** The code in this page's address (`/?code=7KQ4MX9P`, from a QR code), or null. */
export function codeInAddress(): string | null {
  if (typeof location === 'undefined') return null;
  return new URLSearchParams(location.search).get('code');
}

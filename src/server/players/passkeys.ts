/**
 * Passkeys (issue 51) through @simplewebauthn/server: this file only chooses the relying party and keeps the
 * challenges; every signature, origin, RP ID and counter check is the library's. A challenge is stored in the
 * database (account-store.ts), so the process that answers need not be the one that asked, and it is taken
 * before the answer is verified: an answer that fails has used it up all the same.
 */
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type VerifiedAuthenticationResponse,
  type VerifiedRegistrationResponse,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import type { FastifyRequest } from 'fastify';
import type { ServerConfig } from '../config.ts';
import type { AccountStore, CeremonyKind, StoredCeremony, StoredPasskey } from '../store/account-store.ts';
import type { StoredPlayer } from '../store/player-store.ts';

/** How long the browser's dialog may stay open, and so how long a challenge lives (ms). */
export const CEREMONY_MS = 5 * 60 * 1000;

/** The name the browser's dialog shows for this site. */
const RP_NAME = 'Pirates! Stratego';

export interface RelyingParty {
  readonly id: string;
  readonly origins: readonly string[];
}

/**
 * The RP ID and the origins a passkey may come from: the operator's (PASSKEY_RP_ID, PASSKEY_ORIGINS), or
 * else the request's own host (localhost, a test), as http and https.
 */
export function relyingParty(config: ServerConfig, request: FastifyRequest): RelyingParty {
  const { rpId, origins } = config.passkeys;
  if (rpId !== null) return { id: rpId, origins: origins ?? [`https://${rpId}`] };
  const host = request.host;
  const id = request.hostname.replace(/^\[|\]$/g, '');
  return { id, origins: [`http://${host}`, `https://${host}`] };
}

/** Options for the browser to make a passkey for `player`, its other passkeys excluded. */
export async function registrationOptions(
  accounts: AccountStore,
  party: RelyingParty,
  player: StoredPlayer,
  now: number,
): Promise<Record<string, unknown>> {
  const existing = await accounts.passkeysOf(player.id);
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: party.id,
    userName: player.name,
    userDisplayName: player.name,
    userID: new TextEncoder().encode(player.id),
    attestationType: 'none',
    excludeCredentials: existing.map((passkey) => ({ id: passkey.id })),
    // A passkey: kept on the authenticator (discoverable), so signing in needs no name typed.
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    timeout: CEREMONY_MS,
  });
  await accounts.putCeremony(ceremony(options.challenge, 'register', player.id, now), now);
  return { ...options };
}

/** Options for the browser to sign in with any passkey of this site. */
export async function signInOptions(
  accounts: AccountStore,
  party: RelyingParty,
  now: number,
): Promise<Record<string, unknown>> {
  const options = await generateAuthenticationOptions({
    rpID: party.id,
    userVerification: 'required',
    timeout: CEREMONY_MS,
  });
  await accounts.putCeremony(ceremony(options.challenge, 'sign-in', null, now), now);
  return { ...options };
}

function ceremony(
  challenge: string,
  kind: CeremonyKind,
  playerId: string | null,
  now: number,
): StoredCeremony {
  return { challenge, kind, playerId, expiresAt: now + CEREMONY_MS };
}

/** Why a passkey answer was refused. */
export type PasskeyRefusal = 'challenge' | 'refused' | 'unknown';

/**
 * The challenge an answer was made for, taken from the store (once): the library calls this with the
 * challenge it read from the signed client data, and verification fails unless it was ours, of this kind,
 * for this player, and alive.
 */
function challengeTaker(
  accounts: AccountStore,
  kind: CeremonyKind,
  playerId: string | null,
  now: number,
  taken: { ceremony: StoredCeremony | null },
): (challenge: string) => Promise<boolean> {
  return async (challenge) => {
    const found = await accounts.takeCeremony(challenge, kind, now);
    taken.ceremony = found;
    return found !== null && found.playerId === playerId;
  };
}

/** Verifies a new passkey's answer for `player` (the library's checks); the passkey to store, or why not. */
export async function verifyNewPasskey(
  accounts: AccountStore,
  party: RelyingParty,
  player: StoredPlayer,
  answer: unknown,
  label: string,
  now: number,
): Promise<StoredPasskey | PasskeyRefusal> {
  const taken: { ceremony: StoredCeremony | null } = { ceremony: null };
  let verified: VerifiedRegistrationResponse;
  try {
    verified = await verifyRegistrationResponse({
      // The library reads the answer's every field; zod has checked its shape and sizes.
      response: answer as Parameters<typeof verifyRegistrationResponse>[0]['response'],
      expectedChallenge: challengeTaker(accounts, 'register', player.id, now, taken),
      expectedOrigin: [...party.origins],
      expectedRPID: party.id,
      requireUserVerification: true,
    });
  } catch {
    return taken.ceremony === null ? 'challenge' : 'refused';
  }
  if (taken.ceremony === null) return 'challenge';
  if (!verified.verified) return 'refused';
  const { credential } = verified.registrationInfo;
  return {
    id: credential.id,
    playerId: player.id,
    publicKey: credential.publicKey,
    counter: credential.counter,
    transports: credential.transports ?? [],
    label,
    createdAt: now,
    lastUsedAt: null,
  };
}

/** Verifies a sign-in answer (the library's checks) and moves the passkey's counter; its passkey, or why not. */
export async function verifySignIn(
  accounts: AccountStore,
  party: RelyingParty,
  answer: { readonly id: string },
  now: number,
): Promise<StoredPasskey | PasskeyRefusal> {
  const passkey = await accounts.passkey(answer.id);
  const taken: { ceremony: StoredCeremony | null } = { ceremony: null };
  if (passkey === null) {
    // The challenge is used up all the same: an answer is good for one try.
    await challengeTaker(accounts, 'sign-in', null, now, taken)(challengeOf(answer) ?? '');
    return 'unknown';
  }
  let verified: VerifiedAuthenticationResponse;
  try {
    verified = await verifyAuthenticationResponse({
      response: answer as Parameters<typeof verifyAuthenticationResponse>[0]['response'],
      expectedChallenge: challengeTaker(accounts, 'sign-in', null, now, taken),
      expectedOrigin: [...party.origins],
      expectedRPID: party.id,
      credential: {
        id: passkey.id,
        publicKey: new Uint8Array(passkey.publicKey),
        counter: passkey.counter,
      },
      requireUserVerification: true,
    });
  } catch {
    return taken.ceremony === null ? 'challenge' : 'refused';
  }
  if (taken.ceremony === null) return 'challenge';
  if (!verified.verified) return 'refused';
  const next = verified.authenticationInfo.newCounter;
  // Two sign-ins with one signature: the counter moves once; the other is a replay.
  if (!(await accounts.usePasskey(passkey.id, passkey.counter, next, now))) return 'refused';
  return { ...passkey, counter: next, lastUsedAt: now };
}

/** The challenge an answer claims to answer, read from its client data (the library checks the rest). */
function challengeOf(answer: unknown): string | null {
  try {
    const data = (answer as { response?: { clientDataJSON?: unknown } }).response?.clientDataJSON;
    if (typeof data !== 'string') return null;
    const parsed = JSON.parse(Buffer.from(data, 'base64url').toString('utf8')) as { challenge?: unknown };
    return typeof parsed.challenge === 'string' ? parsed.challenge : null;
  } catch {
    return null;
  }
}

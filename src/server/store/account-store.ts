/**
 * Accounts that travel (issue 51) in storage, in the same database as the players (SQLite or PostgreSQL), so
 * every server process reads the same devices, passkeys, ceremonies and link codes. A device is known by the
 * sha256 of its secret only; a passkey by its public key only; a link code by its sha256 only. A ceremony (a
 * WebAuthn challenge) and a link code are taken by one conditional delete or update, so of two processes
 * racing to use one exactly one gets it. Everything here goes with the player's row ("Forget me").
 */
import type { StoredPlayer } from './player-store.ts';

/** One browser or device that plays as a player, with its own secret. */
export interface StoredDevice {
  /** Public, random, e.g. 'Qk3v9xYt2m1a' (the secret's hash is never shown). */
  readonly id: string;
  readonly playerId: string;
  /** How it came to be this player's: its first identity, a passkey, or a link code. */
  readonly via: DeviceVia;
  /** What the device said it is when it joined, e.g. 'Firefox on Linux' (at most 60 characters). */
  readonly label: string;
  readonly createdAt: number;
  readonly lastUsedAt: number;
}

export const DEVICE_VIAS = ['first', 'passkey', 'code'] as const;
export type DeviceVia = (typeof DEVICE_VIAS)[number];

/** A passkey: the authenticator's credential id and public key (COSE), never anything secret. */
export interface StoredPasskey {
  /** The credential id, base64url. */
  readonly id: string;
  readonly playerId: string;
  /** COSE public key bytes. */
  readonly publicKey: Uint8Array;
  /** The authenticator's signature counter as last seen (0 for authenticators that keep none). */
  readonly counter: number;
  readonly transports: readonly string[];
  readonly label: string;
  readonly createdAt: number;
  /** Last used to sign in, or null if never. */
  readonly lastUsedAt: number | null;
}

/** What a WebAuthn challenge was made for: adding a passkey to a player, or signing in with one. */
export type CeremonyKind = 'register' | 'sign-in';

export interface StoredCeremony {
  /** The challenge, base64url, as sent in the options. */
  readonly challenge: string;
  readonly kind: CeremonyKind;
  /** The player adding a passkey (register), or null (sign-in: nobody yet). */
  readonly playerId: string | null;
  readonly expiresAt: number;
}

/** Why a link code was not taken. */
export type LinkCodeRefusal = 'unknown' | 'expired' | 'used';

export interface AccountStore {
  /** The device and its player by the sha256 of its secret; 'revoked' when it was signed out. */
  device(secretHash: string): Promise<{ device: StoredDevice; player: StoredPlayer } | 'revoked' | null>;
  /** Adds a device to a player; false if the player is gone or the secret is a device's already. */
  addDevice(device: StoredDevice, secretHash: string): Promise<boolean>;
  /** Notes that a device was used at `now` (only when it was not already noted in the last minute). */
  touchDevice(deviceId: string, now: number): Promise<void>;
  /** The player's devices not signed out, most recently used first. */
  devicesOf(playerId: string): Promise<StoredDevice[]>;
  /** Signs out the player's device `deviceId`; false if it is not theirs or already signed out. */
  revokeDevice(playerId: string, deviceId: string, now: number): Promise<boolean>;
  /** Signs out every device of the player but `keepId`; returns the ids signed out. */
  revokeOtherDevices(playerId: string, keepId: string, now: number): Promise<string[]>;

  /** Stores a passkey; 'exists' if this credential is anyone's already, 'unknown' if the player is gone. */
  addPasskey(passkey: StoredPasskey): Promise<'added' | 'exists' | 'unknown'>;
  passkey(credentialId: string): Promise<StoredPasskey | null>;
  passkeysOf(playerId: string): Promise<StoredPasskey[]>;
  /**
   * After a verified sign-in: the counter moves from `from` to `to` and the passkey is marked used, only if
   * the counter is still `from` (two sign-ins racing with one signature: one wins).
   */
  usePasskey(credentialId: string, from: number, to: number, now: number): Promise<boolean>;
  removePasskey(playerId: string, credentialId: string): Promise<boolean>;

  /** Keeps a challenge until it is taken or expires (expired ones are cleared on the way). */
  putCeremony(ceremony: StoredCeremony, now: number): Promise<void>;
  /** Takes a challenge once: the first taker gets it (and it is gone), any other gets null; expired: null. */
  takeCeremony(challenge: string, kind: CeremonyKind, now: number): Promise<StoredCeremony | null>;

  /** Stores a link code's hash for a player, replacing the player's earlier live code; false if gone. */
  putLinkCode(codeHash: string, playerId: string, now: number, expiresAt: number): Promise<boolean>;
  /** Uses a link code once: its player, or why not. */
  takeLinkCode(codeHash: string, now: number): Promise<{ playerId: string } | LinkCodeRefusal>;

  /**
   * Merging (issue 51 item 5): the links of `fromId`'s games in progress move to `toId`, except a game in
   * which `toId` sits already (it stays `fromId`'s). Returns the games moved.
   */
  moveOpenGames(fromId: string, toId: string): Promise<string[]>;
}

/** A used or expired link code is kept this long, so a late try is told 'used' or 'expired', not 'unknown'. */
export const LINK_CODES_KEPT_MS = 60 * 60 * 1000;

/** A device's last use is written at most this often (every request would write otherwise). */
export const DEVICE_TOUCH_MS = 60 * 1000;

/**
 * Devices, passkeys, WebAuthn challenges and link codes in SQLite (account-store.ts). One process: each change
 * is one synchronous statement or transaction, so "take once" is a DELETE or UPDATE whose changed-row count
 * says who took it.
 */
import type Database from 'better-sqlite3';
import {
  type AccountStore,
  type CeremonyKind,
  DEVICE_TOUCH_MS,
  type DeviceVia,
  LINK_CODES_KEPT_MS,
  type LinkCodeRefusal,
  type StoredCeremony,
  type StoredDevice,
  type StoredPasskey,
} from './account-store.ts';
import { type PlayerRow, playerOf, type StoredPlayer } from './player-store.ts';

/** A devices row as both databases return it (PostgreSQL's BIGINTs as strings). */
export interface DeviceRow {
  id: string;
  player_id: string;
  via: DeviceVia;
  label: string;
  created_at: number | string;
  last_used_at: number | string;
  revoked_at: number | string | null;
}

export interface PasskeyRow {
  id: string;
  player_id: string;
  public_key: Buffer;
  counter: number | string;
  transports: string;
  label: string;
  created_at: number | string;
  last_used_at: number | string | null;
}

export function deviceOf(row: DeviceRow): StoredDevice {
  return {
    id: row.id,
    playerId: row.player_id,
    via: row.via,
    label: row.label,
    createdAt: Number(row.created_at),
    lastUsedAt: Number(row.last_used_at),
  };
}

export function passkeyOf(row: PasskeyRow): StoredPasskey {
  return {
    id: row.id,
    playerId: row.player_id,
    publicKey: new Uint8Array(row.public_key),
    counter: Number(row.counter),
    transports: JSON.parse(row.transports) as string[],
    label: row.label,
    createdAt: Number(row.created_at),
    lastUsedAt: row.last_used_at === null ? null : Number(row.last_used_at),
  };
}

export class SqliteAccounts implements AccountStore {
  readonly #db: Database.Database;

  constructor(db: Database.Database) {
    this.#db = db;
  }

  async device(
    secretHash: string,
  ): Promise<{ device: StoredDevice; player: StoredPlayer } | 'revoked' | null> {
    const row = this.#db.prepare('SELECT * FROM devices WHERE secret_hash = ?').get(secretHash) as
      | DeviceRow
      | undefined;
    if (row === undefined) return null;
    if (row.revoked_at !== null) return 'revoked';
    const player = this.#db.prepare('SELECT * FROM players WHERE id = ?').get(row.player_id) as
      | PlayerRow
      | undefined;
    return player === undefined ? null : { device: deviceOf(row), player: playerOf(player) };
  }

  async addDevice(device: StoredDevice, secretHash: string): Promise<boolean> {
    return this.#db.transaction((): boolean => {
      if (this.#db.prepare('SELECT 1 FROM players WHERE id = ?').get(device.playerId) === undefined)
        return false;
      if (this.#db.prepare('SELECT 1 FROM devices WHERE secret_hash = ?').get(secretHash) !== undefined)
        return false;
      this.#db
        .prepare(
          `INSERT INTO devices (id, secret_hash, player_id, via, label, created_at, last_used_at)
           VALUES (?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(
          device.id,
          secretHash,
          device.playerId,
          device.via,
          device.label,
          device.createdAt,
          device.lastUsedAt,
        );
      return true;
    })();
  }

  async touchDevice(deviceId: string, now: number): Promise<void> {
    this.#db
      .prepare('UPDATE devices SET last_used_at = ? WHERE id = ? AND last_used_at < ?')
      .run(now, deviceId, now - DEVICE_TOUCH_MS);
  }

  async devicesOf(playerId: string): Promise<StoredDevice[]> {
    const rows = this.#db
      .prepare(
        'SELECT * FROM devices WHERE player_id = ? AND revoked_at IS NULL ORDER BY last_used_at DESC, id',
      )
      .all(playerId) as DeviceRow[];
    return rows.map(deviceOf);
  }

  async revokeDevice(playerId: string, deviceId: string, now: number): Promise<boolean> {
    return (
      this.#db
        .prepare('UPDATE devices SET revoked_at = ? WHERE id = ? AND player_id = ? AND revoked_at IS NULL')
        .run(now, deviceId, playerId).changes > 0
    );
  }

  async revokeOtherDevices(playerId: string, keepId: string, now: number): Promise<string[]> {
    return this.#db.transaction((): string[] => {
      const rows = this.#db
        .prepare('SELECT id FROM devices WHERE player_id = ? AND id <> ? AND revoked_at IS NULL')
        .all(playerId, keepId) as { id: string }[];
      this.#db
        .prepare('UPDATE devices SET revoked_at = ? WHERE player_id = ? AND id <> ? AND revoked_at IS NULL')
        .run(now, playerId, keepId);
      return rows.map((row) => row.id);
    })();
  }

  async addPasskey(passkey: StoredPasskey): Promise<'added' | 'exists' | 'unknown'> {
    return this.#db.transaction((): 'added' | 'exists' | 'unknown' => {
      if (this.#db.prepare('SELECT 1 FROM players WHERE id = ?').get(passkey.playerId) === undefined)
        return 'unknown';
      if (this.#db.prepare('SELECT 1 FROM passkeys WHERE id = ?').get(passkey.id) !== undefined)
        return 'exists';
      this.#db
        .prepare(
          `INSERT INTO passkeys (id, player_id, public_key, counter, transports, label, created_at, last_used_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(
          passkey.id,
          passkey.playerId,
          Buffer.from(passkey.publicKey),
          passkey.counter,
          JSON.stringify(passkey.transports),
          passkey.label,
          passkey.createdAt,
          passkey.lastUsedAt,
        );
      return 'added';
    })();
  }

  async passkey(credentialId: string): Promise<StoredPasskey | null> {
    const row = this.#db.prepare('SELECT * FROM passkeys WHERE id = ?').get(credentialId) as
      | PasskeyRow
      | undefined;
    return row === undefined ? null : passkeyOf(row);
  }

  async passkeysOf(playerId: string): Promise<StoredPasskey[]> {
    const rows = this.#db
      .prepare('SELECT * FROM passkeys WHERE player_id = ? ORDER BY created_at, id')
      .all(playerId) as PasskeyRow[];
    return rows.map(passkeyOf);
  }

  async usePasskey(credentialId: string, from: number, to: number, now: number): Promise<boolean> {
    return (
      this.#db
        .prepare('UPDATE passkeys SET counter = ?, last_used_at = ? WHERE id = ? AND counter = ?')
        .run(to, now, credentialId, from).changes > 0
    );
  }

  async removePasskey(playerId: string, credentialId: string): Promise<boolean> {
    return (
      this.#db.prepare('DELETE FROM passkeys WHERE id = ? AND player_id = ?').run(credentialId, playerId)
        .changes > 0
    );
  }

  async putCeremony(ceremony: StoredCeremony, now: number): Promise<void> {
    this.#db.prepare('DELETE FROM ceremonies WHERE expires_at <= ?').run(now);
    this.#db
      .prepare('INSERT INTO ceremonies (challenge, kind, player_id, expires_at) VALUES (?, ?, ?, ?)')
      .run(ceremony.challenge, ceremony.kind, ceremony.playerId, ceremony.expiresAt);
  }

  async takeCeremony(challenge: string, kind: CeremonyKind, now: number): Promise<StoredCeremony | null> {
    const row = this.#db
      .prepare('DELETE FROM ceremonies WHERE challenge = ? AND kind = ? RETURNING *')
      .get(challenge, kind) as
      | { challenge: string; kind: CeremonyKind; player_id: string | null; expires_at: number }
      | undefined;
    if (row === undefined || Number(row.expires_at) <= now) return null;
    return {
      challenge: row.challenge,
      kind: row.kind,
      playerId: row.player_id,
      expiresAt: Number(row.expires_at),
    };
  }

  async putLinkCode(codeHash: string, playerId: string, now: number, expiresAt: number): Promise<boolean> {
    return this.#db.transaction((): boolean => {
      if (this.#db.prepare('SELECT 1 FROM players WHERE id = ?').get(playerId) === undefined) return false;
      this.#db.prepare('DELETE FROM link_codes WHERE expires_at <= ?').run(now - LINK_CODES_KEPT_MS);
      // One live code per player: a new one makes the last one unusable (it reads as used).
      this.#db
        .prepare('UPDATE link_codes SET used_at = ? WHERE player_id = ? AND used_at IS NULL')
        .run(now, playerId);
      this.#db
        .prepare('INSERT INTO link_codes (code_hash, player_id, created_at, expires_at) VALUES (?, ?, ?, ?)')
        .run(codeHash, playerId, now, expiresAt);
      return true;
    })();
  }

  async takeLinkCode(codeHash: string, now: number): Promise<{ playerId: string } | LinkCodeRefusal> {
    return this.#db.transaction((): { playerId: string } | LinkCodeRefusal => {
      const row = this.#db.prepare('SELECT * FROM link_codes WHERE code_hash = ?').get(codeHash) as
        | { player_id: string; expires_at: number; used_at: number | null }
        | undefined;
      if (row === undefined) return 'unknown';
      if (row.used_at !== null) return 'used';
      if (Number(row.expires_at) <= now) return 'expired';
      this.#db.prepare('UPDATE link_codes SET used_at = ? WHERE code_hash = ?').run(now, codeHash);
      return { playerId: row.player_id };
    })();
  }

  async moveOpenGames(fromId: string, toId: string): Promise<string[]> {
    return this.#db.transaction((): string[] => {
      const rows = this.#db
        .prepare(
          `SELECT s.game_id FROM seat_players s JOIN games g ON g.id = s.game_id AND g.over = 0
           WHERE s.player_id = ?
             AND NOT EXISTS (SELECT 1 FROM seat_players o WHERE o.game_id = s.game_id AND o.player_id = ?)`,
        )
        .all(fromId, toId) as { game_id: string }[];
      const move = this.#db.prepare(
        'UPDATE seat_players SET player_id = ? WHERE game_id = ? AND player_id = ?',
      );
      for (const row of rows) move.run(toId, row.game_id, fromId);
      return rows.map((row) => row.game_id);
    })();
  }
}

/**
 * Devices, passkeys, WebAuthn challenges and link codes in PostgreSQL (account-store.ts), shared by every
 * process. "Take once" is one DELETE … RETURNING (a challenge) or one conditional UPDATE (a link code, a
 * passkey's counter): of two processes racing, exactly one changes the row, and only it goes on.
 */
import type {
  AccountStore,
  CeremonyKind,
  LinkCodeRefusal,
  StoredCeremony,
  StoredDevice,
  StoredPasskey,
} from './account-store.ts';
import { DEVICE_TOUCH_MS, LINK_CODES_KEPT_MS } from './account-store.ts';
import { type PlayerRow, playerOf, type StoredPlayer } from './player-store.ts';
import type { Query, Transaction } from './postgres-players.ts';
import { type DeviceRow, deviceOf, type PasskeyRow, passkeyOf } from './sqlite-accounts.ts';

export interface AccountTables {
  readonly players: string;
  readonly seats: string;
  readonly games: string;
  readonly devices: string;
  readonly passkeys: string;
  readonly ceremonies: string;
  readonly codes: string;
}

export class PostgresAccounts implements AccountStore {
  readonly #t: AccountTables;
  readonly #query: Query;
  readonly #transaction: Transaction;

  constructor(tables: AccountTables, query: Query, transaction: Transaction) {
    this.#t = tables;
    this.#query = query;
    this.#transaction = transaction;
  }

  async device(
    secretHash: string,
  ): Promise<{ device: StoredDevice; player: StoredPlayer } | 'revoked' | null> {
    const rows = await this.#query<DeviceRow>(`SELECT * FROM ${this.#t.devices} WHERE secret_hash = $1`, [
      secretHash,
    ]);
    const row = rows.rows[0];
    if (row === undefined) return null;
    if (row.revoked_at !== null) return 'revoked';
    const players = await this.#query<PlayerRow>(`SELECT * FROM ${this.#t.players} WHERE id = $1`, [
      row.player_id,
    ]);
    const player = players.rows[0];
    return player === undefined ? null : { device: deviceOf(row), player: playerOf(player) };
  }

  async addDevice(device: StoredDevice, secretHash: string): Promise<boolean> {
    try {
      const inserted = await this.#query(
        `INSERT INTO ${this.#t.devices} (id, secret_hash, player_id, via, label, created_at, last_used_at)
         SELECT $1, $2, $3, $4, $5, $6, $7 WHERE EXISTS (SELECT 1 FROM ${this.#t.players} WHERE id = $3)`,
        [
          device.id,
          secretHash,
          device.playerId,
          device.via,
          device.label,
          device.createdAt,
          device.lastUsedAt,
        ],
      );
      return (inserted.rowCount ?? 0) > 0;
    } catch (error) {
      // 23505: the secret is a device's already; 23503: the player went meanwhile.
      const code = (error as { code?: unknown }).code;
      if (code === '23505' || code === '23503') return false;
      throw error;
    }
  }

  async touchDevice(deviceId: string, now: number): Promise<void> {
    await this.#query(`UPDATE ${this.#t.devices} SET last_used_at = $1 WHERE id = $2 AND last_used_at < $3`, [
      now,
      deviceId,
      now - DEVICE_TOUCH_MS,
    ]);
  }

  async devicesOf(playerId: string): Promise<StoredDevice[]> {
    const rows = await this.#query<DeviceRow>(
      `SELECT * FROM ${this.#t.devices} WHERE player_id = $1 AND revoked_at IS NULL
       ORDER BY last_used_at DESC, id`,
      [playerId],
    );
    return rows.rows.map((row) => deviceOf(row));
  }

  async revokeDevice(playerId: string, deviceId: string, now: number): Promise<boolean> {
    const changed = await this.#query(
      `UPDATE ${this.#t.devices} SET revoked_at = $1 WHERE id = $2 AND player_id = $3 AND revoked_at IS NULL`,
      [now, deviceId, playerId],
    );
    return (changed.rowCount ?? 0) > 0;
  }

  async revokeOtherDevices(playerId: string, keepId: string, now: number): Promise<string[]> {
    const changed = await this.#query<{ id: string }>(
      `UPDATE ${this.#t.devices} SET revoked_at = $1
       WHERE player_id = $2 AND id <> $3 AND revoked_at IS NULL RETURNING id`,
      [now, playerId, keepId],
    );
    return changed.rows.map((row) => row.id);
  }

  async addPasskey(passkey: StoredPasskey): Promise<'added' | 'exists' | 'unknown'> {
    try {
      const inserted = await this.#query(
        `INSERT INTO ${this.#t.passkeys} (id, player_id, public_key, counter, transports, label, created_at, last_used_at)
         SELECT $1, $2, $3, $4, $5, $6, $7, $8 WHERE EXISTS (SELECT 1 FROM ${this.#t.players} WHERE id = $2)`,
        [
          passkey.id,
          passkey.playerId,
          Buffer.from(passkey.publicKey),
          passkey.counter,
          JSON.stringify(passkey.transports),
          passkey.label,
          passkey.createdAt,
          passkey.lastUsedAt,
        ],
      );
      return (inserted.rowCount ?? 0) > 0 ? 'added' : 'unknown';
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (code === '23505') return 'exists';
      if (code === '23503') return 'unknown';
      throw error;
    }
  }

  async passkey(credentialId: string): Promise<StoredPasskey | null> {
    const rows = await this.#query<PasskeyRow>(`SELECT * FROM ${this.#t.passkeys} WHERE id = $1`, [
      credentialId,
    ]);
    const row = rows.rows[0];
    return row === undefined ? null : passkeyOf(row);
  }

  async passkeysOf(playerId: string): Promise<StoredPasskey[]> {
    const rows = await this.#query<PasskeyRow>(
      `SELECT * FROM ${this.#t.passkeys} WHERE player_id = $1 ORDER BY created_at, id`,
      [playerId],
    );
    return rows.rows.map((row) => passkeyOf(row));
  }

  async usePasskey(credentialId: string, from: number, to: number, now: number): Promise<boolean> {
    const changed = await this.#query(
      `UPDATE ${this.#t.passkeys} SET counter = $1, last_used_at = $2 WHERE id = $3 AND counter = $4`,
      [to, now, credentialId, from],
    );
    return (changed.rowCount ?? 0) > 0;
  }

  async removePasskey(playerId: string, credentialId: string): Promise<boolean> {
    const gone = await this.#query(`DELETE FROM ${this.#t.passkeys} WHERE id = $1 AND player_id = $2`, [
      credentialId,
      playerId,
    ]);
    return (gone.rowCount ?? 0) > 0;
  }

  async putCeremony(ceremony: StoredCeremony, now: number): Promise<void> {
    await this.#query(`DELETE FROM ${this.#t.ceremonies} WHERE expires_at <= $1`, [now]);
    await this.#query(
      `INSERT INTO ${this.#t.ceremonies} (challenge, kind, player_id, expires_at) VALUES ($1, $2, $3, $4)`,
      [ceremony.challenge, ceremony.kind, ceremony.playerId, ceremony.expiresAt],
    );
  }

  async takeCeremony(challenge: string, kind: CeremonyKind, now: number): Promise<StoredCeremony | null> {
    const rows = await this.#query<{
      challenge: string;
      kind: CeremonyKind;
      player_id: string | null;
      expires_at: string;
    }>(`DELETE FROM ${this.#t.ceremonies} WHERE challenge = $1 AND kind = $2 RETURNING *`, [challenge, kind]);
    const row = rows.rows[0];
    if (row === undefined || Number(row.expires_at) <= now) return null;
    return {
      challenge: row.challenge,
      kind: row.kind,
      playerId: row.player_id,
      expiresAt: Number(row.expires_at),
    };
  }

  async putLinkCode(codeHash: string, playerId: string, now: number, expiresAt: number): Promise<boolean> {
    return this.#transaction(async (query) => {
      const me = await query(`SELECT 1 FROM ${this.#t.players} WHERE id = $1 FOR UPDATE`, [playerId]);
      if ((me.rowCount ?? 0) === 0) return false;
      await query(`DELETE FROM ${this.#t.codes} WHERE expires_at <= $1`, [now - LINK_CODES_KEPT_MS]);
      await query(`UPDATE ${this.#t.codes} SET used_at = $1 WHERE player_id = $2 AND used_at IS NULL`, [
        now,
        playerId,
      ]);
      await query(
        `INSERT INTO ${this.#t.codes} (code_hash, player_id, created_at, expires_at) VALUES ($1, $2, $3, $4)`,
        [codeHash, playerId, now, expiresAt],
      );
      return true;
    });
  }

  async takeLinkCode(codeHash: string, now: number): Promise<{ playerId: string } | LinkCodeRefusal> {
    const taken = await this.#query<{ player_id: string }>(
      `UPDATE ${this.#t.codes} SET used_at = $1
       WHERE code_hash = $2 AND used_at IS NULL AND expires_at > $1 RETURNING player_id`,
      [now, codeHash],
    );
    const row = taken.rows[0];
    if (row !== undefined) return { playerId: row.player_id };
    const found = await this.#query<{ used_at: string | null }>(
      `SELECT used_at FROM ${this.#t.codes} WHERE code_hash = $1`,
      [codeHash],
    );
    const code = found.rows[0];
    if (code === undefined) return 'unknown';
    return code.used_at !== null ? 'used' : 'expired';
  }

  async moveOpenGames(fromId: string, toId: string): Promise<string[]> {
    const moved = await this.#query<{ game_id: string }>(
      `UPDATE ${this.#t.seats} s SET player_id = $2
       FROM ${this.#t.games} g
       WHERE g.id = s.game_id AND NOT g.over AND s.player_id = $1
         AND NOT EXISTS (SELECT 1 FROM ${this.#t.seats} o WHERE o.game_id = s.game_id AND o.player_id = $2)
       RETURNING s.game_id`,
      [fromId, toId],
    );
    return moved.rows.map((row) => row.game_id);
  }
}

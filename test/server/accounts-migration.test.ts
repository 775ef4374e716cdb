/**
 * Issue 51 moved a player's secret into its first device. A database from the release before keeps working:
 * every player's old secret is still that player, now as a device of its own, and nothing else is.
 */
import { randomBytes } from 'node:crypto';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { sha256 } from '../../src/server/secrets.ts';
import { SqliteGameStore } from '../../src/server/store/sqlite-store.ts';
import { tempDir } from './harness.ts';

describe('issue 51: a database from before accounts', () => {
  it("migrates each player's secret into its first device: the old secret is the same player, nothing else is", async () => {
    const path = `${tempDir()}/old.sqlite`;
    // The release before accounts: every migration but the last (issue 51's).
    const latest = await versionOf(`${tempDir()}/latest.sqlite`);
    await new SqliteGameStore(path, { migrateTo: latest - 1 }).close();
    const before = new Database(path);
    expect(before.prepare("SELECT name FROM sqlite_master WHERE name = 'devices'").all()).toEqual([]);
    const secrets = [0, 1, 2].map(() => randomBytes(32).toString('base64url'));
    const insert = before.prepare(
      `INSERT INTO players (id, secret_hash, name, name_key, rating, rd, vol, games, created_at)
       VALUES (?, ?, ?, ?, 1500, 350, 0.06, 0, ?)`,
    );
    for (const [i, secret] of secrets.entries())
      insert.run(`old${i}`, sha256(secret), `Old Salt ${i}`, `old salt ${i}`, i + 1);
    before.close();

    const store = new SqliteGameStore(path);
    try {
      for (const [i, secret] of secrets.entries()) {
        expect((await store.players.bySecret(sha256(secret)))?.id).toBe(`old${i}`);
        const device = await store.accounts.device(sha256(secret));
        expect(device === null || device === 'revoked' ? device : device.player.id).toBe(`old${i}`);
      }
      // The old column holds no identity any more: a hash of 'player:<id>' or the text itself finds nobody.
      expect(await store.players.bySecret('player:old0')).toBeNull();
      expect(await store.players.bySecret(sha256(randomBytes(32).toString('base64url')))).toBeNull();
    } finally {
      await store.close();
    }
  });
});

/** The schema version a new database reaches: the number of migrations. */
async function versionOf(path: string): Promise<number> {
  await new SqliteGameStore(path).close();
  const db = new Database(path);
  try {
    return Number(db.pragma('user_version', { simple: true }));
  } finally {
    db.close();
  }
}

/**
 * The lobby's guards in the SQLite file (issue 35: one seeker cannot fill the lobby, and a paired seat that
 * never comes costs its seeker, not the other): the bounds and cool-downs checked inside a placement's
 * transaction, and what a no-show changes. Kept apart from sqlite-store.ts, which holds the seeks themselves.
 */
import type Database from 'better-sqlite3';
import { opponentOf, type Seat } from '../../engine/index.ts';
import {
  cooldownKeys,
  type NoShow,
  type NoShowOutcome,
  type SeekBounds,
  type SeekRecord,
  type SeekRefusal,
} from './game-store.ts';

/** Why `seek` may not be placed (or, without `bounds`, a listed one taken) now, or null. */
export function seekRefusal(
  db: Database.Database,
  seek: SeekRecord,
  now: number,
  bounds: SeekBounds | null,
): SeekRefusal | null {
  const keys = cooldownKeys(seek);
  if (keys.length > 0) {
    const row = db
      .prepare<unknown[], { until: number | null }>(
        `SELECT max(until) AS until FROM seek_cooldowns WHERE until > ? AND key IN (${keys.map(() => '?').join(', ')})`,
      )
      .get(now, ...keys);
    if (row?.until != null) return { kind: 'refused', reason: 'cooldown', until: row.until };
  }
  if (bounds === null) return null;
  const open = (column: 'player_id' | 'address', value: string) =>
    (
      db
        .prepare<unknown[], { n: number }>(
          `SELECT count(*) AS n FROM seeks WHERE status = 'open' AND alive_until > ? AND ${column} = ?`,
        )
        .get(now, value) ?? { n: 0 }
    ).n;
  if (seek.playerId !== null && open('player_id', seek.playerId) >= bounds.perPlayer)
    return { kind: 'refused', reason: 'player', until: null };
  if (seek.address !== null && open('address', seek.address) >= bounds.perAddress)
    return { kind: 'refused', reason: 'address', until: null };
  return null;
}

interface PairedRow {
  id: string;
  player_id: string | null;
  address: string | null;
}

/** GameStore.noShow inside the caller's transaction. */
export function recordNoShow(
  db: Database.Database,
  gameId: string,
  seat: Seat,
  noShow: NoShow,
): NoShowOutcome {
  if (
    db.prepare('SELECT 1 FROM actions WHERE game_id = ? AND seat = ? LIMIT 1').get(gameId, seat) !== undefined
  )
    return 'acted';
  const rowOf = (s: Seat) =>
    db
      .prepare<unknown[], PairedRow>(
        "SELECT * FROM seeks WHERE game_id = ? AND seat = ? AND status = 'paired'",
      )
      .get(gameId, s);
  const absent = rowOf(seat);
  const other = rowOf(opponentOf(seat));
  if (absent === undefined && other === undefined) return 'not-lobby';
  if (absent !== undefined) {
    const seeker = { playerId: absent.player_id, address: absent.address };
    const ban = db.prepare(
      'INSERT INTO seek_cooldowns (key, until) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET until = max(until, excluded.until)',
    );
    for (const key of cooldownKeys(seeker)) ban.run(key, noShow.cooldownUntil);
    db.prepare(
      "DELETE FROM seeks WHERE status = 'open' AND ((player_id IS NOT NULL AND player_id = ?) OR (address IS NOT NULL AND address = ?))",
    ).run(seeker.playerId, seeker.address);
  }
  if (other === undefined) return { restored: null };
  db.prepare(
    "UPDATE seeks SET status = 'open', game_id = NULL, seat = NULL, alive_until = ? WHERE id = ?",
  ).run(noShow.aliveUntil, other.id);
  return { restored: other.id };
}

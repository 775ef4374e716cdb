/**
 * Beats for clocks (issue 35 item 4: no time lost to the server): each process notes every second that it is
 * up, so a process that starts can tell whether the whole server was down, and since when. Both databases keep
 * them in `server_beats`; the SQL is here for SQLite and PostgreSQL side by side, short as it is, so the two
 * stay alike. What is done with an outage (the clocks' shift) is clock.ts's, passed in as `shift`.
 */
import type Database from 'better-sqlite3';
import type { Query, Transaction } from './postgres-players.ts';
import type { ClockState } from './stored-game.ts';

/** A running clock after an outage that began at `from` (clock.ts `resumedAfter`). */
export type ClockShift = (clock: ClockState, from: number) => ClockState;

/** Beats older than this are forgotten at a start (a process's id is new at every start). */
const BEATS_KEPT_MS = 24 * 60 * 60 * 1000;

export function beatSqlite(db: Database.Database, process: string, at: number): void {
  db.prepare(
    'INSERT INTO server_beats (process, at) VALUES (?, ?) ON CONFLICT (process) DO UPDATE SET at = excluded.at',
  ).run(process, at);
}

/** GameStore.resumeClocks in the SQLite file (one process: its own last beat is the server's). */
export function resumeSqlite(
  db: Database.Database,
  process: string,
  now: number,
  staleMs: number,
  shift: ClockShift,
): number | null {
  return db.transaction((): number | null => {
    const last =
      db.prepare<[], { at: number | null }>('SELECT max(at) AS at FROM server_beats').get()?.at ?? null;
    db.prepare('DELETE FROM server_beats WHERE at < ?').run(now - BEATS_KEPT_MS);
    beatSqlite(db, process, now);
    if (last === null || last >= now - staleMs) return null;
    const rows = db
      .prepare<[], { id: string; clock: string }>(
        "SELECT id, clock FROM games WHERE over = 0 AND json_extract(clock, '$.running') IS NOT NULL",
      )
      .all();
    const update = db.prepare('UPDATE games SET clock = ? WHERE id = ?');
    for (const row of rows)
      update.run(JSON.stringify(shift(JSON.parse(row.clock) as ClockState, last)), row.id);
    return last;
  })();
}

export async function beatPostgres(query: Query, table: string, process: string, at: number): Promise<void> {
  await query(
    `INSERT INTO ${table} (process, at) VALUES ($1, $2) ON CONFLICT (process) DO UPDATE SET at = excluded.at`,
    [process, at],
  );
}

/**
 * GameStore.resumeClocks on PostgreSQL: the beats' table locked, so of processes starting together after an
 * outage one shifts the clocks and the others find its fresh beat.
 */
export function resumePostgres(
  transaction: Transaction,
  tables: { readonly beats: string; readonly games: string },
  process: string,
  now: number,
  staleMs: number,
  shift: ClockShift,
): Promise<number | null> {
  return transaction(async (query) => {
    await query(`LOCK TABLE ${tables.beats} IN EXCLUSIVE MODE`, []);
    const found = await query<{ at: string | null }>(`SELECT max(at) AS at FROM ${tables.beats}`, []);
    const raw = found.rows[0]?.at ?? null;
    const last = raw === null ? null : Number(raw);
    await query(`DELETE FROM ${tables.beats} WHERE at < $1`, [now - BEATS_KEPT_MS]);
    await beatPostgres(query, tables.beats, process, now);
    if (last === null || last >= now - staleMs) return null;
    const rows = await query<{ id: string; clock: ClockState }>(
      `SELECT id, clock FROM ${tables.games} WHERE NOT over AND clock->>'running' IS NOT NULL FOR UPDATE`,
      [],
    );
    for (const row of rows.rows) {
      await query(`UPDATE ${tables.games} SET clock = $1 WHERE id = $2`, [
        JSON.stringify(shift(row.clock, last)),
        row.id,
      ]);
    }
    return last;
  });
}

/** Issue 16 item 1 on the default SQLite store (lazy-suite.ts), and its clock deadline index. */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { SqliteGameStore } from '../../src/server/store/sqlite-store.ts';
import { tempDir } from './harness.ts';
import { lazySuite } from './lazy-suite.ts';

const dir = tempDir();
const path = join(dir, 'games.sqlite');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

lazySuite('SQLite', () => ({
  open: async () => new SqliteGameStore(path),
  config: {},
  dir,
}));

describe('the clocks due on SQLite', () => {
  it('are found through the deadline index, not by reading every game (the query names it: this proves it applies)', async () => {
    await new SqliteGameStore(path).close();
    const db = new Database(path, { readonly: true });
    try {
      const running = `json_extract(clock, '$.running')`;
      const deadline = `(json_extract(clock, '$.since') + json_extract(clock, '$.left.' || ${running}))`;
      const plan = db
        .prepare<[], { detail: string }>(
          `EXPLAIN QUERY PLAN SELECT id FROM games INDEXED BY games_clock_due WHERE over = 0 AND ${running} IS NOT NULL
             AND ${deadline} <= 1000 ORDER BY ${deadline} LIMIT 100`,
        )
        .all();
      expect(plan.map((row) => row.detail).join('\n')).toMatch(/USING INDEX games_clock_due/);
    } finally {
      db.close();
    }
  });
});

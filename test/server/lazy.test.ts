/** Issue 16 item 1 on the default SQLite store (lazy-suite.ts). */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { SqliteGameStore } from '../../src/server/store/sqlite-store.ts';
import { tempDir } from './harness.ts';
import { lazySuite } from './lazy-suite.ts';

const dir = tempDir();
afterAll(() => rmSync(dir, { recursive: true, force: true }));

lazySuite('SQLite', () => ({
  open: async () => new SqliteGameStore(join(dir, 'games.sqlite')),
  config: {},
  dir,
}));

/**
 * Issue 35 item 7 on two processes sharing PostgreSQL and Redis (names-suite.ts: each change made on one
 * process, checked on the other), and the migration that keys stored names by their confusables skeleton.
 */
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { nameKey } from '../../src/server/store/name-key.ts';
import { migrate } from '../../src/server/store/postgres-migrations.ts';
import { startTestServer } from '../server/harness.ts';
import { clock, HOLD_MS, namesSuite } from '../server/names-suite.ts';
import { isolation, PG_TEST_URL, skipWithoutServices } from './services.ts';

const skip = await skipWithoutServices('names-pg');
const isolated = isolation('names');
const old = isolation('names_migration');
afterAll(() => (skip ? undefined : Promise.all([isolated.drop(), old.drop()])));

if (!skip) {
  namesSuite('issue 35.7: names across two processes (PostgreSQL, Redis)', async () => {
    const config = { ...isolated.config, now: () => clock.now, nameHoldMs: HOLD_MS };
    return [await startTestServer(config), await startTestServer(config)] as const;
  });

  describe('issue 35.7: the migration keys stored names anew (PostgreSQL)', () => {
    it('the oldest lookalike keeps the name, the other keeps its own under a key of its own', async () => {
      const pool = new pg.Pool({ connectionString: PG_TEST_URL, max: 1 });
      const client = await pool.connect();
      const schema = `"${old.schema}"`;
      try {
        // The schema as the release before the names migrations (8 and 9) left it: lower-case keys, two
        // lookalikes side by side.
        await migrate(client, old.schema, 7);
        const insert = `INSERT INTO ${schema}.players (id, secret_hash, name, name_key, rating, rd, vol, games, created_at)
                        VALUES ($1, $2, $3, $4, 1500, 350, 0.06, 0, $5)`;
        await client.query(insert, ['old1', 'h1', 'Captain Alice', 'captain alice', 1]);
        await client.query(insert, ['old2', 'h2', 'Cаptаin Аlice', 'cаptаin аlice', 2]);
        await client.query(insert, ['old3', 'h3', 'Anne Bonny', 'anne bonny', 3]);
        expect((await migrate(client, old.schema)).slice(0, 2)).toEqual([8, 9]);
        const keys = await client.query(`SELECT id, name_key FROM ${schema}.players ORDER BY id`);
        expect(keys.rows).toEqual([
          { id: 'old1', name_key: nameKey('Captain Alice') },
          { id: 'old2', name_key: `${nameKey('Captain Alice')}#old2` },
          { id: 'old3', name_key: nameKey('Anne Bonny') },
        ]);
      } finally {
        client.release();
        await pool.end();
      }
    });
  });
}

/**
 * Issue 16 item 1 on PostgreSQL + Redis (lazy-suite.ts), and the clock deadline index: the query that finds
 * the clocks due in games nobody holds is answered from games_clock_due.
 */
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { PostgresGameStore } from '../../src/server/store/postgres-store.ts';
import { tempDir } from '../server/harness.ts';
import { lazySuite } from '../server/lazy-suite.ts';
import { isolation, PG_TEST_URL, skipWithoutServices } from './services.ts';

const skip = await skipWithoutServices('lazy-pg');
const isolated = isolation('lazy');
afterAll(() => (skip ? undefined : isolated.drop()));

if (!skip) {
  lazySuite('PostgreSQL + Redis', () => ({
    open: () => PostgresGameStore.open({ url: PG_TEST_URL, schema: isolated.schema, poolSize: 4 }),
    config: isolated.config,
    dir: tempDir(),
  }));

  describe('the clocks due', () => {
    it('are found through the deadline index, not by reading every game', async () => {
      const store = await PostgresGameStore.open({ url: PG_TEST_URL, schema: isolated.schema });
      await store.close();
      const client = new pg.Client({ connectionString: PG_TEST_URL });
      await client.connect();
      try {
        await client.query(`SET search_path TO "${isolated.schema}"`);
        // With sequential scans priced out, the plan says whether the index can answer the query at all.
        await client.query('SET enable_seqscan = off');
        const plan = await client.query<{ 'QUERY PLAN': string }>(
          `EXPLAIN SELECT id FROM games WHERE NOT over AND (clock->>'running') IS NOT NULL
             AND ((clock->>'since')::numeric + (clock->'left'->>(clock->>'running'))::numeric) <= 1000
             ORDER BY ((clock->>'since')::numeric + (clock->'left'->>(clock->>'running'))::numeric) LIMIT 100`,
        );
        expect(plan.rows.map((row) => row['QUERY PLAN']).join('\n')).toMatch(/games_clock_due/);
      } finally {
        await client.end();
      }
    });
  });
}

/**
 * Issue 30 item 6: a database role without the privileges the migrations need used to read "PostgreSQL cannot
 * be reached". A real role, made and dropped here, meets each missing privilege: the start names it and the
 * GRANT that fixes it, and that very GRANT, run as the owner, lets the next start through.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRedis, redisVersionRefusal } from '../../src/server/fanout/redis-client.ts';
import { startServer } from '../../src/server/server.ts';
import { tempDir, testConfig } from '../server/harness.ts';
import { PG_TEST_URL, REDIS_TEST_URL, skipWithoutServices } from './services.ts';

const skip = await skipWithoutServices('privileges-pg.test.ts');

const id = randomBytes(4).toString('hex');
const role = `pirates_role_${id}`;
const schemaByDatabase = `test_priv_db_${id}`;
const schemaGiven = `test_priv_schema_${id}`;
let admin: pg.Client;
let database = '';

/** The test URL with the role in place of its user (trust authentication: no password). */
function asRole(): string {
  const url = new URL(PG_TEST_URL);
  url.username = role;
  url.password = '';
  return url.toString();
}

/** Starts a server as the role on `schema`; the error's message if it fails, 'started' if it starts. */
async function startAsRole(schema: string): Promise<string> {
  try {
    const server = await startServer(
      testConfig(tempDir(), { databaseUrl: asRole(), databaseSchema: schema, logLevel: 'silent' }),
    );
    await server.close();
    return 'started';
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/** The GRANT statement a refusal names (one statement, ending in ';'). */
function grantIn(message: string): string {
  const statement = /(GRANT [^;]+;)/.exec(message)?.[1];
  if (statement === undefined) throw new Error(`no GRANT in: ${message}`);
  return statement;
}

if (!skip) {
  beforeAll(async () => {
    admin = new pg.Client({ connectionString: PG_TEST_URL });
    await admin.connect();
    database = (await admin.query<{ db: string }>('SELECT current_database() AS db')).rows[0]?.db ?? '';
    await admin.query(`CREATE ROLE ${role} LOGIN`);
  });
  afterAll(async () => {
    await admin.query(`DROP SCHEMA IF EXISTS ${schemaByDatabase} CASCADE`);
    await admin.query(`DROP SCHEMA IF EXISTS ${schemaGiven} CASCADE`);
    await admin.query(`REVOKE ALL ON DATABASE "${database}" FROM ${role}`);
    await admin.query(`DROP OWNED BY ${role}`);
    await admin.query(`DROP ROLE ${role}`);
    await admin.end();
  });

  describe('the database role', () => {
    it('without CREATE on the database: the start names it and the GRANT, which then works', async () => {
      const refused = await startAsRole(schemaByDatabase);
      expect(refused).not.toContain('cannot be reached');
      expect(refused).toContain(
        `The database role "${role}" may not create the schema "${schemaByDatabase}"`,
      );
      expect(grantIn(refused)).toBe(`GRANT CREATE ON DATABASE "${database}" TO "${role}";`);
      expect(refused).toContain(`CREATE SCHEMA "${schemaByDatabase}" AUTHORIZATION "${role}";`);
      await admin.query(grantIn(refused));
      expect(await startAsRole(schemaByDatabase)).toBe('started');
      await admin.query(`REVOKE CREATE ON DATABASE "${database}" FROM ${role}`);
    });

    it('a schema made for it without CREATE on it: the GRANT on the schema, which then works', async () => {
      await admin.query(`CREATE SCHEMA ${schemaGiven}`);
      const refused = await startAsRole(schemaGiven);
      expect(refused).toContain(
        `The database role "${role}" may not create tables in the schema "${schemaGiven}"`,
      );
      expect(grantIn(refused)).toBe(`GRANT USAGE, CREATE ON SCHEMA "${schemaGiven}" TO "${role}";`);
      await admin.query(grantIn(refused));
      // Only the schema's privileges: the role still may not create schemas in the database.
      expect(await startAsRole(schemaGiven)).toBe('started');
    });
  });

  describe('Redis 7', () => {
    it("this machine's Redis passes the version check", async () => {
      const events = { lost: () => undefined, back: () => undefined };
      const client = await openRedis({ url: REDIS_TEST_URL, cluster: false }, events);
      expect(redisVersionRefusal(await client.info('server'))).toBeNull();
      client.disconnect();
    });
  });
}

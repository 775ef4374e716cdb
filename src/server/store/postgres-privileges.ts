/**
 * A database role that lacks a privilege the migrations need is not "PostgreSQL cannot be reached": the
 * operator's fix is one GRANT run by the database's owner, so the start's error names the privilege missing
 * and the statement that gives it (docs/deploy.md, "The database role").
 */
import type { PoolClient } from 'pg';

/** The start failed because the role may not do something; the message says what and how to grant it. */
export class MissingPrivilege extends Error {
  override readonly name = 'MissingPrivilege';
}

/** PostgreSQL's SQLSTATE for "permission denied" and "must be owner". */
const INSUFFICIENT_PRIVILEGE = '42501';

/**
 * The MissingPrivilege that `error` (thrown by the migrations on `client`) stands for, or null if it is not
 * about privileges. Reads the role and database names from the connection (never from the URL).
 */
export async function missingPrivilege(
  client: PoolClient,
  schema: string,
  error: unknown,
): Promise<MissingPrivilege | null> {
  if (typeof error !== 'object' || error === null || !('code' in error)) return null;
  if (error.code !== INSUFFICIENT_PRIVILEGE) return null;
  const cause = error instanceof Error ? error.message : String(error);
  const names = await client
    .query<{ role: string; database: string }>('SELECT current_user AS role, current_database() AS database')
    .then((result) => result.rows[0])
    .catch(() => undefined);
  const role = quoted(names?.role ?? 'the role in DATABASE_URL');
  const database = quoted(names?.database ?? 'the database in DATABASE_URL');
  const where = quoted(schema);
  if (/ for database /.test(cause)) {
    return new MissingPrivilege(
      `The database role ${role} may not create the schema ${where} in database ${database} (${cause}). ` +
        `As the database's owner, run GRANT CREATE ON DATABASE ${database} TO ${role}; ` +
        `or create the schema for it: CREATE SCHEMA ${where} AUTHORIZATION ${role};`,
    );
  }
  if (/ for schema /.test(cause)) {
    return new MissingPrivilege(
      `The database role ${role} may not create tables in the schema ${where} (${cause}). ` +
        `As the schema's owner, run GRANT USAGE, CREATE ON SCHEMA ${where} TO ${role};`,
    );
  }
  return new MissingPrivilege(
    `The database role ${role} does not own the tables in the schema ${where} (${cause}): ` +
      `the migrations alter them, so the role the servers run as must own them. As their owner, run ` +
      `REASSIGN OWNED BY <their owner> TO ${role}; or start the servers as the role that made them.`,
  );
}

/** A name as PostgreSQL prints an identifier in a statement: double-quoted, inner quotes doubled. */
function quoted(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/**
 * The PostgreSQL schema as numbered migrations, run at start by every process. Several processes may
 * start at once, so the runner holds a transaction-scoped advisory lock while it applies what is missing;
 * `schema_migrations` records what was applied. Migrations are never edited once shipped, only added.
 */
import type { PoolClient } from 'pg';
import { SCHEMA_NAME } from '../config.ts';
import { type KeyedName, rekeyedNames } from './name-key.ts';

/** The seat whose clock runs, and when it runs out (ms since 1970): shared by an index and its query. */
export const CLOCK_RUNNING = `(clock->>'running')`;
export const CLOCK_DEADLINE = `((clock->>'since')::numeric + (clock->'left'->>(clock->>'running'))::numeric)`;

/**
 * `{schema}` is replaced by the quoted schema name. Options and actions are JSON (kept as written, key
 * order included, so a record reads back exactly); seats are JSONB so one seat can be changed in place.
 */
const MIGRATIONS: readonly (string | ((client: PoolClient, schema: string) => Promise<void>))[] = [
  `
CREATE TABLE {schema}.games (
  id TEXT PRIMARY KEY,
  created_at BIGINT NOT NULL,
  options JSON NOT NULL,
  seed_hash TEXT NOT NULL,
  seats JSONB NOT NULL,
  invite_hash TEXT,
  invite_used BOOLEAN NOT NULL DEFAULT FALSE,
  over BOOLEAN NOT NULL DEFAULT FALSE,
  version INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX games_running ON {schema}.games (created_at) WHERE NOT over;
CREATE TABLE {schema}.actions (
  game_id TEXT NOT NULL REFERENCES {schema}.games (id),
  seq INTEGER NOT NULL,
  seat TEXT NOT NULL,
  action JSON NOT NULL,
  created_at BIGINT NOT NULL,
  PRIMARY KEY (game_id, seq)
);
`,
  // Games stored before keyed chance drew from xoroshiro128+: say so in their options, since new games'
  // options default to ChaCha20 (docs/fairness.md "Old games").
  `
UPDATE {schema}.games SET options = (options::jsonb || '{"chance": "xoroshiro128plus"}'::jsonb)::json
WHERE options->>'chance' IS NULL;
`,
  // Issue 19: players without accounts (a device identity's sha256, a name, Glicko-2 numbers), which player
  // sits in which seat, each finished game's result (with the rating numbers when it was rated), and rematch
  // offers. A forgotten player's links go with it.
  `
CREATE TABLE {schema}.players (
  id TEXT PRIMARY KEY,
  secret_hash TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  name_key TEXT NOT NULL UNIQUE,
  rating DOUBLE PRECISION NOT NULL,
  rd DOUBLE PRECISION NOT NULL,
  vol DOUBLE PRECISION NOT NULL,
  games INTEGER NOT NULL DEFAULT 0,
  created_at BIGINT NOT NULL
);
CREATE TABLE {schema}.seat_players (
  game_id TEXT NOT NULL REFERENCES {schema}.games (id),
  seat TEXT NOT NULL,
  player_id TEXT NOT NULL REFERENCES {schema}.players (id) ON DELETE CASCADE,
  PRIMARY KEY (game_id, seat)
);
CREATE INDEX seat_players_player ON {schema}.seat_players (player_id);
CREATE TABLE {schema}.game_results (
  game_id TEXT PRIMARY KEY REFERENCES {schema}.games (id),
  finished_at BIGINT NOT NULL,
  result TEXT NOT NULL,
  red_id TEXT REFERENCES {schema}.players (id) ON DELETE SET NULL,
  blue_id TEXT REFERENCES {schema}.players (id) ON DELETE SET NULL,
  red_before DOUBLE PRECISION,
  red_after DOUBLE PRECISION,
  blue_before DOUBLE PRECISION,
  blue_after DOUBLE PRECISION
);
CREATE TABLE {schema}.rematches (
  game_id TEXT PRIMARY KEY REFERENCES {schema}.games (id),
  offered_by TEXT,
  declined_by TEXT,
  new_game_id TEXT
);
`,
  // Issue 19: clocks stored with their game, and the lobby's seeks.
  `
ALTER TABLE {schema}.games ADD COLUMN clock JSONB;
CREATE TABLE {schema}.seeks (
  id TEXT PRIMARY KEY,
  token_hash TEXT NOT NULL UNIQUE,
  variant TEXT,
  shots TEXT,
  clock JSONB,
  clock_key TEXT NOT NULL,
  rating DOUBLE PRECISION,
  created_at BIGINT NOT NULL,
  alive_until BIGINT NOT NULL,
  status TEXT NOT NULL DEFAULT 'open',
  game_id TEXT,
  seat TEXT
);
CREATE INDEX seeks_open ON {schema}.seeks (status, created_at);
`,
  // Issue 19: a seek remembers its seeker's identity, so a pairing links both seats to their players (and the
  // game is rated) and the lobby lists the seeker's name. A forgotten player's seek is left without one.
  `
ALTER TABLE {schema}.seeks ADD COLUMN player_id TEXT REFERENCES {schema}.players (id) ON DELETE SET NULL;
`,
  // Issue 16: games are loaded only where they are played, so a clock that runs out in a game nobody holds is
  // found through this index on its deadline (GameStore.dueClocks; the expressions are the ones it queries).
  `
CREATE INDEX games_clock_due ON {schema}.games ((${CLOCK_DEADLINE})) WHERE NOT over AND ${CLOCK_RUNNING} IS NOT NULL;
`,
  // Issue 16: an append writes the action's row and nothing else (unless the game ended or its clock moved).
  // The foreign key's trigger read and locked the game's row for every action, and the version bump
  // rewrote the whole row: together a third of the write-ahead log per action. The append now checks that
  // the game is stored in its own statement (the only writer of actions), and a game's version is read
  // from the actions' key. The `version` column stays, no longer written, so processes of the previous
  // release still run beside these during a rolling restart; a later migration drops it.
  // Dropping a key locks both tables: on a live database it waits at most 10 s for the appends in flight, then
  // fails the start (the supervisor's restart tries again) rather than hold every append behind it.
  `
SET LOCAL lock_timeout = '10s';
ALTER TABLE {schema}.actions DROP CONSTRAINT IF EXISTS actions_game_id_fkey;
`,
  // Issue 35: a given-up name (renamed away, or its player forgotten) is held for a while, so that
  // /player/<name> does not show whoever takes it next; the player who gave it up may take it back.
  `
CREATE TABLE {schema}.name_holds (
  name_key TEXT PRIMARY KEY,
  player_id TEXT REFERENCES {schema}.players (id) ON DELETE SET NULL,
  held_until BIGINT NOT NULL
);
`,
  // Issue 35: names are unique by their confusables skeleton (name-key.ts), computed here, not in SQL.
  async (client, schema) => {
    const rows = await client.query<KeyedName>(
      `SELECT id, name, name_key, created_at FROM ${schema}.players`,
    );
    const changes = rekeyedNames(rows.rows);
    // Through a key no name has first, so two names trading keys never meet on the unique index.
    const update = `UPDATE ${schema}.players SET name_key = $2 WHERE id = $1`;
    for (const { id } of changes) await client.query(update, [id, `#${id}`]);
    for (const { id, key } of changes) await client.query(update, [id, key]);
  },
  // Issue 35: a seek remembers its address (open seeks are bounded per identity and per address), a seeker
  // whose paired seat never came waits out a cool-down, the pair limit of ratings reads results by player,
  // and each process notes that it is up (a clock does not run while no process was: clock-outage.ts).
  `
ALTER TABLE {schema}.seeks ADD COLUMN address TEXT;
CREATE INDEX seeks_game ON {schema}.seeks (game_id);
CREATE TABLE {schema}.seek_cooldowns (key TEXT PRIMARY KEY, until BIGINT NOT NULL);
CREATE INDEX game_results_pair ON {schema}.game_results (red_id, blue_id);
CREATE TABLE {schema}.server_beats (process TEXT PRIMARY KEY, at BIGINT NOT NULL);
`,
  // Issue 35: a game's real end beside its rated result (a seat handed to the computer is rated a loss at
  // once; the game may end otherwise later): the winning seat or 'draw', null until the game ends.
  'ALTER TABLE {schema}.game_results ADD COLUMN ended TEXT;',
  // Issue 31: a challenge of one named player to another, with the lobby's options; it goes with either
  // player's row ("Forget me"). Once accepted it keeps its game and the challenger's seat for the challenger
  // to find (the challenger's token is the seat's, as a seek's).
  `
CREATE TABLE {schema}.challenges (
  id TEXT PRIMARY KEY,
  token_hash TEXT NOT NULL UNIQUE,
  challenger_id TEXT NOT NULL REFERENCES {schema}.players (id) ON DELETE CASCADE,
  challenged_id TEXT NOT NULL REFERENCES {schema}.players (id) ON DELETE CASCADE,
  variant TEXT,
  shots TEXT,
  clock JSONB,
  created_at BIGINT NOT NULL,
  expires_at BIGINT NOT NULL,
  status TEXT NOT NULL DEFAULT 'open',
  answered_at BIGINT,
  game_id TEXT,
  challenger_seat TEXT
);
CREATE INDEX challenges_challenger ON {schema}.challenges (challenger_id, status);
CREATE INDEX challenges_challenged ON {schema}.challenges (challenged_id, status);
`,
  // Issue 51: accounts that travel. A player has devices (each its own secret's sha256; the one the player was
  // made with becomes its first, and the players table keeps no secret), passkeys (public keys), WebAuthn
  // challenges waiting to be answered, and link codes (sha256).
  `
CREATE TABLE {schema}.devices (
  id TEXT PRIMARY KEY,
  secret_hash TEXT NOT NULL CONSTRAINT devices_secret_hash_key UNIQUE,
  player_id TEXT NOT NULL REFERENCES {schema}.players (id) ON DELETE CASCADE,
  via TEXT NOT NULL,
  label TEXT NOT NULL,
  created_at BIGINT NOT NULL,
  last_used_at BIGINT NOT NULL,
  revoked_at BIGINT
);
CREATE INDEX devices_player ON {schema}.devices (player_id);
INSERT INTO {schema}.devices (id, secret_hash, player_id, via, label, created_at, last_used_at)
  SELECT substr(md5(random()::text || id), 1, 16), secret_hash, id, 'first', '', created_at, created_at
  FROM {schema}.players;
ALTER TABLE {schema}.players DROP COLUMN secret_hash;
CREATE TABLE {schema}.passkeys (
  id TEXT PRIMARY KEY,
  player_id TEXT NOT NULL REFERENCES {schema}.players (id) ON DELETE CASCADE,
  public_key BYTEA NOT NULL,
  counter BIGINT NOT NULL,
  transports TEXT NOT NULL,
  label TEXT NOT NULL,
  created_at BIGINT NOT NULL,
  last_used_at BIGINT
);
CREATE INDEX passkeys_player ON {schema}.passkeys (player_id);
CREATE TABLE {schema}.ceremonies (
  challenge TEXT PRIMARY KEY,
  kind TEXT NOT NULL,
  player_id TEXT REFERENCES {schema}.players (id) ON DELETE CASCADE,
  expires_at BIGINT NOT NULL
);
CREATE TABLE {schema}.link_codes (
  code_hash TEXT PRIMARY KEY,
  player_id TEXT NOT NULL REFERENCES {schema}.players (id) ON DELETE CASCADE,
  created_at BIGINT NOT NULL,
  expires_at BIGINT NOT NULL,
  used_at BIGINT
);
CREATE INDEX link_codes_player ON {schema}.link_codes (player_id);
`,
];

/** Any fixed number: the advisory lock that serialises migrations across processes. */
const MIGRATION_LOCK = 804_120_117;

/** Applies the missing migrations in one transaction; returns the versions applied. */
export async function migrate(
  client: PoolClient,
  schema: string,
  /** Stop after this many migrations (tests: a schema as an earlier release left it). All by default. */
  upTo: number = MIGRATIONS.length,
): Promise<number[]> {
  const quoted = quoteIdentifier(schema);
  await client.query('BEGIN');
  try {
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    // Only a schema not there yet is created: CREATE SCHEMA IF NOT EXISTS checks the database's CREATE privilege
    // even when it exists, and a role given a schema made for it need not have that privilege.
    const present = await client.query('SELECT 1 FROM pg_namespace WHERE nspname = $1', [schema]);
    if (present.rowCount === 0) await client.query(`CREATE SCHEMA ${quoted}`);
    await client.query(
      `CREATE TABLE IF NOT EXISTS ${quoted}.schema_migrations (version INTEGER PRIMARY KEY, applied_at BIGINT NOT NULL)`,
    );
    const done = await client.query<{ version: number }>(`SELECT version FROM ${quoted}.schema_migrations`);
    const applied = new Set(done.rows.map((row) => row.version));
    const applying: number[] = [];
    for (const [index, sql] of MIGRATIONS.entries()) {
      const version = index + 1;
      if (applied.has(version) || version > upTo) continue;
      if (typeof sql === 'string') await client.query(sql.replaceAll('{schema}', quoted));
      else await sql(client, quoted);
      await client.query(`INSERT INTO ${quoted}.schema_migrations (version, applied_at) VALUES ($1, $2)`, [
        version,
        Date.now(),
      ]);
      applying.push(version);
    }
    await client.query('COMMIT');
    return applying;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}

/** A schema name as an SQL identifier; only plain names are accepted (they come from the environment). */
export function quoteIdentifier(name: string): string {
  if (!SCHEMA_NAME.test(name)) {
    throw new Error(`DATABASE_SCHEMA must be lower-case letters, digits and _, not '${name.slice(0, 70)}'.`);
  }
  return `"${name}"`;
}

/**
 * Issue 35 item 7: the word filter tuned against real names, names keyed by their confusables skeleton (and
 * the migration that keys stored names anew), and given-up names held (names-suite.ts, on SQLite here).
 */
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { checkName } from '../../src/server/players/names.ts';
import { nameKey, rekeyedNames } from '../../src/server/store/name-key.ts';
import { SqliteGameStore } from '../../src/server/store/sqlite-store.ts';
import { startTestServer, tempDir } from './harness.ts';
import { clock, HOLD_MS, LOOKALIKES, namesSuite } from './names-suite.ts';

/** Names and phrases people use: real names, places, birds, fans of things, pirate words. */
const ORDINARY = [
  'Dickens Fan',
  'Pussycat Crab',
  'Dick Turpin',
  'Moby Dick',
  'Emily Dickinson',
  'Dickson',
  'Scunthorpe',
  'Hancock',
  'Peacock',
  'Hitchcock',
  'Cockburn',
  'Sussex',
  'Assassin',
  'Cumberbatch',
  'Alan Cumming',
  'Penistone',
  'Blue Tit',
  'Great Tit',
  'Titmouse',
  'Arsenal Fan',
  'Nigeria Fan',
  'Shiitake',
  'Rapeseed',
  'Van Dyke',
  'Pussy Willow',
  'Kunta Kinte',
  'Regina',
  'Pippa',
  'Anita',
  'Brad Pitt',
  'Bite Size',
  'Pro and Con',
  'Trio',
  'Sega Fan',
  'Poop Deck',
  'Coxswain',
  'Scuttlebutt',
  'Jolly Roger',
  'Booty Hunter',
  'Sextant',
  'Analyst',
  'Therapist',
  'Cocktail',
  'Shipshape',
  'Salty Kraken 17',
  'Anne Bonny',
  'José Álvarez',
  'Zoë Müller',
  'Иван Петров',
  'Phuc Nguyen',
];

/** Slurs and swear words, with the spellings issue 35 found passing ("phuck", "scheisse"). */
const RUDE = [
  'phuck',
  'Phuck You',
  'phuk',
  'scheisse',
  'Scheiße',
  'Sheisse',
  'kunt',
  'blyat',
  'cabron',
  'Cabrón',
  'fuck',
  'fvck',
  'f u c k',
  'sh1t',
  'bitch',
  'cunt',
  'nigger',
  'n1gger',
  'faggot',
  'whore',
  'wanker',
  'asshole',
  'motherfucker',
  'Dickhead',
  'Big Dick',
  'cocksucker',
  'retard',
  'Hurensohn',
  'Arschloch',
  'Fotze',
  'putain',
  'salope',
  'mierda',
  'kurwa',
];

describe('issue 35.7: names', () => {
  it('the word filter lets ordinary names and phrases pass', () => {
    const refused = ORDINARY.filter((name) => !checkName(name).ok);
    expect(refused).toEqual([]);
  });

  it('the word filter refuses the slurs and their spellings', () => {
    const passed = RUDE.filter((name) => checkName(name).ok);
    expect(passed).toEqual([]);
  });

  it('lookalikes share one key; different names do not', () => {
    for (const lookalike of LOOKALIKES) expect(nameKey(lookalike), lookalike).toBe(nameKey('Captain Alice'));
    expect(nameKey('  captain   ALICE ')).toBe(nameKey('Captain Alice'));
    for (const other of ['Captain Alicia', 'Captain Bob', 'Captain Allison'])
      expect(nameKey(other)).not.toBe(nameKey('Captain Alice'));
  });

  it('stored names are keyed anew by the migration: the oldest lookalike keeps the name, nobody loses one', async () => {
    const dir = tempDir();
    const path = `${dir}/old.sqlite`;
    // A database as the release before the names migrations (8 and 9) left it: lower-case keys, two
    // lookalikes side by side.
    await new SqliteGameStore(path, { migrateTo: 7 }).close();
    const db = new Database(path);
    const insert = db.prepare(
      `INSERT INTO players (id, secret_hash, name, name_key, rating, rd, vol, games, created_at)
       VALUES (?, ?, ?, ?, 1500, 350, 0.06, 0, ?)`,
    );
    insert.run('old1', 'h1', 'Captain Alice', 'captain alice', 1);
    insert.run('old2', 'h2', 'Cаptаin Аlice', 'cаptаin аlice', 2);
    insert.run('old3', 'h3', 'Anne Bonny', 'anne bonny', 3);
    db.close();
    await new SqliteGameStore(path).close();
    const after = new Database(path);
    const keys = after.prepare('SELECT id, name, name_key FROM players ORDER BY id').all();
    after.close();
    expect(keys).toEqual([
      { id: 'old1', name: 'Captain Alice', name_key: nameKey('Captain Alice') },
      { id: 'old2', name: 'Cаptаin Аlice', name_key: `${nameKey('Captain Alice')}#old2` },
      { id: 'old3', name: 'Anne Bonny', name_key: nameKey('Anne Bonny') },
    ]);
    expect(
      rekeyedNames([{ id: 'x', name: 'Anne Bonny', name_key: nameKey('Anne Bonny'), created_at: 1 }]),
    ).toEqual([]);
  });
});

namesSuite('issue 35.7: names on one SQLite process', async () => {
  const server = await startTestServer({ now: () => clock.now, nameHoldMs: HOLD_MS });
  return [server, server] as const;
});

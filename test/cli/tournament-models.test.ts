/**
 * `pirates tournament --value-model FILE` / `--belief-model FILE`: a candidate model measured in play
 * without replacing the shipped file. The candidate is named with its SHA-256 in what the tournament prints,
 * its games are its own (a recorder bot, opposite it, sees other moves than opposite the shipped model),
 * and a file that is no model of its kind is refused before any game. Nothing here is timed; the bots have
 * a time cap, so a busy machine may change a move, but the candidate's games and the shipped model's differ
 * at many moves, and the test asks only that they differ.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BELIEF_MODEL_SHA256 } from '../../src/ai/belief-model.ts';
import { createBot } from '../../src/ai/levels.ts';
import { tournamentGames } from '../../src/ai/round-robin.ts';
import { playArenaGame } from '../../src/arena/play-game.ts';
import { main } from '../../src/cli/main.ts';
import { PATIENCE_MS } from '../patience.ts';
import { capture } from './capture.ts';

const ROOT = new URL('../../', import.meta.url).pathname;
const SHIPPED_BELIEF = join(ROOT, 'src/ai/models/belief.json');
const SHIPPED_VALUE = join(ROOT, 'src/ai/models/value.json');

const work = mkdtempSync(join(tmpdir(), 'pirates-models-'));
const candidate = join(work, 'candidate.json');
afterAll(() => rmSync(work, { recursive: true, force: true }));

const sha256 = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

beforeAll(async () => {
  // A value model as the next session's training writes one, with tiny settings.
  const trained = await capture(() =>
    main(['train', 'value', '--games', '6', '--epochs', '1', '--out', candidate, '--json']),
  );
  expect(trained.code).toBe(0);
  expect(sha256(candidate)).not.toBe(sha256(SHIPPED_VALUE));
});

/** Two games of expert-value:20 against a recorder bot; the lines the recorder was shown, sorted. */
async function recorded(extra: string[]): Promise<{ code: number; out: string; seen: string[] }> {
  // The same file every run: the recorder's command is its name, and its name is part of its own stream.
  const file = join(work, 'recorder.txt');
  rmSync(file, { force: true });
  const recorder = `cmd:node ${join(ROOT, 'test/fixtures/bots/recorder.mjs')} ${file}`;
  const run = await capture(() =>
    main([
      'tournament',
      '--bots',
      `expert-value:20,${recorder}`,
      '--games',
      '2',
      '--seed',
      'candidate',
      '--turn-limit',
      '80',
      '--workers',
      '2',
      '--deadline-ms',
      String(PATIENCE_MS),
      '--startup-ms',
      String(PATIENCE_MS),
      '--json',
      ...extra,
    ]),
  );
  // Two workers append to the one file at once: the order of the lines is theirs, the lines are the games'.
  const seen = existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean).sort() : [];
  return { code: run.code, out: run.out, seen };
}

describe('a candidate value model in a tournament', () => {
  it('is named with its SHA-256 in the JSON report, and its games are not the shipped model’s', async () => {
    const withCandidate = await recorded(['--value-model', candidate]);
    const shipped = await recorded([]);
    expect(withCandidate.code).toBe(0);
    expect(shipped.code).toBe(0);
    const report = JSON.parse(withCandidate.out) as { models?: unknown; pairs: unknown[] };
    expect(report.models).toEqual({ value: { file: candidate, sha256: sha256(candidate) } });
    expect(report.pairs).toHaveLength(1);
    expect((JSON.parse(shipped.out) as { models?: unknown }).models).toBeUndefined();
    // Both played their two games to the end (the recorder was asked its moves and told each end), and not
    // the same games: had the flag been ignored, both would be the shipped model's, line for line.
    for (const { seen } of [withCandidate, shipped]) {
      expect(seen.filter((line) => line.startsWith('{"type":"over"'))).toHaveLength(2);
      expect(seen.filter((line) => line.startsWith('{"type":"decide"')).length).toBeGreaterThan(10);
    }
    expect(withCandidate.seen).not.toEqual(shipped.seen);
  });

  it('opens the printed table with the file and its SHA-256, games played by the workers', async () => {
    const run = await capture(() =>
      main([
        'tournament',
        '--bots',
        'expert-value:20,heuristic',
        '--games',
        '2',
        '--turn-limit',
        '40',
        '--workers',
        '2',
        '--value-model',
        candidate,
      ]),
    );
    expect(run.code).toBe(0);
    const [first] = run.out.split('\n');
    expect(first).toBe(
      `value model: ${candidate}, SHA-256 ${sha256(candidate)} (a candidate, in place of the shipped src/ai/models/value.json)`,
    );
    expect(run.out).toContain('expert-value:20 vs heuristic');
  });

  it('is played with on this thread too, and decides otherwise than the shipped model', async () => {
    const value = new Uint8Array(readFileSync(candidate));
    const games = tournamentGames({
      bots: ['expert-value:20', 'heuristic'],
      games: 2,
      seed: 'candidate-here',
      shots: 'quick',
      turnLimit: 300,
    });
    const played = async (models: { value?: Uint8Array }) =>
      Promise.all(
        games.map(async (game) => {
          const result = await playArenaGame(game, { deadlineMs: PATIENCE_MS, models });
          return { aScore: result.aScore, decisions: result.decisions };
        }),
      );
    expect(await played({ value })).not.toEqual(await played({}));
  });
});

describe('a candidate belief model in a tournament', () => {
  it('is checked by its format, not by the shipped file’s hash, and named with its own', async () => {
    // The shipped belief with one space more: a valid model whose hash is not the recorded one.
    const other = join(work, 'belief.json');
    writeFileSync(other, readFileSync(SHIPPED_BELIEF, 'utf8').replace('"format"', '"format" '));
    expect(sha256(other)).not.toBe(BELIEF_MODEL_SHA256);
    const run = await capture(() =>
      main([
        'tournament',
        '--bots',
        'learned:5,random',
        '--games',
        '2',
        '--turn-limit',
        '20',
        '--workers',
        '1',
        '--belief-model',
        other,
        '--json',
      ]),
    );
    expect(run.code).toBe(0);
    expect((JSON.parse(run.out) as { models?: unknown }).models).toEqual({
      belief: { file: other, sha256: sha256(other) },
    });
  });
});

describe('a file that is no candidate model', () => {
  const refused = async (flags: string[], bots = 'expert-value:20,heuristic') => {
    const run = await capture(() => main(['tournament', '--bots', bots, '--games', '2', ...flags]));
    expect(run.code).toBe(2);
    // Refused before any game: no header, no table, no progress.
    expect(run.out).toBe('');
    return run.err;
  };

  it('is refused with a sentence and exit code 2 before any game: broken, of the other kind, missing', async () => {
    const broken = join(work, 'broken.json');
    writeFileSync(broken, readFileSync(candidate, 'utf8').slice(0, 1000));
    expect(await refused(['--value-model', broken])).toContain(
      `pirates tournament: --value-model ${broken} is not a value model this code reads: The value model is not JSON.`,
    );
    expect(await refused(['--value-model', SHIPPED_BELIEF])).toContain(
      `pirates tournament: --value-model ${SHIPPED_BELIEF} is not a value model this code reads: The value model's format is 'pirates-belief/1', not 'pirates-value/1'.`,
    );
    expect(await refused(['--belief-model', candidate], 'learned:5,random')).toContain(
      `--belief-model ${candidate} is not a belief model this code reads: The belief model's format is 'pirates-value/1', not 'pirates-belief/1'.`,
    );
    const missing = join(work, 'missing.json');
    expect(await refused(['--value-model', missing])).toContain(
      `--value-model ${missing} could not be read: ENOENT`,
    );
  });

  it('is refused when no bot of the tournament reads that model', async () => {
    expect(await refused(['--value-model', candidate], 'expert,heuristic')).toContain(
      '--value-model is given, but no bot in --bots reads the value model (expert-value does).',
    );
  });

  it('makes no bot when handed to createBot directly, with the sentence as a value', () => {
    const made = createBot('expert-value:20', { value: new TextEncoder().encode('{') });
    expect(made.ok ? null : made.error).toEqual({
      code: 'model/invalid',
      message: 'The value model is not JSON.',
    });
    expect(createBot('expert-value:20', { value: new Uint8Array(readFileSync(candidate)) }).ok).toBe(true);
  });
});

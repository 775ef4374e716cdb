/**
 * External bots (docs/bots.md): programs that play by one JSON line in, one line out. They play
 * tournaments; a bot that crashes, runs out of time or answers wrongly loses that game with a clear
 * sentence; and every line a bot is given holds its seat's view and its own events, nothing more.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { randomBot } from '../../src/ai/random-bot.ts';
import { botStreamName } from '../../src/ai/round-robin.ts';
import { runArenaTournament } from '../../src/arena/tournament.ts';
import {
  applyAction,
  createGame,
  eventsFor,
  type GameEvent,
  type GameState,
  randomFromSeed,
  type Seat,
  toAct,
  viewFor,
} from '../../src/engine/index.ts';
import { PATIENCE_MS } from '../patience.ts';

const ROOT = new URL('../../', import.meta.url).pathname;
const work = mkdtempSync(join(tmpdir(), 'pirates-bots-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const hasPython = (() => {
  try {
    execFileSync('python3', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

const small = { games: 2, shots: 'quick', turnLimit: 120, workers: 1, cwd: ROOT } as const;

describe('the example bots', () => {
  it('examples/bot.mjs (plain Node) plays whole games without a forfeit', async () => {
    const report = await runArenaTournament({
      ...small,
      bots: ['random', 'cmd:node examples/bot.mjs'],
      seed: 'node-bot',
      deadlineMs: PATIENCE_MS,
    });
    expect(report.pairs[0]?.games).toBe(2);
    expect(report.bots.map((b) => b.forfeits)).toEqual([0, 0]);
  });

  it.runIf(hasPython)('examples/bot.py (Python 3) plays whole games without a forfeit', async () => {
    const report = await runArenaTournament({
      ...small,
      bots: ['cmd:python3 examples/bot.py', 'random'],
      seed: 'python-bot',
      deadlineMs: PATIENCE_MS,
    });
    expect(report.pairs[0]?.games).toBe(2);
    expect(report.bots.map((b) => b.forfeits)).toEqual([0, 0]);
  });
});

describe('a bot that breaks the protocol loses the game, with a sentence', () => {
  const cases = [
    ['index', /the answer 9999 is not the index of a legal action \(there are \d+: 0 to \d+\)/],
    ['illegal', /it answered an illegal action: /],
    ['junk', /the answer "raid please" is not JSON/],
    ['crash', /it crashed: it exited with code 3; its last words on stderr: out of rum/],
    ['silent', /it did not answer within 300 ms/],
  ] as const;
  // misbehave.mjs answers its first decision (its setup) properly: it fails the second.
  const failed: Record<string, number> = {};
  for (const [mode, sentence] of cases) {
    it(mode, async () => {
      const said: string[] = [];
      const name = `cmd:node test/fixtures/bots/misbehave.mjs ${mode}`;
      const report = await runArenaTournament({
        ...small,
        bots: [name, 'random'],
        seed: mode,
        // Long enough for any answer on a busy machine, except for the bot that never answers.
        deadlineMs: mode === 'silent' ? 300 : PATIENCE_MS,
        onForfeit: (game, seat, message, decision) => {
          said.push(`${game.names[seat]} ${seat}: ${message}`);
          failed[seat] = decision;
        },
      });
      expect(report.pairs[0]?.aScore).toBe(0);
      expect(report.bots[0]?.forfeits).toBe(2);
      expect(report.bots[1]?.forfeits).toBe(0);
      expect(said).toHaveLength(2);
      for (const line of said) expect(line).toMatch(sentence);
      expect(said.map((line) => line.split(': ')[0])).toEqual([`${name} red`, `${name} blue`]);
      expect(failed).toEqual({ red: 2, blue: 2 });
    });
  }
});

describe('start-up has its own limit (issue 33.3)', () => {
  // A decision's time, and a start-up longer than it: a bot that counted its start-up against its first
  // decision would lose every game. Both scale with TEST_PATIENCE, so a slow machine only waits longer.
  const factor = PATIENCE_MS / 120_000;
  const deadlineMs = 2000 * factor;
  const sleep = String(2 * deadlineMs);
  for (const ready of ['ready', 'old'] as const) {
    it(`a bot that takes twice a decision's time to start plays all its games (${ready === 'ready' ? 'it says ready' : 'an old bot that never says it'})`, async () => {
      const said: string[] = [];
      const report = await runArenaTournament({
        ...small,
        workers: 2,
        bots: [`cmd:node test/fixtures/bots/slow-start.mjs ${sleep} ${ready}`, 'random'],
        seed: `slow-${ready}`,
        deadlineMs,
        startupMs: PATIENCE_MS,
        onForfeit: (_game, _seat, message) => said.push(message),
      });
      expect(said).toEqual([]);
      expect(report.pairs[0]?.games).toBe(2);
      expect(report.bots.map((b) => b.forfeits)).toEqual([0, 0]);
    });
  }

  it('a bot that never gets ready loses at its first decision (its setup), and says so', async () => {
    const said: string[] = [];
    const report = await runArenaTournament({
      ...small,
      workers: 2,
      bots: ['random', 'cmd:node test/fixtures/bots/slow-start.mjs never'],
      seed: 'never',
      deadlineMs: 200,
      startupMs: 300,
      onForfeit: (_game, seat, message, decision) => said.push(`${seat} ${decision}: ${message}`),
    });
    expect(report.bots.map((b) => b.forfeits)).toEqual([0, 2]);
    expect(said.sort()).toEqual([
      'blue 1: it neither said ready nor answered within its start-up limit (300 ms) and 200 ms',
      'red 1: it neither said ready nor answered within its start-up limit (300 ms) and 200 ms',
    ]);
  });
});

describe('what a bot is shown', () => {
  it('each line is exactly its seat view (legal actions beside it) and the events it saw since its last line', async () => {
    const file = join(work, 'lines.jsonl');
    const seed = 'shown';
    await runArenaTournament({
      ...small,
      bots: [`cmd:node test/fixtures/bots/recorder.mjs ${file}`, 'random'],
      seed,
      deadlineMs: PATIENCE_MS,
    });
    const lines = readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .map((text) => JSON.parse(text) as Record<string, unknown>);
    // Game 0: the recorder is red; game 1: blue (each seed twice, seats swapped). Replay both.
    let at = 0;
    for (const recorder of ['red', 'blue'] as const) {
      const other: Seat = recorder === 'red' ? 'blue' : 'red';
      const gameSeed = `${seed}/game-0`;
      let state: GameState = createGame({ seed: gameSeed, shots: 'quick', turnLimit: 120 });
      const random = randomFromSeed(botStreamName(gameSeed, 'random', other));
      const seen: Record<Seat, GameEvent[]> = { red: [], blue: [] };
      let sent = 0;
      let decision = 0;
      while (state.outcome === null) {
        const seat = toAct(state)[0] as Seat;
        const view = viewFor(state, seat);
        let action = view.legalActions[0];
        if (seat === recorder) {
          const line = lines[at++] ?? {};
          decision++;
          const { legalActions, ...rest } = JSON.parse(JSON.stringify(view)) as typeof view;
          expect(Object.keys(line).sort()).toEqual(
            [
              'decision',
              'events',
              'legalActions',
              'protocol',
              'seat',
              'seed',
              'timeLeftMs',
              'type',
              'view',
            ].sort(),
          );
          expect(line).toMatchObject({ type: 'decide', protocol: 1, seat, decision });
          expect(line.view).toEqual(rest);
          expect(line.legalActions).toEqual(legalActions);
          expect(line.events).toEqual(JSON.parse(JSON.stringify(seen[seat].slice(sent))));
          sent = seen[seat].length;
        } else {
          action = randomBot.decide({ view, history: seen[seat], random });
        }
        const applied = applyAction(state, seat, action ?? { type: 'pass' });
        if (!applied.ok) throw new Error(applied.error.message);
        state = applied.state;
        seen.red.push(...eventsFor(applied.events, 'red'));
        seen.blue.push(...eventsFor(applied.events, 'blue'));
      }
      const over = lines[at++] ?? {};
      expect(over).toMatchObject({
        type: 'over',
        seat: recorder,
        outcome: JSON.parse(JSON.stringify(state.outcome)),
      });
      expect(over.events).toEqual(JSON.parse(JSON.stringify(seen[recorder].slice(sent))));
      // The seed of the game's chance is never in a line (the view's rules leave it out, and the bot's own
      // seed is a hash): a bot that knew it could foresee the coins and the shots.
      expect(JSON.stringify(lines)).not.toContain(state.rules.seed);
      expect(lines[0]?.seed).toMatch(/^[0-9a-f]{32}$/);
    }
    expect(at).toBe(lines.length);
  });
});

/**
 * Bot protocol 2 (docs/bots.md): a program that asks for it in its ready line is started once and plays
 * many games (a `newGame` line, `decide` lines naming the game, an `over` line), with seat-relative piece
 * ids. A tournament starts it once per thread that plays its games; one that crashes loses that game and
 * is started again for the next; a wrong answer loses the game as in protocol 1. Protocol-1 programs are
 * still one process a game (test/arena/external-bots.test.ts is unchanged and passes).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { randomBot } from '../../src/ai/random-bot.ts';
import { botStreamName } from '../../src/ai/round-robin.ts';
import { botSeed } from '../../src/arena/play-game.ts';
import { runArenaTournament } from '../../src/arena/tournament.ts';
import {
  type Action,
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
import {
  ACTION_RANGES,
  actionOfIndex,
  legalActionMask,
  NUM_DISTINCT_ACTIONS,
  RAID_FIRST,
} from '../../src/learn/index.ts';
import { readAnswer2, readReady } from '../../src/protocol/bot-lines-2.ts';
import { relativeAction, relativeEvent, relativeId, relativeView } from '../../src/protocol/seat-relative.ts';
import { PATIENCE_MS } from '../patience.ts';

const ROOT = new URL('../../', import.meta.url).pathname;
const work = mkdtempSync(join(tmpdir(), 'pirates-protocol-2-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const hasPython = (() => {
  try {
    execFileSync('python3', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

const small = { shots: 'quick', turnLimit: 120, cwd: ROOT, deadlineMs: PATIENCE_MS } as const;
const FIXTURE = 'node test/fixtures/bots/protocol-2.mjs';

/** The lines a fixture noted, and the pids of its processes in the order they started. */
function noted(file: string): { pids: number[]; lines: Record<string, unknown>[] } {
  const all = readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .map((text) => JSON.parse(text) as Record<string, unknown>);
  return {
    pids: all.filter((line) => 'pid' in line).map((line) => Number(line.pid)),
    lines: all.filter((line) => !('pid' in line)),
  };
}

/** The games a protocol-2 program was given, by number: their lines in order (protocol-1 lines left out). */
function byGame(lines: readonly Record<string, unknown>[]): Map<number, Record<string, unknown>[]> {
  const games = new Map<number, Record<string, unknown>[]>();
  for (const line of lines) {
    if (line.protocol !== 2) continue;
    const game = Number(line.game);
    games.set(game, [...(games.get(game) ?? []), line]);
  }
  return games;
}

describe('a protocol-2 program plays many games in one process', () => {
  it('one process for a whole run on one thread, however many games; a protocol-1 program one a game', async () => {
    const file = join(work, 'one-thread.jsonl');
    const old = join(work, 'one-thread-old.jsonl');
    const report = await runArenaTournament({
      ...small,
      games: 6,
      workers: 1,
      bots: [`cmd:${FIXTURE} ${file}`, 'random', `cmd:node test/fixtures/bots/recorder.mjs ${old}`],
      seed: 'many',
    });
    expect(report.bots.map((b) => b.forfeits)).toEqual([0, 0, 0]);
    const { pids, lines } = noted(file);
    expect(pids).toHaveLength(1);
    // Its 12 games (6 against each other bot), each opened, decided and closed, numbered as the run's.
    const games = byGame(lines);
    expect([...games.keys()]).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    for (const [, gameLines] of games) {
      expect(gameLines[0]?.type).toBe('newGame');
      expect(gameLines.at(-1)?.type).toBe('over');
      expect(gameLines.slice(1, -1).every((line) => line.type === 'decide')).toBe(true);
    }
    // The recorder speaks protocol 1: six games against random, six against protocol 2, one process each.
    const oldLines = readFileSync(old, 'utf8').trim().split('\n');
    expect(oldLines.filter((text) => text.includes('"type":"over"'))).toHaveLength(12);
  });

  it('on two workers, at most one process a worker', async () => {
    const file = join(work, 'two-workers.jsonl');
    const report = await runArenaTournament({
      ...small,
      games: 8,
      workers: 2,
      bots: [`cmd:${FIXTURE} ${file}`, 'random'],
      seed: 'workers',
    });
    expect(report.bots.map((b) => b.forfeits)).toEqual([0, 0]);
    const { pids, lines } = noted(file);
    expect(pids.length).toBeGreaterThanOrEqual(1);
    expect(pids.length).toBeLessThanOrEqual(2);
    expect(byGame(lines).size).toBe(8);
  });

  it('a program that says ready after the host wrote its first line is asked again in protocol 2', async () => {
    const file = join(work, 'late.jsonl');
    const report = await runArenaTournament({
      ...small,
      games: 2,
      workers: 1,
      bots: [`cmd:${FIXTURE} ${file} late`, 'random'],
      seed: 'late',
    });
    expect(report.bots.map((b) => b.forfeits)).toEqual([0, 0]);
    const { pids, lines } = noted(file);
    expect(pids).toHaveLength(1);
    // The first line was the protocol-1 question, written before the ready line came; then protocol 2.
    expect(lines[0]).toMatchObject({ type: 'decide', protocol: 1, decision: 1 });
    expect(lines[1]).toMatchObject({ type: 'newGame', protocol: 2, game: 1 });
    expect(lines[2]).toMatchObject({ type: 'decide', protocol: 2, game: 1, decision: 1 });
  });

  for (const flag of ['', ' --index'] as const) {
    it.runIf(hasPython)(
      `examples/bot2.py${flag} (Python 3, protocol 2) plays a run in one process`,
      async () => {
        const starts = join(work, `bot2${flag.trim()}-starts`);
        const report = await runArenaTournament({
          ...small,
          games: 4,
          workers: 1,
          bots: [`cmd:echo started >> ${starts}; exec python3 examples/bot2.py${flag}`, 'random'],
          seed: `python-2${flag}`,
        });
        expect(report.pairs[0]?.games).toBe(4);
        expect(report.bots.map((b) => b.forfeits)).toEqual([0, 0]);
        expect(readFileSync(starts, 'utf8').trim().split('\n')).toHaveLength(1);
      },
    );
  }
});

describe('seat-relative ids', () => {
  it('each line is the seat view, legal actions and events with own pieces 0-9 and the enemy 10-19, for both seats', async () => {
    const file = join(work, 'shown.jsonl');
    const seed = 'relative';
    await runArenaTournament({
      ...small,
      games: 2,
      workers: 1,
      bots: [`cmd:${FIXTURE} ${file}`, 'random'],
      seed,
    });
    const games = byGame(noted(file).lines);
    // Game 1: the fixture is red; game 2: blue (the same seed, seats swapped). Replay both.
    for (const [number, recorder] of [
      [1, 'red'],
      [2, 'blue'],
    ] as const) {
      const lines = games.get(number) ?? [];
      const other: Seat = recorder === 'red' ? 'blue' : 'red';
      const gameSeed = `${seed}/game-0`;
      let state: GameState = createGame({ seed: gameSeed, shots: 'quick', turnLimit: 120 });
      expect(lines[0]).toEqual({
        type: 'newGame',
        protocol: 2,
        game: number,
        seat: recorder,
        seed: botSeed(botStreamName(gameSeed, `cmd:${FIXTURE} ${file}`, recorder)),
        rules: JSON.parse(JSON.stringify(viewFor(state, recorder).rules)),
      });
      const random = randomFromSeed(botStreamName(gameSeed, 'random', other));
      const seen: Record<Seat, GameEvent[]> = { red: [], blue: [] };
      let at = 1;
      let sent = 0;
      let decision = 0;
      while (state.outcome === null) {
        const seat = toAct(state)[0] as Seat;
        const view = viewFor(state, seat);
        let action: Action | undefined = view.legalActions[0];
        if (seat === recorder) {
          const line = lines[at++] ?? {};
          decision++;
          const { legalActions, ...rest } = view;
          expect(line).toMatchObject({ type: 'decide', protocol: 2, game: number, decision });
          expect(Object.keys(line).sort()).toEqual(
            ['decision', 'events', 'game', 'legalActions', 'protocol', 'timeLeftMs', 'type', 'view'].sort(),
          );
          const json = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;
          expect(line.view).toEqual(json(relativeView(rest, recorder)));
          expect(line.legalActions).toEqual(json(legalActions.map((a) => relativeAction(a, recorder))));
          expect(line.events).toEqual(json(seen[seat].slice(sent).map((e) => relativeEvent(e, recorder))));
          sent = seen[seat].length;
          // Said plainly: every piece of its own is 0-9 in the line, every enemy piece 10-19.
          const lineView = line.view as typeof rest;
          for (const piece of [
            ...lineView.ships.red.deck,
            ...lineView.ships.blue.deck,
            ...lineView.ships.red.extras,
            ...lineView.ships.blue.extras,
            ...lineView.out,
          ]) {
            expect(piece.id < 10).toBe(piece.owner === recorder);
          }
        } else {
          action = randomBot.decide({ view, history: seen[seat], random });
        }
        const applied = applyAction(state, seat, action ?? { type: 'pass' });
        if (!applied.ok) throw new Error(applied.error.message);
        state = applied.state;
        seen.red.push(...eventsFor(applied.events, 'red'));
        seen.blue.push(...eventsFor(applied.events, 'blue'));
      }
      expect(lines[at++]).toEqual({
        type: 'over',
        protocol: 2,
        game: number,
        outcome: JSON.parse(JSON.stringify(state.outcome)),
        events: JSON.parse(JSON.stringify(seen[recorder].slice(sent).map((e) => relativeEvent(e, recorder)))),
      });
      expect(at).toBe(lines.length);
      expect(JSON.stringify(lines)).not.toContain(state.rules.seed);
    }
  });

  it("maps blue's ids both ways and leaves red's as they are", () => {
    for (let id = 0; id < 20; id++) {
      expect(relativeId(id, 'red')).toBe(id);
      expect(relativeId(relativeId(id, 'blue'), 'blue')).toBe(id);
    }
    expect(relativeId(12, 'blue')).toBe(2);
    expect(relativeId(3, 'blue')).toBe(13);
    const attack: Action = { type: 'attack', attacker: 12, target: 3 };
    expect(relativeAction(attack, 'blue')).toEqual({ type: 'attack', attacker: 2, target: 13 });
    expect(relativeAction(relativeAction(attack, 'blue'), 'blue')).toEqual(attack);
    // An answer written with seat-relative ids is read back as the engine's action.
    expect(readAnswer2('{"type":"attack","attacker":2,"target":13}', 'blue', [])).toEqual({
      ok: true,
      value: attack,
    });
    expect(readAnswer2('{"type":"attack","attacker":2,"target":13}', 'red', [])).toEqual({
      ok: true,
      value: { type: 'attack', attacker: 2, target: 13 },
    });
  });
});

describe('integer actions', () => {
  for (const shots of ['quick', 'aimed'] as const) {
    it(`each decide line lists the mask's indices, and an answered index plays its action (${shots} shots)`, async () => {
      const file = join(work, `integers-${shots}.jsonl`);
      const seed = `integers-${shots}`;
      const report = await runArenaTournament({
        ...small,
        shots,
        games: 2,
        workers: 1,
        bots: [`cmd:${FIXTURE} ${file} integers`, 'random'],
        seed,
      });
      expect(report.bots.map((b) => b.forfeits)).toEqual([0, 0]);
      const games = byGame(noted(file).lines);
      let shotsAnswered = 0;
      for (const [number, recorder] of [
        [1, 'red'],
        [2, 'blue'],
      ] as const) {
        const lines = games.get(number) ?? [];
        expect(lines[0]).toMatchObject({
          type: 'newGame',
          actions: JSON.parse(JSON.stringify({ size: NUM_DISTINCT_ACTIONS, ranges: ACTION_RANGES })),
        });
        const gameSeed = `${seed}/game-0`;
        let state: GameState = createGame({ seed: gameSeed, shots, turnLimit: 120 });
        const other: Seat = recorder === 'red' ? 'blue' : 'red';
        const random = randomFromSeed(botStreamName(gameSeed, 'random', other));
        const seen: Record<Seat, GameEvent[]> = { red: [], blue: [] };
        let at = 1;
        while (state.outcome === null) {
          const seat = toAct(state)[0] as Seat;
          const view = viewFor(state, seat);
          let action: Action;
          if (seat === recorder) {
            const line = lines[at++] ?? {};
            expect(line).not.toHaveProperty('legalActions');
            const mask = legalActionMask(view);
            expect(line.legal).toEqual([...mask.keys()].filter((index) => mask[index] === 1));
            const legal = line.legal as number[];
            const chosen = legal[Number(line.decision) % legal.length] ?? -1;
            action = actionOfIndex(view, chosen);
            if (action.type === 'shoot') shotsAnswered++;
          } else {
            action = randomBot.decide({ view, history: seen[seat], random });
          }
          const applied = applyAction(state, seat, action);
          if (!applied.ok) throw new Error(applied.error.message);
          state = applied.state;
          seen.red.push(...eventsFor(applied.events, 'red'));
          seen.blue.push(...eventsFor(applied.events, 'blue'));
        }
        expect(lines[at++]).toMatchObject({ type: 'over', game: number });
        expect(at).toBe(lines.length);
      }
      if (shots === 'aimed') expect(shotsAnswered).toBeGreaterThan(0);
    });
  }

  it('an integer not among the legal ones is refused with a sentence', () => {
    const legal = [RAID_FIRST, RAID_FIRST + 1];
    const ofIndex = () => ({ type: 'pass' }) as const;
    expect(readAnswer2(String(RAID_FIRST + 1), 'red', [], { legal, ofIndex })).toEqual({
      ok: true,
      value: { type: 'pass' },
    });
    expect(readAnswer2('9999', 'red', [], { legal, ofIndex })).toEqual({
      ok: false,
      error: {
        code: 'bot/answer-index',
        message: 'the answer 9999 is not one of the 2 legal action indices of the line.',
      },
    });
  });
});

describe('failures in protocol 2 are handled as in protocol 1', () => {
  it('a program that crashes in its second game loses that game; it is started again and the run goes on', async () => {
    const file = join(work, 'crash.jsonl');
    const said: string[] = [];
    const report = await runArenaTournament({
      ...small,
      games: 4,
      workers: 1,
      bots: [`cmd:${FIXTURE} ${file} crash`, 'random'],
      seed: 'crash',
      onForfeit: (game, seat, message, decision) =>
        said.push(`game ${game.index + 1} ${seat} ${decision}: ${message}`),
    });
    expect(said).toEqual([
      'game 2 blue 2: it crashed: it exited with code 3; its last words on stderr: out of rum',
    ]);
    expect(report.pairs[0]?.games).toBe(4);
    expect(report.bots.map((b) => b.forfeits)).toEqual([1, 0]);
    // The first process played games 1 and 2; a second one, started for game 3, played games 3 and 4.
    const { pids, lines } = noted(file);
    expect(pids).toHaveLength(2);
    const games = byGame(lines);
    expect([...games.keys()]).toEqual([1, 2, 3, 4]);
    expect(games.get(2)?.at(-1)?.type).toBe('decide');
    expect(games.get(3)?.[0]?.type).toBe('newGame');
    expect(games.get(4)?.at(-1)?.type).toBe('over');
  });

  const cases = [
    ['index', /the answer 9999 is not the index of a legal action \(there are \d+: 0 to \d+\)/, 1],
    ['illegal', /it answered an illegal action: /, 1],
    ['junk', /the answer "raid please" is not JSON/, 1],
    // A program that ran out of time may answer late: it is not asked again, the next game starts another.
    ['silent', /it did not answer within 300 ms/, 2],
  ] as const;
  for (const [mode, sentence, processes] of cases) {
    it(`${mode}: it loses the game with the sentence of protocol 1`, async () => {
      const file = join(work, `${mode}.jsonl`);
      const said: string[] = [];
      const report = await runArenaTournament({
        ...small,
        games: 2,
        workers: 1,
        bots: [`cmd:${FIXTURE} ${file} ${mode}`, 'random'],
        seed: mode,
        deadlineMs: mode === 'silent' ? 300 : PATIENCE_MS,
        onForfeit: (_game, seat, message, decision) => said.push(`${seat} ${decision}: ${message}`),
      });
      expect(report.bots.map((b) => b.forfeits)).toEqual([2, 0]);
      expect(said).toHaveLength(2);
      for (const line of said) expect(line).toMatch(sentence);
      expect(said.map((line) => line.split(':')[0])).toEqual(['red 2', 'blue 2']);
      expect(noted(file).pids).toHaveLength(processes);
    });
  }

  it('a program that asks for a protocol or an action form this host does not speak loses with a sentence', async () => {
    for (const [mode, sentence] of [
      ['v3', 'its ready line asks for protocol 3; this host speaks protocols 1 and 2.'],
      ['bad-actions', 'its ready line asks for actions "tensor"; protocol 2 offers "list" and "index".'],
    ] as const) {
      const said: string[] = [];
      const report = await runArenaTournament({
        ...small,
        games: 2,
        workers: 1,
        bots: [`cmd:${FIXTURE} - ${mode}`, 'random'],
        seed: mode,
        onForfeit: (_game, seat, message, decision) => said.push(`${seat} ${decision}: ${message}`),
      });
      expect(report.bots.map((b) => b.forfeits)).toEqual([2, 0]);
      expect(said).toEqual([`red 1: ${sentence}`, `blue 1: ${sentence}`]);
    }
  });
});

describe('the ready line', () => {
  it('reads protocol 1 from the bare word, a missing protocol or 1, and protocol 2 with its options', () => {
    expect(readReady('ready')).toEqual({ ok: true, value: { protocol: 1 } });
    expect(readReady('{"type":"ready"}')).toEqual({ ok: true, value: { protocol: 1 } });
    expect(readReady('{"type":"ready","protocol":1}')).toEqual({ ok: true, value: { protocol: 1 } });
    expect(readReady('{"type":"ready","protocol":2}')).toEqual({
      ok: true,
      value: { protocol: 2, actions: 'list' },
    });
    expect(readReady('{"type":"ready","protocol":2,"actions":"index"}')).toEqual({
      ok: true,
      value: { protocol: 2, actions: 'index' },
    });
    expect(readReady('0')).toBeNull();
    expect(readReady('{"type":"setup"}')).toBeNull();
    expect(readReady('{"type":"ready","protocol":7}')).toMatchObject({ ok: false });
  });
});

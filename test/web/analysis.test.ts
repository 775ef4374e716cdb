/**
 * The analysis after a game (issue 20, item 3; issue 52): each side's chance of winning after every turn,
 * judged with every secret shown so the two add up to 100%, and the three biggest swings in one sentence each.
 */
import { h } from 'preact';
import { renderToString } from 'preact-render-to-string';
import { describe, expect, it } from 'vitest';
import { createBot } from '../../src/ai/levels.ts';
import { playMatch } from '../../src/ai/match.ts';
import { createGame, type GameEvent, randomFromSeed, recordOf } from '../../src/engine/index.ts';
import { analyse, evenJudgement, mainEvent, momentsOf } from '../../src/web/analysis/analysis.ts';
import { sentenceFor, swingSentence } from '../../src/web/analysis/sentence.ts';
import { Controller } from '../../src/web/controller.ts';
import { kindName } from '../../src/web/game/names.ts';
import { replayTo, revealedShips } from '../../src/web/game/replay.ts';
import { AnalysisPanel, LABEL_UNITS, turnTicks } from '../../src/web/ui/Analysis.tsx';
import { playUntil } from './fixtures.ts';

function finishedGame(seed: string) {
  const state = playUntil(createGame({ seed, shots: 'quick', turnLimit: 40 }), () => false, seed);
  if (state.outcome === null) throw new Error('the game did not end');
  return state;
}

describe('the analysis of a finished game', () => {
  const state = finishedGame('analysis');
  const record = recordOf(state);
  const analysis = analyse(record);

  it('has a moment at the start and after every turn, the two sides (and a draw) adding up to 100% (issue 52)', () => {
    const { points } = analysis;
    expect(points.length).toBeGreaterThanOrEqual(state.turn);
    for (const p of points) {
      expect(p.red).toBeGreaterThanOrEqual(0);
      expect(p.red).toBeLessThanOrEqual(1);
      expect(p.red + p.blue + p.draw).toBeCloseTo(1, 12);
    }
    expect(points.map((p) => p.step)).toEqual([...points.map((p) => p.step)].sort((a, b) => a - b));
    const last = points[points.length - 1];
    const winner = state.outcome?.winner ?? null;
    expect(last?.red).toBe(winner === 'red' ? 1 : 0);
    expect(last?.blue).toBe(winner === 'blue' ? 1 : 0);
    expect(last?.draw).toBe(winner === null ? 1 : 0);
  });

  it('counts turns one way: moment i is after turn i, the last after the turn the game ended in (issue 52)', () => {
    const { points } = analysis;
    expect(points.map((p) => p.turn)).toEqual(points.map((_, i) => i));
    const last = points[points.length - 1];
    const shown = replayTo(record, last?.step ?? 0);
    expect(shown.ok && shown.turn).toBe(last?.turn);
    // The summary says as many turns as the axis ends at and the readout reaches.
    const ctl = new Controller(() => {}, 0);
    const markup = renderToString(
      h(AnalysisPanel, { analysis: { status: 'done', analysis }, step: last?.step ?? 0, ctl }),
    );
    expect(markup).toContain(`Win chances over ${last?.turn} turns:`);
    expect(markup).toContain(`data-turn-tick="${last?.turn}"`);
    expect(markup).toMatch(new RegExp(`data-analysis-readout[^>]*>After turn ${last?.turn}: `));
    expect(markup).not.toMatch(/moments/);
  });

  it('the axis names 0, round turns and the last one; its labels are drawn at 15 units (12 CSS px at 256 px)', () => {
    expect(turnTicks(35)).toEqual([0, 10, 20, 30, 35]);
    expect(turnTicks(12)).toEqual([0, 5, 10, 12]);
    expect(turnTicks(61)).toEqual([0, 20, 40, 61]);
    expect(turnTicks(0)).toEqual([0]);
    expect((LABEL_UNITS * 256) / 320).toBeGreaterThanOrEqual(12);
  });

  it('names the three biggest swings, biggest first, each in one sentence', () => {
    const { swings } = analysis;
    expect(swings).toHaveLength(3);
    const sizes = swings.map((s) => Math.abs(s.to - s.from));
    expect(sizes).toEqual([...sizes].sort((a, b) => b - a));
    for (const s of swings)
      expect(swingSentence(s)).toMatch(
        /^Turn \d+: [^;]+; (Red|Blue)'s chance (rose|fell) from \d+% to \d+%\.$/,
      );
  });

  it('is the same every time for the same record (the page and a test agree)', () => {
    expect(analyse(record)).toEqual(analysis);
  });

  it("a swing names the turn's main event, a battle before a card", () => {
    const events: GameEvent[] = [
      { type: 'cardTurned', seat: 'blue', card: 1, face: 'attack', back: 'swing', audience: 'all' },
      {
        type: 'battle',
        seat: 'blue',
        ship: 'red',
        attacker: 14,
        attackerKind: 'earring',
        defender: 3,
        defenderKind: 'incisor',
        losers: [14],
        audience: 'all',
      },
    ];
    expect(sentenceFor(events, 'blue', 0.62, 0.31, 12)).toMatch(
      /^Turn 12: .*Eddy Earring.*Ivan Incisor.*; Blue's chance fell from 62% to 31%\.$/,
    );
  });

  it('a plank swing is told by the coin, and the coin for who starts tells no turn', () => {
    const plank: GameEvent[] = [
      { type: 'onPlank', chooser: 'red', piece: 12, audience: 'all' },
      { type: 'coinTossed', for: 'plank', side: 'pirate', audience: 'all' },
    ];
    expect(mainEvent(plank)?.type).toBe('coinTossed');
    expect(sentenceFor(plank, 'blue', 0.3, 0.6, 9)).toMatch(/^Turn 9: The coin shows the cheerful pirate/);
    expect(mainEvent([{ type: 'coinTossed', for: 'start', side: 'shark', audience: 'all' }])).toBeNull();
  });

  it("a swing's turn is the turn the replay shows at the swing's move (issue 32)", () => {
    for (const swing of analysis.swings) {
      const shown = replayTo(record, swing.step);
      expect(shown.ok && shown.turn).toBe(swing.turn);
    }
  });

  it("the panel draws both seats' lines and offers each swing as a way to its turn", () => {
    const ctl = new Controller(() => {}, 0);
    const markup = renderToString(h(AnalysisPanel, { analysis: { status: 'done', analysis }, step: 0, ctl }));
    expect(markup.match(/<polyline/g)).toHaveLength(2);
    expect(markup.match(/data-swing=/g)).toHaveLength(3);
    const working = renderToString(h(AnalysisPanel, { analysis: { status: 'working' }, step: 0, ctl }));
    expect(working).toContain('Working out each player');
  });

  it('the graph is labelled and explored as a slider: its value says the moment in words (issue 32)', () => {
    const ctl = new Controller(() => {}, 0);
    const markup = renderToString(h(AnalysisPanel, { analysis: { status: 'done', analysis }, step: 0, ctl }));
    for (const label of ['0%', '50%', '100%', 'Chance of winning', 'Turns']) expect(markup).toContain(label);
    expect(markup).toMatch(/role="slider"[^>]*tabindex="0"|tabindex="0"[^>]*role="slider"/);
    expect(markup).toContain('aria-valuetext="At the start: Red ');
    expect(markup).toMatch(/<svg[^>]*aria-hidden="true"/);
    expect(markup).toMatch(/data-analysis-readout[^>]*>At the start: Red \d+%, Blue \d+%</);
    const later = analysis.points[5];
    const before = analysis.points[4];
    if (later === undefined || before === undefined) throw new Error('a short game');
    const there = renderToString(
      h(AnalysisPanel, { analysis: { status: 'done', analysis }, step: later.step, ctl }),
    );
    expect(there).toContain(`After turn ${before.turn + 1}: Red ${Math.round(later.red * 100)}%`);
  });

  it("tells every secret at the end: each seat's three flag cards and its whole crew", () => {
    const shown = revealedShips(record);
    if (shown === null) throw new Error('the record did not play');
    for (const seat of ['red', 'blue'] as const) {
      expect([...shown[seat].flags].sort()).toEqual(['Flag', 'Monkey', 'Powder barrel']);
      const crew = [...shown[seat].deck, ...shown[seat].boarding, ...shown[seat].extras, ...shown[seat].out];
      expect(crew).toHaveLength(10);
      expect(crew).not.toContain('a pirate');
    }
  });

  it('files a boarder under its owner, not under the ship it stands on (a one-Aden crew shows one Aden)', () => {
    const boarded = playUntil(
      createGame({ seed: 'boarders', shots: 'quick', turnLimit: 60 }),
      (s) => s.decks.blue.some((id) => id < 10),
      'boarders',
    );
    const boarders = boarded.decks.blue.filter((id) => id < 10);
    expect(boarders.length).toBeGreaterThan(0);
    const shown = revealedShips(recordOf(boarded));
    if (shown === null) throw new Error('the record did not play');
    for (const seat of ['red', 'blue'] as const) {
      const ids = seat === 'red' ? [0, 1, 2, 3, 4, 5, 6, 7, 8, 9] : [10, 11, 12, 13, 14, 15, 16, 17, 18, 19];
      const crew = [...shown[seat].deck, ...shown[seat].boarding, ...shown[seat].extras, ...shown[seat].out];
      const kinds = ids.map((id) => kindName(boarded.kinds[id] ?? 'bomb'));
      expect([...crew].sort()).toEqual([...kinds].sort());
    }
    expect([...shown.red.boarding].sort()).toEqual(
      boarders.map((id) => kindName(boarded.kinds[id] ?? 'bomb')).sort(),
    );
  });
});

/** A game between two heuristic bots (the steadiness script's games), as a record. */
function botGame(seed: string) {
  const bot = () => {
    const made = createBot('heuristic');
    if (!made.ok) throw new Error(made.error.message);
    return made.value;
  };
  const match = playMatch(
    { red: bot(), blue: bot() },
    { red: randomFromSeed(`${seed}/red`), blue: randomFromSeed(`${seed}/blue`) },
    { seed, shots: 'quick', turnLimit: 120 },
  );
  return recordOf(match.state);
}

describe('a steady estimate (issues 32 and 52)', () => {
  const records = ['steady-0', 'steady-1', 'steady-2', 'steady-3'].map(botGame);
  /** Each quiet moment's move (a card turned and nothing else), and each back-and-forth over two quiet turns, in points. */
  const quiet: number[] = [];
  const rocking: number[] = [];
  for (const record of records) {
    const { points } = analyse(record);
    const calm = momentsOf(record).map((moment) => {
      const main = mainEvent(moment.events);
      return moment.state.outcome === null && (main === null || main.type === 'cardTurned');
    });
    for (let i = 1; i < points.length; i++) {
      const there = points[i]?.red ?? 0;
      const before = points[i - 1]?.red ?? 0;
      if (calm[i]) quiet.push(Math.abs(there - before) * 100);
      const next = points[i + 1]?.red;
      if (calm[i] && calm[i + 1] && next !== undefined) {
        const a = there - before;
        const b = next - there;
        rocking.push(a * b < 0 ? Math.min(Math.abs(a), Math.abs(b)) * 100 : 0);
      }
    }
  }

  it('a quiet turn moves the line by at most 2 points (it moved 13 when the next side’s threats counted)', () => {
    expect(quiet.length).toBeGreaterThan(60);
    expect(Math.max(...quiet)).toBeLessThanOrEqual(2);
    expect(quiet.reduce((a, b) => a + b, 0) / quiet.length).toBeLessThan(0.2);
  });

  it('never rocks back and forth over quiet turns (the reported 6% -> 11% -> 5% -> 11%)', () => {
    expect(rocking.length).toBeGreaterThan(20);
    expect(Math.max(...rocking)).toBeLessThanOrEqual(1);
  });

  it('a moment is one number: the same position judged twice is the same, whoever is about to play', () => {
    for (const record of records.slice(0, 1))
      for (const moment of momentsOf(record).filter((m) => m.state.phase === 'play')) {
        const { state } = moment;
        expect(evenJudgement(state)).toBe(evenJudgement(state));
        if (state.pending.ask !== 'turnCard') continue;
        const other = state.mover === 'red' ? 'blue' : 'red';
        const turned = { ...state, mover: other, pending: { ask: 'turnCard', seat: other } } as const;
        expect(evenJudgement(turned)).toBeCloseTo(evenJudgement(state), 12);
      }
  });
});

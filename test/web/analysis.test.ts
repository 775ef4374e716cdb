/**
 * The analysis after a game (issue 20, item 3): each seat's chance of winning at every turn as that seat could
 * know it, and the three biggest swings in one sentence each.
 */
import { h } from 'preact';
import { renderToString } from 'preact-render-to-string';
import { describe, expect, it } from 'vitest';
import { createGame, type GameEvent, recordOf } from '../../src/engine/index.ts';
import { analyse, mainEvent, momentsOf, seatChance } from '../../src/web/analysis/analysis.ts';
import { sentenceFor, swingSentence } from '../../src/web/analysis/sentence.ts';
import { Controller } from '../../src/web/controller.ts';
import { kindName } from '../../src/web/game/names.ts';
import { replayTo, revealedShips } from '../../src/web/game/replay.ts';
import { AnalysisPanel } from '../../src/web/ui/Analysis.tsx';
import { playUntil } from './fixtures.ts';

function finishedGame(seed: string) {
  const state = playUntil(createGame({ seed, shots: 'quick', turnLimit: 40 }), () => false, seed);
  if (state.outcome === null) throw new Error('the game did not end');
  return state;
}

describe('the analysis of a finished game', () => {
  const state = finishedGame('analysis');
  const record = recordOf(state);
  const analysis = analyse(record, { worlds: 16 });

  it('has a moment at the start, after every turn, and at the end, each seat between 0 and 1', () => {
    const { points } = analysis;
    expect(points.length).toBeGreaterThanOrEqual(state.turn);
    for (const p of points) {
      expect(p.red).toBeGreaterThanOrEqual(0);
      expect(p.red).toBeLessThanOrEqual(1);
      expect(p.blue).toBeGreaterThanOrEqual(0);
      expect(p.blue).toBeLessThanOrEqual(1);
    }
    expect(points.map((p) => p.step)).toEqual([...points.map((p) => p.step)].sort((a, b) => a - b));
    const last = points[points.length - 1];
    const winner = state.outcome?.winner ?? null;
    expect(last?.red).toBe(winner === null ? 0.5 : winner === 'red' ? 1 : 0);
    expect(last?.blue).toBe(winner === null ? 0.5 : winner === 'blue' ? 1 : 0);
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
    expect(analyse(record, { worlds: 16 })).toEqual(analysis);
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
      expect(shown.ok && shown.turn).toBe(swing.played);
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

describe('a steady estimate (issue 32, item 6)', () => {
  const records = ['steady-a', 'steady-b'].map((seed) => recordOf(finishedGame(seed)));

  it('a quiet turn (a card turned, nothing else) moves the line by well under two points on average', () => {
    const moved: number[] = [];
    for (const record of records) {
      const { points } = analyse(record, { worlds: 24 });
      momentsOf(record).forEach((moment, i) => {
        const main = mainEvent(moment.events);
        const before = points[i - 1];
        const after = points[i];
        if (before === undefined || after === undefined || moment.state.outcome !== null) return;
        if (main !== null && main.type !== 'cardTurned') return;
        moved.push(Math.abs(after.red - before.red), Math.abs(after.blue - before.blue));
      });
    }
    expect(moved.length).toBeGreaterThan(10);
    const mean = moved.reduce((a, b) => a + b, 0) / moved.length;
    expect(mean).toBeLessThan(0.015);
  });

  it('the same position judged twice with other draws differs by under two points on average', () => {
    const apart: number[] = [];
    for (const record of records)
      for (const moment of momentsOf(record).filter((_, i) => i % 4 === 1)) {
        if (moment.state.outcome !== null) continue;
        for (const seat of ['red', 'blue'] as const) {
          const once = seatChance(moment.state, seat, moment.seen[seat], 48, 'twice/a');
          const twice = seatChance(moment.state, seat, moment.seen[seat], 48, 'twice/b');
          apart.push(Math.abs(once - twice));
        }
      }
    expect(apart.length).toBeGreaterThan(5);
    expect(apart.reduce((a, b) => a + b, 0) / apart.length).toBeLessThan(0.02);
  });
});

/**
 * The controller's side of keeping games and looking back (issue 21), without a browser: a snapshot fetches
 * the log it missed and the answer replaces what the page had of it; a log line opens the table as the seat
 * saw it then; "← Home" asks during a game; nothing to continue goes home with a sentence.
 */
import { h } from 'preact';
import { renderToString } from 'preact-render-to-string';
import { describe, expect, it } from 'vitest';
import { type GameEvent, viewFor } from '../../src/engine/index.ts';
import { Controller } from '../../src/web/controller.ts';
import type { GameLink } from '../../src/web/link.ts';
import type { KeptSummary } from '../../src/web/local/kept.ts';
import { Home } from '../../src/web/ui/Home.tsx';
import { setUp } from './fixtures.ts';

/** A link that remembers what the page asked of it. */
function fakeLink() {
  const asked: string[] = [];
  const link: GameLink = {
    send: (seat, action) => asked.push(`send ${seat} ${action.type}`),
    history: (seat) => asked.push(`history ${seat}`),
    review: (seat, v) => asked.push(`review ${seat} ${v}`),
    close: () => asked.push('close'),
  };
  return { link, asked };
}

function inGame(mode: 'computer' | 'pass' | 'online' = 'computer') {
  const ctl = new Controller(() => undefined, 0);
  const { link, asked } = fakeLink();
  ctl.change((s) => {
    s.game = ctl.newGameScreen(mode, 'red', s.forms.computer);
    s.game.handover = null;
    s.screen = 'game';
  });
  ctl.attach(link);
  return { ctl, asked };
}

const started: GameEvent = { type: 'started', first: 'red', audience: 'all' };

function snapshot(ctl: Controller, v: number, since: number | null) {
  ctl.hear({
    t: 'update',
    seat: 'red',
    view: viewFor(setUp(), 'red'),
    events: since === null ? [started] : [],
    seedHash: 'ab'.repeat(32),
    since,
    v,
    record: null,
    bot: null,
    handTo: null,
  });
}

describe('the log after a reload, and looking back', () => {
  it('a snapshot after some moves asks for the log; the answer replaces what the page had up to it', () => {
    const { ctl, asked } = inGame();
    snapshot(ctl, 0, 0);
    expect(asked).toEqual([]); // a game from its start misses nothing
    snapshot(ctl, 9, 9);
    expect(asked).toEqual(['history red']);
    snapshot(ctl, 10, null); // news that came before the answer stays
    ctl.hear({
      t: 'history',
      seat: 'red',
      v: 9,
      steps: [
        { v: 3, events: [started] },
        { v: 7, events: [{ type: 'turnEnded', seat: 'blue', turn: 2, audience: 'all' }] },
      ],
    });
    const log = ctl.state.game?.log ?? [];
    expect(log.map((line) => [line.v, line.text])).toEqual([
      [3, 'Red starts.'],
      [7, "Blue's turn ends."],
      [10, 'Red starts.'],
    ]);
  });

  it("a log line opens the table as this seat saw it then, with nothing to play, until 'Back to the game'", () => {
    const { ctl, asked } = inGame();
    snapshot(ctl, 4, null);
    const line = ctl.state.game?.log[0];
    if (line === undefined) throw new Error('no line');
    ctl.reviewAt(line);
    expect(asked).toEqual(['review red 4']);
    expect(ctl.state.game?.review).toEqual({ v: 4, text: 'Red starts.', view: null });
    ctl.hear({ t: 'review', seat: 'blue', v: 4, view: viewFor(setUp(), 'blue') }); // not this seat's: ignored
    expect(ctl.state.game?.review?.view).toBeNull();
    ctl.hear({ t: 'review', seat: 'red', v: 4, view: viewFor(setUp(), 'red') });
    expect(ctl.state.game?.review?.view?.viewer).toBe('red');
    expect(ctl.state.game?.review?.view?.legalActions).toEqual([]);
    ctl.endReview();
    expect(ctl.state.game?.review).toBeNull();
  });

  it('pass and play: a look back is closed when the device goes to the other seat', () => {
    const { ctl } = inGame('pass');
    snapshot(ctl, 4, null);
    const line = ctl.state.game?.log[0];
    if (line === undefined) throw new Error('no line');
    ctl.reviewAt(line);
    ctl.hear({ t: 'review', seat: 'red', v: 4, view: viewFor(setUp(), 'red') });
    ctl.hear({
      t: 'update',
      seat: 'blue',
      view: viewFor(setUp(), 'blue'),
      events: [],
      seedHash: 'ab'.repeat(32),
      since: null,
      v: 5,
      record: null,
      bot: null,
      handTo: null,
    });
    expect(ctl.state.game?.handover).toBe('blue');
    expect(ctl.state.game?.review).toBeNull();
    // A late answer for red's look back is not shown to blue.
    ctl.hear({ t: 'review', seat: 'red', v: 4, view: viewFor(setUp(), 'red') });
    expect(ctl.state.game?.review).toBeNull();
  });
});

describe('leaving and taking up a local game', () => {
  it('"← Home" during a game opens the leave dialog; staying closes it and changes nothing', () => {
    const { ctl, asked } = inGame();
    snapshot(ctl, 4, null);
    ctl.askLeave();
    expect(ctl.state.game?.leaving).toBe(true);
    expect(ctl.state.screen).toBe('game');
    ctl.stay();
    expect(ctl.state.game?.leaving).toBe(false);
    expect(asked).not.toContain('close');
  });

  it('with nothing kept on the device, the page goes home and says so', () => {
    const { ctl, asked } = inGame();
    ctl.hear({ t: 'error', code: 'host/nothing-kept', message: 'No game is kept.' });
    expect(asked).toContain('close');
    expect(ctl.state.screen).toBe('home');
    expect(ctl.state.game).toBeNull();
    expect(ctl.state.notice).toMatch(/^There is no game kept on this device/);
  });

  it('the home page offers the kept game with what it is, and its turn', () => {
    const ctl = new Controller(() => undefined, 0);
    const kept: KeptSummary = {
      mode: 'computer',
      human: 'blue',
      level: 'hard',
      variant: 'advanced',
      shots: 'aimed',
      turnLimit: 40,
      turn: 7,
      contributions: { red: null, blue: 'cd'.repeat(32) },
      savedAt: 0,
    };
    ctl.state.kept = kept;
    const markup = renderToString(h(Home, { state: ctl.state, ctl }));
    expect(markup).toContain('Continue your game');
    expect(markup).toContain(
      'Against the computer (hard), you are Blue · advanced rules, aimed shots · turn 7 of 40',
    );
    ctl.state.kept = { ...kept, mode: 'pass', turn: 0 };
    expect(renderToString(h(Home, { state: ctl.state, ctl }))).toContain(
      'Pass and play, two players on this device',
    );
    ctl.state.kept = null;
    expect(renderToString(h(Home, { state: ctl.state, ctl }))).not.toContain('Continue your game');
  });
});

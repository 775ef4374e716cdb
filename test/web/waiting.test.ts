/**
 * One decision at a time (issue 21, item 3): after a click the page offers nothing until the answer comes, says
 * what it waits for, and a second click never reaches the game's host.
 */
import { h } from 'preact';
import { renderToString } from 'preact-render-to-string';
import { describe, expect, it } from 'vitest';
import { type Action, type Seat, viewFor } from '../../src/engine/index.ts';
import { Controller } from '../../src/web/controller.ts';
import type { GameLink } from '../../src/web/link.ts';
import { GameView } from '../../src/web/ui/GameView.tsx';
import { setUp, updateNews } from './fixtures.ts';

function table(mode: 'computer' | 'online') {
  const sent: Action[] = [];
  const link: GameLink = {
    send: (_seat: Seat, action: Action) => sent.push(action),
    history: () => {},
    review: () => {},
    close: () => {},
  };
  const ctl = new Controller(() => {}, 0);
  const state = setUp();
  ctl.attach(link);
  ctl.change((s) => {
    s.game = ctl.newGameScreen(mode, 'red', s.forms.computer);
    s.screen = 'game';
  });
  ctl.hear(updateNews('red', viewFor(state, 'red')));
  const markup = () => renderToString(h(GameView, { game: ctl.state.game ?? fail(), ctl }));
  return { ctl, sent, state, markup };
}

function fail(): never {
  throw new Error('no game on the page');
}

describe('after a decision, until its answer', () => {
  it('a second click is not sent, and the choices are gone with a sign saying the computer thinks', () => {
    const { ctl, sent, state, markup } = table('computer');
    expect(markup()).toContain('data-choice=');
    const [first, second] = viewFor(state, 'red').legalActions;
    if (first === undefined || second === undefined) throw new Error('red has fewer than two choices');
    ctl.act(first);
    ctl.act(second);
    expect(sent).toEqual([first]);
    const waiting = markup();
    expect(waiting).not.toContain('data-choice=');
    expect(waiting).toContain('The computer is thinking…');
  });

  it('the answer (or a refusal) gives the choices back', () => {
    const { ctl, sent, state, markup } = table('online');
    const [first] = viewFor(state, 'red').legalActions;
    if (first === undefined) throw new Error('red has nothing to do');
    ctl.act(first);
    expect(markup()).toContain('Sending your move…');
    ctl.hear({ t: 'error', code: 'act/stale', message: 'The game moved on.' });
    expect(markup()).toContain('data-choice=');
    expect(markup()).not.toContain('Sending your move…');
    ctl.act(first);
    expect(sent).toEqual([first, first]);
  });
});

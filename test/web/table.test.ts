/** The table component, rendered to markup: accessible names, and clickable only where an action is listed. */
import { h } from 'preact';
import { renderToString } from 'preact-render-to-string';
import { describe, expect, it } from 'vitest';
import { recordOf, viewFor } from '../../src/engine/index.ts';
import { choicesFor } from '../../src/web/game/choices.ts';
import { movesOf, replayTo, turningCard } from '../../src/web/game/replay.ts';
import { Table } from '../../src/web/ui/Table.tsx';
import { playUntil, setUp } from './fixtures.ts';

function render(seat: 'red' | 'blue', state = setUp(), turning: number | null = null) {
  const view = viewFor(state, seat);
  const noop = () => undefined;
  return renderToString(
    h(Table, {
      view,
      bottom: seat,
      choices: choicesFor(view, null),
      selected: null,
      flipped: null,
      turning,
      onPiece: noop,
      onCard: noop,
      onFlag: noop,
    }),
  );
}

describe('the table', () => {
  it('offers the mover exactly its card choices, each a named button', () => {
    const html = render('red');
    const buttons = html.match(/role="button"/g) ?? [];
    const view = viewFor(setUp(), 'red');
    expect(buttons).toHaveLength(view.legalActions.length);
    expect(html).toMatch(
      /aria-label="Action card \d+: shows [A-Z][^"]*; turning it plays its unknown other side"/,
    );
  });

  it('shows the opponent only backs: no enemy kind is named, nothing is clickable', () => {
    const html = render('blue');
    expect(html).not.toContain('role="button"');
    expect(html).not.toMatch(/Red's (Captain|Sally|Walter|Ivan|Eddy|Boris|Aden|the Bomb)/);
    expect(html).toContain('a red pirate');
  });

  it('marks a card set aside (advanced variant, R10) with the seat that set it aside, by name', () => {
    const state = playUntil(setUp('aside', { variant: 'advanced' }), (s) => s.aside.red !== null);
    expect(state.aside.red).not.toBeNull();
    const html = render('red', state);
    expect(html).toContain('by Red');
    expect(html).not.toContain('by red');
  });

  it('the "just turned" tag marks the card turned in the turn under way, in a replay too (issue 21)', () => {
    // Mid-turn: a card was turned and its action waits for a choice; the previous turn's card is another one.
    const state = playUntil(
      setUp('just turned'),
      (s) => s.turn >= 3 && s.current !== null && s.lastTurned !== null && s.current !== s.lastTurned,
    );
    const record = recordOf(state);
    const played = replayTo(record, movesOf(record));
    if (!played.ok) throw new Error(played.message);
    const turning = turningCard(null, played.events);
    expect(turning).toBe(state.current);
    const tagged = (html: string) =>
      html
        .split('aria-label="Action card ')
        .slice(1)
        .flatMap((part) => (part.includes('just turned</text>') ? [Number(part.split(':')[0]) - 1] : []));
    expect(tagged(render('red', state, turning))).toEqual([state.current]);
    // Between turns the tag is on the card the mover may not turn (R2.2).
    expect(tagged(render('red', state, null))).toEqual([state.lastTurned]);
  });
});

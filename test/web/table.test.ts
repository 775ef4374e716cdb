/** The table component, rendered to markup: accessible names, and clickable only where an action is listed. */
import { h } from 'preact';
import { renderToString } from 'preact-render-to-string';
import { describe, expect, it } from 'vitest';
import { viewFor } from '../../src/engine/index.ts';
import { choicesFor } from '../../src/web/game/choices.ts';
import { Table } from '../../src/web/ui/Table.tsx';
import { playUntil, setUp } from './fixtures.ts';

function render(seat: 'red' | 'blue', state = setUp()) {
  const view = viewFor(state, seat);
  const noop = () => undefined;
  return renderToString(
    h(Table, {
      view,
      bottom: seat,
      choices: choicesFor(view, null),
      selected: null,
      flipped: null,
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
});

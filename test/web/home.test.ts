/** The home page, rendered to markup: each card keeps its own options (issue 21). */
import { h } from 'preact';
import { renderToString } from 'preact-render-to-string';
import { describe, expect, it } from 'vitest';
import { Controller } from '../../src/web/controller.ts';
import { Home } from '../../src/web/ui/Home.tsx';

/** The checked radio of one card's field, by the radio group's name, e.g. 'friend-shots'. */
function checked(markup: string, name: string): string | null {
  const labels = markup.split('<label').slice(1);
  for (const label of labels) {
    const own = label.split('</label>')[0] ?? '';
    if (own.includes(`name="${name}"`) && /\schecked\b/.test(own))
      return own
        .replace(/<[^>]*>/g, '')
        .replace(/^[^>]*>/, '')
        .trim();
  }
  return null;
}

describe('the home page', () => {
  it('a friend game and pass and play keep their own rules, shots and colour', () => {
    const ctl = new Controller(() => {}, 0);
    ctl.setForm('computer', { shots: 'quick', seat: 'blue', variant: 'advanced', turnLimit: 40 });
    const markup = renderToString(h(Home, { state: ctl.state, ctl }));
    expect(checked(markup, 'computer-shots')).toBe('Quick shots');
    expect(checked(markup, 'computer-seat')).toBe('Blue (dots)');
    expect(checked(markup, 'friend-shots')).toBe('Aim it yourself');
    expect(checked(markup, 'friend-seat')).toBe('Red (stripes)');
    expect(checked(markup, 'friend-variant')).toBe('Standard');
    expect(checked(markup, 'pass-shots')).toBe('Aim it yourself');
    expect(ctl.state.forms.friend.turnLimit).toBeNull();
    expect(ctl.state.forms.pass.variant).toBe('standard');
  });
});

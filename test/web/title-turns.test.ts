/** The tab title says when it is your turn; the game bar names the turn limit only once it is near (issue 21). */
import { describe, expect, it } from 'vitest';
import { viewFor } from '../../src/engine/index.ts';
import { Controller } from '../../src/web/controller.ts';
import { turnWords } from '../../src/web/game/prompt.ts';
import { PAGE_TITLE, titleFor } from '../../src/web/game/title.ts';
import { setUp, updateNews } from './fixtures.ts';

function pageWith(seat: 'red' | 'blue') {
  const ctl = new Controller(() => {}, 0);
  ctl.change((s) => {
    s.game = ctl.newGameScreen('computer', seat, s.forms.computer);
    s.screen = 'game';
  });
  ctl.hear(updateNews(seat, viewFor(setUp(), seat)));
  return ctl;
}

describe('the tab title', () => {
  it('says "(Your turn)" to the seat that must decide, and nothing to the other', () => {
    expect(titleFor(pageWith('red').state)).toBe(`(Your turn) ${PAGE_TITLE}`);
    expect(titleFor(pageWith('blue').state)).toBe(PAGE_TITLE);
  });

  it('is the plain title on the home page', () => {
    const ctl = pageWith('red');
    ctl.change((s) => {
      s.screen = 'home';
    });
    expect(titleFor(ctl.state)).toBe(PAGE_TITLE);
  });
});

describe('the turn in the game bar', () => {
  const view = viewFor(setUp(), 'red');
  const at = (turn: number, turnLimit: number | null) =>
    turnWords({ ...view, turn, rules: { ...view.rules, turnLimit } });

  it('does not name a far-away safety limit ("Turn 8", not "Turn 8 of 400")', () => {
    expect(at(7, 400)).toBe('Turn 8');
    expect(at(7, null)).toBe('Turn 8');
  });

  it('names the limit once the draw is near', () => {
    expect(at(385, 400)).toBe('Turn 386 of 400');
    expect(at(0, 20)).toBe('Turn 1 of 20');
  });
});

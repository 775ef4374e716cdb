import { h } from 'preact';
import { renderToString } from 'preact-render-to-string';
import { afterAll, describe, expect, it } from 'vitest';
import { applyAction, createGame, FLAG_CARDS, viewFor } from '../../src/engine/index.ts';
import { promptFor } from '../../src/web/game/prompt.ts';
import {
  clickFlagSlot,
  EMPTY_DRAFT,
  inRankOrder,
  setupAction,
  togglePirate,
} from '../../src/web/game/setup.ts';
import { setLanguage } from '../../src/web/i18n/i18n.ts';
import { SetupPanel } from '../../src/web/ui/Setup.tsx';
import { setUp } from './fixtures.ts';

describe('the prompt says what to do now', () => {
  it('the mover turns a card; the other waits', () => {
    const state = setUp();
    expect(promptFor(viewFor(state, 'red'))).toBe('Turn a card: its hidden side is your action');
    expect(promptFor(viewFor(state, 'blue'))).toBe('Red is turning a card');
  });

  it('"or pass" is said only when a pass is offered (issue 32 item 1: a lesson offers none)', () => {
    const view = viewFor(setUp(), 'red');
    const pass = { type: 'pass' } as const;
    const bring = { type: 'newPirate', piece: 0 } as const;
    const attack = { type: 'attack', attacker: 0, target: 1 } as const;
    const asked = (
      ask: 'newPirate' | 'attack',
      legalActions: (typeof pass | typeof bring | typeof attack)[],
    ) => promptFor({ ...view, pending: { ask, seat: 'red' } as typeof view.pending, legalActions });
    expect(asked('newPirate', [bring, pass])).toBe('Choose a pirate to bring on deck, or pass');
    expect(asked('newPirate', [bring])).toBe('Choose a pirate to bring on deck');
    expect(asked('attack', [attack, pass])).toBe('Choose a pirate to attack with, or pass');
    expect(asked('attack', [attack])).toBe('Choose a pirate to attack with');
  });

  it('the plank: the chooser and the victim read different prompts', () => {
    const view = viewFor(setUp(), 'red');
    expect(promptFor({ ...view, pending: { ask: 'plank', seat: 'blue' } })).toBe(
      'Blue chooses one of your pirates for the plank',
    );
    expect(promptFor({ ...view, pending: { ask: 'plank', seat: 'red' } })).toBe(
      "Choose one of Blue's pirates for the plank",
    );
    expect(promptFor({ ...view, pending: { ask: 'swing', seat: 'red' } })).toBe('Choose a pirate to swing');
  });

  it('before the deal, a creator alone at the table reads that the cards wait for the friend', () => {
    const alone = applyAction(createGame({ seed: 'alone', entropy: 'seats' }), 'red', {
      type: 'contribute',
      entropy: 'ab'.repeat(32),
    });
    if (!alone.ok) throw new Error(alone.error.message);
    const view = viewFor(alone.state, 'red');
    expect(promptFor(view)).toBe('Waiting for the other player to join');
    const noop = () => undefined;
    const panel = renderToString(
      h(SetupPanel, {
        view,
        draft: EMPTY_DRAFT,
        onPirate: noop,
        onSlot: noop,
        onMove: noop,
        onConfirm: noop,
      }),
    );
    expect(panel).toContain('The cards are dealt when Blue is aboard');
    expect(panel).not.toContain('Your ship is ready');
  });
});

describe('setup: order the flags, pick three pirates, send the listed action', () => {
  it('clicking two flag places swaps their cards; a third pick replaces the oldest pirate', () => {
    let draft = clickFlagSlot(EMPTY_DRAFT, 0);
    expect(draft.held).toBe(0);
    draft = clickFlagSlot(draft, 2);
    expect(draft.flags).toEqual([FLAG_CARDS[2], FLAG_CARDS[1], FLAG_CARDS[0]]);
    expect(draft.held).toBeNull();
    for (const p of [1, 2, 3, 4]) draft = togglePirate(draft, p);
    expect(draft.deck).toEqual([2, 3, 4]);
    expect(togglePirate(draft, 3).deck).toEqual([2, 4]);
  });

  it('the draft maps onto one of the 720 listed setups, in the player deck order', () => {
    const view = viewFor(createGame({ seed: 's' }), 'blue');
    expect(view.legalActions).toHaveLength(720);
    let draft = clickFlagSlot(clickFlagSlot(EMPTY_DRAFT, 1), 0);
    expect(setupAction(draft, view.legalActions)).toBeNull();
    for (const p of [17, 11, 13]) draft = togglePirate(draft, p);
    expect(setupAction(draft, view.legalActions)).toEqual({
      type: 'setup',
      flags: ['flag', 'monkey', 'barrel'],
      deck: [17, 11, 13],
    });
    // Red's pieces are not blue's to choose.
    expect(setupAction({ ...draft, deck: [1, 2, 3] }, view.legalActions)).toBeNull();
  });

  it('the crew to choose from is in rank order: the Captain first, the Bomb last (issue 21)', () => {
    const state = createGame({ seed: 'crew order' });
    const view = viewFor(state, 'red');
    const html = renderToString(
      h(SetupPanel, {
        view,
        draft: EMPTY_DRAFT,
        onPirate: () => {},
        onSlot: () => {},
        onMove: () => {},
        onConfirm: () => {},
      }),
    );
    const shown = [...html.matchAll(/data-setup-piece="(\d+)"/g)].map((m) => Number(m[1]));
    const kinds = shown.map((id) => state.kinds[id]);
    expect(kinds[0]).toBe('captain');
    expect(kinds[kinds.length - 1]).toBe('bomb');
    expect(shown).toEqual(inRankOrder(view.ships.red.extras).map((p) => p.id));
  });
});

describe('waiting for the setup, in words that agree (issue 32 item 5)', () => {
  afterAll(async () => {
    await setLanguage('en');
  });

  it('a spectator waits for one seat or for both, the verb in number with them', async () => {
    const view = viewFor(createGame({ seed: 'agree', firstSeat: 'red' }), 'spectator');
    const waiting = (seats: ('red' | 'blue')[]) =>
      promptFor({ ...view, pending: { ask: 'setup', seats } as typeof view.pending });
    const said: Record<string, string[]> = {};
    for (const language of ['en', 'de', 'nl', 'fr'] as const) {
      await setLanguage(language);
      said[language] = [waiting(['blue']), waiting(['red', 'blue'])];
    }
    expect(said).toEqual({
      en: ['Waiting for Blue to set up', 'Waiting for Red and Blue to set up'],
      de: ['Warten, bis Blau bereit ist', 'Warten, bis Rot und Blau bereit sind'],
      nl: ['Wachten tot Blauw klaar is', 'Wachten tot Rood en Blauw klaar zijn'],
      fr: ['En attente des préparatifs\u202f: Bleu', 'En attente des préparatifs\u202f: Rouge et Bleu'],
    });
  });
});

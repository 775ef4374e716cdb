import { describe, expect, it } from 'vitest';
import { type Action, actionKey, opponentOf, toAct, viewFor } from '../../src/engine/index.ts';
import { cardLabel, choicesFor } from '../../src/web/game/choices.ts';
import { FACE_TITLE } from '../../src/web/game/names.ts';
import { playUntil, setUp } from './fixtures.ts';

/** Every action the page offers, as keys: all clickable things and buttons. */
function offered(view: ReturnType<typeof viewFor>, selected: number | null): string[] {
  const c = choicesFor(view, selected);
  const keys: string[] = [];
  for (const a of c.cards.values()) keys.push(actionKey(a));
  for (const a of c.flags.values()) keys.push(actionKey(a));
  for (const p of c.pieces.values()) if (p.kind === 'send') keys.push(actionKey(p.action));
  for (const b of c.buttons) keys.push(actionKey(b.action));
  if (c.shoot) keys.push(actionKey(c.shoot));
  for (const s of c.setups) keys.push(actionKey(s));
  return keys.sort();
}

describe('choices: the page offers exactly the legal actions', () => {
  it('turning a card: one clickable card per listed turnCard, and nothing else', () => {
    const state = setUp();
    const view = viewFor(state, 'red');
    expect(offered(view, null)).toEqual(view.legalActions.map(actionKey).sort());
    expect(choicesFor(view, null).cards.size).toBe(view.legalActions.length);
    // The opponent has nothing to click.
    expect(offered(viewFor(state, 'blue'), null)).toEqual([]);
  });

  it('along random games, every offered action is legal and every legal one is offered (attacks over two clicks)', () => {
    let state = setUp('walks');
    for (let i = 0; i < 300 && state.outcome === null; i++) {
      const seat = toAct(state)[0];
      if (seat === undefined) break;
      const view = viewFor(state, seat);
      const legal = view.legalActions.map(actionKey).sort();
      const attackers = [
        ...new Set(view.legalActions.flatMap((a) => (a.type === 'attack' ? [a.attacker] : []))),
      ];
      const direct = offered(view, null);
      const viaSelect = attackers.flatMap((attacker) =>
        offered(view, attacker).filter((k) => k.startsWith('attack:')),
      );
      expect([...new Set([...direct, ...viaSelect])].sort()).toEqual(legal);
      expect(offered(viewFor(state, opponentOf(seat)), null).length === 0 || toAct(state).length > 1).toBe(
        true,
      );
      state = playUntil(state, () => false, `w${i}`, 1);
    }
  });

  it('an attack is two clicks: the attacker is selected first, then its targets are offered', () => {
    const state = playUntil(
      setUp('attack'),
      (s) => s.pending.ask === 'attack' && legalAttack(s) !== undefined,
      'a',
    );
    const seat = state.pending.ask === 'attack' ? state.pending.seat : 'red';
    const view = viewFor(state, seat);
    const attack = view.legalActions.find(
      (a): a is Extract<Action, { type: 'attack' }> => a.type === 'attack',
    );
    if (attack === undefined) return;
    expect(choicesFor(view, null).pieces.get(attack.attacker)?.kind).toBe('select');
    const second = choicesFor(view, attack.attacker);
    expect(second.pieces.get(attack.target)).toMatchObject({ kind: 'send', action: attack });
    expect(second.pieces.get(attack.attacker)?.kind).toBe('deselect');
  });

  it('names the cards for assistive technology: "Action card 3: shows Attack!"', () => {
    const view = viewFor(setUp(), 'red');
    const index = view.cards.findIndex((c) => c.up === 'attack');
    expect(cardLabel(view, index)).toBe(`Action card ${index + 1}: shows Attack!`);
  });

  it('a card the player may turn says that turning it plays the side now hidden (R2.1)', () => {
    const fresh = viewFor(setUp(), 'red');
    const index = fresh.cards.findIndex((c) => c.up === 'attack');
    expect(cardLabel(fresh, index, true)).toBe(
      `Action card ${index + 1}: shows Attack!; turning it plays its unknown other side`,
    );
    // Once a card has been turned, both its faces are known: the name says which one turning it plays.
    const later = playUntil(setUp(), (s) => s.log.length > 12 && s.pending.ask === 'turnCard');
    const seat = toAct(later)[0];
    if (seat === undefined) throw new Error('nobody is to turn a card');
    const view = viewFor(later, seat);
    const known = view.cards.findIndex(
      (c, i) => c.down !== null && c.aside === null && view.lastTurned !== i,
    );
    const card = view.cards[known];
    if (card === undefined || card.down === null) throw new Error('no turned card to look at');
    expect(cardLabel(view, known, true)).toBe(
      `Action card ${known + 1}: shows ${FACE_TITLE[card.up]}; turning it plays its other side, ${FACE_TITLE[card.down]}`,
    );
  });
});

function legalAttack(state: Parameters<typeof toAct>[0]) {
  const seat = toAct(state)[0];
  return seat === undefined ? undefined : viewFor(state, seat).legalActions.find((a) => a.type === 'attack');
}

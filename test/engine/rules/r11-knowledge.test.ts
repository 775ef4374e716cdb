import { describe, expect, it } from 'vitest';
import {
  type Action,
  applyAction,
  describeEvent,
  eventsFor,
  type GameEvent,
  type GameState,
  legalActions,
  opponentOf,
  type PieceKind,
  recordOf,
  replay,
  type Seat,
  viewFor,
} from '../../../src/engine/index.ts';
import { act, chanceOfSeed, play, playRandomly, position, theEvent } from '../positions.ts';

const TURN_CARD_0: Action = { type: 'turnCard', card: 0 };

/**
 * The same game with everything `viewer` may not know changed: the kinds of the opponent's unknown pieces
 * rotated, the opponent's unshown flag cards rotated, and (unless `keepChance`) the PRNG reseeded.
 * A view must not notice.
 */
function withOtherSecrets(state: GameState, viewer: Seat, keepChance = false): GameState {
  const enemy = opponentOf(viewer);
  const first = enemy === 'red' ? 0 : 10;
  const kinds: PieceKind[] = state.kinds.slice();
  // Boarding is public and the Bomb never boards, so boarders and the others are rotated apart.
  for (const boarded of [true, false]) {
    const hidden = Array.from({ length: 10 }, (_, i) => first + i).filter(
      (id) => !state.shown[id] && state.boarded[id] === boarded,
    );
    hidden.forEach((id, i) => {
      const next = hidden[(i + 1) % hidden.length];
      const kind = next === undefined ? undefined : state.kinds[next];
      if (kind !== undefined) kinds[id] = kind;
    });
  }
  const slots = [0, 1, 2].filter((slot) => !state.flagShown[enemy][slot]);
  const flags = state.flagSlots[enemy].slice();
  slots.forEach((slot, i) => {
    const from = slots[(i + 1) % slots.length];
    const card = from === undefined ? undefined : state.flagSlots[enemy][from];
    if (card !== undefined) flags[slot] = card;
  });
  return {
    ...state,
    kinds,
    flagSlots: { ...state.flagSlots, [enemy]: flags },
    chance: keepChance ? state.chance : chanceOfSeed(`other ${state.turn}`),
  };
}

/** Deep equality through JSON (views and events are plain JSON), with the full diff only on a mismatch. */
function sameJson(actual: unknown, expected: unknown): void {
  const a = JSON.stringify(actual);
  const b = JSON.stringify(expected);
  if (a !== b) expect(JSON.parse(a)).toEqual(JSON.parse(b));
}

/** Every kind named in an event. */
function kindsIn(event: GameEvent): number[] {
  switch (event.type) {
    case 'battle':
      return [event.attacker, event.defender];
    case 'pieceOut':
      return [event.piece];
    default:
      return [];
  }
}

describe('R11 what each seat knows', () => {
  it('R11.1 a seat sees its own pieces and flag order; of the opponent only places, counts and what was shown', () => {
    const p = position({
      mover: 'red',
      red: { deck: ['captain', 'bomb'], boarding: ['whip'], flags: ['flag', 'barrel', 'monkey'] },
      blue: { deck: ['earring', 'adder'], out: ['incisor'] },
      card: 'attack',
    });
    const { state } = play(
      p.state,
      ['red', TURN_CARD_0],
      ['red', { type: 'attack', attacker: p.id('red', 'whip'), target: p.id('blue', 'adder') }],
    );
    const blue = viewFor(state, 'blue');
    expect(blue.ships.red.deck.map((piece) => piece.kind)).toEqual([null, null]);
    expect(blue.ships.red.extras.map((piece) => piece.kind)).toEqual(Array(7).fill(null));
    expect(blue.ships.red.flagSlots).toEqual([null, null, null]);
    expect(blue.ships.blue.flagSlots).toEqual(['monkey', 'flag', 'barrel']);
    // Shown in battle (the Whip) and out of play (the Incisor, the Adder) are known.
    expect(blue.ships.blue.deck.map((piece) => piece.kind)).toEqual(['earring', 'whip']);
    expect(blue.out.map((piece) => piece.kind)).toEqual(['incisor', 'adder']);
    const red = viewFor(state, 'red');
    expect(red.ships.red.deck.map((piece) => piece.kind)).toEqual(['captain', 'bomb']);
    expect(red.ships.red.flagSlots).toEqual(['flag', 'barrel', 'monkey']);
    expect(red.ships.blue.deck.map((piece) => piece.kind)).toEqual([null, 'whip']);
    expect(red.ships.blue.extras).toHaveLength(7);
  });

  it('R11.2 a piece back from the plank or a missed skull shot stays unknown', () => {
    let sawPirate = false;
    for (let i = 0; i < 40 && !sawPirate; i++) {
      const p = position({ mover: 'red', red: { deck: ['captain'] }, card: 'plank', random: `saved ${i}` });
      const { state, events } = act(p.state, 'red', TURN_CARD_0);
      if (theEvent(events, 'coinTossed').side !== 'pirate') continue;
      sawPirate = true;
      expect(viewFor(state, 'blue').ships.red.deck[0]?.kind).toBeNull();
      expect(
        eventsFor(events, 'blue')
          .map((e) => describeEvent(e, 'blue'))
          .join(' '),
      ).not.toContain('Captain');
    }
    expect(sawPirate).toBe(true);
    const skull = position({
      mover: 'blue',
      red: { deck: ['captain'] },
      card: 'shootSkull',
      options: { quickOdds: { sail: 0, skull: 0 } },
    });
    const missed = act(skull.state, 'blue', TURN_CARD_0);
    expect(theEvent(missed.events, 'pieceReturned').from).toBe('hatch');
    expect(viewFor(missed.state, 'blue').ships.red.deck[0]?.kind).toBeNull();
  });

  it('R11.3 no view or event given to a seat during play depends on what it may not know', () => {
    const problems: string[] = [];
    for (const variant of ['standard', 'advanced'] as const) {
      for (let game = 0; game < 4; game++) {
        const options = {
          seed: `secret seed ${game}`,
          variant,
          shots: game % 2 === 0 ? 'quick' : 'aimed',
        } as const;
        playRandomly(options, `hidden ${game}`, (_before, _seat, _action, after, events) => {
          for (const viewer of ['red', 'blue'] as const) {
            const view = JSON.stringify(viewFor(after, viewer));
            if (JSON.stringify(viewFor(withOtherSecrets(after, viewer), viewer)) !== view) {
              problems.push(`${viewer}'s view changes with secrets at turn ${after.turn}`);
            }
            if (view.includes('secret seed')) problems.push(`${viewer}'s view holds the seed`);
            for (const event of eventsFor(events, viewer)) {
              if (event.audience !== 'all' && event.audience !== viewer)
                problems.push(`${event.type} reached ${viewer}`);
              for (const piece of kindsIn(event))
                if (!after.shown[piece]) problems.push(`${event.type} names ${piece}`);
              if (!/[.!]$/.test(describeEvent(event, viewer)))
                problems.push(`${event.type} is not a sentence`);
            }
          }
          const spectator = viewFor(after, 'spectator');
          if (spectator.legalActions.length > 0) problems.push('a spectator has actions');
          const seen = [
            ...spectator.ships.red.deck,
            ...spectator.ships.blue.deck,
            ...spectator.ships.red.extras,
          ];
          if (seen.some((piece) => piece.kind !== null && !after.shown[piece.id])) {
            problems.push(`a spectator sees a hidden kind at turn ${after.turn}`);
          }
        });
      }
    }
    expect(problems).toEqual([]);
  });

  it("R11.3 what a seat is told after an action does not depend on its opponent's secrets", () => {
    // Battles, pieces leaving play and flag cards turned reveal kinds by the rules (R4.1, R4.5, R6); any
    // other difference between the real game and one with other secrets is a leak.
    const reveals = new Set(['battle', 'pieceOut', 'flagCardTurned']);
    let compared = 0;
    for (let game = 0; game < 12; game++) {
      const variant = game % 2 === 0 ? 'standard' : 'advanced';
      playRandomly(
        { seed: `leak ${game}`, shots: 'quick', variant },
        `leak ${game}`,
        (before, seat, action, after, events) => {
          if (before.phase !== 'play') return;
          for (const viewer of ['red', 'blue'] as const) {
            const told = eventsFor(events, viewer);
            if (told.some((e) => reveals.has(e.type))) continue;
            const other = applyAction(withOtherSecrets(before, viewer, true), seat, action);
            // The opponent could not have chosen this with other pieces: nothing to compare.
            if (!other.ok) continue;
            compared++;
            sameJson(eventsFor(other.events, viewer), told);
            sameJson(viewFor(other.state, viewer), viewFor(after, viewer));
          }
        },
      );
    }
    expect(compared).toBeGreaterThan(400);
  });

  it('R11.3 a lone Bomb is not betrayed: Swing and Attack! are offered, with only the choice to decline', () => {
    const swing = position({ mover: 'red', red: { deck: ['bomb'] }, card: 'swing' });
    const swung = act(swing.state, 'red', TURN_CARD_0);
    expect(swung.state.pending).toEqual({ ask: 'swing', seat: 'red' });
    expect(legalActions(swung.state, 'red')).toEqual([{ type: 'pass' }]);
    const declined = act(swung.state, 'red', { type: 'pass' });
    expect(describeEvent(theEvent(declined.events, 'declined'), 'blue')).toBe(
      'Red chose not to act on Swing onto the other ship.',
    );
    const attack = position({
      mover: 'red',
      red: { deck: ['bomb'] },
      blue: { boarding: ['whip'] },
      card: 'attack',
    });
    const attacked = act(attack.state, 'red', TURN_CARD_0).state;
    expect(legalActions(attacked, 'red')).toEqual([{ type: 'pass' }]);
  });

  it('R11.3 after the game the full record, with the seed, replays it exactly', () => {
    const end = playRandomly({ seed: 'public after the game', shots: 'aimed' }, 'record');
    expect(end.phase).toBe('over');
    const record = recordOf(end);
    expect(record.options.seed).toBe('public after the game');
    const replayed = replay(JSON.parse(JSON.stringify(record)));
    expect(replayed.ok && replayed.value).toEqual(end);
  });
});

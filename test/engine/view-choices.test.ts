/**
 * A seat's choices read back from its view (view-choices.ts) are the engine's, action for action and in the
 * same order, in every position of random games: setup, contributions, every question of play, both variants,
 * quick and aimed shots, to the end. A patched update leaves `legalActions` and `toAct` out (docs/protocol.md)
 * and the page makes them here, so any difference would offer the page other moves than the server takes.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  choicesOfView,
  SEATS,
  toActOfView,
  type ViewWithoutChoices,
  viewFor,
} from '../../src/engine/index.ts';
import { randomGame } from './random-play.ts';

const seeds = fc.string({ minLength: 1, maxLength: 12 });
const variants = fc.constantFrom('standard' as const, 'advanced' as const);
const shots = fc.constantFrom('quick' as const, 'aimed' as const);
const entropy = fc.constantFrom('seed' as const, 'seats' as const);

describe('choices from a view', () => {
  it('are the legal actions and the seats to act that viewFor lists, in every position of random games', () => {
    const asked = new Set<string>();
    let positions = 0;
    fc.assert(
      fc.property(seeds, variants, shots, entropy, seeds, (seed, variant, shot, source, play) => {
        const { states } = randomGame({ seed, variant, shots: shot, entropy: source, turnLimit: 120 }, play);
        for (const state of states) {
          for (const viewer of [...SEATS, 'spectator'] as const) {
            const { legalActions, toAct, ...rest } = viewFor(state, viewer);
            const without: ViewWithoutChoices = JSON.parse(JSON.stringify(rest));
            expect(choicesOfView(without)).toEqual(legalActions);
            expect(toActOfView(without)).toEqual(toAct);
            positions++;
          }
          asked.add(state.pending.ask);
        }
      }),
      { numRuns: 60 },
    );
    // Every question was asked somewhere, so each rule's listing was compared.
    for (const ask of ['contribute', 'setup', 'turnCard', 'newPirate', 'swing', 'attack', 'plank', 'hatch'])
      expect(asked, ask).toContain(ask);
    for (const ask of ['shoot', 'losePiece', 'turnFlag', 'none']) expect(asked, ask).toContain(ask);
    expect(positions).toBeGreaterThan(10_000);
  });
});

/**
 * Determinization for the searches: the learn layer's resampling (learn/resample.ts: enemy kinds under
 * AI.md's hard constraints, enemy flag order, the unturned cards as a deal of the card set, chance that
 * plays on), worked out once per decision, plus the worlds the enemy could imagine (expert's option).
 * Tested the OpenSpiel way: viewFor(world, seat) equals the view.
 */
import { type GameState, type PieceKind, type Random, shuffleInPlace } from '../engine/index.ts';
import type { Hidden } from '../learn/hidden.ts';
import { Resampler, resample } from '../learn/resample.ts';

export { type ResampleOptions as WorldOptions, sampleAssignment } from '../learn/resample.ts';

/** Does an assignment meet the hard constraints? */
export function assignmentAllowed(hidden: Hidden, kinds: readonly PieceKind[]): boolean {
  for (let i = 0; i < kinds.length; i++)
    if (kinds[i] === 'bomb' && hidden.mayBeBomb[i] !== true) return false;
  return true;
}

/**
 * The fixed part of every world sampled from one view, computed once per decision: `sample(random,
 * assignment?)` draws a world (learn's `Resampler`), `sampleEnemyView` one as the enemy could imagine it.
 * Searches play the worlds on their own chance (`fastCopyWithChance`), which a bot needs since it must
 * not know the real dice; the worlds' own keyed chance lets anyone else play them with `applyAction`.
 */
export class Determinizer extends Resampler {
  /**
   * A world as the enemy could imagine it: like `sample`, and the seat's own pieces the enemy has not seen
   * swap kinds among themselves (the Bomb never onto a piece that boarded). Expert's search scores the
   * enemy's choices in such worlds, so the enemy in its tree cannot see the seat's pieces.
   */
  sampleEnemyView(random: Random, assignment?: readonly PieceKind[]): GameState {
    const world = this.sample(random, assignment);
    const first = this.hidden.seat === 'red' ? 0 : 10;
    const unseen: number[] = [];
    for (let id = first; id < first + 10; id++)
      if (world.shown[id] !== true && world.places[id] !== 'out') unseen.push(id);
    const kinds = world.kinds.slice();
    const mixed = shuffleInPlace(
      unseen.map((id) => kinds[id] ?? 'bomb'),
      random,
    );
    const bombAt = mixed.indexOf('bomb');
    if (bombAt >= 0 && world.boarded[unseen[bombAt] ?? 0]) {
      const to = unseen.findIndex((id) => !world.boarded[id]);
      if (to >= 0) {
        mixed[bombAt] = mixed[to] ?? 'bomb';
        mixed[to] = 'bomb';
      }
    }
    unseen.forEach((id, i) => {
      kinds[id] = mixed[i] ?? 'bomb';
    });
    return { ...world, kinds };
  }
}

/** The name the search's sampler had before the learn layer: `resample`, one world from one view. */
export const sampleState = resample;

/**
 * Bots fire the cannon like people (R8.2): in aimed games the engine lists a shoot template and the bot
 * fills in its own aim, the perfect one plus an error that shrinks with skill (engine/cannon `aimFor`).
 * With quick shots skill does not matter: the shot goes as listed.
 */

import { aimFor } from '../engine/cannon/index.ts';
import type { Action, PlayerView, Random } from '../engine/index.ts';

export function withAim(action: Action, view: PlayerView, skill: number, random: Random): Action {
  if (action.type !== 'shoot' || view.rules.shots !== 'aimed' || view.pending.ask !== 'shoot') return action;
  return { type: 'shoot', aim: aimFor(view.pending.target, skill, () => random.float()) };
}

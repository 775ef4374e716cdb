/**
 * One frozen object per possible choice, made once. Listing choices then allocates only the list, which
 * keeps the bots' playouts fast; callers must not mutate what they get.
 */
import type { Action } from '../actions.ts';

type PieceActionType = 'newPirate' | 'swing' | 'raid' | 'plank' | 'hatch' | 'losePiece';

const PIECES = Array.from({ length: 20 }, (_, piece) => piece);

function byPiece(type: PieceActionType): readonly Action[] {
  return Object.freeze(PIECES.map((piece) => Object.freeze({ type, piece }) as Action));
}

const NEW_PIRATE = byPiece('newPirate');
const SWING = byPiece('swing');
const RAID = byPiece('raid');
const PLANK = byPiece('plank');
const HATCH = byPiece('hatch');
const LOSE_PIECE = byPiece('losePiece');

const ATTACKS: readonly Action[] = Object.freeze(
  PIECES.flatMap((attacker) =>
    PIECES.map((target) => Object.freeze({ type: 'attack', attacker, target }) as Action),
  ),
);

const TURN_CARDS: readonly Action[] = Object.freeze(
  Array.from({ length: 10 }, (_, card) => Object.freeze({ type: 'turnCard', card }) as Action),
);

export const PASS: Action = Object.freeze({ type: 'pass' });
export const SHOOT: Action = Object.freeze({ type: 'shoot' });

/** A switch, not a lookup keyed by `type`: keyed loads with varying string keys go megamorphic. */
export function pieceAction(type: PieceActionType, piece: number): Action {
  let actions: readonly Action[];
  switch (type) {
    case 'newPirate':
      actions = NEW_PIRATE;
      break;
    case 'swing':
      actions = SWING;
      break;
    case 'raid':
      actions = RAID;
      break;
    case 'plank':
      actions = PLANK;
      break;
    case 'hatch':
      actions = HATCH;
      break;
    case 'losePiece':
      actions = LOSE_PIECE;
      break;
  }
  return actions[piece] ?? Object.freeze({ type, piece });
}

export function attackAction(attacker: number, target: number): Action {
  return ATTACKS[attacker * 20 + target] ?? Object.freeze({ type: 'attack', attacker, target });
}

export function turnCardAction(card: number): Action {
  return TURN_CARDS[card] ?? Object.freeze({ type: 'turnCard', card });
}

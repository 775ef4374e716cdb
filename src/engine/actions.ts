/**
 * Actions: the small tagged objects a seat sends (DESIGN "Actions"). Pieces are named by id (0-9 red,
 * 10-19 blue; an id says nothing about the kind), cards by their place 0-9, flag slots 0-2.
 * `parseAction` is the one gate from untrusted data: shape only; legality is the rules' business.
 */
import type { Aim } from './cannon/index.ts';
import { fail, ok, type Result } from './result.ts';

export type { Aim };

import { FLAG_CARDS, type FlagCard } from './vocabulary.ts';

export type Action =
  /** docs/fairness.md: a seat's own entropy for the game's chance, hex; the page or server sends it unseen. */
  | { readonly type: 'contribute'; readonly entropy: string }
  /** R1.4: the flag order of the three slots and the three pieces for the own deck, in deck order. */
  | { readonly type: 'setup'; readonly flags: readonly FlagCard[]; readonly deck: readonly number[] }
  /** R2.1: turn over action card `card` (0-9). */
  | { readonly type: 'turnCard'; readonly card: number }
  /** R3.3: put an extra on the own deck. */
  | { readonly type: 'newPirate'; readonly piece: number }
  /** R3.4: swing a piece to the other ship (own deck -> enemy deck, or back). */
  | { readonly type: 'swing'; readonly piece: number }
  /** R3.7: battle an enemy piece on the same deck. */
  | { readonly type: 'attack'; readonly attacker: number; readonly target: number }
  /** R3.7, R5.1: attempt the flag with a piece on the undefended enemy deck. */
  | { readonly type: 'raid'; readonly piece: number }
  /** R3.6: the opponent of the seat that turned the Plank puts one of that seat's pieces on it. */
  | { readonly type: 'plank'; readonly piece: number }
  /** R3.2: the shooter puts an enemy piece on the enemy hatch. */
  | { readonly type: 'hatch'; readonly piece: number }
  /** R3.1, R3.2, R8: fire the cannon; aimed games need an aim. */
  | { readonly type: 'shoot'; readonly aim?: Aim }
  /** R3.1: after a sail hit, the hit seat chooses one of its own pieces on a deck to leave play. */
  | { readonly type: 'losePiece'; readonly piece: number }
  /** R6.1: turn one of the enemy's three flag cards. */
  | { readonly type: 'turnFlag'; readonly slot: number }
  /** R2.5: decline an optional action (New pirate, Swing, Attack, a flag attempt by boarding). */
  | { readonly type: 'pass' }
  /**
   * R7.2: give up; accepted from either seat while the game runs. `away` marks the resignation a server
   * records for a seat that stayed away on its turn past the away time when the other claimed the win
   * (docs/protocol.md, "claim"): the game ends the same way, and says so. `time` marks the one a server
   * records for a seat whose clock ran out (docs/protocol.md, "Clocks"), so a timed game's record replays.
   */
  | { readonly type: 'resign'; readonly away?: true; readonly time?: true };

export type ActionType = Action['type'];

/** Every action type once: a record keyed by the union, so the compiler refuses a missing or an extra one. */
const EVERY_TYPE: Readonly<Record<ActionType, true>> = {
  contribute: true,
  setup: true,
  turnCard: true,
  newPirate: true,
  swing: true,
  attack: true,
  raid: true,
  plank: true,
  hatch: true,
  shoot: true,
  losePiece: true,
  turnFlag: true,
  pass: true,
  resign: true,
};

export const ACTION_TYPES = Object.keys(EVERY_TYPE) as readonly ActionType[];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isIndex(value: unknown, size: number): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value < size;
}

function malformed(message: string): Result<Action> {
  return fail('action/malformed', message);
}

const PIECE_MESSAGE = 'a piece id, a whole number from 0 to 19';

/** Checks the shape of an action from outside (wire, file, test) and copies out only the known fields. */
export function parseAction(input: unknown): Result<Action> {
  if (!isRecord(input) || typeof input.type !== 'string') {
    return malformed(`An action is an object with a type, one of: ${ACTION_TYPES.join(', ')}.`);
  }
  const type = input.type as ActionType;
  switch (type) {
    case 'contribute':
      return typeof input.entropy === 'string' && input.entropy.length <= 200
        ? ok({ type, entropy: input.entropy })
        : malformed('contribute needs entropy: your contribution as hex digits (docs/fairness.md).');
    case 'setup': {
      const { flags, deck } = input;
      if (
        !Array.isArray(flags) ||
        flags.length !== 3 ||
        !flags.every((f) => FLAG_CARDS.includes(f as FlagCard))
      ) {
        return malformed('A setup needs flags: the three flag cards (monkey, flag, barrel) in slot order.');
      }
      if (!Array.isArray(deck) || deck.length !== 3 || !deck.every((p) => isIndex(p, 20))) {
        return malformed(`A setup needs deck: three pieces for your deck, each ${PIECE_MESSAGE}.`);
      }
      return ok({ type, flags: [...(flags as FlagCard[])], deck: [...(deck as number[])] });
    }
    case 'turnCard':
      return isIndex(input.card, 10)
        ? ok({ type, card: input.card })
        : malformed('turnCard needs card: 0 to 9.');
    case 'newPirate':
    case 'swing':
    case 'raid':
    case 'plank':
    case 'hatch':
    case 'losePiece':
      return isIndex(input.piece, 20)
        ? ok({ type, piece: input.piece })
        : malformed(`${type} needs piece: ${PIECE_MESSAGE}.`);
    case 'attack':
      return isIndex(input.attacker, 20) && isIndex(input.target, 20)
        ? ok({ type, attacker: input.attacker, target: input.target })
        : malformed(`attack needs attacker and target, each ${PIECE_MESSAGE}.`);
    case 'shoot': {
      if (input.aim === undefined) return ok({ type });
      const aim = input.aim;
      if (!isRecord(aim))
        return fail('aim/malformed', 'An aim is an object { x, back, yaw, pitch } of numbers.');
      const extra = Object.keys(aim).find((key) => !['x', 'back', 'yaw', 'pitch'].includes(key));
      if (extra !== undefined) {
        return fail(
          'aim/malformed',
          `An aim has only x, back, yaw and pitch; '${extra}' is not one of them.`,
        );
      }
      const { x, back, yaw, pitch } = aim;
      if (![x, back, yaw, pitch].every((n) => typeof n === 'number' && Number.isFinite(n))) {
        return fail('aim/malformed', 'An aim needs x, back, yaw and pitch, each a finite number.');
      }
      return ok({
        type,
        aim: { x: x as number, back: back as number, yaw: yaw as number, pitch: pitch as number },
      });
    }
    case 'turnFlag':
      return isIndex(input.slot, 3)
        ? ok({ type, slot: input.slot })
        : malformed('turnFlag needs slot: 0, 1 or 2.');
    case 'pass':
      return ok({ type });
    case 'resign':
      if (input.away === undefined && input.time === undefined) return ok({ type });
      if (input.away === true && input.time === undefined) return ok({ type, away: true });
      if (input.time === true && input.away === undefined) return ok({ type, time: true });
      return malformed('resign takes away: true, or time: true, or nothing.');
  }
  return malformed(
    `Unknown action type '${String(input.type)}'; expected one of: ${ACTION_TYPES.join(', ')}.`,
  );
}

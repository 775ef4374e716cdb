/**
 * The setup draft: the player orders the three flag cards and picks three pirates; the page then sends the
 * listed setup action that matches (it never builds one the view did not offer).
 */
import {
  type Action,
  actionKey,
  FLAG_CARDS,
  type FlagCard,
  type PieceView,
  RANK,
} from '../../engine/index.ts';

/** What the player has chosen so far, e.g. `{ flags: ['flag', 'monkey', 'barrel'], deck: [3, 7], held: 1 }`. */
export interface SetupDraft {
  /** The flag cards in slot order. */
  readonly flags: readonly FlagCard[];
  /** The pirates picked for the deck, in the order picked (at most three). */
  readonly deck: readonly number[];
  /** The flag slot picked up to swap with the next slot clicked, or null. */
  readonly held: number | null;
}

export const EMPTY_DRAFT: SetupDraft = { flags: [...FLAG_CARDS], deck: [], held: null };

/** The crew to choose from in rank order, the Captain (7) first and the Bomb (no rank) last, e.g. for setup. */
export function inRankOrder(pieces: readonly PieceView[]): PieceView[] {
  const rank = (p: PieceView) => (p.kind === null ? -2 : (RANK[p.kind] ?? -1));
  return [...pieces].sort((a, b) => rank(b) - rank(a) || a.id - b.id);
}

/** Picks or drops a pirate; a fourth pick replaces the oldest. */
export function togglePirate(draft: SetupDraft, piece: number): SetupDraft {
  if (draft.deck.includes(piece)) return { ...draft, deck: draft.deck.filter((p) => p !== piece) };
  const deck = [...draft.deck, piece];
  return { ...draft, deck: deck.length > 3 ? deck.slice(1) : deck };
}

/** Click a slot to pick its card up, click another to swap them; the same slot again puts it down. */
export function clickFlagSlot(draft: SetupDraft, slot: number): SetupDraft {
  if (draft.held === null) return { ...draft, held: slot };
  if (draft.held === slot) return { ...draft, held: null };
  return { ...swapFlags(draft, draft.held, slot), held: null };
}

export function swapFlags(draft: SetupDraft, a: number, b: number): SetupDraft {
  const flags = draft.flags.slice();
  const first = flags[a];
  const second = flags[b];
  if (first === undefined || second === undefined) return draft;
  flags[a] = second;
  flags[b] = first;
  return { ...draft, flags };
}

/** The listed setup action matching the draft, in the player's deck order; null until the draft is complete. */
export function setupAction(draft: SetupDraft, legal: readonly Action[]): Action | null {
  if (draft.deck.length !== 3) return null;
  const wanted = actionKey({ type: 'setup', flags: draft.flags, deck: draft.deck });
  const listed = legal.find((a) => a.type === 'setup' && actionKey(a) === wanted);
  if (listed === undefined || listed.type !== 'setup') return null;
  return { type: 'setup', flags: listed.flags, deck: draft.deck };
}

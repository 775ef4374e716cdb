/**
 * A view as it travels on a game socket. During setup the engine lists every setup a seat may choose,
 * 6 flag orders x 120 sets of three deck pieces = 720 actions (about 50 KB of JSON, against 3 KB for a
 * view in play); on the wire the list is replaced by the choice space it is made of (the flag orders,
 * the pieces that may go on deck, how many), and the receiver expands it back into the same actions in
 * the same order. Everything else is the engine's view unchanged, so the page and the bots keep reading
 * `view.legalActions`; except that, for a client that asks, an update's view leaves out the game's rules,
 * which every `state` carries (WireViews puts them back). No zod here: the page imports this file.
 */

import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import { type Action, choicesOfView, type FlagCard, type PlayerView, toActOfView } from '../engine/index.ts';
import { applyViewPatch, type DeltasVersion, digestOfHash } from './view-delta.ts';

/** Every setup a seat may choose: each flag order with each `size` of `pieces` (deck in ascending id order). */
export interface SetupSpace {
  /** In the engine's order, e.g. [['monkey', 'flag', 'barrel'], ['monkey', 'barrel', 'flag'], ...]. */
  readonly flagOrders: readonly (readonly FlagCard[])[];
  /** The piece ids that may go on deck, ascending, e.g. [0, 1, ..., 9]. */
  readonly pieces: readonly number[];
  /** How many go on deck, e.g. 3. */
  readonly size: number;
}

/** The engine's view, except that a setup's `legalActions` is empty and `setupSpace` describes them. */
export type WireView = Omit<PlayerView, 'legalActions'> & {
  readonly legalActions: readonly Action[];
  /** Present only while the viewer may choose a setup; expands to the engine's `legalActions`. */
  readonly setupSpace?: SetupSpace;
};

/**
 * The last list folded for each first action: the engine hands out the same frozen setup actions every
 * time, so a list whose every element is the very same object as last time is the same space again.
 */
const folded = new WeakMap<
  Action,
  { readonly actions: readonly Action[]; readonly space: SetupSpace | null }
>();

/** The view to send: the setup list folded into its space when it is exactly that space, else as it is. */
export function packView(view: PlayerView): WireView {
  const actions = view.legalActions;
  const first = actions[0];
  if (first === undefined || first.type !== 'setup') return view;
  const known = folded.get(first);
  let space: SetupSpace | null;
  if (known !== undefined && sameList(known.actions, actions)) space = known.space;
  else {
    space = setupSpaceOf(actions);
    folded.set(first, { actions: actions.slice(), space });
  }
  if (space === null) return view;
  return { ...view, legalActions: [], setupSpace: space };
}

/**
 * An update's view: a wire view without `rules`, for a client that said hello with `rulesOnce`. The rules
 * never change within a game and were about a quarter of every update's bytes; `state` and `review` carry
 * them, and the receiver puts them back (WireViews). Other clients, and servers of an earlier release, send
 * them in every update, and they are then read as sent.
 */
export type UpdateWireView = Omit<WireView, 'rules'> & { readonly rules?: PlayerView['rules'] };

/** The view to send in an update: packed, without the rules. */
export function packUpdateView(view: PlayerView): UpdateWireView {
  const { rules: _sentWithEveryState, ...rest } = packView(view);
  return rest;
}

/**
 * An update's view for a client that said hello with `deltas: 2`: without the rules, and without what the
 * view implies, the seat's choices and the seats to act (`choicesOfView`, `toActOfView`: the receiver makes
 * them with the engine's own rules). They were a third of a patched update's bytes. Its text is what a
 * deltas-2 patch changes and a deltas-2 digest fingerprints.
 */
export type LeanWireView = Omit<PlayerView, 'rules' | 'legalActions' | 'toAct'>;

/** The lean view of `view` (the engine's view, or an update's view as it travelled). */
export function packLeanView(
  view: Omit<PlayerView, 'rules' | 'legalActions'> | UpdateWireView,
): LeanWireView {
  const {
    rules: _sentWithEveryState,
    legalActions: _implied,
    toAct: _impliedToo,
    setupSpace: _impliedAsWell,
    ...rest
  } = view as UpdateWireView;
  return rest;
}

/** What a patched update carries instead of a view: the patch and the new view's digest. */
export interface SentPatch {
  readonly patch: unknown;
  readonly digest: string;
}

/**
 * One socket's reader of views: it keeps the rules of the last `state` (one game's, so they never change) and
 * completes each update's view with them, and it keeps the view it read last, without the rules (and, for
 * deltas 2, without what the view implies), which the next update's patch changes (view-delta.ts). A `review`
 * is a look back: it changes neither.
 */
export class WireViews {
  #rules: PlayerView['rules'] | null = null;
  readonly #sha256: (text: string) => Uint8Array;
  /** The patch format the updates after the last state use: what its `deltas` said (1 when it said nothing). */
  #deltas: DeltasVersion = 1;

  /**
   * `sha256`: of a view's text, for its digest; the JavaScript one unless the reader has a faster one of its
   * own (Node's crypto: the tests and the benchmark).
   */
  constructor(hash: (text: string) => Uint8Array = (text) => sha256(utf8ToBytes(text))) {
    this.#sha256 = hash;
  }
  /** The last state's or update's view as a patch finds it, and its version. */
  #current: { readonly v: number; readonly view: UpdateWireView | LeanWireView } | null = null;

  /**
   * The engine's view from a `state` at version `v`: whole, so its rules are kept for the updates after it.
   * `deltas`: the state's own, the patch format of the updates after it (absent: 1, or none at all).
   */
  whole(view: WireView, v?: number, deltas?: number): PlayerView {
    this.#rules = view.rules ?? null;
    this.#deltas = deltas === 2 ? 2 : 1;
    const { rules: _keptApart, ...rest } = view;
    this.#current = v === undefined ? null : { v, view: this.#deltas === 2 ? packLeanView(view) : rest };
    return unpackView(view);
  }

  /** The engine's view from a `review`: a past moment, which the updates do not build on. */
  review(view: WireView): PlayerView {
    this.#rules ??= view.rules ?? null;
    return unpackView({ ...view, rules: view.rules ?? (this.#rules as PlayerView['rules']) });
  }

  /**
   * The engine's view from an update at version `v`: its view, or its patch applied to the view read last,
   * which must then be the one at `v - 1` and come out with the update's digest. Null when it cannot be read
   * (before any state; a patch that does not fit, or whose result differs from the server's): ask for a resync.
   */
  update(view: UpdateWireView, v?: number): PlayerView | null;
  update(patch: SentPatch, v: number): PlayerView | null;
  update(sent: UpdateWireView | SentPatch, v?: number): PlayerView | null {
    const rules = ('rules' in sent ? sent.rules : undefined) ?? this.#rules;
    if (!('patch' in sent && 'digest' in sent && !('viewer' in sent))) {
      const wire = sent as UpdateWireView;
      if (rules === null) return null;
      const { viewer, rules: _asSent, ...rest } = wire;
      const kept = this.#deltas === 2 ? packLeanView(wire) : { viewer, ...rest };
      this.#current = v === undefined ? null : { v, view: kept };
      // The rules where the engine puts them (after the viewer), so the view reads as the engine's does.
      return unpackView(orderLike({ viewer, rules, ...rest }));
    }
    const base = this.#current;
    if (base === null || rules === null || v === undefined || base.v !== v - 1) return this.#lost();
    const rebuilt = applyViewPatch(base.view, sent.patch, this.#deltas);
    if (rebuilt === null) return this.#lost();
    const digest = digestOfHash(this.#sha256(JSON.stringify(rebuilt)), this.#deltas);
    if (digest !== sent.digest) return this.#lost();
    this.#current = { v, view: rebuilt };
    if (this.#deltas === 1) {
      const { viewer, ...rest } = rebuilt as UpdateWireView;
      return unpackView(orderLike({ viewer, rules, ...rest }));
    }
    // Deltas 2: the choices and the seats to act are the view's to imply (view-choices.ts).
    const lean = { ...(rebuilt as LeanWireView), rules };
    return orderLike({ ...lean, toAct: toActOfView(lean), legalActions: choicesOfView(lean) });
  }

  /** Nothing to build on until the next state. */
  #lost(): null {
    this.#current = null;
    return null;
  }
}

/**
 * The view's keys in the engine's order (some readers compare views as JSON): a patch adds keys at the end of
 * their object, and an update may have changed which keys the pending question has.
 */
function orderLike(view: WireView): WireView {
  const ordered: Record<string, unknown> = {};
  for (const key of VIEW_KEYS) if (Object.hasOwn(view, key)) ordered[key] = view[key as keyof WireView];
  for (const key of Object.keys(view))
    if (!Object.hasOwn(ordered, key)) ordered[key] = view[key as keyof WireView];
  return ordered as unknown as WireView;
}

const VIEW_KEYS = [
  'viewer',
  'rules',
  'phase',
  'turn',
  'mover',
  'pending',
  'toAct',
  'ships',
  'out',
  'cards',
  'lastTurned',
  'legalActions',
  'outcome',
  'setupSpace',
] as const;

/** The engine's view back from a wire view (a view without `setupSpace` is returned as it is). */
export function unpackView(view: WireView): PlayerView {
  const { setupSpace, ...rest } = view;
  if (setupSpace === undefined) return rest;
  return { ...rest, legalActions: expandSetupSpace(setupSpace) };
}

/** The setup actions of a space, in the engine's order: flag order first, then deck sets in lexicographic order. */
export function expandSetupSpace(space: SetupSpace): Action[] {
  const decks = combinations(space.pieces, space.size);
  const actions: Action[] = [];
  for (const flags of space.flagOrders) {
    for (const deck of decks) actions.push({ type: 'setup', flags: flags.slice(), deck });
  }
  return actions;
}

/**
 * The space a list of setup actions is, or null when the list is not exactly its expansion, action for
 * action in the same order (then it travels expanded, as before): the receiver gets the engine's list.
 */
function setupSpaceOf(actions: readonly Action[]): SetupSpace | null {
  const first = actions[0];
  if (first === undefined || first.type !== 'setup') return null;
  const flagOrders: (readonly FlagCard[])[] = [];
  const orderKeys = new Set<string>();
  const pieces = new Set<number>();
  for (const action of actions) {
    if (action.type !== 'setup') return null;
    const key = action.flags.join(',');
    if (!orderKeys.has(key)) {
      orderKeys.add(key);
      flagOrders.push(action.flags.slice());
    }
    for (const piece of action.deck) pieces.add(piece);
  }
  const space: SetupSpace = {
    flagOrders,
    pieces: [...pieces].sort((a, b) => a - b),
    size: first.deck.length,
  };
  const expanded = expandSetupSpace(space);
  if (expanded.length !== actions.length) return null;
  for (const [i, action] of actions.entries()) {
    const twin = expanded[i];
    if (action.type !== 'setup' || twin?.type !== 'setup' || !sameList(action.flags, twin.flags)) return null;
    if (!sameList(action.deck, twin.deck)) return null;
  }
  return space;
}

function sameList<T>(a: readonly T[], b: readonly T[]): boolean {
  return a.length === b.length && a.every((item, i) => item === b[i]);
}

function combinations(items: readonly number[], size: number): number[][] {
  if (size === 0) return [[]];
  const result: number[][] = [];
  for (let i = 0; i <= items.length - size; i++) {
    const head = items[i] ?? 0;
    for (const rest of combinations(items.slice(i + 1), size - 1)) result.push([head, ...rest]);
  }
  return result;
}

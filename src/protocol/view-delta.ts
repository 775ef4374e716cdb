/**
 * An update that carries what changed instead of the whole view (issue 34: views were 2.4 KB an update, and
 * most of a view stays as it was from one action to the next). The server diffs the view it sent a socket
 * last with the new one; the page applies the patch to the view it holds, and checks the result against the
 * digest the server sends, asking for a resync on any mismatch. Only the receiver's own views are diffed,
 * so a patch says nothing its views did not (the leak suites check the rebuilt views as they check views).
 *
 * The patch format is ours, not RFC 6902 JSON Patch: the same changes written as RFC 6902 operations
 * (`{"op":"replace","path":"/cards/3/up","value":"attack"}`) measured about twice the bytes (docs/protocol.md),
 * and the point of a patch is its size. An operation is a tuple:
 *   `[path, value]`  set `value` at `path` (a key added or replaced; a path ending in `-` appends to an array);
 *   `[path]`         remove the key at `path`, or (deltas 2) the item at an index of an array, closing the gap.
 * A path is the keys from the root joined by `/`, e.g. `cards/3/up`, `out/-`; `''` is the whole view.
 * Version 1 (hello `deltas: true`) never removes from an array: a list that shrank goes whole. Version 2 does,
 * so a pirate leaving the middle of a deck or the extras costs a few bytes, not the whole list; and it writes
 * the view's usual keys in a path as one capital letter each (`PATH_KEYS`: `C/3/U` is `cards/3/up`), since the
 * key names were a third of a patch. A view's own keys are never capitals, so the two cannot be confused.
 * No zod here: the page imports this file.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

type Json = null | boolean | number | string | readonly Json[] | { readonly [key: string]: Json };

/** One change: set a value at a path, or remove the key at a path (see the file's comment). */
export type PatchOperation = readonly [path: string] | readonly [path: string, value: unknown];

export type ViewPatch = readonly PatchOperation[];

/** How deep a patch names what changed (`ships/red/deck/2`); below that a changed value goes whole. */
const DEPTH = 4;

/**
 * Version 2's letters for the keys a path most often names (a key not here is written as it is). Fixed with
 * the format: a later format may add letters, never change one.
 */
export const PATH_KEYS: Readonly<Record<string, string>> = {
  T: 'turn',
  M: 'mover',
  P: 'pending',
  S: 'ships',
  O: 'out',
  C: 'cards',
  L: 'lastTurned',
  H: 'phase',
  W: 'outcome',
  A: 'ask',
  E: 'seat',
  R: 'red',
  B: 'blue',
  D: 'deck',
  X: 'extras',
  F: 'flagSlots',
  Y: 'ready',
  U: 'up',
  N: 'down',
  Z: 'aside',
  K: 'kind',
  J: 'boarded',
};

/** Each letter's key, and each key's letter (maps: a path's text never reaches an object's prototype). */
const KEY_OF: ReadonlyMap<string, string> = new Map(Object.entries(PATH_KEYS));
const LETTER_OF: ReadonlyMap<string, string> = new Map(
  Object.entries(PATH_KEYS).map(([letter, key]) => [key, letter]),
);

/** The key a format-2 path's segment names (`C` is `cards`; a segment that is no letter is its key). */
export function keyOfLetter(segment: string): string {
  return KEY_OF.get(segment) ?? segment;
}

/**
 * The changes that make `before` into `after` (plain JSON data: no undefined inside arrays), found by
 * walking both (no text is made: this runs once per viewer and action on the server).
 */
export function diffViews(before: unknown, after: unknown, version: DeltasVersion = 1): PatchOperation[] {
  const operations: PatchOperation[] = [];
  diff(before as Json, after as Json, [], operations, DEPTH, version);
  return operations;
}

/**
 * The patch formats: 1 as the first release with patches wrote them; 2 with removals from arrays, of the lean
 * view (wire-view.ts), events packed (packed-events.ts), a 72-bit digest.
 */
export type DeltasVersion = 1 | 2;

/** The newest patch format this release writes and reads. */
export const DELTAS_VERSION: DeltasVersion = 2;

/**
 * An object whose keys changed (the pending question asks something else) goes whole: the receiver's copy
 * then has the server's keys in the server's order, and the digest of its text is the server's. A list that
 * kept or grew its length (the cards, pieces out of play) sends the items that changed and those added,
 * unless most changed (the legal actions) or it was empty: then it goes whole, as a list that shrank does.
 * `path` is the keys down to here, a stack (joined only for an operation).
 */
function diff(
  before: Json,
  after: Json,
  path: string[],
  operations: PatchOperation[],
  depth: number,
  version: DeltasVersion,
): void {
  if (before === after) return;
  if (typeof after !== 'object' || after === null || typeof before !== 'object' || before === null) {
    operations.push([path.join('/'), after]);
    return;
  }
  if (isObject(before) && isObject(after)) {
    const keys = Object.keys(after);
    if (
      depth === 0 ||
      !sameKeys(Object.keys(before), keys) ||
      keys.some((key) => segmentOf(key, version) === null)
    ) {
      if (!same(before, after)) operations.push([path.join('/'), after]);
      return;
    }
    for (const key of keys) {
      const was = before[key] as Json;
      const is = after[key] as Json;
      if (was === is || (typeof is === 'object' && same(was, is))) continue;
      path.push(segmentOf(key, version) ?? key);
      diff(was, is, path, operations, depth - 1, version);
      path.pop();
    }
    return;
  }
  if (Array.isArray(before) && Array.isArray(after)) {
    if (depth > 0 && before.length > 0 && after.length >= before.length) {
      // Which items changed, found without making anything: most of a view's lists are as they were.
      let changed: number[] | null = null;
      for (let i = 0; i < before.length; i++)
        if (!same(before[i] as Json, after[i] as Json)) {
          if (changed === null) changed = [];
          changed.push(i);
        }
      if (changed === null || changed.length * 2 <= before.length) {
        for (const i of changed ?? []) {
          path.push(String(i));
          diff(before[i] as Json, after[i] as Json, path, operations, depth - 1, version);
          path.pop();
        }
        if (after.length > before.length) {
          const append = [...path, '-'].join('/');
          for (let i = before.length; i < after.length; i++) operations.push([append, after[i]]);
        }
        return;
      }
    }
    if (
      version === 2 &&
      depth > 0 &&
      after.length < before.length &&
      removals(before, after, path, operations)
    )
      return;
    if (!same(before, after)) operations.push([path.join('/'), after]);
    return;
  }
  operations.push([path.join('/'), after]);
}

/**
 * `after` is `before` with one run of items taken out (a pirate swung off a deck, an extra brought on, a
 * piece out of play): the removals, written and done (true), or nothing (false). Each removal names the
 * index as it stands when it runs, so a run taken out at index i is `[path/i]` as many times as it is long.
 */
function removals(
  before: readonly Json[],
  after: readonly Json[],
  path: string[],
  operations: PatchOperation[],
): boolean {
  let start = 0;
  while (start < after.length && same(before[start] as Json, after[start] as Json)) start++;
  const gone = before.length - after.length;
  for (let i = start; i < after.length; i++)
    if (!same(before[i + gone] as Json, after[i] as Json)) return false;
  path.push(String(start));
  const at = path.join('/');
  path.pop();
  for (let i = 0; i < gone; i++) operations.push([at]);
  return true;
}

/**
 * The path segment that names `key`, or null for a key no path can name: the empty key (its path would be
 * its parent's), one with a `/`, one that reaches a prototype (refused when applied), and in version 2 a key
 * spelled as another key's letter (it would be read as that key). A view has none of these; an object that
 * holds one goes whole, so any JSON value still patches to any other.
 */
function segmentOf(key: string, version: DeltasVersion): string | null {
  if (key === '' || key.includes('/') || FORBIDDEN.has(key)) return null;
  if (version !== 2) return key;
  const letter = LETTER_OF.get(key);
  if (letter !== undefined) return letter;
  return KEY_OF.has(key) ? null : key;
}

/**
 * Deep equality of two JSON values, made for speed (it runs over every view the server sends a patch for):
 * nothing is allocated. Keys are compared as sets; a view whose keys came in another order with the same
 * values would then rebuild with the old order, and its digest would ask for a resync (the engine builds
 * views field by field, always in one order).
 */
function same(a: Json, b: Json): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!same(a[i] as Json, b[i] as Json)) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const left = a as Record<string, Json>;
  const right = b as Record<string, Json>;
  let keys = 0;
  for (const key in left) {
    if (!Object.hasOwn(right, key) || !same(left[key] as Json, right[key] as Json)) return false;
    keys++;
  }
  for (const _ in right) keys--;
  return keys === 0;
}

function sameKeys(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * `base` with `patch` applied, as a new value (`base` is left as it was; unchanged parts are shared), or
 * null when the patch does not fit `base` (a path through a value that is not there): the caller resyncs.
 */
export function applyViewPatch<T>(base: T, patch: unknown, version: DeltasVersion = 1): T | null {
  if (!Array.isArray(patch)) return null;
  let root: unknown = base;
  for (const operation of patch) {
    if (!Array.isArray(operation) || typeof operation[0] !== 'string') return null;
    if (operation.length !== 1 && operation.length !== 2) return null;
    const path = operation[0] === '' ? [] : operation[0].split('/');
    const keys = version === 2 ? path.map((key) => KEY_OF.get(key) ?? key) : path;
    if (keys.some((key) => FORBIDDEN.has(key))) return null;
    const next = operation.length === 2 ? set(root, keys, operation[1]) : remove(root, keys);
    if (next === MISFIT) return null;
    root = next;
  }
  return root as T;
}

const MISFIT = Symbol('misfit');
/** Keys that would reach an object's prototype instead of its data. */
const FORBIDDEN = new Set(['__proto__', 'prototype', 'constructor']);

function set(node: unknown, keys: readonly string[], value: unknown): unknown {
  const [key, ...rest] = keys;
  if (key === undefined) return value;
  if (Array.isArray(node)) {
    if (key === '-') return rest.length === 0 ? [...node, value] : MISFIT;
    const index = arrayIndex(key, node.length);
    if (index === null) return MISFIT;
    const child = set(node[index], rest, value);
    if (child === MISFIT) return MISFIT;
    const copy = node.slice();
    copy[index] = child;
    return copy;
  }
  if (!isObject(node)) return MISFIT;
  if (rest.length > 0 && !Object.hasOwn(node, key)) return MISFIT;
  const child = set(node[key], rest, value);
  if (child === MISFIT) return MISFIT;
  return { ...node, [key]: child };
}

function remove(node: unknown, keys: readonly string[]): unknown {
  const [key, ...rest] = keys;
  if (key === undefined) return MISFIT;
  if (Array.isArray(node)) {
    const index = arrayIndex(key, node.length);
    if (index === null) return MISFIT;
    if (rest.length === 0) return node.filter((_, i) => i !== index);
    const child = remove(node[index], rest);
    if (child === MISFIT) return MISFIT;
    const copy = node.slice();
    copy[index] = child;
    return copy;
  }
  if (!isObject(node) || !Object.hasOwn(node, key)) return MISFIT;
  if (rest.length > 0) {
    const child = remove(node[key], rest);
    return child === MISFIT ? MISFIT : { ...node, [key]: child };
  }
  const { [key]: _removed, ...kept } = node;
  return kept;
}

function arrayIndex(key: string, length: number): number | null {
  if (!/^(0|[1-9][0-9]*)$/.test(key)) return null;
  const index = Number(key);
  return index < length ? index : null;
}

/**
 * A short fingerprint of a view's text as the server sent it (`JSON.stringify`), from its sha256: version 1
 * the first 8 bytes in hex (16 characters), version 2 the first 9 in base64url (12 characters, 72 bits).
 * Patches keep every object's keys in the server's order (an object whose keys change goes whole), so a view
 * rebuilt right has the very same text. It only checks that two copies agree; it needs to hide nothing, since
 * it is made from a view its receiver holds. (The server hashes the same text with Node's own sha256, which
 * is faster: test/protocol/view-delta.test.ts checks both agree.)
 */
export function viewDigest(view: unknown, version: DeltasVersion = 1): string {
  return digestOfText(JSON.stringify(view), version);
}

/** `viewDigest` of a view's text. */
export function digestOfText(text: string, version: DeltasVersion = 1): string {
  return digestOfHash(sha256(utf8ToBytes(text)), version);
}

/** `viewDigest` from the sha256 of a view's text (a reader with a faster sha256 brings its own). */
export function digestOfHash(hash: Uint8Array, version: DeltasVersion): string {
  if (version === 1) return bytesToHex(hash.subarray(0, 8));
  let binary = '';
  for (const byte of hash.subarray(0, 9)) binary += String.fromCharCode(byte);
  // 9 bytes are 12 characters of base64 exactly, with no padding.
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_');
}

function isObject(value: unknown): value is { readonly [key: string]: Json } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

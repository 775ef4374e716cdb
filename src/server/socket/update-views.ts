/**
 * The views an update carries, made once per room and viewer however many sockets watch: the wire view at
 * the room's version and its text, and, when a socket reading patches asks, its digest and the patch from the
 * view one version before (view-delta.ts), in the format that socket reads (deltas 1 or 2). A socket that was
 * sent that earlier view gets the patch; any other (a new socket, one that missed a version) gets the view
 * whole. Each format's patch is made on first ask only: a room whose sockets all read deltas 2 never makes a
 * deltas-1 patch. Kept in a WeakMap: a room that is let go takes its views with it.
 */
import { hash } from 'node:crypto';
import { type GameEvent, type Viewer, viewFor } from '../../engine/index.ts';
import {
  type DeltasVersion,
  diffViews,
  digestOfHash,
  keyOfLetter,
  type LeanWireView,
  packLeanView,
  packUpdateView,
  type UpdateWireView,
  type ViewPatch,
} from '../../protocol/index.ts';
import type { Room } from '../rooms/room.ts';

/** One viewer's update view at one version, and what patched updates need of it (made on first ask). */
export class MadeView {
  /** The view, without the rules. */
  readonly view: UpdateWireView;
  /** The view at `v - 1`, while a patch from it may still be asked for (then let go: no chain of versions). */
  #before: MadeView | null;
  #text: string | null = null;
  #lean: LeanWireView | null = null;
  /**
   * The lean view's text key by key (`"turn":12`), in the view's key order: the next version's lean text
   * reuses the texts of the keys its deltas-2 patch left alone, so only what changed is written again.
   */
  #leanTexts: Map<string, string> | null = null;
  readonly #digests: (string | undefined)[] = [];
  readonly #patches: (ViewPatch | null | undefined)[] = [];

  constructor(
    readonly v: number,
    view: UpdateWireView,
    before: MadeView | null,
  ) {
    this.view = view;
    this.#before = before !== null && before.v === v - 1 ? before : null;
  }

  /**
   * Its JSON text, made on first ask: a whole-view update is written around it, and a format-1 digest is
   * of it. A room whose sockets all read format-2 patches makes it only when one of them needs a view whole.
   */
  get text(): string {
    this.#text ??= JSON.stringify(this.view);
    return this.#text;
  }

  /** The view a deltas-2 patch changes: without what the view implies (wire-view.ts `LeanWireView`). */
  get lean(): LeanWireView {
    this.#lean ??= packLeanView(this.view);
    return this.#lean;
  }

  /**
   * The lean view's JSON text, the very text `JSON.stringify(this.lean)` writes (test/server/update-views
   * checks it), made from the texts of its keys: those a deltas-2 patch from the view before left alone are
   * that view's texts (a patch names every top-level key whose value changed, or the whole view, path '').
   */
  leanText(): string {
    const texts = this.#leanKeyTexts();
    let text = '{';
    for (const part of texts.values()) text += text.length === 1 ? part : `,${part}`;
    return `${text}}`;
  }

  #leanKeyTexts(): Map<string, string> {
    if (this.#leanTexts !== null) return this.#leanTexts;
    const before = this.#before;
    const patch = before === null ? null : this.patch(2);
    let unchanged: ReadonlyMap<string, string> | null = null;
    if (before !== null && patch !== null && before.#leanTexts !== null) {
      const changed = new Set<string>();
      for (const [path] of patch) {
        if (path === '') {
          changed.clear();
          break;
        }
        const slash = path.indexOf('/');
        changed.add(keyOfLetter(slash === -1 ? path : path.slice(0, slash)));
      }
      if (patch.every(([path]) => path !== '')) {
        const kept = new Map<string, string>();
        for (const [key, text] of before.#leanTexts) if (!changed.has(key)) kept.set(key, text);
        unchanged = kept;
      }
    }
    const texts = new Map<string, string>();
    const lean = this.lean as unknown as Record<string, unknown>;
    for (const key of Object.keys(lean)) {
      const known = unchanged?.get(key);
      if (known !== undefined) {
        texts.set(key, known);
        continue;
      }
      const value = JSON.stringify(lean[key]);
      // JSON.stringify leaves out a key whose value has no JSON (undefined).
      if (value !== undefined) texts.set(key, `${JSON.stringify(key)}:${value}`);
    }
    this.#leanTexts = texts;
    return texts;
  }

  /** The digest of the view a `version` patch rebuilds: the update view's (1), the lean view's (2). */
  digest(version: DeltasVersion): string {
    let digest = this.#digests[version];
    if (digest === undefined) {
      digest = digestOfServer(version === 1 ? this.text : this.leanText(), version);
      this.#digests[version] = digest;
    }
    return digest;
  }

  /** The changes from the view at `v - 1` in format `version`, or null when that view was not made here. */
  patch(version: DeltasVersion): ViewPatch | null {
    let patch = this.#patches[version];
    if (patch === undefined) {
      const before = this.#before;
      patch =
        before === null
          ? null
          : version === 1
            ? diffViews(before.view, this.view, 1)
            : diffViews(before.lean, this.lean, 2);
      this.#patches[version] = patch;
    }
    return patch;
  }

  /**
   * The next version is made: no patch from this one's predecessor will be asked for any more. Its lean key
   * texts stay for the next version's lean text (made, if a digest is asked, before that one is superseded).
   */
  supersede(): void {
    this.#before = null;
  }
}

const made = new WeakMap<Room, Map<Viewer, MadeView>>();

/** `viewer`'s update view of `room` as it stands now (made on first ask at this version). */
export function updateViewOf(room: Room, viewer: Viewer): MadeView {
  let byViewer = made.get(room);
  if (byViewer === undefined) {
    byViewer = new Map();
    made.set(room, byViewer);
  }
  const known = byViewer.get(viewer);
  if (known !== undefined && known.v === room.version) return known;
  const fresh = new MadeView(room.version, packUpdateView(viewFor(room.state, viewer)), known ?? null);
  known?.supersede();
  byViewer.set(viewer, fresh);
  return fresh;
}

/**
 * Node's sha256 of a view's text (faster than the protocol's JavaScript one, and the same): the one-shot
 * `hash` makes no Hash object, about half the time of `createHash` for a view's 2 KB.
 */
export function sha256OfServer(text: string): Uint8Array {
  return hash('sha256', text, 'buffer');
}

/** The protocol's `viewDigest` of a view's JSON text in format `version`, by Node's sha256. */
export function digestOfServer(text: string, version: DeltasVersion = 1): string {
  return digestOfHash(sha256OfServer(text), version);
}

/** An event as a deltas-1 client reads it: `audience` left out when it is 'all' (wire.ts puts it back). */
export function withoutAudienceAll(event: GameEvent): GameEvent {
  if (event.audience !== 'all') return event;
  const { audience: _all, ...rest } = event;
  return rest as GameEvent;
}

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
  /** Its JSON text: a whole-view update is written around it. */
  readonly text: string;
  /** The view at `v - 1`, while a patch from it may still be asked for (then let go: no chain of versions). */
  #before: MadeView | null;
  #lean: { readonly view: LeanWireView; readonly text: string } | null = null;
  readonly #digests: (string | undefined)[] = [];
  readonly #patches: (ViewPatch | null | undefined)[] = [];

  constructor(
    readonly v: number,
    view: UpdateWireView,
    before: MadeView | null,
  ) {
    this.view = view;
    this.text = JSON.stringify(view);
    this.#before = before !== null && before.v === v - 1 ? before : null;
  }

  /** The view a deltas-2 patch changes: without what the view implies (wire-view.ts `LeanWireView`). */
  get lean(): { readonly view: LeanWireView; readonly text: string } {
    if (this.#lean === null) {
      const view = packLeanView(this.view);
      this.#lean = { view, text: JSON.stringify(view) };
    }
    return this.#lean;
  }

  /** The digest of the view a `version` patch rebuilds: the update view's (1), the lean view's (2). */
  digest(version: DeltasVersion): string {
    let digest = this.#digests[version];
    if (digest === undefined) {
      digest = digestOfServer(version === 1 ? this.text : this.lean.text, version);
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
            : diffViews(before.lean.view, this.lean.view, 2);
      this.#patches[version] = patch;
    }
    return patch;
  }

  /** The next version is made: no patch from this one's predecessor will be asked for any more. */
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

/**
 * The views an update carries, made once per room and viewer however many sockets watch: the wire view at
 * the room's version, its digest, and the patch from the view one version before (view-delta.ts). A socket
 * that was sent that earlier view gets the patch; any other (a new socket, one that missed a version) gets
 * the view whole. Kept in a WeakMap: a room that is let go takes its views with it.
 */
import { hash } from 'node:crypto';
import { type GameEvent, type Viewer, viewFor } from '../../engine/index.ts';
import { diffViews, packUpdateView, type UpdateWireView, type ViewPatch } from '../../protocol/index.ts';
import type { Room } from '../rooms/room.ts';

/** One viewer's update view at one version. */
export interface MadeView {
  readonly v: number;
  /** The view, without the rules. */
  readonly view: UpdateWireView;
  /** Its JSON text: the digest hashes it, and a whole-view update is written around it. */
  readonly text: string;
  readonly digest: string;
  /** The changes from the view at `v - 1`, or null when that view was not made here. */
  readonly patch: ViewPatch | null;
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
  const view = packUpdateView(viewFor(room.state, viewer));
  const text = JSON.stringify(view);
  const patch = known !== undefined && known.v === room.version - 1 ? diffViews(known.view, view) : null;
  const fresh: MadeView = { v: room.version, view, text, digest: digestOfServer(text), patch };
  byViewer.set(viewer, fresh);
  return fresh;
}

/**
 * The protocol's `viewDigest` of a view's JSON text (sha256, 8 bytes in hex), by Node's faster sha256: the
 * one-shot `hash` makes no Hash object, about half the time of `createHash` for a view's 2 KB.
 */
export function digestOfServer(text: string): string {
  return hash('sha256', text, 'hex').slice(0, 16);
}

/** An event as a `deltas` client reads it: `audience` left out when it is 'all' (wire.ts puts it back). */
export function withoutAudienceAll(event: GameEvent): GameEvent {
  if (event.audience !== 'all') return event;
  const { audience: _all, ...rest } = event;
  return rest as GameEvent;
}

/**
 * What the server sends on a game socket. Every game message carries `v`, the number of actions applied so
 * far: the client drops what it has seen and asks for a resync on a gap (STYLE "Versioned stream").
 * Views and events are the engine's own types, already filtered for the receiving seat; a view's setup
 * choices travel folded, and for a client that asks (hello's `rulesOnce`) an update's view leaves out the
 * rules a `state` carried (wire-view.ts: `WireViews` gives the engine's view back).
 */
import type { BySeat, GameEvent, HistoryStep, Seat, Viewer } from '../engine/index.ts';
import type { ClockView } from './clock.ts';
import type { Emote } from './emotes.ts';
import type { ErrorMessage } from './errors.ts';
import type { PackedEvent } from './packed-events.ts';
import type { ViewPatch } from './view-delta.ts';
import type { UpdateWireView, WireView } from './wire-view.ts';

/** Who holds a seat: a person with a token, the computer, or nobody yet (a friend who has not joined). */
export type SeatHolder = 'human' | 'computer' | 'open';

/** e.g. `{ seats: { red: { holder: 'human', connected: true }, ... }, claimable: 'blue' }` */
export interface Presence {
  readonly seats: BySeat<{ readonly holder: SeatHolder; readonly connected: boolean }>;
  /**
   * The seat that has been away on its turn, or over its decision, too long, so the other may claim the win or
   * hand it to the computer.
   */
  readonly claimable: Seat | null;
  /**
   * For each seat, in how many ms (from when this was made) the other may claim against it if it neither acts
   * nor comes back: its absence or its decision limit, whichever ends first; null when no limit runs (a timed
   * game's clock in play is its own). e.g. `{ red: null, blue: 412000 }`.
   */
  readonly claimIn: BySeat<number | null>;
  /** How many spectator sockets watch the game, on every process. */
  readonly watchers: number;
}

/** Sent after hello and after resync: everything the receiver may know, from scratch. */
export interface StateMessage {
  readonly t: 'state';
  readonly v: number;
  /** 'red', 'blue' or 'spectator'. */
  readonly viewer: Viewer;
  readonly view: WireView;
  /** sha256 of the game's seed (hex), published when the game starts; the seed itself comes with the record. */
  readonly seedHash: string;
  readonly presence: Presence;
  /** Timed games only: the clocks as the message was made. */
  readonly clock?: ClockView;
  /**
   * The patch format of the updates after this state, when it is 2 or later (hello's `deltas` asked for it;
   * absent: format 1, or no patches).
   */
  readonly deltas?: 2;
}

/**
 * Sent after each accepted action: what the receiver may see of what happened, and its view after it: whole
 * (`view`), or, for a client that said hello with `deltas`, as the changes from the view it was sent last
 * (`patch`, view-delta.ts) with the new view's `digest` to check them by; a client whose rebuilt view does
 * not match asks for a resync. A socket that missed a version, or has just been sent a state, may get either.
 */
export type UpdateMessage = UpdateHead &
  (
    | {
        /** Without the rules after hello's `rulesOnce` (the `state` before it carried them: wire-view.ts). */
        readonly view: UpdateWireView;
      }
    | {
        /** The changes from the receiver's view at `v - 1` (without the rules) to its view at `v`. */
        readonly patch: ViewPatch;
        /**
         * `viewDigest` of the view at `v` without the rules, e.g. `'3f1c9a0b7d2e4c55'`; for deltas 2 of the
         * lean view (wire-view.ts `LeanWireView`) in format 2, e.g. `'PxyaC30uTFWq'`.
         */
        readonly digest: string;
      }
  );

/**
 * A patched update to a deltas-2 client: its events packed (packed-events.ts), its patch of the lean view.
 * Only such a client is sent one, and its reader (wire.ts, WireViews) makes an `UpdateMessage` of it, so it is
 * not one of the `ServerMessage`s the readers above the wire see.
 */
export interface PackedUpdateMessage {
  readonly t: 'update';
  readonly v: number;
  readonly events: readonly PackedEvent[];
  readonly patch: ViewPatch;
  readonly digest: string;
  readonly clock?: ClockView;
}

/** What every update carries, whichever way its view travels. */
export interface UpdateHead {
  readonly t: 'update';
  readonly v: number;
  readonly events: readonly GameEvent[];
  /** Timed games only: the clocks after the action. */
  readonly clock?: ClockView;
}

/** Sent when someone connects, leaves, or becomes claimable. */
export interface PresenceMessage {
  readonly t: 'presence';
  readonly v: number;
  readonly presence: Presence;
}

/**
 * The answer to `history`: every event the receiver was shown, grouped by the action (`v`) that caused it,
 * up to `v` (the same `eventsFor` filter as updates; actions it saw nothing of are left out).
 */
export interface HistoryMessage {
  readonly t: 'history';
  readonly v: number;
  readonly steps: readonly HistoryStep[];
}

/** The answer to `review`: the receiver's view as it stood after `v` actions (never another viewer's). */
export interface ReviewMessage {
  readonly t: 'review';
  readonly v: number;
  readonly view: WireView;
}

/** An emote from a player, to the players of the game only (never to spectators). Not part of the versioned stream. */
export interface EmoteMessage {
  readonly t: 'emote';
  readonly seat: Seat;
  readonly emote: Emote;
}

/**
 * Where a rematch stands, sent to every socket of a finished game when it changes (and after hello):
 * 'offered' by a seat, 'declined' by a seat, 'ready' (the new game `gameId` exists, seats swapped), or
 * 'none' (an offer was taken back). With 'ready' a seat's socket alone gets its own new seat and token
 * (`seat`, `token`): no other socket ever sees them; a second tab of the same seat gets `seat` without a token.
 */
export interface RematchMessage {
  readonly t: 'rematch';
  readonly state: 'none' | 'offered' | 'declined' | 'ready';
  /** The seat that offered or declined, e.g. 'blue'; null for 'none' and 'ready'. */
  readonly by: Seat | null;
  readonly gameId?: string;
  readonly seat?: Seat;
  readonly token?: string;
}

export type ServerMessage =
  | StateMessage
  | UpdateMessage
  | PresenceMessage
  | HistoryMessage
  | ReviewMessage
  | EmoteMessage
  | RematchMessage
  | ErrorMessage;

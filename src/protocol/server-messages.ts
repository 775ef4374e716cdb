/**
 * What the server sends on a game socket. Every game message carries `v`, the number of actions applied so
 * far: the client drops what it has seen and asks for a resync on a gap (STYLE "Versioned stream").
 * Views and events are the engine's own types, already filtered for the receiving seat; a view's setup
 * choices travel folded (wire-view.ts: `unpackView` gives the engine's view back).
 */
import type { BySeat, GameEvent, Seat, Viewer } from '../engine/index.ts';
import type { ErrorMessage } from './errors.ts';
import type { WireView } from './wire-view.ts';

/** Who holds a seat: a person with a token, the computer, or nobody yet (a friend who has not joined). */
export type SeatHolder = 'human' | 'computer' | 'open';

/** e.g. `{ seats: { red: { holder: 'human', connected: true }, ... }, claimable: 'blue' }` */
export interface Presence {
  readonly seats: BySeat<{ readonly holder: SeatHolder; readonly connected: boolean }>;
  /** The seat that has been away on its turn too long, so the other may claim the win or hand it to the computer. */
  readonly claimable: Seat | null;
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
}

/** Sent after each accepted action: what the receiver may see of what happened, and the view after it. */
export interface UpdateMessage {
  readonly t: 'update';
  readonly v: number;
  readonly events: readonly GameEvent[];
  readonly view: WireView;
}

/** Sent when someone connects, leaves, or becomes claimable. */
export interface PresenceMessage {
  readonly t: 'presence';
  readonly v: number;
  readonly presence: Presence;
}

export type ServerMessage = StateMessage | UpdateMessage | PresenceMessage | ErrorMessage;

/**
 * The online protocol as the page uses it: the types come from src/protocol (type-only imports, so zod
 * stays out of the page's bundle); incoming messages get a light shape check here, since they come from
 * outside, and the views inside them become the engine's own views again (a setup's choices travel folded,
 * and an update's view without the rules the last state carried; wire-view.ts is imported on its own, it
 * holds no zod).
 */
import type { GameEvent, PlayerView } from '../../engine/index.ts';
import type {
  ReviewMessage,
  ServerMessage,
  StateMessage,
  UpdateHead,
  UpdateMessage,
} from '../../protocol/index.ts';
import { unpackEvent } from '../../protocol/packed-events.ts';
import { WireViews } from '../../protocol/wire-view.ts';

export type {
  AcceptChallengeResponse,
  AcceptSeekResponse,
  ChallengeCreated,
  ChallengeRequest,
  ChallengesResponse,
  ChallengeView,
  ClientMessage,
  ClockControl,
  ClockView,
  CreateGameRequest,
  CreateGameResponse,
  GamePlayers,
  JoinGameResponse,
  LiveGame,
  LiveGamesResponse,
  LobbyMessage,
  OpenSeek,
  OpenSeeksResponse,
  PlayerPage,
  PlayerSummary,
  Presence,
  RecordResponse,
  SeekRequest,
  SeekResponse,
  ServerMessage,
  YourGame,
  YourGamesResponse,
} from '../../protocol/index.ts';

const TYPES = new Set(['state', 'update', 'presence', 'history', 'review', 'error', 'emote', 'rematch']);

/** A server message with the engine's view in it, as the page reads it. */
export type PageMessage =
  | Exclude<ServerMessage, StateMessage | UpdateMessage | ReviewMessage>
  | (Omit<StateMessage, 'view'> & { readonly view: PlayerView })
  | (UpdateHead & { readonly view: PlayerView })
  /** An update whose view could not be rebuilt (its patch did not fit): the page asks for a resync. */
  | { readonly t: 'unreadable'; readonly v: number }
  | (Omit<ReviewMessage, 'view'> & { readonly view: PlayerView });

export { WireViews };

/**
 * A server message, or null for anything the page does not understand (it is ignored). `views` is the
 * socket's own: it keeps the rules of the last state for the updates after it (one per socket).
 */
export function parseServerMessage(text: string, views: WireViews): PageMessage | null {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof data !== 'object' || data === null) return null;
  const t = (data as { t?: unknown }).t;
  if (typeof t !== 'string' || !TYPES.has(t)) return null;
  const message = data as ServerMessage;
  if (message.t === 'history') return Array.isArray(message.steps) ? message : null;
  if (message.t !== 'state' && message.t !== 'update' && message.t !== 'review') return message;
  if (message.t !== 'update') {
    if (typeof message.view !== 'object' || message.view === null) return null;
    return message.t === 'state'
      ? { ...message, view: views.whole(message.view, message.v, message.deltas) }
      : { ...message, view: views.review(message.view) };
  }
  const { v, clock } = message;
  // A `deltas` socket's events come without `audience: 'all'`, or (deltas 2) packed as lists of their values
  // (packed-events.ts): each is made the engine's event again. One that cannot be read makes the update
  // unreadable: the page resyncs rather than show a log with a line missing.
  const events: GameEvent[] = [];
  for (const sent of Array.isArray(message.events) ? (message.events as unknown[]) : []) {
    const event = unpackEvent(sent);
    if (event === null) return { t: 'unreadable', v };
    events.push(withAudience(event));
  }
  const head: UpdateHead =
    clock === undefined ? { t: 'update', v, events } : { t: 'update', v, events, clock };
  if ('patch' in message) {
    const view = views.update({ patch: message.patch, digest: message.digest }, v);
    return view === null ? { t: 'unreadable', v } : { ...head, view };
  }
  if (typeof message.view !== 'object' || message.view === null) return null;
  // An update before any state cannot be read (the server sends none: it is dropped, and the state follows).
  const view = views.update(message.view, v);
  return view === null ? null : { ...head, view };
}

function withAudience(event: GameEvent): GameEvent {
  return 'audience' in event ? event : ({ ...(event as object), audience: 'all' } as GameEvent);
}

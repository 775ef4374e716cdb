/**
 * The online protocol as the page uses it (issue 6): HTTP to create and join, one WebSocket per game.
 * TEMPORARY: written from the issue text until src/protocol (zod schemas) is on main; then these types come
 * from there. Incoming messages are checked by shape here, since they come from outside.
 */
import type { Action, GameEvent, PlayerView } from '../../engine/index.ts';

export interface Created {
  readonly gameId: string;
  readonly seat: 'red' | 'blue';
  readonly token: string;
  readonly invite?: string;
}

export interface Joined {
  readonly seat: 'red' | 'blue';
  readonly token: string;
}

export type ServerMessage =
  | { readonly t: 'state'; readonly v: number; readonly view: PlayerView }
  | {
      readonly t: 'update';
      readonly v: number;
      readonly events: readonly GameEvent[];
      readonly view: PlayerView;
    }
  | { readonly t: 'error'; readonly code: string; readonly message: string }
  /** The other seat's presence: connected or away for `away` seconds; `canClaim` once the away time has passed. */
  | {
      readonly t: 'presence';
      readonly seat: 'red' | 'blue';
      readonly online: boolean;
      readonly away?: number;
      readonly canClaim?: boolean;
    };

export type ClientMessage =
  | { readonly t: 'hello'; readonly token: string }
  | { readonly t: 'act'; readonly v: number; readonly action: Action }
  | { readonly t: 'resign' }
  | { readonly t: 'resync' }
  | { readonly t: 'claim'; readonly choice: 'win' | 'computer' };

export function parseServerMessage(text: string): ServerMessage | null {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof data !== 'object' || data === null || !('t' in data)) return null;
  const t = (data as { t: unknown }).t;
  if (t === 'state' || t === 'update' || t === 'error' || t === 'presence') return data as ServerMessage;
  return null;
}

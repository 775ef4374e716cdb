/**
 * The online protocol as the page uses it: the types come from src/protocol (type-only imports, so zod
 * stays out of the page's bundle); incoming messages get a light shape check here, since they come from
 * outside, and the views inside them are the engine's own types.
 */
import type { ServerMessage } from '../../protocol/index.ts';

export type {
  ClientMessage,
  CreateGameRequest,
  CreateGameResponse,
  JoinGameResponse,
  Presence,
  RecordResponse,
  ServerMessage,
} from '../../protocol/index.ts';

const TYPES = new Set(['state', 'update', 'presence', 'error']);

/** A server message, or null for anything the page does not understand (it is ignored). */
export function parseServerMessage(text: string): ServerMessage | null {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof data !== 'object' || data === null) return null;
  const t = (data as { t?: unknown }).t;
  return typeof t === 'string' && TYPES.has(t) ? (data as ServerMessage) : null;
}

/**
 * Events as a deltas-2 client reads them (docs/protocol.md): an event for everyone travels as a list of its
 * values in a fixed order, its type's number first, e.g. `[4,"red",9,"swing","attack"]` for
 * `{ type: 'cardTurned', seat: 'red', card: 9, face: 'swing', back: 'attack', audience: 'all' }`. Its key names
 * and type were two thirds of an update's event bytes. An event whose keys are not exactly its type's list here (a seat's own
 * event, an optional field, a field added in a later release) travels as the object it is, so packing can
 * only ever change the form: the receiver gets back the same keys in the same order, the same values.
 * No zod here: the page imports this file.
 */
import type { EventType, GameEvent } from '../engine/index.ts';

/** The keys of one type of event after `type`, in the order the engine writes them (audience last, left out). */
type KeysOf<T extends EventType> = readonly Exclude<
  keyof Extract<GameEvent, { type: T }>,
  'type' | 'audience'
>[];

/** Every event type's keys, in the engine's order (events.ts): a list's values are read back by these. */
export const EVENT_KEYS: { readonly [T in EventType]: KeysOf<T> } = {
  setupChosen: ['seat', 'flags', 'deck'],
  ready: ['seat'],
  coinTossed: ['for', 'side'],
  started: ['first'],
  cardTurned: ['seat', 'card', 'face', 'back'],
  cardSetAside: ['seat', 'card'],
  cardReturned: ['seat', 'card'],
  nothingHappened: ['seat', 'face', 'reason'],
  declined: ['seat', 'face'],
  newPirate: ['seat', 'piece'],
  swung: ['seat', 'piece', 'ship'],
  battle: ['seat', 'ship', 'attacker', 'attackerKind', 'defender', 'defenderKind', 'losers'],
  pieceOut: ['piece', 'owner', 'kind', 'cause'],
  onPlank: ['chooser', 'piece'],
  onHatch: ['seat', 'piece'],
  pieceReturned: ['piece', 'from'],
  shot: ['seat', 'target', 'hit', 'aim', 'flight'],
  flagAttempt: ['seat', 'raider'],
  flagCardTurned: ['seat', 'owner', 'slot', 'card'],
  turnEnded: ['seat', 'turn'],
  resigned: ['seat'],
  gameOver: ['winner', 'reason'],
};

/**
 * The number each type travels as, its place in this list: fixed with the format (a later one may add types
 * at the end, never move one). A type's name was a fifth of a packed event.
 */
export const PACKED_EVENT_TYPES: readonly EventType[] = [
  'setupChosen',
  'ready',
  'coinTossed',
  'started',
  'cardTurned',
  'cardSetAside',
  'cardReturned',
  'nothingHappened',
  'declined',
  'newPirate',
  'swung',
  'battle',
  'pieceOut',
  'onPlank',
  'onHatch',
  'pieceReturned',
  'shot',
  'flagAttempt',
  'flagCardTurned',
  'turnEnded',
  'resigned',
  'gameOver',
];

const NUMBER_OF: ReadonlyMap<EventType, number> = new Map(PACKED_EVENT_TYPES.map((type, i) => [type, i]));

/** An event as it travels to a deltas-2 client: a list (its type's number, then the values), or the event itself. */
export type PackedEvent = GameEvent | readonly [number, ...unknown[]];

/** `event` packed when it is public and has exactly its type's keys in order; else as it is. */
export function packEvent(event: GameEvent): PackedEvent {
  if (event.audience !== 'all') return event;
  const keys = EVENT_KEYS[event.type] as readonly string[];
  const number = NUMBER_OF.get(event.type);
  if (number === undefined) return event;
  const record = event as unknown as Record<string, unknown>;
  const own = Object.keys(record);
  // type, the values, audience: anything else (an optional key, another order) goes as it is.
  if (own.length !== keys.length + 2 || own[0] !== 'type' || own[own.length - 1] !== 'audience') return event;
  const packed: unknown[] = [number];
  for (let i = 0; i < keys.length; i++) {
    if (own[i + 1] !== keys[i]) return event;
    packed.push(record[keys[i] as string]);
  }
  return packed as unknown as PackedEvent;
}

/**
 * The event a packed one stands for, or null when it is not one this release can read (an unknown type, a
 * list of another length): the receiver cannot trust the update then, and resyncs. An object is the event.
 */
export function unpackEvent(packed: unknown): GameEvent | null {
  if (!Array.isArray(packed))
    return typeof packed === 'object' && packed !== null ? (packed as GameEvent) : null;
  const type = typeof packed[0] === 'number' ? PACKED_EVENT_TYPES[packed[0]] : undefined;
  if (type === undefined) return null;
  const keys = EVENT_KEYS[type] as readonly string[];
  if (packed.length !== keys.length + 1) return null;
  const event: Record<string, unknown> = { type };
  keys.forEach((key, i) => {
    event[key] = packed[i + 1];
  });
  event.audience = 'all';
  return event as unknown as GameEvent;
}

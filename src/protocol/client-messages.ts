/**
 * What a browser may send on a game socket, as zod schemas shared by server and client. The action inside
 * `act` is checked for shape by the engine's own `parseAction`, so the wire and the rules never disagree
 * on what an action looks like; legality stays the engine's business.
 */
import { z } from 'zod';
import { type Action, parseAction } from '../engine/index.ts';
import { EMOTES } from './emotes.ts';

/** An action whose shape the engine accepts, e.g. `{ type: 'turnCard', card: 3 }`. */
export const actionSchema = z.unknown().transform((value, context): Action => {
  const parsed = parseAction(value);
  if (parsed.ok) return parsed.value;
  context.addIssue({ code: 'custom', message: parsed.error.message });
  return z.NEVER;
});

/**
 * The first message on a socket: a seat token, or a request to watch. Tokens never travel in URLs.
 * `rulesOnce`: this client reads updates without the rules (the state before them carried them: wire-view.ts
 * WireViews); a client that does not say so gets them in every update, as before. `deltas` (with `rulesOnce`):
 * this client reads an update's view as the changes from the view before it (server-messages.ts `UpdateMessage`),
 * in the newest patch format it knows: `true` is format 1, a number the newest it reads (`DELTAS_VERSION` is
 * this release's). Any positive number is accepted, so a later page's hello is answered in this release's
 * newest format; the `state` says which (`deltas`).
 */
const deltasOffer = z.union([z.literal(true), z.number().int().min(1).max(1000)]).optional();

/**
 * This device's identity (issue 51), the secret it sends as `Authorization: Bearer` over HTTP: the socket then
 * closes with `device/revoked` the moment the device is signed out, on whichever process signs it out. With
 * `seat` and no token it sits this device's player at its own seat in the game (a game begun on another of
 * the player's devices, found in "Your games").
 */
const helloIdentity = z.string().min(1).max(200);

export const helloSchema = z.union([
  z.strictObject({
    t: z.literal('hello'),
    token: z.string().min(1).max(200),
    identity: helloIdentity.optional(),
    rulesOnce: z.literal(true).optional(),
    deltas: deltasOffer,
  }),
  z.strictObject({
    t: z.literal('hello'),
    spectate: z.literal(true),
    identity: helloIdentity.optional(),
    rulesOnce: z.literal(true).optional(),
    deltas: deltasOffer,
  }),
  z.strictObject({
    t: z.literal('hello'),
    identity: helloIdentity,
    seat: z.enum(['red', 'blue']),
    rulesOnce: z.literal(true).optional(),
    deltas: deltasOffer,
  }),
]);

/** `v` is the sequence number of the last state the client saw; the action is judged against it. */
export const actSchema = z.strictObject({
  t: z.literal('act'),
  v: z.number().int().min(0).max(1_000_000),
  action: actionSchema,
});

export const resignSchema = z.strictObject({ t: z.literal('resign') });
export const resyncSchema = z.strictObject({ t: z.literal('resync') });

/** Everything this socket's viewer has been shown so far, by action (a reloaded page's log). */
export const historySchema = z.strictObject({ t: z.literal('history') });

/** The table as this socket's viewer saw it after `v` actions (looking back at a move during the game). */
export const reviewSchema = z.strictObject({
  t: z.literal('review'),
  v: z.number().int().min(0).max(1_000_000),
});

/**
 * When the other seat has been away on its turn for longer than the server allows, a seat may claim the
 * win ('win') or let the computer play the empty seat ('computer').
 */
export const claimSchema = z.strictObject({ t: z.literal('claim'), claim: z.enum(['win', 'computer']) });

/** One of the fixed emotes, to the other player (issue 19: emotes, not chat). */
export const emoteSchema = z.strictObject({ t: z.literal('emote'), emote: z.enum(EMOTES) });

/**
 * After the end: `yes: true` offers a rematch (or accepts the other seat's offer), `yes: false` declines
 * the other's offer (or takes back one's own).
 */
export const rematchSchema = z.strictObject({ t: z.literal('rematch'), yes: z.boolean() });

export const clientMessageSchema = z.union([
  helloSchema,
  actSchema,
  resignSchema,
  resyncSchema,
  claimSchema,
  historySchema,
  reviewSchema,
  emoteSchema,
  rematchSchema,
]);

export type HelloMessage = z.infer<typeof helloSchema>;
export type ActMessage = z.infer<typeof actSchema>;
export type ClaimMessage = z.infer<typeof claimSchema>;
export type ClientMessage = z.infer<typeof clientMessageSchema>;

/** Every message type once: a record keyed by the schemas' union, so the compiler refuses a gap or an extra. */
const EVERY_TYPE: Readonly<Record<ClientMessage['t'], true>> = {
  hello: true,
  act: true,
  resign: true,
  resync: true,
  claim: true,
  history: true,
  review: true,
  emote: true,
  rematch: true,
};

/** The message types a client may send, for error sentences. */
export const CLIENT_MESSAGE_TYPES = Object.keys(EVERY_TYPE) as readonly ClientMessage['t'][];

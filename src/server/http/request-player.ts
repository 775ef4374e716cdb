/**
 * The player a request speaks for, from its identity (Authorization: Bearer <secret>): what links a new game,
 * a join or a seek to a player, so the server, never the page, says who plays and at what rating.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { identityOf } from '../players/identity.ts';
import type { GameStore } from '../store/game-store.ts';
import type { StoredPlayer } from '../store/player-store.ts';
import { replyError } from './reply-error.ts';

/** The stores a request's player is read from: its device's row says who, and whether it was signed out. */
type Stores = Pick<GameStore, 'players' | 'accounts'>;

/**
 * The player of the request's identity (undefined: none sent), or null after a refusal was sent: an
 * identity that is malformed or unknown is refused, so a page never plays believing it is rated when not.
 */
export async function requestPlayer(
  store: Stores,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<StoredPlayer | undefined | null> {
  const identity = identityOf(request);
  if (identity === 'none') return undefined;
  const player = identity === 'malformed' ? null : await store.players.bySecret(identity.hash);
  if (
    player === null &&
    identity !== 'malformed' &&
    (await store.accounts.device(identity.hash)) === 'revoked'
  )
    replyError(
      reply,
      401,
      'device/revoked',
      'This device was signed out of its player; sign in again with a passkey or a code, or play as someone new.',
    );
  else if (player === null)
    replyError(reply, 401, 'player/unknown', 'This identity is not known here (it may have been forgotten).');
  return player;
}

/**
 * The player of the request's identity, required (a challenge is between named players), or null after a
 * refusal was sent: none sent `401 player/identity`, unknown or forgotten `401 player/unknown`.
 */
export async function requiredPlayer(
  store: Stores,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<StoredPlayer | null> {
  if (identityOf(request) === 'none') {
    replyError(reply, 401, 'player/identity', 'Send this device’s identity: Authorization: Bearer <secret>.');
    return null;
  }
  return (await requestPlayer(store, request, reply)) ?? null;
}

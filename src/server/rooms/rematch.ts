/**
 * Rematch (issue 19): after the end either seat offers, the other accepts or declines, over the sockets the
 * players already have. Where it stands lives in the store (so a player on another process, or after a
 * reload, sees the same), and each change is a 'rematch' notice to the game's sockets. The new game has the
 * same options and time control with a new seed and the seats swapped; both of its seats start unclaimed, and each player's
 * own socket claims its seat with a fresh token made on the process that holds that socket, so no token
 * ever crosses Redis or reaches the other player.
 */
import { opponentOf, type Seat } from '../../engine/index.ts';
import type { Refusal, RematchMessage } from '../../protocol/index.ts';
import type { ServerContext } from '../context.ts';
import { newGameId, newSeed, newToken, sha256 } from '../secrets.ts';
import type { SeatRecord, StoredGame } from '../store/game-store.ts';
import { startClock } from './clock.ts';
import type { Room } from './room.ts';

/** `seat` says yes (offer, or accept the other's offer) or no (decline, or take back its own). */
export async function answerRematch(
  context: ServerContext,
  room: Room,
  seat: Seat,
  yes: boolean,
): Promise<Refusal | null> {
  if (!room.over)
    return { code: 'rematch/not-over', message: 'A rematch can be offered once the game is over.' };
  const other = room.seat(opponentOf(seat));
  if (other.holder !== 'human' || other.tokenHash === null) {
    return {
      code: 'rematch/unavailable',
      message: 'A rematch is between two people: the other seat is the computer or nobody.',
    };
  }
  const players = context.store.players;
  const now = await players.rematchOf(room.id);
  if (now?.newGameId != null) {
    return { code: 'rematch/unavailable', message: 'The rematch has already begun.' };
  }
  if (!yes) {
    if (await players.declineRematch(room.id, seat)) context.fanout.publish(room.id, { kind: 'rematch' });
    else return { code: 'rematch/unavailable', message: 'There is no rematch offer to decline.' };
    return null;
  }
  if (now?.offeredBy === opponentOf(seat)) {
    if (await players.acceptRematch(room.id, seat, rematchGame(room))) {
      context.fanout.publish(room.id, { kind: 'rematch' });
      return null;
    }
    // The offer was taken back (or accepted elsewhere) meanwhile: this yes becomes an offer of its own.
  }
  if (await players.offerRematch(room.id, seat)) context.fanout.publish(room.id, { kind: 'rematch' });
  return null;
}

/** The new game: the same options and time control with a new seed, seats swapped (the links are swapped by the store). */
function rematchGame(room: Room): StoredGame {
  const seed = newSeed();
  const waiting: SeatRecord = { holder: 'human', tokenHash: null, level: null };
  return {
    id: newGameId(),
    createdAt: Date.now(),
    options: { ...room.options, seed },
    seedHash: sha256(seed),
    seats: { red: waiting, blue: waiting },
    inviteHash: null,
    inviteUsed: false,
    over: false,
    // The same time control, both clocks full again.
    clock: room.clock === null ? null : startClock(room.clock.control),
  };
}

/**
 * What one socket is told of the rematch: where it stands; once ready, a seat's socket claims its new seat
 * (the other colour) with a fresh token, told to it alone. Null when there is nothing to tell.
 */
export async function rematchFor(
  context: ServerContext,
  room: Room,
  viewer: Seat | 'spectator',
): Promise<RematchMessage | null> {
  const state = await context.store.players.rematchOf(room.id);
  if (state === null) return null;
  if (state.newGameId === null) {
    if (state.offeredBy !== null) return { t: 'rematch', state: 'offered', by: state.offeredBy };
    if (state.declinedBy !== null) return { t: 'rematch', state: 'declined', by: state.declinedBy };
    return { t: 'rematch', state: 'none', by: null };
  }
  const ready: RematchMessage = { t: 'rematch', state: 'ready', by: null, gameId: state.newGameId };
  if (viewer === 'spectator') return ready;
  const next = await context.rooms.get(state.newGameId);
  if (next === null) return null;
  const seat = opponentOf(viewer);
  const token = newToken();
  const claimed = await next.claimSeat(seat, sha256(token));
  return claimed ? { ...ready, seat, token } : { ...ready, seat };
}

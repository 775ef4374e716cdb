/**
 * Emotes per player: at most EMOTE_BURST at once, then one every 1 / EMOTES_PER_SECOND seconds, counted per
 * seat of a game (all of a player's sockets on this process share it), so a page with several tabs gets no
 * more. Kept beside the room and let go with it.
 */
import type { BySeat, Seat } from '../../engine/index.ts';
import type { Room } from '../rooms/room.ts';
import { TokenBucket } from './rate-limit.ts';

export const EMOTE_BURST = 3;
export const EMOTES_PER_SECOND = 0.2;

const buckets = new WeakMap<Room, BySeat<TokenBucket>>();

/** True when `seat` may send an emote now (and counts it). */
export function mayEmote(room: Room, seat: Seat, now: () => number = Date.now): boolean {
  let seats = buckets.get(room);
  if (seats === undefined) {
    seats = {
      red: new TokenBucket(EMOTES_PER_SECOND, EMOTE_BURST, now),
      blue: new TokenBucket(EMOTES_PER_SECOND, EMOTE_BURST, now),
    };
    buckets.set(room, seats);
  }
  return seats[seat].take();
}

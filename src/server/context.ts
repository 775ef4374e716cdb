/**
 * What the HTTP routes and the socket sessions share: the rooms, who is present, and the limits. One plain
 * object built in server.ts, so handlers get their collaborators passed in rather than reaching for globals.
 */

import type { ExternalSeats } from './bots/external-seats.ts';
import type { ServerConfig } from './config.ts';
import type { Fanout } from './fanout/fanout.ts';
import type { ComputerGamesLimit } from './http/computer-games-limit.ts';
import type { Challenges } from './lobby/challenges.ts';
import type { Lobby } from './lobby/lobby.ts';
import type { SignOuts } from './players/sign-outs.ts';
import type { LookBackBudget } from './rooms/look-backs.ts';
import type { PresenceBoard } from './rooms/presence.ts';
import type { RoomRegistry } from './rooms/room-registry.ts';
import type { EmoteLimit } from './socket/emote-limit.ts';
import type { GameStore } from './store/game-store.ts';
import type { ServerMetrics } from './watch/metrics.ts';

export interface ServerContext {
  readonly config: ServerConfig;
  readonly store: GameStore;
  readonly rooms: RoomRegistry;
  readonly fanout: Fanout;
  readonly presence: PresenceBoard;
  readonly computerGames: ComputerGamesLimit;
  /** The programs of `pirates serve --bot` (null without any): their seats and bounds. */
  readonly externalSeats: ExternalSeats | null;
  /** Emotes per player, counted across every process when there is Redis. */
  readonly emotes: EmoteLimit;
  /** Look-backs (history, review) per address a second, over all its sockets. */
  readonly lookBacks: LookBackBudget;
  /** Seeks for an opponent and the seekers waiting on them. */
  readonly lobby: Lobby;
  /** Signed-out devices' sockets, closed on every process (issue 51). */
  readonly devices: SignOuts;
  /** Challenges of one named player to another (issue 31). */
  readonly challenges: Challenges;
  /** What the Prometheus endpoint counts (watch/metrics.ts). */
  readonly metrics: ServerMetrics;
  /** True once shutdown began: readiness fails, new games and seeks are refused, the games played go on. */
  draining: boolean;
  /** True once the drain is over and the sockets are being closed: new sockets are refused. */
  closing: boolean;
}

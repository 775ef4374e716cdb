/**
 * What the HTTP routes and the socket sessions share: the rooms, who is present, and the limits. One plain
 * object built in server.ts, so handlers get their collaborators passed in rather than reaching for globals.
 */
import type { ServerConfig } from './config.ts';
import type { Fanout } from './fanout/fanout.ts';
import type { ComputerGamesLimit } from './http/computer-games-limit.ts';
import type { Lobby } from './lobby/lobby.ts';
import type { LookBackBudget } from './rooms/look-backs.ts';
import type { PresenceBoard } from './rooms/presence.ts';
import type { RoomRegistry } from './rooms/room-registry.ts';
import type { EmoteLimit } from './socket/emote-limit.ts';
import type { GameStore } from './store/game-store.ts';

export interface ServerContext {
  readonly config: ServerConfig;
  readonly store: GameStore;
  readonly rooms: RoomRegistry;
  readonly fanout: Fanout;
  readonly presence: PresenceBoard;
  readonly computerGames: ComputerGamesLimit;
  /** Emotes per player, counted across every process when there is Redis. */
  readonly emotes: EmoteLimit;
  /** Look-backs (history, review) per address a second, over all its sockets. */
  readonly lookBacks: LookBackBudget;
  /** Seeks for an opponent and the seekers waiting on them. */
  readonly lobby: Lobby;
  /** True once shutdown began: new sockets and actions are refused. */
  closing: boolean;
}

/**
 * The HTTP API of players (docs/protocol.md, "Players"): make this device's identity, read and rename it,
 * list its games in progress, forget it, and anyone's page by id or name. The identity's secret comes in the Authorization header
 * (or, once, in the body that creates it) and is hashed at once; answers hold ids, names and ratings only.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { opponentOf, type Seat, toAct } from '../../engine/index.ts';
import {
  createPlayerSchema,
  type GamePlayers,
  gameIdSchema,
  type PlayerGame,
  type PlayerPage,
  renamePlayerSchema,
  type YourGame,
  type YourGamesResponse,
} from '../../protocol/index.ts';
import type { ServerContext } from '../context.ts';
import { deviceLabel } from '../players/device-label.ts';
import { resignGamesInProgress } from '../players/forget.ts';
import { gameRating } from '../players/game-rating.ts';
import { identityOf, newPlayerId, summaryOf } from '../players/identity.ts';
import { checkName } from '../players/names.ts';
import { pirateName } from '../players/pirate-names.ts';
import { NEW_GLICKO } from '../players/ratings.ts';
import { clockView } from '../rooms/clock.ts';
import type { Room } from '../rooms/room.ts';
import { newGameId, sha256 } from '../secrets.ts';
import { describeIssues } from '../socket/describe-issues.ts';
import type { NameHold, StoredOpenGame, StoredPlayer, StoredPlayerGame } from '../store/player-store.ts';
import { revoked } from './account-routes.ts';
import { perMinute } from './address-limits.ts';
import { replyError } from './reply-error.ts';
import { bodyOf } from './request-body.ts';

/** How many finished games a player's page lists. */
const PAGE_GAMES = 20;

/** How many games in progress "Your games" lists. */
const YOUR_GAMES = 20;

export function registerPlayerRoutes(app: FastifyInstance, context: ServerContext): void {
  const players = context.store.players;

  /** The player of the request's identity, or a refusal already sent. */
  const me = async (
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<{ hash: string; player: StoredPlayer } | null> => {
    const identity = identityOf(request);
    if (identity === 'none' || identity === 'malformed') {
      replyError(
        reply,
        401,
        'player/identity',
        'Send this device’s identity: Authorization: Bearer <secret>.',
      );
      return null;
    }
    const player = await players.bySecret(identity.hash);
    if (player === null && (await context.store.accounts.device(identity.hash)) === 'revoked') {
      revoked(reply);
      return null;
    }
    if (player === null) {
      replyError(
        reply,
        404,
        'player/unknown',
        'This identity is not known here (it may have been forgotten).',
      );
      return null;
    }
    return { hash: identity.hash, player };
  };

  /** A name given up now is held this long (NAME_HOLD_DAYS). */
  const nameHold = (): NameHold => {
    const now = context.config.now?.() ?? Date.now();
    return { now, until: now + context.config.nameHoldMs };
  };

  const { gamesPerMinute } = context.config.limits;
  const creation = perMinute(
    app,
    'players',
    gamesPerMinute,
    'rate/games',
    `${gamesPerMinute} identities were made from here in the last minute; wait a moment.`,
  );
  app.post('/api/players', { onRequest: creation }, async (request, reply) => {
    const parsed = createPlayerSchema.safeParse(bodyOf(request));
    if (!parsed.success)
      return replyError(reply, 400, 'request/invalid', describeIssues('A new player', parsed.error));
    const hash = sha256(parsed.data.secret);
    const known = await players.bySecret(hash);
    if (known !== null) return reply.send(summaryOf(known));
    let name: string;
    if (parsed.data.name === undefined) name = pirateName(parsed.data.language);
    else {
      const checked = checkName(parsed.data.name);
      if (!checked.ok) return replyError(reply, 400, checked.error.code, checked.error.message);
      name = checked.value;
    }
    // A drawn name may be taken (36,000 of them): draw again a few times.
    for (let attempt = 0; attempt < 8; attempt++) {
      const player: StoredPlayer = {
        id: newPlayerId(),
        name,
        glicko: NEW_GLICKO,
        games: 0,
        createdAt: context.config.now?.() ?? Date.now(),
      };
      const outcome = await players.create(player, hash, {
        id: newGameId(),
        label: deviceLabel(request.headers['user-agent']),
      });
      if (outcome === 'created') {
        request.log.info({ playerId: player.id }, 'player created');
        return reply.code(201).send(summaryOf(player));
      }
      if (outcome === 'exists') {
        const again = await players.bySecret(hash);
        if (again !== null) return reply.send(summaryOf(again));
      }
      if (parsed.data.name !== undefined) break;
      name = pirateName(parsed.data.language);
    }
    return replyError(reply, 409, 'name/taken', taken(name));
  });

  app.get('/api/players/me', async (request, reply) => {
    const found = await me(request, reply);
    return found === null ? reply : reply.send(summaryOf(found.player));
  });

  app.get('/api/players/me/games', async (request, reply) => {
    const found = await me(request, reply);
    if (found === null) return reply;
    const open = await players.openGamesOf(found.player.id, YOUR_GAMES);
    const now = context.config.now?.() ?? Date.now();
    const games: YourGame[] = [];
    for (const game of open) {
      // The room, caught up with the store (another process may have moved it): whose turn, the clocks.
      const room = await context.rooms.get(game.gameId);
      if (room === null || room.over) continue;
      games.push(yourGame(game, room, now));
    }
    const body: YourGamesResponse = { games: games.sort(waitingFirst) };
    return reply.send(body);
  });

  app.put('/api/players/me/name', async (request, reply) => {
    const found = await me(request, reply);
    if (found === null) return reply;
    const parsed = renamePlayerSchema.safeParse(bodyOf(request));
    if (!parsed.success)
      return replyError(reply, 400, 'request/invalid', describeIssues('A new name', parsed.error));
    const checked = checkName(parsed.data.name);
    if (!checked.ok) return replyError(reply, 400, checked.error.code, checked.error.message);
    const outcome = await players.rename(found.hash, checked.value, nameHold());
    if (outcome === 'name-taken') return replyError(reply, 409, 'name/taken', taken(checked.value));
    if (outcome === 'unknown')
      return replyError(
        reply,
        404,
        'player/unknown',
        'This identity is not known here (it may have been forgotten).',
      );
    return reply.send(summaryOf({ ...found.player, name: checked.value }));
  });

  app.delete('/api/players/me', async (request, reply) => {
    const found = await me(request, reply);
    if (found === null) return reply;
    await resignGamesInProgress(context, found.player.id);
    await players.forget(found.hash, nameHold());
    request.log.info({ playerId: found.player.id }, 'player forgotten');
    return reply.send({ forgotten: true });
  });

  app.get<{ Params: { idOrName: string } }>('/api/players/:idOrName', async (request, reply) => {
    const key = request.params.idOrName;
    const player = key.length <= 60 ? await players.find(key) : null;
    if (player === null) return replyError(reply, 404, 'player/unknown', 'No player has this id or name.');
    const games = await players.gamesOf(player.id, PAGE_GAMES);
    const { provisionalGames, pairGamesPerDay } = context.config.fairPlay;
    const body: PlayerPage = {
      ...summaryOf(player),
      games: games.map(gameOf),
      ratedRules: { provisionalGames, pairGamesPerDay },
    };
    return reply.send(body);
  });

  app.get<{ Params: { id: string } }>('/api/games/:id/players', async (request, reply) => {
    const id = request.params.id;
    const room = gameIdSchema.safeParse(id).success ? await context.rooms.get(id) : null;
    if (room === null)
      return replyError(reply, 404, 'game/unknown', `There is no game '${id.slice(0, 40)}'.`);
    const seats = await players.seatsOf(id);
    // Ratings move only at the end (or when a seat is handed to the computer): nothing to tell before.
    const rating = room.over ? gameRating(seats, await players.ratingOf(id), room.state.log) : null;
    const body: GamePlayers = {
      red: seats.red === null ? null : summaryOf(seats.red),
      blue: seats.blue === null ? null : summaryOf(seats.blue),
      rating,
    };
    return reply.send(body);
  });
}

/** Why a name cannot be had: one that looks the same is used, or was given up lately. */
function taken(name: string): string {
  return `Another player is called ${name}, or something that looks the same, or was until lately; choose another name.`;
}

/** A game in progress as its player's "Your games" shows it: only what that seat may know. */
function yourGame(game: StoredOpenGame, room: Room, now: number): YourGame {
  const other = room.seat(opponentOf(game.seat));
  const opponent =
    game.opponent !== null
      ? summaryOf(game.opponent)
      : other.holder === 'computer'
        ? ('computer' as const)
        : other.tokenHash === null
          ? ('open' as const)
          : ('someone' as const);
  const deciding = toAct(room.state);
  const mine = deciding.includes(game.seat);
  const toMove = mine && deciding.length === 2 ? 'both' : mine ? 'you' : 'opponent';
  const clock = room.clock;
  return {
    gameId: game.gameId,
    createdAt: game.createdAt,
    seat: game.seat,
    opponent,
    toMove,
    clock: clock === null ? null : clockView(clock, now),
    moves: room.version,
    turn: room.state.phase === 'setup' ? 0 : room.state.turn + 1,
  };
}

/** Games waiting for this player first, the least time left first among them; then the newest. */
function waitingFirst(a: YourGame, b: YourGame): number {
  const waiting = (g: YourGame) => (g.toMove === 'opponent' ? 1 : 0);
  const left = (g: YourGame) => (g.clock === null ? Number.POSITIVE_INFINITY : g.clock.left[g.seat]);
  return waiting(a) - waiting(b) || left(a) - left(b) || b.createdAt - a.createdAt;
}

/** A stored game as the player's page shows it. */
function gameOf(game: StoredPlayerGame): PlayerGame {
  const opponent =
    game.opponent !== null
      ? summaryOf(game.opponent)
      : game.otherHolder === 'computer'
        ? ('computer' as const)
        : game.finish?.change != null
          ? ('forgotten' as const)
          : ('nobody' as const);
  const change = game.finish?.change ?? null;
  const forSeat = (result: Seat | 'draw' | null | undefined) =>
    result == null ? null : result === 'draw' ? 'draw' : result === game.seat ? 'win' : 'loss';
  const result = forSeat(game.finish?.result);
  const ended = forSeat(game.finish?.ended);
  return {
    gameId: game.gameId,
    createdAt: game.createdAt,
    seat: game.seat,
    opponent,
    result,
    ended: ended === result ? null : ended,
    ratingChange: change === null ? null : Math.round(change * 10) / 10,
    aborted: game.neverCame !== null,
  };
}

/**
 * The HTTP API of games (docs/protocol.md): create, join by invite, watch, and fetch the record once the
 * game is over. Handlers only validate (zod), call the rooms and the engine's view, and answer.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { recordOf, type Seat, viewFor } from '../../engine/index.ts';
import {
  type CreateGameResponse,
  createGameSchema,
  gameIdSchema,
  type JoinGameResponse,
  joinGameSchema,
  type RecordResponse,
  type SpectatorResponse,
} from '../../protocol/index.ts';
import { DEFAULT_LEVEL } from '../bots/levels.ts';
import type { ServerContext } from '../context.ts';
import { openGame } from '../rooms/open-game.ts';
import type { Room } from '../rooms/room.ts';
import { newToken, sha256 } from '../secrets.ts';
import { describeIssues } from '../socket/describe-issues.ts';
import { perMinute } from './address-limits.ts';
import { replyError } from './reply-error.ts';
import { bodyOf } from './request-body.ts';
import { requestPlayer } from './request-player.ts';

interface IdParams {
  readonly id: string;
}

export function registerGameRoutes(app: FastifyInstance, context: ServerContext): void {
  /** The room of `:id`, or an error reply already sent. */
  const roomOf = async (id: string, reply: FastifyReply): Promise<Room | null> => {
    const room = gameIdSchema.safeParse(id).success ? await context.rooms.get(id) : null;
    if (room === null) replyError(reply, 404, 'game/unknown', `There is no game '${id.slice(0, 40)}'.`);
    return room;
  };

  /** The id of the request's player (undefined: no identity sent), or null after a refusal was sent. */
  const playerOf = async (request: FastifyRequest, reply: FastifyReply) => {
    const player = await requestPlayer(context.store, request, reply);
    return player == null ? player : player.id;
  };

  const { gamesPerMinute } = context.config.limits;
  const creation = perMinute(
    app,
    'games',
    gamesPerMinute,
    'rate/games',
    `You have created ${gamesPerMinute} games in the last minute; wait a moment before creating another.`,
  );
  app.post('/api/games', { onRequest: creation }, async (request, reply) => {
    if (context.draining) return replyError(reply, 503, 'server/closing', 'The server is shutting down.');
    const parsed = createGameSchema.safeParse(bodyOf(request));
    if (!parsed.success)
      return replyError(reply, 400, 'request/invalid', describeIssues('A new game', parsed.error));
    const playerId = await playerOf(request, reply);
    if (playerId === null) return reply;
    const computer = parsed.data.opponent === 'computer';
    if (computer && !context.computerGames.allows(request.ip)) {
      const cap = context.config.limits.computerGamesPerAddress;
      return replyError(
        reply,
        429,
        'rate/computer-games',
        `${cap} games against the computer are already going from here; finish or resign one first.`,
      );
    }
    // A game against a `--bot` program holds a place in the programs' bounds from now until it ends.
    const programs = computer && context.externalSeats?.has(parsed.data.level ?? DEFAULT_LEVEL);
    const held = programs ? context.externalSeats?.bounds.hold(request.ip) : undefined;
    if (held !== undefined && !held.ok) {
      return replyError(reply, held.refusal.status, held.refusal.code, held.refusal.message);
    }
    const opened = await openGame(
      context.rooms,
      parsed.data,
      context.config.turnLimit,
      Object.keys(context.config.externalBots ?? {}),
    ).catch((error: unknown) => {
      if (held?.ok) context.externalSeats?.bounds.free(held.place);
      throw error;
    });
    if (held?.ok) {
      if (opened.ok) context.externalSeats?.bounds.bind(held.place, opened.value.room.id);
      else context.externalSeats?.bounds.free(held.place);
    }
    if (!opened.ok) return replyError(reply, 400, opened.error.code, opened.error.message);
    const { room, seat, token, invite } = opened.value;
    if (computer) context.computerGames.add(request.ip, room);
    if (playerId !== undefined) await context.store.players.linkSeat(room.id, seat, playerId);
    request.log.info({ gameId: room.id, opponent: parsed.data.opponent }, 'game created');
    const body: CreateGameResponse = {
      gameId: room.id,
      seat,
      token,
      seedHash: room.seedHash,
      ...(invite === null ? {} : { invite, inviteLink: `/play/${room.id}?invite=${invite}` }),
    };
    return reply.code(201).send(body);
  });

  app.post<{ Params: IdParams }>('/api/games/:id/join', async (request, reply) => {
    const room = await roomOf(request.params.id, reply);
    if (room === null) return reply;
    const parsed = joinGameSchema.safeParse(bodyOf(request));
    if (!parsed.success)
      return replyError(reply, 400, 'request/invalid', describeIssues('A join', parsed.error));
    const playerId = await playerOf(request, reply);
    if (playerId === null) return reply;
    const open = (['red', 'blue'] as const).find(
      (s: Seat) => room.seat(s).holder === 'human' && room.seat(s).tokenHash === null,
    );
    const inviteHash = sha256(parsed.data.invite);
    if (room.inviteHash === null || room.inviteHash !== inviteHash) {
      return replyError(
        reply,
        403,
        'invite/wrong',
        'This invite code is not the one for this game; check the link.',
      );
    }
    const token = newToken();
    const outcome =
      open === undefined ? 'used' : await context.store.useInvite(room.id, inviteHash, open, sha256(token));
    if (outcome === 'wrong') {
      return replyError(
        reply,
        403,
        'invite/wrong',
        'This invite code is not the one for this game; check the link.',
      );
    }
    if (outcome === 'used' || open === undefined) {
      return replyError(
        reply,
        409,
        'invite/used',
        'This invite has already been used: someone has taken the seat.',
      );
    }
    if (playerId !== undefined) await context.store.players.linkSeat(room.id, open, playerId);
    room.joined(open, sha256(token));
    request.log.info({ gameId: room.id, seat: open }, 'friend joined');
    const body: JoinGameResponse = { seat: open, token };
    return reply.send(body);
  });

  app.get<{ Params: IdParams }>('/api/games/:id', async (request, reply) => {
    const room = await roomOf(request.params.id, reply);
    if (room === null) return reply;
    const body: SpectatorResponse = {
      gameId: room.id,
      v: room.version,
      seedHash: room.seedHash,
      view: viewFor(room.state, 'spectator'),
      presence: context.presence.presenceOf(room),
    };
    return reply.send(body);
  });

  app.get<{ Params: IdParams }>('/api/games/:id/record', async (request, reply) => {
    const room = await roomOf(request.params.id, reply);
    if (room === null) return reply;
    if (!room.over) {
      return replyError(
        reply,
        409,
        'record/not-over',
        'The record, with the seed, is published when the game is over; this game is still being played.',
      );
    }
    const body: RecordResponse = {
      gameId: room.id,
      seedHash: room.seedHash,
      outcome: room.state.outcome,
      record: recordOf(room.state),
    };
    return reply.send(body);
  });
}

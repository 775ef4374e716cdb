/**
 * The lobby's HTTP API (docs/protocol.md "Lobby"): place, list, accept and cancel seeks, and list the games in
 * progress to watch. Handlers validate (zod) and call the lobby or the store; nothing here knows SQL, and
 * nothing answered holds a token other than the caller's own or any game's hidden state.
 */
import type { FastifyInstance } from 'fastify';
import type { SeatHolder } from '../../protocol/index.ts';
import {
  cancelSeekSchema,
  gameIdSchema,
  type LiveGame,
  type LiveGamesResponse,
  type OpenSeeksResponse,
  seekRequestSchema,
} from '../../protocol/index.ts';
import type { ServerContext } from '../context.ts';
import { abandoned } from '../lobby/abandoned.ts';
import { LiveTurns, type Turn, turnOfState } from '../lobby/live-turns.ts';
import { identityOf } from '../players/identity.ts';
import { describeIssues } from '../socket/describe-issues.ts';
import type { SeatRecord, StoredGame } from '../store/game-store.ts';
import { perMinute } from './address-limits.ts';
import { replyError } from './reply-error.ts';
import { bodyOf } from './request-body.ts';
import { requestPlayer } from './request-player.ts';

/** At most this many games are listed to watch. */
const LISTED_GAMES = 50;

const rounded = (rating: number | null) => (rating === null ? null : Math.round(rating));

/**
 * Whose turn a listed game is: a room this process holds says it; another game's state is caught up from the
 * store (live-turns.ts), so a game played on another process says its turn too.
 */
async function turnOf(
  context: ServerContext,
  turns: LiveTurns,
  game: StoredGame,
  moves: number,
): Promise<Turn> {
  const room = context.rooms.holds(game.id) ? await context.rooms.get(game.id) : null;
  if (room !== null) return turnOfState(room.state);
  return (await turns.of(game, moves)) ?? { turn: null, toMove: game.clock?.running ?? null };
}

interface IdParams {
  readonly id: string;
}

export function registerLobbyRoutes(app: FastifyInstance, context: ServerContext): void {
  const { gamesPerMinute } = context.config.limits;
  // A seek may create a game at once, so seeks and acceptances count like games.
  const seeking = perMinute(
    app,
    'seeks',
    gamesPerMinute,
    'rate/games',
    `You have looked for ${gamesPerMinute} opponents in the last minute; wait a moment before looking again.`,
  );
  const turns = new LiveTurns(context.store);
  const gone = 'This seek is no longer open: it was cancelled, taken by someone else, or its seeker left.';

  app.post('/api/seeks', { onRequest: seeking }, async (request, reply) => {
    if (context.draining) return replyError(reply, 503, 'server/closing', 'The server is shutting down.');
    const parsed = seekRequestSchema.safeParse(bodyOf(request));
    if (!parsed.success)
      return replyError(reply, 400, 'request/invalid', describeIssues('A seek', parsed.error));
    // The identity says who seeks and at what rating; a seek without one is neither named nor rated.
    const player = await requestPlayer(context.store, request, reply);
    if (player === null) return reply;
    const placed = await context.lobby.place(parsed.data, player ?? null, request.ip);
    if ('code' in placed) return replyError(reply, 429, placed.code, placed.message);
    request.log.info(
      { seekId: placed.seekId, gameId: placed.paired?.gameId },
      placed.paired === null ? 'seek placed' : 'seek paired',
    );
    return reply.code(201).send(placed);
  });

  app.get('/api/seeks', async (request) => {
    // A page with an identity is not shown its own seeks (from its other tabs); an unknown one sees them all.
    const identity = identityOf(request);
    const viewer = typeof identity === 'object' ? await context.store.players.bySecret(identity.hash) : null;
    const body: OpenSeeksResponse = { seeks: await context.lobby.open(viewer?.id ?? null) };
    return body;
  });

  app.post<{ Params: IdParams }>('/api/seeks/:id/accept', { onRequest: seeking }, async (request, reply) => {
    if (context.draining) return replyError(reply, 503, 'server/closing', 'The server is shutting down.');
    const id = request.params.id;
    const player = await requestPlayer(context.store, request, reply);
    if (player === null) return reply;
    const accepted = gameIdSchema.safeParse(id).success
      ? await context.lobby.accept(id, player ?? null, request.ip)
      : 'gone';
    if (typeof accepted === 'object' && 'code' in accepted)
      return replyError(reply, 429, accepted.code, accepted.message);
    if (accepted === 'gone') return replyError(reply, 409, 'seek/gone', gone);
    if (accepted === 'own')
      return replyError(
        reply,
        409,
        'seek/own',
        'This is your own seek (from another tab or device): wait on it, or cancel it there.',
      );
    request.log.info({ seekId: id, gameId: accepted.gameId }, 'seek accepted');
    return reply.send(accepted);
  });

  app.post<{ Params: IdParams }>('/api/seeks/:id/cancel', async (request, reply) => {
    const parsed = cancelSeekSchema.safeParse(bodyOf(request));
    if (!parsed.success)
      return replyError(reply, 400, 'request/invalid', describeIssues('A cancel', parsed.error));
    const id = request.params.id;
    const outcome = gameIdSchema.safeParse(id).success
      ? await context.lobby.cancel(id, parsed.data.token)
      : 'gone';
    if (outcome === 'gone') return replyError(reply, 404, 'seek/gone', gone);
    if (outcome === 'wrong')
      return replyError(reply, 403, 'seek/token', 'This token is not the one of this seek.');
    // Paired before the cancel arrived: the game is on, and the page goes to it.
    if (outcome !== 'cancelled') return reply.send({ cancelled: false, paired: outcome });
    return reply.send({ cancelled: true, paired: null });
  });

  app.get('/api/live', async () => {
    // Abandoned games are left out (abandoned.ts): read more than are listed, then keep the first ones.
    const now = context.config.now?.() ?? Date.now();
    const rows = (await context.store.liveGames(LISTED_GAMES * 2))
      .filter((row) => !abandoned(row.game.clock?.control ?? null, row.lastActionAt, now))
      .slice(0, LISTED_GAMES);
    turns.keepOnly(new Set(rows.map((row) => row.game.id)));
    const games = await Promise.all(
      rows.map(async ({ game, moves, names, ratings }): Promise<LiveGame> => {
        const holder = (seat: SeatRecord): SeatHolder =>
          seat.holder === 'computer' ? 'computer' : seat.tokenHash === null ? 'open' : 'human';
        return {
          gameId: game.id,
          createdAt: game.createdAt,
          variant: game.options.variant ?? 'standard',
          shots: game.options.shots ?? 'aimed',
          clock: game.clock?.control ?? null,
          holders: { red: holder(game.seats.red), blue: holder(game.seats.blue) },
          // The identities' names as stored, never a page's word; a seat without one shows its colour.
          names,
          ratings: { red: rounded(ratings.red), blue: rounded(ratings.blue) },
          moves,
          ...(await turnOf(context, turns, game, moves)),
          watchLink: `/watch/${game.id}`,
        };
      }),
    );
    const body: LiveGamesResponse = { games };
    return body;
  });
}

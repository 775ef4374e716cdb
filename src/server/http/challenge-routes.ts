/**
 * The HTTP API of challenges (docs/protocol.md "Challenges"): make one to a named player, list one's own, and
 * accept, decline or cancel one. Every request speaks for its identity (Authorization); handlers validate
 * (zod) and call the challenges (lobby/challenges.ts); nothing answered holds a token other than the caller's.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { challengeRequestSchema, gameIdSchema } from '../../protocol/index.ts';
import type { ServerContext } from '../context.ts';
import type { ChallengeRefused } from '../lobby/challenges.ts';
import { describeIssues } from '../socket/describe-issues.ts';
import type { StoredPlayer } from '../store/player-store.ts';
import { perMinute } from './address-limits.ts';
import { replyError } from './reply-error.ts';
import { bodyOf } from './request-body.ts';
import { requiredPlayer } from './request-player.ts';

interface IdParams {
  readonly id: string;
}

const DONE = { accept: 'challenge accepted', decline: 'challenge declined', cancel: 'challenge cancelled' };

/** An answer carries nothing: no body, or `{}`. */
const emptyBody = z.strictObject({});

const refusedOf = (answer: object): answer is ChallengeRefused => 'code' in answer && 'status' in answer;

export function registerChallengeRoutes(app: FastifyInstance, context: ServerContext): void {
  const { gamesPerMinute } = context.config.limits;
  // A challenge may make a game: challenges and acceptances count like games, per address.
  const challenging = perMinute(
    app,
    'challenges',
    gamesPerMinute,
    'rate/games',
    `You have challenged or accepted ${gamesPerMinute} times in the last minute; wait a moment.`,
  );

  app.post('/api/challenges', { onRequest: challenging }, async (request, reply) => {
    if (context.draining) return replyError(reply, 503, 'server/closing', 'The server is shutting down.');
    const parsed = challengeRequestSchema.safeParse(bodyOf(request));
    if (!parsed.success)
      return replyError(reply, 400, 'request/invalid', describeIssues('A challenge', parsed.error));
    const player = await requiredPlayer(context.store, request, reply);
    if (player === null) return reply;
    const made = await context.challenges.challenge(parsed.data, player);
    if (refusedOf(made)) return replyError(reply, made.status, made.code, made.message);
    request.log.info({ challengeId: made.challengeId }, 'challenge made');
    return reply.code(201).send(made);
  });

  app.get('/api/players/me/challenges', async (request, reply) => {
    const player = await requiredPlayer(context.store, request, reply);
    if (player === null) return reply;
    return reply.send(await context.challenges.list(player));
  });

  const answer = (
    action: 'accept' | 'decline' | 'cancel',
    act: (id: string, player: StoredPlayer) => Promise<object>,
  ) =>
    app.post<{ Params: IdParams }>(
      `/api/challenges/:id/${action}`,
      action === 'accept' ? { onRequest: challenging } : {},
      async (request, reply) => {
        if (action === 'accept' && context.draining)
          return replyError(reply, 503, 'server/closing', 'The server is shutting down.');
        const body = emptyBody.safeParse(bodyOf(request));
        if (!body.success)
          return replyError(
            reply,
            400,
            'request/invalid',
            describeIssues(`The ${action} of a challenge`, body.error),
          );
        const player = await requiredPlayer(context.store, request, reply);
        if (player === null) return reply;
        const id = request.params.id;
        if (!gameIdSchema.safeParse(id).success)
          return replyError(reply, 404, 'challenge/gone', 'No challenge has this id.');
        const done = await act(id, player);
        if (refusedOf(done)) return replyError(reply, done.status, done.code, done.message);
        request.log.info({ challengeId: id }, DONE[action]);
        return reply.send(done);
      },
    );
  answer('accept', (id, player) => context.challenges.accept(id, player));
  answer('decline', (id, player) => context.challenges.decline(id, player));
  answer('cancel', (id, player) => context.challenges.cancel(id, player));
}

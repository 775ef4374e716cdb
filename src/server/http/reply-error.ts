/** HTTP refusals have the socket's shape too: `{ t: 'error', code, message }` with a fitting status. */
import type { FastifyReply } from 'fastify';
import { errorMessage } from '../../protocol/index.ts';

export function replyError(reply: FastifyReply, status: number, code: string, message: string): FastifyReply {
  return reply.code(status).send(errorMessage(code, message));
}

/** The HTTP status for an engine or request refusal code. */
export function statusFor(code: string): number {
  if (code.startsWith('game/unknown')) return 404;
  return 400;
}

/** HTTP refusals have the socket's shape too: `{ t: 'error', code, message }` with a fitting status. */
import type { FastifyReply } from 'fastify';
import { type ErrorCode, errorMessage } from '../../protocol/index.ts';

export function replyError(
  reply: FastifyReply,
  status: number,
  code: ErrorCode,
  message: string,
): FastifyReply {
  return reply.code(status).send(errorMessage(code, message));
}

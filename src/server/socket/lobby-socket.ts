/**
 * The lobby socket /api/lobby/socket: a seeker's page says `{ t: 'wait', token }` and hears `waiting`, then
 * `paired` (the socket then closes) or `lonely` (nobody came in time; it may go on waiting). The token is sent
 * in the message, never in the URL. Closing the socket cancels a seek still open (lobby.ts). A second message
 * closes the socket: a waiting page has nothing more to say. A message that is no `wait` is answered (a page's
 * bug is then readable), but only a few: past `MISTAKES` the socket is closed and the rest dropped unread, as a
 * game socket does after a burst.
 */
import type {} from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import { errorMessage, type LobbyMessage, waitSchema } from '../../protocol/index.ts';
import type { ServerContext } from '../context.ts';
import { perMinute } from '../http/address-limits.ts';
import { describeIssues } from './describe-issues.ts';

/** Wrong messages answered before the socket is closed: a page says one right thing. */
export const LOBBY_MISTAKES = 3;
/** How long a closed socket's client has to answer the close before the connection is cut. */
const CLOSE_GRACE_MS = 1000;

export function registerLobbySocket(app: FastifyInstance, context: ServerContext): void {
  const { socketOpensPerMinute, helloMs, messageBytes } = context.config.limits;
  // The same per-address count as game sockets: one allowance for every socket an address opens.
  const opens = perMinute(
    app,
    'sockets',
    socketOpensPerMinute,
    'rate/sockets',
    `At most ${socketOpensPerMinute} sockets may be opened from one address a minute; wait a moment.`,
  );
  app.get('/api/lobby/socket', { websocket: true, onRequest: opens }, (socket, request) => {
    const send = (message: LobbyMessage) => {
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
    };
    let said = false;
    let leave: (() => void) | null = null;
    let closed = false;
    let mistakes = 0;
    // Reads nothing more (a flood's backlog waits in the kernel) and cuts a client that does not answer.
    const shut = (code: number, reason: string) => {
      socket.close(code, reason);
      socket.pause();
      setTimeout(() => socket.terminate(), CLOSE_GRACE_MS).unref();
    };
    const refuse = (message: LobbyMessage) => {
      send(message);
      if (++mistakes >= LOBBY_MISTAKES) {
        send(errorMessage('message/invalid', `${LOBBY_MISTAKES} wrong messages: the socket is closed.`));
        shut(4400, 'message/invalid');
      }
    };
    const deadline = setTimeout(() => {
      send(errorMessage('auth/hello-late', `Say which seek you wait on within ${helloMs / 1000} s.`));
      socket.close(4408, 'auth/hello-late');
    }, helloMs);
    deadline.unref();
    context.metrics.socketOpened('lobby');
    request.log.debug('lobby socket open');
    socket.on('close', (code: number) => {
      context.metrics.socketClosed('lobby');
      request.log.debug({ code }, 'lobby socket closed');
      closed = true;
      clearTimeout(deadline);
      leave?.();
      leave = null;
    });
    socket.on('error', () => socket.terminate());
    socket.on('message', (data, isBinary) => {
      if (socket.readyState !== socket.OPEN) return;
      const buffer = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer);
      if (said) {
        // A page says one thing here; more is no page: answering each would cost more than it, so it goes.
        send(errorMessage('auth/again', 'This socket already waits on a seek; it is closed.'));
        shut(4400, 'auth/again');
        return;
      }
      if (isBinary || buffer.byteLength > messageBytes)
        return refuse(errorMessage('message/invalid', 'Send { "t": "wait", "token": "<seek token>" }.'));
      let parsed: ReturnType<typeof waitSchema.safeParse>;
      try {
        parsed = waitSchema.safeParse(JSON.parse(buffer.toString('utf8')));
      } catch {
        return refuse(errorMessage('message/not-json', 'A message must be one JSON object.'));
      }
      if (!parsed.success)
        return refuse(errorMessage('message/invalid', describeIssues('wait', parsed.error)));
      said = true;
      clearTimeout(deadline);
      context.lobby
        .wait(parsed.data.token, {
          send: (message) => {
            send(message);
            // Paired, or no such seek: nothing more to wait for.
            if (message.t === 'paired' || message.t === 'error') socket.close(1000, message.t);
          },
        })
        .then(
          (release) => {
            if (closed) release();
            else leave = release;
          },
          () => {
            send(
              errorMessage(
                'store/unavailable',
                'The game store cannot be reached right now; look for an opponent again in a moment.',
              ),
            );
            socket.close(1013, 'store/unavailable');
          },
        );
    });
  });
}

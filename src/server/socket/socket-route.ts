/**
 * The WebSocket endpoint /api/games/:id/socket: binds a `Session` to each socket and passes raw messages
 * in. Messages past the hard size limit close the socket (ws does that before we see them); everything
 * smaller is answered by the session.
 */
import type {} from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import { errorMessage, gameIdSchema } from '../../protocol/index.ts';
import type { ServerContext } from '../context.ts';
import { perMinute } from '../http/address-limits.ts';
import type { Room } from '../rooms/room.ts';
import { Session } from './session.ts';

/** How long a closed socket's client has to answer the close before the connection is cut. */
const CLOSE_GRACE_MS = 1000;

interface IdParams {
  readonly id: string;
}

export function registerSocketRoute(
  app: FastifyInstance,
  context: ServerContext,
  sessions: Set<Session>,
): void {
  /** Sockets open per address (the limit is the operator's `socketsPerAddress`). */
  const openFrom = new Map<string, number>();
  const { socketOpensPerMinute } = context.config.limits;
  // Opening sockets over and over (each closed for flooding, say) is refused before the upgrade.
  const opens = perMinute(
    app,
    'sockets',
    socketOpensPerMinute,
    'rate/sockets',
    `At most ${socketOpensPerMinute} sockets may be opened from one address a minute; wait a moment.`,
  );
  const options = { websocket: true, onRequest: opens } as const;
  app.get<{ Params: IdParams }>('/api/games/:id/socket', options, async (socket, request) => {
    const address = request.ip;
    const open = openFrom.get(address) ?? 0;
    if (open >= context.config.limits.socketsPerAddress) {
      const refusal = errorMessage(
        'rate/sockets',
        `At most ${context.config.limits.socketsPerAddress} sockets may be open from one address; close one first.`,
      );
      socket.send(JSON.stringify(refusal));
      socket.close(4429, refusal.code);
      return;
    }
    openFrom.set(address, open + 1);
    context.metrics.socketOpened('game');
    request.log.debug({ gameId: request.params.id.slice(0, 40) }, 'game socket open');
    socket.once('close', (code: number) => {
      context.metrics.socketClosed('game');
      request.log.debug({ gameId: request.params.id.slice(0, 40), code }, 'game socket closed');
      const left = (openFrom.get(address) ?? 1) - 1;
      if (left > 0) openFrom.set(address, left);
      else openFrom.delete(address);
    });
    // Listen at once: messages may arrive while we look the game up.
    const early: { text: string; bytes: number }[] = [];
    let session: Session | null = null;
    socket.on('message', (data, isBinary) => {
      // Closing (a flood, a goodbye): what still arrives is dropped unread.
      if (socket.readyState !== socket.OPEN) return;
      // ws hands a Buffer (binaryType 'nodebuffer'): read it as it is; Buffer.from would copy every message.
      const buffer = Buffer.isBuffer(data)
        ? data
        : Array.isArray(data)
          ? Buffer.concat(data)
          : Buffer.from(data as ArrayBuffer);
      // A message over the soft limit is refused by its size alone: decoding it would only cost CPU.
      const oversize = buffer.byteLength > context.config.limits.messageBytes;
      const text = isBinary || oversize ? '' : buffer.toString('utf8');
      if (session !== null) deliver(session, text, buffer.byteLength);
      else if (early.length < context.config.limits.messageBurst)
        early.push({ text, bytes: buffer.byteLength });
      else {
        // More than a burst before the game is even loaded: nothing a page does; keep nothing of it.
        early.length = 0;
        socket.close(4429, 'rate/limited');
      }
    });
    const deliver = (s: Session, text: string, bytes: number) => {
      s.receive(text, bytes).catch((error: unknown) =>
        request.log.error({ err: error }, 'socket message failed'),
      );
    };
    const id = request.params.id;
    let room: Room | null;
    try {
      room = gameIdSchema.safeParse(id).success ? await context.rooms.get(id) : null;
    } catch (error) {
      request.log.warn({ err: error }, 'game could not be loaded');
      const refusal = errorMessage(
        'store/unavailable',
        'The game store cannot be reached right now; reconnect in a moment.',
      );
      socket.send(JSON.stringify(refusal));
      socket.close(1013, refusal.code);
      return;
    }
    if (room === null || context.closing) {
      const refusal =
        room === null
          ? errorMessage('game/unknown', `There is no game '${id.slice(0, 40)}'.`)
          : errorMessage('server/closing', 'The server is shutting down.');
      socket.send(JSON.stringify(refusal));
      socket.close(4404, refusal.code);
      return;
    }
    const created = new Session(
      room,
      {
        send: (text) => {
          if (socket.readyState !== socket.OPEN) return;
          // A client that does not read would make the server hold everything sent to it: past the bound
          // it is closed, and what was waiting goes with it.
          if (socket.bufferedAmount > context.config.limits.sendBufferBytes) {
            request.log.info(
              { bufferedAmount: socket.bufferedAmount },
              'socket closed: the client does not read',
            );
            socket.terminate();
            return;
          }
          // Bytes are a shared look-back (look-backs.ts): still a text frame.
          socket.send(text, { binary: false });
        },
        close: (code, reason) => {
          socket.close(code, reason);
          // Read nothing more (a flooder's backlog waits in the kernel, costing no CPU), and cut a client
          // that does not answer the close (one that never reads) soon, not after ws's 30 s.
          socket.pause();
          setTimeout(() => socket.terminate(), CLOSE_GRACE_MS).unref();
        },
      },
      context,
      address,
    );
    session = created;
    sessions.add(created);
    socket.on('close', () => {
      created.closed();
      sessions.delete(created);
    });
    socket.on('error', () => socket.terminate());
    for (const message of early.splice(0)) deliver(created, message.text, message.bytes);
  });
}

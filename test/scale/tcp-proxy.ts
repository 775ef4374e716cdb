/**
 * Test support: a TCP proxy in front of PostgreSQL or Redis that can be cut (every connection dropped,
 * new ones refused) and restored on the same port, to play an outage without touching the real service.
 */
import { connect, createServer, type Server, type Socket } from 'node:net';

export class TcpProxy {
  readonly #target: { host: string; port: number };
  readonly #sockets = new Set<Socket>();
  #server: Server | null = null;
  port = 0;

  constructor(targetUrl: string) {
    const url = new URL(targetUrl);
    this.#target = { host: url.hostname, port: Number(url.port) };
  }

  /** `url` with its host and port replaced by this proxy's. */
  through(url: string): string {
    const parsed = new URL(url);
    parsed.hostname = '127.0.0.1';
    parsed.port = String(this.port);
    return parsed.toString();
  }

  async start(): Promise<void> {
    const server = createServer((client) => {
      const upstream = connect(this.#target.port, this.#target.host);
      for (const socket of [client, upstream]) {
        this.#sockets.add(socket);
        socket.on('close', () => this.#sockets.delete(socket));
        socket.on('error', () => socket.destroy());
      }
      client.pipe(upstream).pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    const address = server.address();
    if (typeof address === 'object' && address !== null) this.port = address.port;
    this.#server = server;
  }

  /** Drops every connection and refuses new ones until `start()` again. */
  async cut(): Promise<void> {
    const server = this.#server;
    this.#server = null;
    for (const socket of this.#sockets) socket.destroy();
    if (server !== null) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

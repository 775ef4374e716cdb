/**
 * Telling a waiting seeker's process that its seek was paired. In one process a set of listeners; with Redis
 * one pub/sub channel `<prefix>lobby` carrying `{ o: origin, s: seekId }`: a seek id only, never a token or a
 * game's secret. The process that holds the seeker's socket then reads where the seek went from the store.
 * Hints may be lost: a waiting socket also looks at the store every few seconds (lobby.ts).
 */
import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';

export type PairedListener = (seekId: string) => void;

export interface LobbyBus {
  /** Seek `seekId` was paired (by this process): tell every process. */
  paired(seekId: string): void;
  /** Returns the function that unsubscribes. */
  subscribe(listener: PairedListener): () => void;
}

export class LocalLobbyBus implements LobbyBus {
  readonly #listeners = new Set<PairedListener>();

  paired(seekId: string): void {
    for (const listener of [...this.#listeners]) listener(seekId);
  }

  subscribe(listener: PairedListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
}

export class RedisLobbyBus implements LobbyBus {
  readonly #local = new LocalLobbyBus();
  readonly #publisher: Redis;
  readonly #channel: string;
  readonly #origin = randomBytes(8).toString('hex');
  readonly #onFailure: (message: string) => void;

  private constructor(publisher: Redis, channel: string, onFailure: (message: string) => void) {
    this.#publisher = publisher;
    this.#channel = channel;
    this.#onFailure = onFailure;
  }

  /** Subscribes `subscriber` (the fan-out's subscriber connection may be shared) to the lobby channel. */
  static async open(
    publisher: Redis,
    subscriber: Redis,
    prefix: string,
    onFailure: (message: string) => void,
  ): Promise<RedisLobbyBus> {
    const bus = new RedisLobbyBus(publisher, `${prefix}lobby`, onFailure);
    subscriber.on('message', (channel: string, text: string) => {
      if (channel !== bus.#channel) return;
      const seekId = parseHint(text, bus.#origin);
      if (seekId !== null) bus.#local.paired(seekId);
    });
    await subscriber.subscribe(bus.#channel);
    return bus;
  }

  paired(seekId: string): void {
    this.#local.paired(seekId);
    this.#publisher
      .publish(this.#channel, JSON.stringify({ o: this.#origin, s: seekId }))
      .catch((error: unknown) => this.#onFailure(error instanceof Error ? error.message : String(error)));
  }

  subscribe(listener: PairedListener): () => void {
    return this.#local.subscribe(listener);
  }
}

/** The seek id of another process's hint, or null (this process's own, or not a hint). */
function parseHint(text: string, origin: string): string | null {
  try {
    const data: unknown = JSON.parse(text);
    if (typeof data !== 'object' || data === null) return null;
    const { o, s } = data as Record<string, unknown>;
    return typeof o === 'string' && o !== origin && typeof s === 'string' ? s : null;
  } catch {
    return null;
  }
}

/**
 * Telling a waiting seeker's process that its seek was paired. In one process a map of listeners by seek;
 * with Redis, one sharded channel per seek, `<prefix>seek:<id>`, heard only by the process whose socket waits
 * on it (subscribed while it waits), carrying `{ o: origin }`: never a token or a game's secret. That
 * process then reads where the seek went from the store. Hints may be lost: a waiting socket also looks at
 * the store every few seconds (lobby.ts).
 */
import { randomBytes } from 'node:crypto';
import type { RedisChannels } from '../fanout/redis-channels.ts';

export type PairedListener = () => void;

export interface LobbyBus {
  /** Seek `seekId` was paired (by this process): tell the process waiting on it. */
  paired(seekId: string): void;
  /**
   * Hears of seek `seekId`'s pairing until the returned function is called. Resolves once it is heard, so a
   * look at the store afterwards misses no pairing.
   */
  subscribe(seekId: string, listener: PairedListener): Promise<() => void>;
}

export class LocalLobbyBus implements LobbyBus {
  readonly #listeners = new Map<string, Set<PairedListener>>();

  paired(seekId: string): void {
    for (const listener of [...(this.#listeners.get(seekId) ?? [])]) listener();
  }

  async subscribe(seekId: string, listener: PairedListener): Promise<() => void> {
    const listeners = this.#listeners.get(seekId) ?? new Set<PairedListener>();
    listeners.add(listener);
    this.#listeners.set(seekId, listeners);
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0 && this.#listeners.get(seekId) === listeners) this.#listeners.delete(seekId);
    };
  }
}

export class RedisLobbyBus implements LobbyBus {
  readonly #local = new LocalLobbyBus();
  readonly #channels: RedisChannels;
  readonly #prefix: string;
  readonly #origin = randomBytes(8).toString('hex');
  /** What the channels are about: 'seek' here; 'device' for sign-outs (players/sign-outs.ts). */
  readonly #topic: string;

  constructor(channels: RedisChannels, prefix: string, topic = 'seek') {
    this.#channels = channels;
    this.#prefix = prefix;
    this.#topic = topic;
  }

  paired(seekId: string): void {
    this.#local.paired(seekId);
    void this.#channels.publish(this.#channel(seekId), JSON.stringify({ o: this.#origin }));
  }

  async subscribe(seekId: string, listener: PairedListener): Promise<() => void> {
    const unsubscribe = await this.#local.subscribe(seekId, listener);
    const release = await this.#channels.hold(this.#channel(seekId), (text) => {
      if (fromElsewhere(text, this.#origin)) this.#local.paired(seekId);
    });
    return () => {
      unsubscribe();
      release();
    };
  }

  #channel(seekId: string): string {
    return `${this.#prefix}${this.#topic}:${seekId}`;
  }
}

/** True for another process's hint (not this process's own, which its listeners heard directly). */
function fromElsewhere(text: string, origin: string): boolean {
  try {
    const data: unknown = JSON.parse(text);
    if (typeof data !== 'object' || data === null) return false;
    const { o } = data as Record<string, unknown>;
    return typeof o === 'string' && o !== origin;
  } catch {
    return false;
  }
}

/**
 * Channels a process hears only while it holds what they are about: Redis sharded pub/sub (SSUBSCRIBE and
 * SPUBLISH, Redis 7), one channel per game or per waiting seek, so a process receives the notices of its own
 * games and no others, and in a Redis Cluster each channel's messages stay on the shard of its slot instead
 * of crossing every node. Holds are counted: the first subscribes, the last release unsubscribes. A
 * subscription that failed (Redis away) is made again when the connection is back (`resubscribe`).
 */
import type { RedisConnection } from './redis-client.ts';

type Listener = (text: string) => void;

interface Held {
  count: number;
  readonly listener: Listener;
}

export class RedisChannels {
  readonly #publisher: RedisConnection;
  readonly #subscriber: RedisConnection;
  readonly #held = new Map<string, Held>();
  readonly #onFailure: (failed: 'publish' | 'subscribe', message: string) => void;

  /** `onFailure` hears of a publication or a subscription Redis refused (it is away). */
  constructor(
    publisher: RedisConnection,
    subscriber: RedisConnection,
    onFailure: (failed: 'publish' | 'subscribe', message: string) => void,
  ) {
    this.#publisher = publisher;
    this.#subscriber = subscriber;
    this.#onFailure = onFailure;
    subscriber.on('smessage', (channel: string, text: string) => this.#held.get(channel)?.listener(text));
  }

  /**
   * Hears `channel` until the returned release is called. Resolves once Redis confirmed the subscription,
   * so whatever the caller reads afterwards is at least as new as any message it could have missed; with
   * Redis away it resolves anyway (the hold stands and is subscribed on reconnect). One listener per
   * channel: the first hold's.
   */
  async hold(channel: string, listener: Listener): Promise<() => void> {
    const held = this.#held.get(channel);
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      this.#release(channel);
    };
    if (held !== undefined) {
      held.count++;
      return release;
    }
    this.#held.set(channel, { count: 1, listener });
    await this.#subscriber.ssubscribe(channel).catch((error: unknown) => this.#failed('subscribe', error));
    return release;
  }

  /** Resolves with how many subscribers heard it (this process's own included), null when Redis refused it. */
  publish(channel: string, text: string): Promise<number | null> {
    return this.#publisher.spublish(channel, text).then(
      (heard) => (typeof heard === 'number' ? heard : null),
      (error: unknown) => {
        this.#failed('publish', error);
        return null;
      },
    );
  }

  /** Whether this process holds `channel` now. */
  holds(channel: string): boolean {
    return this.#held.has(channel);
  }

  /** The channels held now (tests, and the count a process's Redis traffic grows with). */
  get size(): number {
    return this.#held.size;
  }

  /**
   * After an outage: subscribes again to every held channel (SSUBSCRIBE of a channel already heard is a
   * no-op). Resolves once Redis confirmed it (or refused it again).
   */
  async resubscribe(): Promise<void> {
    const channels = [...this.#held.keys()];
    if (channels.length === 0) return;
    // One channel a command: a Redis Cluster refuses an SSUBSCRIBE of channels in different slots. One
    // warning for the lot, not one per channel.
    const failures = await Promise.all(
      channels.map((channel) =>
        this.#subscriber.ssubscribe(channel).then(
          () => null,
          (error: unknown) => ({ error }),
        ),
      ),
    );
    const failed = failures.find((failure) => failure !== null);
    if (failed !== undefined) this.#failed('subscribe', failed.error);
  }

  #release(channel: string): void {
    const held = this.#held.get(channel);
    if (held === undefined) return;
    held.count--;
    if (held.count > 0) return;
    this.#held.delete(channel);
    // Redis away: the connection's subscriptions are gone with it, and this one is not made again.
    this.#subscriber.sunsubscribe(channel).catch(() => undefined);
  }

  #failed(failed: 'publish' | 'subscribe', error: unknown): void {
    this.#onFailure(failed, error instanceof Error ? error.message : String(error));
  }
}

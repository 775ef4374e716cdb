/**
 * Fan-out across processes: listeners in this process are told directly (LocalFanout), and every other
 * process gets a hint on one Redis pub/sub channel: `{ origin, gameId, v }`, never a view, an event or a
 * secret. An emote travels whole (`n`: the seat and one of the fixed emote names, nothing stored), and a
 * rematch's change as `n: { kind: 'rematch' }`: the other processes deliver those to their sockets at once. A process that holds sockets of that game catches up from the store and delivers to them; hints
 * may be lost (Redis down), so rooms also catch up on hello, resync, a lost append race, and after Redis
 * comes back.
 */
import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { EMOTES } from '../../protocol/index.ts';
import { type Fanout, LocalFanout, type Notice, type NoticeListener } from './fanout.ts';

/** What another process said: game `gameId` moved to `v` (null: its seats or presence changed). */
export type HintListener = (gameId: string, v: number | null) => void;

interface Hint {
  readonly o: string;
  readonly g: string;
  readonly v: number | null;
  /** A notice the other processes deliver as it is (an emote, a rematch's change). */
  readonly n?: Extract<Notice, { kind: 'emote' | 'rematch' }>;
}

export class RedisFanout implements Fanout {
  readonly #local = new LocalFanout();
  readonly #publisher: Redis;
  readonly #channel: string;
  /** Tells this process's own hints apart from the others'. */
  readonly #origin = randomBytes(8).toString('hex');
  readonly #onFailure: (message: string) => void;

  private constructor(publisher: Redis, channel: string, onFailure: (m: string) => void) {
    this.#publisher = publisher;
    this.#channel = channel;
    this.#onFailure = onFailure;
  }

  /** Subscribes `subscriber` (a connection of its own) to the hints; `onHint` hears the other processes. */
  static async open(
    publisher: Redis,
    subscriber: Redis,
    prefix: string,
    onHint: HintListener,
    onFailure: (message: string) => void,
  ): Promise<RedisFanout> {
    const fanout = new RedisFanout(publisher, `${prefix}moves`, onFailure);
    subscriber.on('message', (channel: string, text: string) => {
      if (channel !== fanout.#channel) return;
      const hint = parseHint(text);
      if (hint === null || hint.o === fanout.#origin) return;
      if (hint.n !== undefined) fanout.deliver(hint.g, hint.n);
      else onHint(hint.g, hint.v);
    });
    await subscriber.subscribe(fanout.#channel);
    return fanout;
  }

  publish(gameId: string, notice: Notice): void {
    this.#local.publish(gameId, notice);
    const hint: Hint =
      notice.kind === 'emote' || notice.kind === 'rematch'
        ? { o: this.#origin, g: gameId, v: null, n: notice }
        : { o: this.#origin, g: gameId, v: notice.kind === 'moved' ? notice.v : null };
    this.#publisher
      .publish(this.#channel, JSON.stringify(hint))
      .catch((error: unknown) => this.#onFailure(error instanceof Error ? error.message : String(error)));
  }

  deliver(gameId: string, notice: Notice): void {
    this.#local.publish(gameId, notice);
  }

  subscribe(gameId: string, listener: NoticeListener): () => void {
    return this.#local.subscribe(gameId, listener);
  }
}

function parseHint(text: string): Hint | null {
  try {
    const data: unknown = JSON.parse(text);
    if (typeof data !== 'object' || data === null) return null;
    const { o, g, v, n } = data as Record<string, unknown>;
    if (typeof o !== 'string' || typeof g !== 'string') return null;
    if (v !== null && typeof v !== 'number') return null;
    if (n === undefined) return { o, g, v };
    const notice = parseNotice(n);
    return notice === null ? null : { o, g, v, n: notice };
  } catch {
    return null;
  }
}

function parseNotice(data: unknown): NonNullable<Hint['n']> | null {
  if (typeof data !== 'object' || data === null) return null;
  const { kind, seat, emote } = data as Record<string, unknown>;
  if (kind === 'rematch') return { kind };
  if (kind !== 'emote' || (seat !== 'red' && seat !== 'blue')) return null;
  const known = EMOTES.find((e) => e === emote);
  return known === undefined ? null : { kind, seat, emote: known };
}

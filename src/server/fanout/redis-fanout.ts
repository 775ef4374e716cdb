/**
 * Fan-out across processes: listeners in this process are told directly (LocalFanout), and the other
 * processes that hold the game get a hint on the game's own Redis channel, `<prefix>game:<id>` (sharded
 * pub/sub, redis-channels.ts): `{ origin, v }`, never a view, an event or a secret. A process subscribes
 * while it holds the game (`hold`, from the room registry) and unsubscribes when it lets it go, so its Redis
 * traffic grows with its own games, not with every game. An emote travels whole (`n`: the seat and one of
 * the fixed emote names, nothing stored), and a rematch's change as `n: { kind: 'rematch' }`: the other
 * processes deliver those to their sockets at once. A process that holds sockets of that game catches up
 * from the store and delivers to them; hints may be lost (Redis down), so rooms also catch up on hello,
 * resync, a lost append race, and after Redis comes back.
 */
import { randomBytes } from 'node:crypto';
import { EMOTES } from '../../protocol/index.ts';
import { type Fanout, LocalFanout, type Notice, type NoticeListener } from './fanout.ts';
import type { RedisChannels } from './redis-channels.ts';

/** What another process said: game `gameId` moved to `v` (null: its seats or presence changed). */
export type HintListener = (gameId: string, v: number | null) => void;

interface Hint {
  readonly o: string;
  readonly v: number | null;
  /** A notice the other processes deliver as it is (an emote, a rematch's change). */
  readonly n?: Extract<Notice, { kind: 'emote' | 'rematch' }>;
}

export class RedisFanout implements Fanout {
  readonly #local = new LocalFanout();
  readonly #channels: RedisChannels;
  readonly #prefix: string;
  /** Tells this process's own hints apart from the others'. */
  readonly #origin = randomBytes(8).toString('hex');
  readonly #onHint: HintListener;

  /** `channels` carries the hints; `onHint` hears the other processes' hints about the games held here. */
  constructor(channels: RedisChannels, prefix: string, onHint: HintListener) {
    this.#channels = channels;
    this.#prefix = prefix;
    this.#onHint = onHint;
  }

  hold(gameId: string): Promise<() => void> {
    return this.#channels.hold(this.#channel(gameId), (text) => {
      const hint = parseHint(text);
      if (hint === null || hint.o === this.#origin) return;
      if (hint.n !== undefined) this.deliver(gameId, hint.n);
      else this.#onHint(gameId, hint.v);
    });
  }

  publish(gameId: string, notice: Notice): void {
    this.#local.publish(gameId, notice);
    const hint: Hint =
      notice.kind === 'emote' || notice.kind === 'rematch'
        ? { o: this.#origin, v: null, n: notice }
        : { o: this.#origin, v: notice.kind === 'moved' ? notice.v : null };
    this.#channels.publish(this.#channel(gameId), JSON.stringify(hint));
  }

  deliver(gameId: string, notice: Notice): void {
    this.#local.publish(gameId, notice);
  }

  subscribe(gameId: string, listener: NoticeListener): () => void {
    return this.#local.subscribe(gameId, listener);
  }

  #channel(gameId: string): string {
    return `${this.#prefix}game:${gameId}`;
  }
}

function parseHint(text: string): Hint | null {
  try {
    const data: unknown = JSON.parse(text);
    if (typeof data !== 'object' || data === null) return null;
    const { o, v, n } = data as Record<string, unknown>;
    if (typeof o !== 'string') return null;
    if (v !== null && typeof v !== 'number') return null;
    if (n === undefined) return { o, v };
    const notice = parseNotice(n);
    return notice === null ? null : { o, v, n: notice };
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

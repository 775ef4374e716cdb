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
 *
 * A process that alone holds a game says nothing on its channel: behind a proxy routing by game id that
 * is nearly every game, and a hint per move nobody hears (and that comes back to the sender) was a third of
 * what a move cost in Redis and a system call or two in the server. It learns it is alone from SPUBLISH's
 * answer (how many subscribers heard it: 1 is itself). A process that starts holding a game says so on
 * the channel once it hears it (`j`); whoever holds the game then publishes again and answers with a
 * hint of its own, so a move made while it still thought itself alone, after the newcomer read the store,
 * is caught up. An answer that says "alone" is believed only if no other process was heard on the channel
 * since that hint was sent (answers and messages come on different connections, in no set order).
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
  /** The sender has just started holding the game: whoever holds it answers, and stops keeping quiet. */
  readonly j?: true;
}

/** What this process knows of the others holding a game it holds. */
interface Company {
  /** Nobody else held the game when last heard: its hints are not sent. */
  alone: boolean;
  /** Counts hints heard from the others, so a stale "alone" is not believed. */
  heard: number;
}

/** What the fan-out needs of the channels (tests hand it a fake whose answers they time). */
export type GameChannels = Pick<RedisChannels, 'hold' | 'holds' | 'publish' | 'resubscribe'>;

export class RedisFanout implements Fanout {
  readonly #local = new LocalFanout();
  readonly #channels: GameChannels;
  readonly #prefix: string;
  /** Tells this process's own hints apart from the others'. */
  readonly #origin = randomBytes(8).toString('hex');
  readonly #onHint: HintListener;
  /** The games this process holds, by id. */
  readonly #held = new Map<string, Company>();

  /** `channels` carries the hints; `onHint` hears the other processes' hints about the games held here. */
  constructor(channels: GameChannels, prefix: string, onHint: HintListener) {
    this.#channels = channels;
    this.#prefix = prefix;
    this.#onHint = onHint;
  }

  async hold(gameId: string): Promise<() => void> {
    const channel = this.#channel(gameId);
    const first = !this.#channels.holds(channel);
    const release = await this.#channels.hold(channel, (text) => this.#heard(gameId, text));
    if (first && this.#channels.holds(channel)) {
      this.#held.set(gameId, { alone: false, heard: 0 });
      this.#join(gameId);
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      release();
      if (!this.#channels.holds(channel)) this.#held.delete(gameId);
    };
  }

  publish(gameId: string, notice: Notice): void {
    this.#local.publish(gameId, notice);
    const company = this.#held.get(gameId);
    if (company?.alone === true) return;
    const hint: Hint =
      notice.kind === 'emote' || notice.kind === 'rematch'
        ? { o: this.#origin, v: null, n: notice }
        : { o: this.#origin, v: notice.kind === 'moved' ? notice.v : null };
    this.#send(gameId, hint);
  }

  /**
   * Redis is back after an outage: the hints and the announcements of that time may be lost, so every held
   * game is announced again (after its channel is heard again) and published to until an answer says alone.
   */
  async back(): Promise<void> {
    for (const company of this.#held.values()) {
      company.alone = false;
      company.heard++;
    }
    await this.#channels.resubscribe();
    for (const gameId of this.#held.keys()) this.#join(gameId);
  }

  deliver(gameId: string, notice: Notice): void {
    this.#local.publish(gameId, notice);
  }

  subscribe(gameId: string, listener: NoticeListener): () => void {
    return this.#local.subscribe(gameId, listener);
  }

  /** A hint on the game's channel; its answer says whether anybody else heard it. */
  #send(gameId: string, hint: Hint): void {
    const company = this.#held.get(gameId);
    const heardBefore = company?.heard;
    void this.#channels.publish(this.#channel(gameId), JSON.stringify(hint)).then((heard) => {
      // 1: only this process's own subscription. Believed only if nobody else spoke meanwhile.
      if (heard === 1 && company !== undefined && company.heard === heardBefore) company.alone = true;
    });
  }

  #join(gameId: string): void {
    this.#send(gameId, { o: this.#origin, v: null, j: true });
  }

  #heard(gameId: string, text: string): void {
    const hint = parseHint(text);
    if (hint === null || hint.o === this.#origin) return;
    const company = this.#held.get(gameId);
    if (company !== undefined) {
      company.alone = false;
      company.heard++;
    }
    if (hint.j === true) {
      // Someone new holds the game: it may have read the store before a move made here while alone.
      this.#send(gameId, { o: this.#origin, v: null });
      return;
    }
    if (hint.n !== undefined) this.deliver(gameId, hint.n);
    else this.#onHint(gameId, hint.v);
  }

  #channel(gameId: string): string {
    return `${this.#prefix}game:${gameId}`;
  }
}

function parseHint(text: string): Hint | null {
  try {
    const data: unknown = JSON.parse(text);
    if (typeof data !== 'object' || data === null) return null;
    const { o, v, n, j } = data as Record<string, unknown>;
    if (typeof o !== 'string') return null;
    if (v !== null && typeof v !== 'number') return null;
    if (j === true) return { o, v, j };
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

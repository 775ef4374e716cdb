/**
 * The fan-out keeps quiet on a game's channel while this process alone holds the game, and never so that
 * another process misses a move: the orders in which Redis's answers and the other processes' messages can
 * arrive are played here one by one on fake channels whose answers the test times (test/scale/channels
 * shows the same against Redis itself, where the orders cannot be chosen).
 */
import { describe, expect, it } from 'vitest';
import { type GameChannels, RedisFanout } from '../../src/server/fanout/redis-fanout.ts';

interface Sent {
  readonly hint: { o: string; v: number | null; j?: true };
  /** Redis's answer: how many subscribers heard it. */
  readonly answer: (heard: number | null) => void;
}

class FakeChannels implements GameChannels {
  readonly sent: Sent[] = [];
  readonly #listeners = new Map<string, (text: string) => void>();
  resubscribed = 0;

  holds(channel: string): boolean {
    return this.#listeners.has(channel);
  }

  async hold(channel: string, listener: (text: string) => void): Promise<() => void> {
    this.#listeners.set(channel, listener);
    return () => this.#listeners.delete(channel);
  }

  publish(_channel: string, text: string): Promise<number | null> {
    return new Promise((answer) => this.sent.push({ hint: JSON.parse(text), answer }));
  }

  async resubscribe(): Promise<void> {
    this.resubscribed++;
  }

  /** Another process (or this one's echo) says `hint` on the game's channel. */
  hear(hint: object): void {
    this.#listeners.get(CHANNEL)?.(JSON.stringify(hint));
  }

  last(): Sent {
    const sent = this.sent.at(-1);
    if (sent === undefined) throw new Error('nothing was sent');
    return sent;
  }
}

const CHANNEL = 'p:game:g';

/** Lets the answers' continuations run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

async function holding() {
  const channels = new FakeChannels();
  const hints: (number | null)[] = [];
  const fanout = new RedisFanout(channels, 'p:', (_gameId, v) => hints.push(v));
  const release = await fanout.hold('g');
  return {
    channels,
    hints,
    fanout,
    release,
    moved: (v: number) => fanout.publish('g', { kind: 'moved', v, events: [] }),
  };
}

describe('a fan-out alone with a game', () => {
  it('announces that it holds the game, and once an answer says it is alone sends no hints', async () => {
    const { channels, moved } = await holding();
    expect(channels.sent.map((s) => s.hint.j)).toEqual([true]);
    moved(2);
    expect(channels.sent).toHaveLength(2);
    channels.last().answer(1);
    await settle();
    moved(3);
    moved(4);
    expect(channels.sent).toHaveLength(2);
  });

  it('answers a newcomer, so a move made while it thought itself alone is caught up, and speaks again', async () => {
    const { channels, moved } = await holding();
    channels.last().answer(1);
    await settle();
    moved(2); // the newcomer may have read the store before this move and subscribed after: not sent
    expect(channels.sent).toHaveLength(1);
    channels.hear({ o: 'B', v: null, j: true });
    expect(channels.last().hint).toMatchObject({ v: null });
    expect(channels.last().hint.j).toBeUndefined();
    moved(3);
    expect(channels.last().hint).toMatchObject({ v: 3 });
  });

  it('does not believe an "alone" answered after another process was heard', async () => {
    const { channels, hints, moved } = await holding();
    moved(2);
    const stale = channels.last();
    channels.hear({ o: 'B', v: 3 }); // B moved: it holds the game too
    expect(hints).toEqual([3]);
    stale.answer(1); // counted before B subscribed, arriving after B's message on the other connection
    await settle();
    moved(4);
    expect(channels.last().hint).toMatchObject({ v: 4 });
    channels.last().answer(2);
    await settle();
    moved(5);
    expect(channels.last().hint).toMatchObject({ v: 5 });
  });

  it('ignores its own hints coming back, and keeps quiet after a refused publication no longer than it must', async () => {
    const { channels, hints, moved } = await holding();
    const own = channels.last().hint;
    channels.last().answer(null); // Redis refused: nothing learned
    await settle();
    channels.hear(own);
    expect(hints).toEqual([]);
    moved(2);
    expect(channels.sent).toHaveLength(2);
  });

  it('after Redis comes back, hears the channel again, announces itself and speaks until an answer says alone', async () => {
    const { channels, fanout, moved } = await holding();
    channels.last().answer(1);
    await settle();
    await fanout.back();
    expect(channels.resubscribed).toBe(1);
    expect(channels.last().hint.j).toBe(true);
    moved(2);
    expect(channels.last().hint).toMatchObject({ v: 2 });
  });

  it('always speaks of a game it does not hold (a rematch offered from another page)', async () => {
    const { channels, fanout, release } = await holding();
    channels.last().answer(1);
    await settle();
    release();
    fanout.publish('g', { kind: 'rematch' });
    expect(channels.sent).toHaveLength(2);
  });
});

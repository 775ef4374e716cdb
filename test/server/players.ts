/**
 * A random player over a socket: whenever its latest view offers actions, it sends one made against that
 * view's `v`; on a stale refusal it asks for a resync. Used by the game, leak, crash and bench-like tests.
 */

import { randomFromSeed } from '../../src/engine/index.ts';
import { GAME_PATIENCE_MS } from '../patience.ts';
import { type Client, isState, pick, type ReadMessage } from './harness.ts';

export interface PlayOptions {
  /** Stop after this many own actions (crash tests), else play until the game is over. */
  readonly maxActions?: number;
  /** Stop once play reaches this turn (turn 2: both seats have moved after the deal), else play on. */
  readonly untilTurn?: number;
  /** Stop as soon as this seat has nothing to decide (the other seat's decision). */
  readonly untilIdle?: boolean;
  readonly timeoutMs?: number;
}

/** Plays until the game is over (or maxActions); resolves with the number of actions sent and acknowledged. */
export function playRandomly(client: Client, seed: string, options: PlayOptions = {}): Promise<number> {
  const random = randomFromSeed(seed);
  let acknowledged = 0;
  let sentAt: number | null = null;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () =>
        reject(new Error(`game did not finish: ${JSON.stringify(client.messages.at(-1))?.slice(0, 300)}`)),
      options.timeoutMs ?? GAME_PATIENCE_MS,
    );
    let stop = () => undefined as unknown;
    const finish = () => {
      clearTimeout(timer);
      stop();
      resolve(acknowledged);
    };
    const consider = (message: ReadMessage) => {
      if (message.t === 'error') {
        if (message.code === 'act/stale') {
          sentAt = null;
          client.send({ t: 'resync' });
          return;
        }
        clearTimeout(timer);
        stop();
        reject(new Error(`refused: ${message.code}: ${message.message}`));
        return;
      }
      if (message.t !== 'state' && message.t !== 'update') return;
      if (sentAt !== null && message.v > sentAt) {
        acknowledged++;
        sentAt = null;
      }
      if (message.view.outcome !== null) return finish();
      if (options.maxActions !== undefined && acknowledged >= options.maxActions) return finish();
      if (
        options.untilTurn !== undefined &&
        message.view.phase === 'play' &&
        message.view.turn >= options.untilTurn
      )
        return finish();
      if (sentAt !== null) return;
      const action = pick(message.view, () => random.float());
      if (action === null) return options.untilIdle === true ? finish() : undefined;
      sentAt = message.v;
      client.send({ t: 'act', v: message.v, action });
    };
    const latest = client.messages.findLast((m) => m.t === 'state' || m.t === 'update');
    stop = client.onMessage(consider);
    if (latest !== undefined) consider(latest);
  });
}

/** Contributes and sets up whenever asked, until play begins (both seats at once: one may be stale, and looks again). */
export async function setUpUntilPlay(client: Client): Promise<void> {
  for (;;) {
    const latest = client.latest();
    if (latest === null) throw new Error('no state yet');
    if (latest.view.phase !== 'setup') return;
    const action = pick(latest.view, Math.random);
    const next = client.next(
      (m) => m.t === 'error' || ((m.t === 'update' || m.t === 'state') && m.v > latest.v),
    );
    if (action !== null) client.send({ t: 'act', v: latest.v, action });
    const answer = await next;
    if (answer.t === 'error') await client.ask({ t: 'resync' }, isState);
  }
}

/** Both seats play (set up, then move) until each has made a move of its own after the deal: a rated game. */
export async function playUntilBothMoved(a: Client, b: Client, seed: string): Promise<void> {
  await Promise.all([
    playRandomly(a, `${seed}-a`, { untilTurn: 2 }),
    playRandomly(b, `${seed}-b`, { untilTurn: 2 }),
  ]);
}

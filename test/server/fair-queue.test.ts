/**
 * Computer decisions are shared fairly between games (issue 15, item 3, the queue): one game that asks for
 * many decisions at once cannot make another game's computer wait behind its whole backlog.
 */
import { describe, expect, it } from 'vitest';
import { createGame, viewFor } from '../../src/engine/index.ts';
import { BotPool } from '../../src/server/bots/bot-pool.ts';
import { FairQueue } from '../../src/server/bots/fair-queue.ts';

describe('the fair queue of computer decisions', () => {
  it('serves owners in turn: a newcomer waits one job per owner ahead of it, not their backlog', () => {
    const queue = new FairQueue<string>();
    for (let i = 0; i < 10; i++) queue.push('flood', `flood-${i}`);
    queue.push('honest', 'honest-0');
    expect(queue.size).toBe(11);
    expect([queue.shift(), queue.shift(), queue.shift()]).toEqual(['flood-0', 'honest-0', 'flood-1']);
    expect(queue.drain()).toEqual(Array.from({ length: 8 }, (_, i) => `flood-${i + 2}`));
    expect(queue.shift()).toBeUndefined();
  });

  it('a bot pool answers a game that asks once before another game’s tenth request', async () => {
    const pool = new BotPool(1);
    try {
      const view = viewFor(createGame({ seed: 'fair' }), 'red');
      const order: string[] = [];
      const ask = (owner: string, i: number) =>
        pool.decide('random', view, [], `${owner}-${i}`, owner).then(() => order.push(`${owner}-${i}`));
      const flood = Array.from({ length: 10 }, (_, i) => ask('flood', i));
      const honest = ask('honest', 0);
      await Promise.all([...flood, honest]);
      expect(order.indexOf('honest-0')).toBeLessThanOrEqual(2);
    } finally {
      await pool.close();
    }
  });
});

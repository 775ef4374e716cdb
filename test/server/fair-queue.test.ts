/**
 * Computer decisions are shared fairly between games (issue 15, item 3, the queue): one game that asks for
 * many decisions at once cannot make another game's computer wait behind its whole backlog.
 */
import { describe, expect, it } from 'vitest';
import { createBot } from '../../src/ai/index.ts';
import {
  applyAction,
  createGame,
  eventsFor,
  type GameEvent,
  type PlayerView,
  randomFromSeed,
  toAct,
  viewFor,
} from '../../src/engine/index.ts';
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

  it('a decision that waited past its deadline takes a quick look: the same answer as its level cut to 31 iterations', async () => {
    // The pool's clock stands far past every deadline, as after a long wait behind a flood.
    const pool = new BotPool(1, () => 1e15);
    try {
      const { view, history } = midGame();
      const order: string[] = [];
      const ask = (owner: string, i: number) =>
        pool.decide('expert', view, history, `${owner}-${i}`, owner, 0).then((d) => {
          order.push(`${owner}-${i}`);
          return d.action;
        });
      const flood = Array.from({ length: 6 }, (_, i) => ask('flood', i));
      const honest = ask('honest', 0);
      await Promise.all([...flood, honest]);
      expect(order.indexOf('honest-0')).toBeLessThanOrEqual(2);
      const quickLook = createBot('expert:31');
      if (!quickLook.ok) throw new Error(quickLook.error.message);
      expect(await honest).toEqual(
        quickLook.value.decide({ view, history, random: randomFromSeed('honest-0') }),
      );
    } finally {
      await pool.close();
    }
  });
});

/** Red's view and events some turns into a game played by the easy bot, where a search has choices. */
function midGame(): { view: PlayerView; history: GameEvent[] } {
  const easy = createBot('easy');
  if (!easy.ok) throw new Error(easy.error.message);
  let state = createGame({ seed: 'deadline', shots: 'quick' });
  const history: GameEvent[] = [];
  const random = randomFromSeed('mid');
  while (state.outcome === null) {
    const seat = toAct(state)[0];
    if (seat === undefined) break;
    const view = viewFor(state, seat);
    if (seat === 'red' && state.phase === 'play' && state.turn > 8 && view.legalActions.length > 2)
      return { view, history };
    const result = applyAction(state, seat, easy.value.decide({ view, history: [], random }));
    if (!result.ok) throw new Error(result.error.message);
    state = result.state;
    history.push(...eventsFor(result.events, 'red'));
  }
  throw new Error('the game ended before a position with choices');
}

/**
 * Issue 50 item 1 asks for a learned belief of the enemy's flag order "where it pays". Nothing in play
 * shows a flag card before it is turned (test/learn/hidden-law.test.ts), so a belief of the order can only
 * learn the enemy's setup habits. This counts the orders each level chooses over seeded setups (R1.2, R1.4),
 * prints the counts, a chi-square against the uniform law and what a seat could learn of them (the
 * information in the counts' law beyond uniform, an upper estimate: noise alone gives about 5/(2n) nats),
 * and fails if a level's choice is not uniform. docs/ai.md ("Card backs and flag order") quotes the figures:
 *   npx vitest run test/ai/flag-orders.test.ts
 */
import { describe, expect, it } from 'vitest';
import { createBot } from '../../src/ai/index.ts';
import { createGame, FLAG_CARDS, randomFromSeed, type Seat, viewFor } from '../../src/engine/index.ts';
import { pearson } from '../learn/chi-square.ts';

const LEVELS = ['easy', 'medium', 'hard', 'expert'] as const;
const SETUPS = 600;

/** The six orders of the flag cards, slot by slot. */
function allOrders(): string[] {
  const orders: string[] = [];
  const permute = (left: string[], order: string[]): void => {
    if (left.length === 0) orders.push(order.join(','));
    for (const card of left)
      permute(
        left.filter((c) => c !== card),
        [...order, card],
      );
  };
  permute(FLAG_CARDS.slice(), []);
  return orders;
}

/** How often `level` chose each order in `setups` seeded setups, alternating seats. */
function countOrders(level: string, setups: number): Map<string, number> {
  const counts = new Map<string, number>();
  for (let i = 0; i < setups; i++) {
    const made = createBot(level);
    if (!made.ok) throw new Error(made.error.message);
    const seat: Seat = i % 2 === 0 ? 'red' : 'blue';
    const view = viewFor(createGame({ seed: `flag-orders-${level}-${i}`, shots: 'quick' }), seat);
    const action = made.value.decide({
      view,
      history: [],
      random: randomFromSeed(`flag-orders-bot-${level}-${i}`),
    });
    if (action.type !== 'setup') throw new Error(`${level} answered a setup with ${action.type}`);
    const order = action.flags.join(',');
    counts.set(order, (counts.get(order) ?? 0) + 1);
  }
  return counts;
}

/** KL(counts' law ‖ uniform) in nats: what knowing the counts' law would win a seat over the uniform guess. */
function learnable(counts: ReadonlyMap<string, number>, cells: number): number {
  let n = 0;
  for (const count of counts.values()) n += count;
  let kl = 0;
  for (const count of counts.values()) if (count > 0) kl += (count / n) * Math.log((count / n) * cells);
  return kl;
}

describe('R1.2, R1.4: the flag order every level sets up with', () => {
  it(`is uniform over the six orders (${SETUPS} seeded setups a level)`, () => {
    const orders = allOrders();
    const law = new Map(orders.map((order) => [order, 1 / orders.length]));
    const pooled = new Map<string, number>();
    const lines = [`order: ${orders.join(' | ')}`];
    for (const level of LEVELS) {
      const counts = countOrders(level, SETUPS);
      for (const [order, count] of counts) pooled.set(order, (pooled.get(order) ?? 0) + count);
      const fit = pearson(counts, law);
      lines.push(
        `${level}: ${orders.map((order) => counts.get(order) ?? 0).join(' ')}; chi-square ${fit.statistic.toFixed(2)} on ${fit.df} df, p = ${fit.tail.toFixed(3)}; learnable ${learnable(counts, orders.length).toFixed(4)} nats`,
      );
      expect(fit.outside, level).toBe(0);
      expect(fit.tail, `${level}: chi-square ${fit.statistic.toFixed(2)}`).toBeGreaterThan(1e-7);
    }
    const fit = pearson(pooled, law);
    lines.push(
      `all: ${orders.map((order) => pooled.get(order) ?? 0).join(' ')}; chi-square ${fit.statistic.toFixed(2)} on ${fit.df} df, p = ${fit.tail.toFixed(3)}; learnable ${learnable(pooled, orders.length).toFixed(4)} nats`,
    );
    console.info(lines.join('\n'));
    expect(fit.tail).toBeGreaterThan(1e-7);
  });
});

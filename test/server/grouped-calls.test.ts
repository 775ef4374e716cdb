/**
 * Group commit (store/grouped-calls.ts): calls made while a batch is on its way go together in the next one,
 * never two of the same key in one batch, no more batches on their way than allowed, and a failure fails only
 * the calls it belongs to.
 */
import { describe, expect, it } from 'vitest';
import { GroupedCalls, MAX_BATCH } from '../../src/server/store/grouped-calls.ts';

interface Call {
  readonly key: string;
  readonly n: number;
}

/** A batch runner whose batches the test answers by hand. */
function manualRunner() {
  const batches: {
    readonly calls: readonly Call[];
    answer: (outs: (number | Error)[]) => void;
    fail: (e: Error) => void;
  }[] = [];
  /** Batch `i`, failing the test at once (not by a timeout) when it was never sent. */
  const nth = (i: number) => {
    const batch = batches[i];
    if (batch === undefined) throw new Error(`batch ${i} was never sent (${batches.length} were)`);
    return batch;
  };
  const run = (calls: readonly Call[]) =>
    new Promise<(number | Error)[]>((resolve, reject) => {
      batches.push({ calls, answer: resolve, fail: reject });
    });
  return { batches, nth, run };
}

/** Lets the answers' callbacks and the next batch's scheduling (a setImmediate) run. */
async function turn(): Promise<void> {
  for (let i = 0; i < 3; i++) await new Promise((resolve) => setImmediate(resolve));
}

describe('grouped calls', () => {
  it('sends a lone call at once, and gathers the calls made meanwhile into the next batch', async () => {
    const { batches, nth, run } = manualRunner();
    const grouped = new GroupedCalls<Call, number>(run, 1, (c) => c.key);
    const first = grouped.call({ key: 'a', n: 1 });
    await turn();
    expect(batches.map((b) => b.calls.length)).toEqual([1]);
    const later = [2, 3, 4].map((n) => grouped.call({ key: `g${n}`, n }));
    await turn();
    // One batch on its way at most: the three wait for it.
    expect(batches).toHaveLength(1);
    nth(0).answer([10]);
    expect(await first).toBe(10);
    await turn();
    expect(batches.map((b) => b.calls.map((c) => c.n))).toEqual([[1], [2, 3, 4]]);
    nth(1).answer([20, 30, 40]);
    expect(await Promise.all(later)).toEqual([20, 30, 40]);
  });

  it('allows as many batches on their way as it is given', async () => {
    const { batches, run } = manualRunner();
    const grouped = new GroupedCalls<Call, number>(run, 2, (c) => c.key);
    void grouped.call({ key: 'a', n: 1 });
    await turn();
    void grouped.call({ key: 'b', n: 2 });
    await turn();
    void grouped.call({ key: 'c', n: 3 });
    await turn();
    expect(batches.map((b) => b.calls.map((c) => c.n))).toEqual([[1], [2]]);
  });

  it('never puts two calls of one key in one batch: the second waits for the next', async () => {
    const { batches, nth, run } = manualRunner();
    const grouped = new GroupedCalls<Call, number>(run, 1, (c) => c.key);
    const calls = [1, 2, 3].map((n) => grouped.call({ key: n === 3 ? 'b' : 'a', n }));
    await turn();
    expect(batches.map((b) => b.calls.map((c) => c.n))).toEqual([[1, 3]]);
    nth(0).answer([10, 30]);
    await turn();
    await turn();
    expect(batches.map((b) => b.calls.map((c) => c.n))).toEqual([[1, 3], [2]]);
    nth(1).answer([20]);
    expect(await Promise.all(calls)).toEqual([10, 20, 30]);
  });

  it('fails only the call whose answer is an error, and every call of a batch that throws', async () => {
    const { nth, run } = manualRunner();
    const grouped = new GroupedCalls<Call, number>(run, 1, (c) => c.key);
    const a = grouped.call({ key: 'a', n: 1 });
    const b = grouped.call({ key: 'b', n: 2 });
    await turn();
    nth(0).answer([new Error('taken'), 20]);
    await expect(a).rejects.toThrow('taken');
    expect(await b).toBe(20);
    const c = grouped.call({ key: 'c', n: 3 });
    const d = grouped.call({ key: 'd', n: 4 });
    await turn();
    nth(1).fail(new Error('database away'));
    await expect(c).rejects.toThrow('database away');
    await expect(d).rejects.toThrow('database away');
    // A batch answered short fails the calls left without an answer, and the next batch still goes.
    const e = grouped.call({ key: 'e', n: 5 });
    const f = grouped.call({ key: 'f', n: 6 });
    await turn();
    nth(2).answer([50]);
    expect(await e).toBe(50);
    await expect(f).rejects.toThrow('no answer');
    const g = grouped.call({ key: 'g', n: 7 });
    await turn();
    nth(3).answer([70]);
    expect(await g).toBe(70);
  });

  it('ends a batch whose runner throws at once, and the next batch still goes', async () => {
    let throws = true;
    const grouped = new GroupedCalls<Call, number>(
      (calls) => {
        if (throws) throw new Error('refused before it began');
        return Promise.resolve(calls.map((c) => c.n * 10));
      },
      1,
      (c) => c.key,
    );
    await expect(grouped.call({ key: 'a', n: 1 })).rejects.toThrow('refused before it began');
    throws = false;
    expect(await grouped.call({ key: 'a', n: 2 })).toBe(20);
  });

  it('fails every call of a batch whose answer is not a list, and goes on', async () => {
    let broken = true;
    const grouped = new GroupedCalls<Call, number>(
      (calls) => Promise.resolve((broken ? undefined : calls.map((c) => c.n)) as unknown as number[]),
      1,
      (c) => c.key,
    );
    await expect(grouped.call({ key: 'a', n: 1 })).rejects.toThrow();
    broken = false;
    expect(await grouped.call({ key: 'a', n: 2 })).toBe(2);
  });

  it(`carries at most ${MAX_BATCH} calls in one batch, the rest in the next`, async () => {
    const { batches, nth, run } = manualRunner();
    const grouped = new GroupedCalls<Call, number>(run, 1, (c) => c.key);
    const count = MAX_BATCH + 20;
    const calls = Array.from({ length: count }, (_, n) => grouped.call({ key: `g${n}`, n }));
    await turn();
    expect(batches.map((b) => b.calls.length)).toEqual([MAX_BATCH]);
    nth(0).answer(nth(0).calls.map((c) => c.n));
    await turn();
    expect(batches.map((b) => b.calls.length)).toEqual([MAX_BATCH, 20]);
    nth(1).answer(nth(1).calls.map((c) => c.n));
    expect(await Promise.all(calls)).toEqual(Array.from({ length: count }, (_, n) => n));
  });
});

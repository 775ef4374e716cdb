import { describe, expect, it } from 'vitest';
import { fillHe, fitByAdam, fitWithCurve, heldOut, splitGames } from '../../src/ai/training-kit.ts';
import { randomFromSeed } from '../../src/engine/index.ts';

describe('the trainers’ shared parts', () => {
  it('holds out the share of games asked, spread evenly', () => {
    const held = Array.from({ length: 100 }, (_, g) => g).filter((g) => heldOut(g, 0.2));
    expect(held).toHaveLength(20);
    expect(held.slice(0, 3)).toEqual([4, 9, 14]);
    expect(Array.from({ length: 10 }, (_, g) => heldOut(g, 0)).some(Boolean)).toBe(false);
  });

  it('splits the games’ samples by game and counts the held-out games', () => {
    const seen: number[] = [];
    const split = splitGames(
      10,
      0.5,
      (g) => [g, g],
      (done) => seen.push(done),
    );
    expect(split.heldGames).toBe(5);
    expect(split.held).toEqual([1, 1, 3, 3, 5, 5, 7, 7, 9, 9]);
    expect(split.training).toEqual([0, 0, 2, 2, 4, 4, 6, 6, 8, 8]);
    expect(seen).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('draws He-style weights with the spread asked', () => {
    const a = new Float64Array(20_000);
    fillHe(a, 8, randomFromSeed('he'));
    const mean = a.reduce((s, x) => s + x, 0) / a.length;
    const variance = a.reduce((s, x) => s + (x - mean) ** 2, 0) / a.length;
    expect(Math.abs(mean)).toBeLessThan(0.02);
    expect(variance).toBeGreaterThan(0.23);
    expect(variance).toBeLessThan(0.27); // 2 / 8
  });

  it('fits a line by Adam, reporting epoch 0 untrained and a falling training loss', () => {
    // y = 3x - 1 on x in [-1, 1]; theta = [slope, intercept]; loss per sample (a - y)^2.
    const samples = Array.from({ length: 64 }, (_, i) => {
      const x = i / 32 - 1;
      return { x, y: 3 * x - 1 };
    });
    const theta = new Float64Array(2);
    const curve: [number, number][] = [];
    fitByAdam(
      theta,
      samples,
      { epochs: 60, batch: 8, learningRate: 0.05, decay: 0 },
      randomFromSeed('line'),
      (s, grad) => {
        const error = (theta[0] ?? 0) * s.x + (theta[1] ?? 0) - s.y;
        grad[0] = (grad[0] ?? 0) + 2 * error * s.x;
        grad[1] = (grad[1] ?? 0) + 2 * error;
        return { loss: error * error, count: 1 };
      },
      (epoch, loss) => curve.push([epoch, loss]),
    );
    expect(curve.map(([e]) => e)).toEqual(Array.from({ length: 61 }, (_, e) => e));
    expect(curve[0]?.[1]).toBeNaN();
    expect(curve[60]?.[1]).toBeLessThan((curve[1]?.[1] ?? 0) / 100);
    expect(theta[0]).toBeCloseTo(3, 1);
    expect(theta[1]).toBeCloseTo(-1, 1);
  });

  it('skips a batch that counts nothing and averages the loss over what was counted', () => {
    const theta = new Float64Array(1);
    const losses: number[] = [];
    fitByAdam(
      theta,
      [0, 0, 5],
      { epochs: 1, batch: 1, learningRate: 0.1, decay: 0 },
      randomFromSeed('count'),
      (weight, grad) => {
        grad[0] = (grad[0] ?? 0) + 1;
        return { loss: weight, count: weight };
      },
      (_, loss) => losses.push(loss),
    );
    // One step, of the batch that counted 5: Adam's first step is the learning rate against the gradient's
    // sign. A step on a batch counting nothing would divide by 0 and leave NaN.
    expect(theta[0]).toBeCloseTo(-0.1, 6);
    expect(losses[1]).toBe(1);
  });

  it('keeps the curve, and makes the model once unless every epoch’s is asked for', () => {
    const run = (onModel?: (model: string, epoch: number) => void) => {
      const made: number[] = [];
      const theta = new Float64Array(1);
      const model = fitWithCurve(
        theta,
        [1, 2, 3],
        { epochs: 3, batch: 2, learningRate: 0.1, decay: 0 },
        randomFromSeed('curve'),
        (y, grad) => {
          grad[0] = (grad[0] ?? 0) + 2 * ((theta[0] ?? 0) - y);
          return { loss: ((theta[0] ?? 0) - y) ** 2, count: 1 };
        },
        {
          figures: (epoch, trainLoss) => ({ epoch, trainLoss, theta: theta[0] ?? 0 }),
          model: (curve) => {
            made.push(curve.length - 1);
            return JSON.stringify(curve);
          },
          onModel,
        },
      );
      return { model, made };
    };
    const once = run();
    expect(once.made).toEqual([3]);
    const curve = JSON.parse(once.model) as { epoch: number; theta: number }[];
    expect(curve.map((c) => c.epoch)).toEqual([0, 1, 2, 3]);
    expect(curve[0]?.theta).toBe(0);
    expect(curve[3]?.theta).toBeGreaterThan(0);
    const seen: [string, number][] = [];
    const each = run((model, epoch) => seen.push([model, epoch]));
    expect(each.made).toEqual([0, 1, 2, 3]);
    expect(seen.map(([, e]) => e)).toEqual([0, 1, 2, 3]);
    expect(seen[3]?.[0]).toBe(once.model);
    expect(each.model).toBe(once.model);
    expect(JSON.parse(seen[1]?.[0] ?? '')).toEqual(curve.slice(0, 2));
  });
});

/**
 * The benchmark's side-by-side figures (bench-server/side-by-side.ts): every later deployment's run over the
 * first deployment's run of the same kind and round, each ratio's median over several rounds, and no ratio
 * from a missing or zero figure.
 */
import { describe, expect, it } from 'vitest';
import { type ComparedRun, median, sideBySide } from '../../src/cli/bench-server/side-by-side.ts';

function run(
  server: string,
  label: string,
  aps: number,
  p50: number,
  p99: number,
  capacity: number | null,
  round?: number,
): ComparedRun {
  return {
    server,
    spec: { label },
    ...(round === undefined ? {} : { round }),
    figures: { actionsPerSecond: aps, p50ms: p50, p99ms: p99 },
    capacity: capacity === null ? null : { actionsPerSecond: capacity },
  };
}

describe('side by side', () => {
  it('puts each later run over the first deployment run of the same kind', () => {
    const rows = sideBySide([
      run('sqlite', 'paced', 1000, 1, 20, null),
      run('sqlite', 'saturation', 4000, 20, 60, 5000),
      run('shared', 'paced', 990, 3, 30, null),
      run('shared', 'saturation', 3000, 30, 90, 4500),
    ]);
    expect(rows).toEqual([
      {
        run: 'comparison',
        spec: 'paced',
        server: 'shared',
        against: 'sqlite',
        round: 1,
        actionsPerSecond: 0.99,
        withPlayersElsewhere: null,
        p50: 3,
        p99: 1.5,
      },
      {
        run: 'comparison',
        spec: 'saturation',
        server: 'shared',
        against: 'sqlite',
        round: 1,
        actionsPerSecond: 0.75,
        withPlayersElsewhere: 0.9,
        p50: 1.5,
        p99: 1.5,
      },
    ]);
  });

  it('compares nothing with one deployment, and skips a kind the first did not run', () => {
    expect(sideBySide([run('sqlite', 'paced', 1000, 1, 20, null)])).toEqual([]);
    expect(
      sideBySide([run('sqlite', 'paced', 1000, 1, 20, null), run('shared', 'saturation', 1, 1, 1, 1)]),
    ).toEqual([]);
  });

  it('gives no ratio over a zero or missing figure', () => {
    const [row] = sideBySide([
      run('sqlite', 'saturation', 0, 0, 20, null),
      run('shared', 'saturation', 5, 1, 10, 7),
    ]);
    expect(row).toMatchObject({ actionsPerSecond: null, p50: null, withPlayersElsewhere: null, p99: 0.5 });
  });

  it('pairs runs of the same round, and gives the median of each ratio over the rounds', () => {
    const rows = sideBySide([
      run('sqlite', 'saturation', 4000, 20, 60, 5000, 1),
      run('shared', 'saturation', 3600, 30, 60, 4000, 1),
      // Round 2 ran the shared deployment first: the first deployment is still the one compared against.
      run('shared', 'saturation', 2000, 30, 240, null, 2),
      run('sqlite', 'saturation', 2500, 20, 60, 5000, 2),
      run('sqlite', 'saturation', 5000, 20, 60, 5000, 3),
      run('shared', 'saturation', 5500, 10, 30, 6000, 3),
    ]);
    expect(rows.map((row) => [row.round, row.against, row.actionsPerSecond, row.p99])).toEqual([
      [1, 'sqlite', 0.9, 1],
      [2, 'sqlite', 0.8, 4],
      [3, 'sqlite', 1.1, 0.5],
      ['median', 'sqlite', 0.9, 1],
    ]);
    // A ratio missing in a round (no capacity) is left out of its median.
    expect(rows.at(-1)).toMatchObject({ withPlayersElsewhere: 1, p50: 1.5 });
  });

  it('takes the middle value, the mean of the middle two, or nothing', () => {
    expect(median([3, null, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([null])).toBeNull();
    expect(median([])).toBeNull();
  });
});

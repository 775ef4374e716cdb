/**
 * The benchmark's side-by-side figures (bench-server/side-by-side.ts): every later deployment's run over the
 * first deployment's run of the same kind, and no ratio from a missing or zero figure.
 */
import { describe, expect, it } from 'vitest';
import { type ComparedRun, sideBySide } from '../../src/cli/bench-server/side-by-side.ts';

function run(
  server: string,
  label: string,
  aps: number,
  p50: number,
  p99: number,
  capacity: number | null,
): ComparedRun {
  return {
    server,
    spec: { label },
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
});

/**
 * Each run of the later deployments beside the first deployment's run of the same kind and round (the
 * benchmark runs SQLite first): ratios of throughput, of the capacity with the players elsewhere, and of p50
 * and p99. The runs of one round share the machine's state and the same players, so their ratio is steadier
 * than either figure; over several rounds (`--rounds`) each ratio's median is given too, since this machine's
 * speed drifts by a third from one minute to the next and one pair can land on either side of a change.
 */

/** What the comparison reads of one run. */
export interface ComparedRun {
  readonly server: string;
  readonly spec: { readonly label: string };
  /** Which round of the command (1 when it ran once). */
  readonly round?: number;
  readonly figures: { readonly actionsPerSecond: number; readonly p50ms: number; readonly p99ms: number };
  readonly capacity: { readonly actionsPerSecond: number } | null;
}

export interface SideBySide {
  readonly run: 'comparison';
  /** The kind of run: 'paced', 'saturation'... */
  readonly spec: string;
  readonly server: string;
  readonly against: string;
  /** The round compared, or 'median': each ratio's median over the rounds (only when there were several). */
  readonly round: number | 'median';
  /** The other's figure over the first's; null where either is missing or the first is not positive. */
  readonly actionsPerSecond: number | null;
  readonly withPlayersElsewhere: number | null;
  readonly p50: number | null;
  readonly p99: number | null;
}

type Ratios = Pick<SideBySide, 'actionsPerSecond' | 'withPlayersElsewhere' | 'p50' | 'p99'>;

export function sideBySide(results: readonly ComparedRun[]): SideBySide[] {
  const [first, ...others] = [...new Set(results.map((r) => r.server))];
  if (first === undefined) return [];
  const rounds = [...new Set(results.map((r) => r.round ?? 1))].sort((a, b) => a - b);
  const rows: SideBySide[] = [];
  for (const spec of new Set(results.map((r) => r.spec.label))) {
    for (const server of others) {
      const paired: SideBySide[] = [];
      for (const round of rounds) {
        const of = (name: string) =>
          results.find((r) => r.server === name && r.spec.label === spec && (r.round ?? 1) === round);
        const base = of(first);
        const other = of(server);
        if (base === undefined || other === undefined) continue;
        paired.push({
          run: 'comparison',
          spec,
          server,
          against: first,
          round,
          actionsPerSecond: ratio(other.figures.actionsPerSecond, base.figures.actionsPerSecond),
          withPlayersElsewhere: ratio(other.capacity?.actionsPerSecond, base.capacity?.actionsPerSecond),
          p50: ratio(other.figures.p50ms, base.figures.p50ms),
          p99: ratio(other.figures.p99ms, base.figures.p99ms),
        });
      }
      rows.push(...paired);
      if (paired.length > 1) {
        const mid = (key: keyof Ratios) => median(paired.map((row) => row[key]));
        rows.push({
          run: 'comparison',
          spec,
          server,
          against: first,
          round: 'median',
          actionsPerSecond: mid('actionsPerSecond'),
          withPlayersElsewhere: mid('withPlayersElsewhere'),
          p50: mid('p50'),
          p99: mid('p99'),
        });
      }
    }
  }
  return rows;
}

/** The median of the known values (the mean of the middle two when their count is even), or null if none. */
export function median(values: readonly (number | null)[]): number | null {
  const known = values.filter((v): v is number => v !== null).sort((a, b) => a - b);
  if (known.length === 0) return null;
  const middle = Math.floor(known.length / 2);
  return known.length % 2 === 1
    ? (known[middle] ?? null)
    : ((known[middle - 1] ?? 0) + (known[middle] ?? 0)) / 2;
}

function ratio(a: number | undefined, b: number | undefined): number | null {
  return a === undefined || b === undefined || !Number.isFinite(a) || !Number.isFinite(b) || !(b > 0)
    ? null
    : a / b;
}

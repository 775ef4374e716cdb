/**
 * Each run of the later deployments beside the first deployment's run of the same kind (the benchmark runs
 * SQLite first): ratios of throughput, of the capacity with the players elsewhere, and of p50 and p99. The runs
 * of one command share the machine's state and the same players, so their ratio is steadier than either figure.
 */

/** What the comparison reads of one run. */
export interface ComparedRun {
  readonly server: string;
  readonly spec: { readonly label: string };
  readonly figures: { readonly actionsPerSecond: number; readonly p50ms: number; readonly p99ms: number };
  readonly capacity: { readonly actionsPerSecond: number } | null;
}

export interface SideBySide {
  readonly run: 'comparison';
  /** The kind of run: 'paced', 'saturation'... */
  readonly spec: string;
  readonly server: string;
  readonly against: string;
  /** The other's figure over the first's; null where either is missing or the first is not positive. */
  readonly actionsPerSecond: number | null;
  readonly withPlayersElsewhere: number | null;
  readonly p50: number | null;
  readonly p99: number | null;
}

export function sideBySide(results: readonly ComparedRun[]): SideBySide[] {
  const [first, ...others] = [...new Set(results.map((r) => r.server))];
  if (first === undefined) return [];
  const rows: SideBySide[] = [];
  for (const spec of new Set(results.map((r) => r.spec.label))) {
    const base = results.find((r) => r.server === first && r.spec.label === spec);
    if (base === undefined) continue;
    for (const server of others) {
      const other = results.find((r) => r.server === server && r.spec.label === spec);
      if (other === undefined) continue;
      rows.push({
        run: 'comparison',
        spec,
        server,
        against: first,
        actionsPerSecond: ratio(other.figures.actionsPerSecond, base.figures.actionsPerSecond),
        withPlayersElsewhere: ratio(other.capacity?.actionsPerSecond, base.capacity?.actionsPerSecond),
        p50: ratio(other.figures.p50ms, base.figures.p50ms),
        p99: ratio(other.figures.p99ms, base.figures.p99ms),
      });
    }
  }
  return rows;
}

function ratio(a: number | undefined, b: number | undefined): number | null {
  return a === undefined || b === undefined || !Number.isFinite(a) || !Number.isFinite(b) || !(b > 0)
    ? null
    : a / b;
}

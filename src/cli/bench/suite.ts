/** A benchmark suite: named measurements run side by side in one process, reported as medians and ratios. */
export interface BenchSuite {
  /** e.g. 'engine'. */
  readonly name: string;
  /** Runs the measurements and returns printable lines (and the figures for --json). */
  run(options: BenchOptions): Promise<BenchReport>;
}

export interface BenchOptions {
  /** Scales every measurement's work; 1 is the default, smaller is quicker and noisier. */
  readonly scale: number;
  /** Repetitions per measurement; the median is reported. */
  readonly rounds: number;
  /** Another checkout's engine to measure instead of this one's (`--engine`; the selfplay and engine suites), or undefined. */
  readonly engine?: string | undefined;
}

export interface BenchReport {
  readonly suite: string;
  readonly lines: readonly string[];
  readonly figures: Readonly<Record<string, number>>;
}

/** The median of `values` (the upper one of an even count). */
export function median(values: readonly number[]): number {
  const sorted = values.slice().sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/** Runs `work` `rounds` times and returns the median of the per-second rates it reports. */
export function medianRate(rounds: number, work: () => { count: number; ms: number }): number {
  const rates: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const { count, ms } = work();
    rates.push((count / ms) * 1000);
  }
  rates.sort((a, b) => a - b);
  return rates[Math.floor(rates.length / 2)] ?? 0;
}

/**
 * This process's CPU time in milliseconds (user + system). On a shared machine it counts the work done,
 * not the time spent waiting for a core, so side-by-side figures stay comparable.
 */
export function cpuMilliseconds(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

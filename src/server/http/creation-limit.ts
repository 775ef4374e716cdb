/**
 * Per-IP limit on creating games: a sliding one-minute window of creation times per address. Kept in
 * memory; a restart forgets it, which only ever errs towards letting someone play.
 */
const WINDOW_MS = 60_000;

export class CreationLimit {
  readonly #perMinute: number;
  readonly #times = new Map<string, number[]>();
  readonly #now: () => number;

  constructor(perMinute: number, now: () => number = Date.now) {
    this.#perMinute = perMinute;
    this.#now = now;
  }

  /** Counts a creation for `ip` and says whether it is allowed. */
  allow(ip: string): boolean {
    const now = this.#now();
    const recent = (this.#times.get(ip) ?? []).filter((t) => now - t < WINDOW_MS);
    if (recent.length >= this.#perMinute) {
      this.#times.set(ip, recent);
      return false;
    }
    recent.push(now);
    this.#times.set(ip, recent);
    if (this.#times.size > 10_000) this.#sweep(now);
    return true;
  }

  #sweep(now: number): void {
    for (const [ip, times] of this.#times) {
      if (times.every((t) => now - t >= WINDOW_MS)) this.#times.delete(ip);
    }
  }
}

/**
 * Work waiting for the bot workers, shared fairly: each owner (a game) has its own line, and the next job
 * comes from the next owner in turn, so one owner with many jobs waiting (a flood of instant games) delays
 * another's by at most one job per owner ahead of it, never by its whole backlog.
 */
export class FairQueue<T> {
  readonly #lines = new Map<string, T[]>();
  /** Owners with work waiting, in the order they are served; the first is next. */
  readonly #turns: string[] = [];

  get size(): number {
    let size = 0;
    for (const line of this.#lines.values()) size += line.length;
    return size;
  }

  push(owner: string, job: T): void {
    const line = this.#lines.get(owner);
    if (line !== undefined) {
      line.push(job);
      return;
    }
    this.#lines.set(owner, [job]);
    this.#turns.push(owner);
  }

  /** The next job, from the owner whose turn it is; that owner goes to the back. */
  shift(): T | undefined {
    const owner = this.#turns.shift();
    if (owner === undefined) return undefined;
    const line = this.#lines.get(owner);
    const job = line?.shift();
    if (line === undefined || line.length === 0) this.#lines.delete(owner);
    else this.#turns.push(owner);
    return job;
  }

  /** Removes every job waiting (a closing pool fails them). */
  drain(): T[] {
    const jobs: T[] = [];
    for (let job = this.shift(); job !== undefined; job = this.shift()) jobs.push(job);
    return jobs;
  }
}

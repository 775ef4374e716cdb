/**
 * One game's writes happen one at a time: the check against the current version, the store append and
 * the state swap must not interleave with another action of the same game. Other games are not held up.
 */
export class SerialQueue {
  #tail: Promise<unknown> = Promise.resolve();
  /** Tasks queued or running. */
  #pending = 0;

  /** Nothing queued or running. */
  get idle(): boolean {
    return this.#pending === 0;
  }

  run<T>(task: () => Promise<T>): Promise<T> {
    this.#pending++;
    const result = this.#tail.then(task).finally(() => {
      this.#pending--;
    });
    // The chain continues whether or not this task failed; the caller sees the failure.
    this.#tail = result.catch(() => undefined);
    return result;
  }

  /** Resolves once everything queued so far has finished (graceful shutdown). */
  drain(): Promise<void> {
    return this.#tail.then(() => undefined);
  }
}

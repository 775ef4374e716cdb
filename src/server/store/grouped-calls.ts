/**
 * Group commit for a store across the network: calls made while earlier batches are on their way wait and
 * go together in the next one, so a busy server sends one statement (one round trip, one transaction, one
 * WAL flush) for many games' moves instead of one each, and an idle one still sends each call at once.
 */

/** Runs a batch: one answer per input, in order (an Error fails that call alone); a throw fails them all. */
export type RunBatch<In, Out> = (batch: readonly In[]) => Promise<readonly (Out | Error)[]>;

interface Waiting<In, Out> {
  readonly input: In;
  readonly resolve: (out: Out) => void;
  readonly reject: (error: unknown) => void;
}

/**
 * The most calls one batch carries: a burst after an outage still goes as several statements of bounded size
 * (parameters, result and the database's work per statement), not one of unbounded size.
 */
export const MAX_BATCH = 500;

export class GroupedCalls<In, Out> {
  readonly #run: RunBatch<In, Out>;
  readonly #inFlight: number;
  /** Inputs that must not share a batch (the same game twice) have the same key. */
  readonly #key: (input: In) => string;
  #waiting: Waiting<In, Out>[] = [];
  #running = 0;
  #scheduled = false;

  /** At most `inFlight` batches on their way at once; more calls wait for one of them to come back. */
  constructor(run: RunBatch<In, Out>, inFlight: number, key: (input: In) => string) {
    this.#run = run;
    this.#inFlight = inFlight;
    this.#key = key;
  }

  call(input: In): Promise<Out> {
    return new Promise<Out>((resolve, reject) => {
      this.#waiting.push({ input, resolve, reject });
      this.#schedule();
    });
  }

  #schedule(): void {
    if (this.#scheduled || this.#running >= this.#inFlight || this.#waiting.length === 0) return;
    this.#scheduled = true;
    // After this turn's I/O callbacks: every message that arrived in it has made its call by then.
    setImmediate(() => {
      this.#scheduled = false;
      this.#send();
    });
  }

  #send(): void {
    if (this.#running >= this.#inFlight || this.#waiting.length === 0) return;
    const batch: Waiting<In, Out>[] = [];
    const later: Waiting<In, Out>[] = [];
    const keys = new Set<string>();
    for (const waiting of this.#waiting) {
      const key = this.#key(waiting.input);
      if (keys.has(key) || batch.length >= MAX_BATCH) later.push(waiting);
      else {
        keys.add(key);
        batch.push(waiting);
      }
    }
    this.#waiting = later;
    this.#running++;
    // Through a promise even if `run` throws at once: a batch always ends, or the slot would be held forever.
    Promise.resolve(batch.map((w) => w.input))
      .then((inputs) => this.#run(inputs))
      .then((outs) => {
        for (const [i, waiting] of batch.entries()) {
          const out = outs[i];
          if (i >= outs.length) waiting.reject(new Error('The batch gave no answer for a call.'));
          else if (out instanceof Error) waiting.reject(out);
          else waiting.resolve(out as Out);
        }
      })
      // A failed batch (or an answer that is not a list) fails every call still waiting; settled ones stay.
      .catch((error: unknown) => {
        for (const waiting of batch) waiting.reject(error);
      })
      .finally(() => {
        this.#running--;
        this.#schedule();
      });
  }
}

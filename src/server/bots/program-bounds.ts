/**
 * How many games against an external program (`pirates serve --bot`) may be going at once: each holds one
 * process of its own (tens of MB for a Node bot, far more for one that loads a model), so one address, or
 * everyone together, could otherwise fill the machine with them. A game holds its place from its creation
 * until it ends or is let go; one brought back later (a player returning) runs its program and is counted
 * in all. Counted per server process.
 */

export interface ProgramRefusal {
  readonly status: 429 | 503;
  readonly code: 'rate/bot-programs' | 'server/bot-programs';
  readonly message: string;
}

export class ProgramBounds {
  readonly #perAddress: number;
  readonly #total: number;
  readonly #running: () => ReadonlySet<string>;
  /** Places held: a key (the game's id once it has one) to the address that opened it. */
  readonly #held = new Map<string, string>();
  #next = 0;

  /** `running` lists the games whose program runs now (counted in all even when they hold no place). */
  constructor(perAddress: number, total: number, running: () => ReadonlySet<string>) {
    this.#perAddress = perAddress;
    this.#total = total;
    this.#running = running;
  }

  /** Holds a place for a new game from `address`, or says why not; `bind` gives it the game's id. */
  hold(address: string): { ok: true; place: string } | { ok: false; refusal: ProgramRefusal } {
    const fromHere = [...this.#held.values()].filter((a) => a === address).length;
    if (fromHere >= this.#perAddress) {
      return {
        ok: false,
        refusal: {
          status: 429,
          code: 'rate/bot-programs',
          message: `${this.#perAddress} games against a bot program are already going from here; finish or resign one first.`,
        },
      };
    }
    const games = new Set([...this.#held.keys(), ...this.#running()]);
    if (games.size >= this.#total) {
      return {
        ok: false,
        refusal: {
          status: 503,
          code: 'server/bot-programs',
          message: `The server is running as many bot programs as it may (${this.#total}); try again when a game ends.`,
        },
      };
    }
    const place = `place-${this.#next++}`;
    this.#held.set(place, address);
    return { ok: true, place };
  }

  /** The place now belongs to the game `gameId` (freed with it). */
  bind(place: string, gameId: string): void {
    const address = this.#held.get(place);
    if (address === undefined) return;
    this.#held.delete(place);
    this.#held.set(gameId, address);
  }

  /** Frees a place (by its game's id, or a place never bound because the game was not made). */
  free(key: string): void {
    this.#held.delete(key);
  }
}

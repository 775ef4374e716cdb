/**
 * Per-address cap on games against the computer running at once: the bot workers are shared by every
 * player, so one address may not hold more of them busy than a household could play (issue 15). Kept in
 * memory per process; a game counts until it is over.
 */
interface Running {
  readonly over: boolean;
}

export class ComputerGamesLimit {
  readonly #cap: number;
  readonly #games = new Map<string, Set<Running>>();

  constructor(cap: number) {
    this.#cap = cap;
  }

  /** Whether `address` may start another game against the computer now. */
  allows(address: string): boolean {
    return this.#running(address) < this.#cap;
  }

  /** Counts `game` for `address` until it is over. */
  add(address: string, game: Running): void {
    const games = this.#games.get(address) ?? new Set();
    games.add(game);
    this.#games.set(address, games);
  }

  #running(address: string): number {
    const games = this.#games.get(address);
    if (games === undefined) return 0;
    for (const game of games) if (game.over) games.delete(game);
    if (games.size === 0) this.#games.delete(address);
    return games.size;
  }
}

/**
 * The steps of a graceful shutdown that take time (docs/deploy.md "Restarts"): the drain, in which readiness
 * fails while everything else goes on, so the proxy stops sending players here before anyone is cut off;
 * then the game sockets told `server/closing` and closed a few at a time, so their reconnects reach the
 * other processes spread out rather than in one storm.
 */

/** Waits `ms` (0: not at all). */
export function drain(ms: number): Promise<void> {
  if (ms <= 0) return Promise.resolve();
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** What is closed: told why, then closed (Session.goodbye). */
export interface Closable {
  goodbye(): void;
}

/**
 * Says goodbye to every one of `open` (a live set: sockets that close by themselves leave it), `perSecond`
 * of them a second in batches of a tenth of a second, and to all still open at once when `closeBy`
 * (ms on `now`) comes. Resolves with how many it closed.
 */
export async function closeGradually(
  open: Set<Closable>,
  perSecond: number,
  closeBy: number,
  now: () => number = Date.now,
): Promise<number> {
  const batch = Math.max(1, Math.ceil(perSecond / 10));
  const told = new Set<Closable>();
  const sayGoodbye = (closable: Closable) => {
    told.add(closable);
    closable.goodbye();
  };
  for (;;) {
    const left = [...open].filter((closable) => !told.has(closable));
    if (left.length === 0) return told.size;
    if (now() >= closeBy) {
      for (const closable of left) sayGoodbye(closable);
      return told.size;
    }
    for (const closable of left.slice(0, batch)) sayGoodbye(closable);
    if (left.length > batch) await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

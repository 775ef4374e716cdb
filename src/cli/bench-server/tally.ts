/**
 * What a server benchmark counts: latencies of the measured window, and every error by a short code (the
 * server's error code, a socket error code, an HTTP status), so a run with errors says which ones.
 */
export class Tally {
  /** Milliseconds from sending an act to receiving the message that answered it, measured window only. */
  latencies: number[] = [];
  /** e.g. { 'act/stale': 2, 'connect/ECONNRESET': 1 }: failures that a player noticed. */
  readonly errors = new Map<string, number>();
  /** Connections that failed and were opened again with success, e.g. { 'connect/ECONNRESET': 3 }. */
  readonly retried = new Map<string, number>();
  finishedGames = 0;

  error(code: string): void {
    this.errors.set(code, (this.errors.get(code) ?? 0) + 1);
  }

  retry(code: string): void {
    this.retried.set(code, (this.retried.get(code) ?? 0) + 1);
  }

  get errorCount(): number {
    let total = 0;
    for (const n of this.errors.values()) total += n;
    return total;
  }
}

/** A short code for a thrown error: its `code` (ECONNRESET, ETIMEDOUT) or its first words. */
export function codeOf(error: unknown): string {
  if (typeof error === 'object' && error !== null) {
    const cause = 'cause' in error ? error.cause : undefined;
    for (const e of [error, cause]) {
      if (typeof e === 'object' && e !== null && 'code' in e && typeof e.code === 'string') return e.code;
    }
  }
  const message = error instanceof Error ? error.message : String(error);
  return message.slice(0, 60);
}

/**
 * Which PostgreSQL errors mean "the database cannot be reached" (StoreUnavailable, tried again later) rather
 * than a fault of the query: the game store's and the lobby's seeks' connections tell them apart the same way.
 */

function errorCode(error: unknown): unknown {
  return typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;
}

/** Network errors, timeouts, and PostgreSQL's own "connection"/"shutting down" classes (08, 57P). */
export function isConnectionFailure(error: unknown): boolean {
  const code = errorCode(error);
  if (typeof code === 'string') {
    if (code.startsWith('08') || code.startsWith('57P')) return true;
    if (['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH'].includes(code))
      return true;
    return false;
  }
  const message = error instanceof Error ? error.message : '';
  return /timeout|terminated|Connection|ECONNREFUSED/i.test(message);
}

/**
 * How long tests wait. Nothing here asserts speed (speed is measured by `npm run bench`): these are limits
 * far above any need, there only to end a wait that would never end, so a slow or busy machine never fails
 * a test. On a quiet two-core machine a socket answers in milliseconds, a server starts in about a second,
 * and the slowest test file takes under 90 s; a machine ten times slower still passes. A machine slower
 * still can set TEST_PATIENCE (a factor, e.g. 3).
 */
const factor = Math.max(1, Number(process.env.TEST_PATIENCE ?? '1') || 1);

/** A wait for one thing: an answer, a message, a page element, a server to start. */
export const PATIENCE_MS = 120_000 * factor;

/** A wait for a whole game to be played out over sockets. */
export const GAME_PATIENCE_MS = 300_000 * factor;

/**
 * WebSocket compression (permessage-deflate, RFC 7692), when the operator turns it on (COMPRESSION=on; issue 34
 * item 4). Consecutive updates differ little, so a deflate stream kept from message to message (context
 * takeover) makes a patched update a few dozen bytes; but zlib's usual window (32 KiB, and as much again of
 * hash) kept for every socket would be 256 KiB a socket. A 1 KiB window (windowBits 10) still holds the last
 * update or two, which is what repeats, and with memLevel 2 a socket's deflate state is about 6 KiB plus zlib's
 * fixed part; the client is asked for the same window for what it sends (acts are small). Figures and the
 * measurements behind these numbers: docs/deploy.md, "Compression".
 */
import type { PerMessageDeflateOptions } from 'ws';

/** The server's and the client's window: 2^10 bytes. */
export const WINDOW_BITS = 10;

export const SMALL_WINDOW_DEFLATE: PerMessageDeflateOptions = {
  serverMaxWindowBits: WINDOW_BITS,
  clientMaxWindowBits: WINDOW_BITS,
  // Node's zlib keeps an output buffer of chunkSize per stream (16 KiB by default): an update's deflate is
  // far smaller, so 1 KiB chunks waste nothing and a socket keeps less.
  zlibDeflateOptions: { memLevel: 2, chunkSize: 1024 },
  zlibInflateOptions: { chunkSize: 1024 },
  // Every update is worth deflating once the window holds the one before (ws's default skips under 1 KiB).
  threshold: 64,
};

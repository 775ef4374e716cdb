/**
 * Every refusal the server sends, over HTTP or a socket, has this one shape: a stable code for programs and a
 * sentence a person understands (STYLE "Expected failures are values"). Nothing is refused silently.
 */

/** e.g. `{ t: 'error', code: 'act/stale', message: 'You played on move 4, but the game is at move 6.' }` */
export interface ErrorMessage {
  readonly t: 'error';
  readonly code: string;
  readonly message: string;
}

export function errorMessage(code: string, message: string): ErrorMessage {
  return { t: 'error', code, message };
}

/**
 * Every refusal the server sends, over HTTP or a socket, has this one shape: a stable code for programs and a
 * sentence a person understands (STYLE "Expected failures are values"). Nothing is refused silently.
 * `SERVER_ERRORS` and the engine's `ENGINE_ERRORS` are the one typed list of codes: docs/protocol.md's table
 * is checked against them (test/docs/error-codes.test.ts).
 */
import type { EngineError, EngineErrorCode, Result } from '../engine/index.ts';

export const SERVER_ERRORS = {
  'message/not-json': 'The message is not JSON.',
  'message/unknown': 'The message has no `t`, or one the server does not know.',
  'message/invalid': 'A field of the message is missing or wrong (the message says which).',
  'message/too-large': 'The message is over 16 KiB (over 1 MiB the socket is closed with 1009).',
  'rate/limited':
    'Too many messages from this socket; slow down (a whole burst more and the socket is closed, 4429).',
  'rate/sockets':
    'Too many sockets open from this address (the new one is closed, 4429) or opened this minute (HTTP 429).',
  'rate/games': 'Too many new games from this address; wait a minute (HTTP 429).',
  'rate/look-backs':
    'Too many look-backs (history, review) from this address a second, over all its sockets; wait a moment.',
  'rate/computer-games':
    'Too many games against the computer running from this address; finish one (HTTP 429).',
  'rate/bot-programs': 'Too many games against a bot program going from this address; finish one (HTTP 429).',
  'request/invalid': 'The HTTP request body is wrong (HTTP 400).',
  'request/too-large': 'The HTTP request body is too large (HTTP 413).',
  'request/not-found': 'No such API path (HTTP 404).',
  'request/bad-url': 'The address cannot be read, e.g. a broken %-escape (HTTP 400).',
  'auth/hello-first': 'Say hello (a token, or to spectate) before anything else.',
  'auth/hello-late': 'No hello came in time after the socket opened; the socket is closed (4408).',
  'auth/again': 'This socket has already said hello.',
  'auth/bad-token': 'The token holds no seat in this game.',
  'auth/not-your-seat':
    'This device’s player does not sit at that seat of this game (hello with identity and seat).',
  'auth/spectator': 'Spectators cannot act.',
  'act/stale':
    'The action was made against another version of the game; look at the newest and decide again.',
  'act/away': 'Only the server records that a seat was away (when the other claims the win).',
  'act/time': 'Only the server records that a seat’s clock ran out.',
  'review/ahead': 'A review asked for a move the game has not reached yet.',
  'claim/not-away': 'The other seat is not away, nor over its decision limit, long enough to be claimed.',
  'game/unknown': 'No game has this id (HTTP 404).',
  'game/level': 'No computer level has this name, or a level was given for a friend game (HTTP 400).',
  'invite/wrong': 'The invite code is not this game’s (HTTP 403).',
  'invite/used': 'The invite has been used: someone has taken the seat (HTTP 409).',
  'seek/gone': 'The seek was cancelled, or its seeker left (HTTP 409 on accept, 404 otherwise).',
  'seek/own': 'The seek to take is the taker’s own identity’s (another tab or device; HTTP 409).',
  'seek/too-many':
    'This identity or address has as many open seeks as it may (SEEKS_PER_PLAYER, SEEKS_PER_ADDRESS; HTTP 429).',
  'seek/cooldown':
    'A seat of this seeker was paired and never came: no seeking until the cool-down ends (HTTP 429).',
  'seek/token': 'The token is not this seek’s (HTTP 403).',
  'challenge/self': 'A player cannot challenge themselves (HTTP 409).',
  'challenge/too-many':
    'The challenger has 5 open challenges, the challenged player 20, or these two already have one open (HTTP 429).',
  'challenge/gone':
    'No challenge has this id: it was cancelled, or one of its players was forgotten (HTTP 404).',
  'challenge/not-yours':
    'Only the challenged player may accept or decline a challenge, only its challenger cancel it (HTTP 403).',
  'challenge/expired':
    'The challenge was not answered in time (10 minutes; 24 hours for a daily clock) (HTTP 410).',
  'challenge/answered': 'The challenge was accepted or declined already (HTTP 409).',
  'record/not-over': 'The record is published when the game is over (HTTP 409).',
  'server/closing': 'The server is shutting down; reconnect.',
  'server/bot-programs':
    'The server runs as many bot programs as it may; try again when a game ends (HTTP 503).',
  'server/internal': 'The server failed on this message (a bug); nothing was changed.',
  'store/unavailable': 'The database cannot be reached; nothing was changed, try again (HTTP 503).',
  'store/corrupt': 'A stored game no longer replays under the rules.',
  'player/unknown': 'No player has this id or name, or this identity was forgotten (HTTP 404 or 401).',
  'player/identity': 'This request needs the player’s identity (Authorization: Bearer <secret>) (HTTP 401).',
  'device/revoked':
    'This device was signed out of its player (here or from another device); sign in again (HTTP 401).',
  'device/unknown': 'The player has no such device, or it was signed out already (HTTP 404).',
  'passkey/challenge':
    'The passkey request is unknown, used already or expired (a few minutes); start again (HTTP 400).',
  'passkey/refused':
    'The passkey’s answer did not verify: another site or origin, a bad signature, a counter gone back (HTTP 400).',
  'passkey/unknown': 'No player here has this passkey: it was removed, or saved on another site (HTTP 404).',
  'passkey/exists': 'This passkey is saved here already (HTTP 409).',
  'link/unknown': 'No device shows this code; check it, or ask for a new one (HTTP 404).',
  'link/expired': 'The code was not used in time (5 minutes); ask for a new one (HTTP 410).',
  'link/used': 'The code was used already, or a newer one replaced it; ask for a new one (HTTP 409).',
  'rate/link-codes':
    'Too many codes tried from this address, or wrong codes on this server, this minute; wait (HTTP 429).',
  'rate/passkeys': 'Too many passkey requests from this address this minute; wait a moment (HTTP 429).',
  'name/invalid': "A name is 3 to 20 letters, digits, spaces, ' and - (HTTP 400).",
  'name/rude': 'A name with a word on the server’s list of unkind words is refused (HTTP 400).',
  'name/taken': 'Another player has this name (HTTP 409).',
  'emote/limited': 'Too many emotes in a short time; wait a few seconds.',
  'rematch/not-over': 'A rematch is offered once the game is over.',
  'rematch/unavailable':
    'No rematch here: the other seat is the computer or nobody, or the rematch was already made.',
} as const;

export type ServerErrorCode = keyof typeof SERVER_ERRORS;
/** Every code a client can receive: the engine's and the server's. */
export type ErrorCode = EngineErrorCode | ServerErrorCode;

export const SERVER_ERROR_CODES = Object.keys(SERVER_ERRORS) as ServerErrorCode[];

/** A refusal from the server's own layers, e.g. `{ code: 'game/unknown', message: 'No game …' }`. */
export type Refusal = EngineError<ErrorCode>;
export type ServerResult<T> = Result<T, ErrorCode>;

/** e.g. `{ t: 'error', code: 'act/stale', message: 'You played on move 4, but the game is at move 6.' }` */
export interface ErrorMessage {
  readonly t: 'error';
  readonly code: ErrorCode;
  readonly message: string;
}

export function errorMessage(code: ErrorCode, message: string): ErrorMessage {
  return { t: 'error', code, message };
}

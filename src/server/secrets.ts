/**
 * Where the server's secrets come from and how they are kept: seeds, seat tokens and invite codes are
 * drawn from crypto.randomBytes; tokens and invites are stored only as sha256 hashes, so the database
 * alone cannot act for anyone. None of them is ever passed to the logger (see logger.ts).
 */
import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits as hex: a game's seed. */
export function newSeed(): string {
  return randomBytes(32).toString('hex');
}

/** 192 random bits, URL-safe: a seat token. */
export function newToken(): string {
  return randomBytes(24).toString('base64url');
}

/** 128 random bits, URL-safe: a friend's invite code. */
export function newInviteCode(): string {
  return randomBytes(16).toString('base64url');
}

/** 72 random bits, URL-safe: a game id (public, but not guessable). */
export function newGameId(): string {
  return randomBytes(9).toString('base64url');
}

/** sha256 as hex; the published commitment to a seed and the stored form of tokens and invites. */
export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

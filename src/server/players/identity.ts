/**
 * A request's device identity: `Authorization: Bearer <secret>`, never a URL or a logged field (pino
 * redacts the header anyway). The secret is hashed at once; only the hash is looked up or stored.
 */
import type { FastifyRequest } from 'fastify';
import { identitySecretSchema, type PlayerSummary, type RatingView } from '../../protocol/index.ts';
import { newGameId, sha256 } from '../secrets.ts';
import type { StoredPlayer } from '../store/player-store.ts';

/** 'none': no identity sent; 'malformed': a header that is no identity; else the secret's sha256. */
export function identityOf(request: FastifyRequest): { hash: string } | 'none' | 'malformed' {
  const header = request.headers.authorization;
  if (header === undefined || header === '') return 'none';
  const match = /^Bearer (.+)$/.exec(header);
  if (match?.[1] === undefined || !identitySecretSchema.safeParse(match[1]).success) return 'malformed';
  return { hash: sha256(match[1]) };
}

/** A public player id: 72 random bits, like a game id. */
export function newPlayerId(): string {
  return newGameId();
}

export function ratingView(player: StoredPlayer): RatingView {
  return { rating: Math.round(player.glicko.rating), rd: Math.round(player.glicko.rd), games: player.games };
}

/** What anyone may see of a player: id, name, rating. Never the secret's hash. */
export function summaryOf(player: StoredPlayer): PlayerSummary {
  return { id: player.id, name: player.name, rating: ratingView(player) };
}

/**
 * Challenges in PostgreSQL (challenge-store.ts), for several processes. Every change is one transaction that
 * first locks both players' rows (in id order, FOR NO KEY UPDATE: a "Forget me" of either waits for it, and two
 * challenges of the same player are counted one after the other). A player forgotten before the lock is not
 * found and the challenge is refused as unknown; one forgotten after it takes the challenge with it when its
 * delete goes on. So no insert ever meets a missing player (the foreign-key race of an earlier attempt) and
 * the bounds hold across processes.
 */
import type { Seat } from '../../engine/index.ts';
import { type ChallengeRow, challengeOf, type ListedRow, listedOf, OTHER_COLUMNS } from './challenge-rows.ts';
import {
  answerRefusal,
  CHALLENGES_KEPT_MS,
  type ChallengeBounds,
  type ChallengeGame,
  type ChallengeRecord,
  type ChallengeRefusal,
  type ChallengeStore,
  type CreateChallengeOutcome,
  cancelRefusal,
  type ListedChallenge,
} from './challenge-store.ts';
import type { StoredGame } from './game-store.ts';
import type { Query, Transaction } from './postgres-players.ts';

/** The quoted tables challenges are kept in and link players from. */
export interface ChallengeTables {
  readonly challenges: string;
  readonly players: string;
  readonly seats: string;
}

export class PostgresChallenges implements ChallengeStore {
  readonly #t: ChallengeTables;
  readonly #query: Query;
  readonly #transaction: Transaction;
  readonly #insertGame: (query: Query, game: StoredGame) => Promise<void>;

  constructor(
    tables: ChallengeTables,
    query: Query,
    transaction: Transaction,
    insertGame: (query: Query, game: StoredGame) => Promise<void>,
  ) {
    this.#t = tables;
    this.#query = query;
    this.#transaction = transaction;
    this.#insertGame = insertGame;
  }

  async create(
    challenge: ChallengeRecord,
    now: number,
    bounds: ChallengeBounds,
  ): Promise<CreateChallengeOutcome> {
    const { challengerId: a, challengedId: b } = challenge;
    return this.#transaction(async (query): Promise<CreateChallengeOutcome> => {
      if (!(await this.#lockPlayers(query, [a, b]))) return 'unknown';
      const open = async (where: string, values: unknown[]) => {
        const found = await query<{ n: string }>(
          `SELECT count(*) AS n FROM ${this.#t.challenges} WHERE status = 'open' AND expires_at > $1 AND ${where}`,
          [now, ...values],
        );
        return Number(found.rows[0]?.n ?? 0);
      };
      const pair =
        '(challenger_id = $2 AND challenged_id = $3) OR (challenger_id = $3 AND challenged_id = $2)';
      if ((await open(`(${pair})`, [a, b])) > 0) return 'pair';
      if ((await open('challenger_id = $2', [a])) >= bounds.outgoing) return 'outgoing';
      if ((await open('challenged_id = $2', [b])) >= bounds.incoming) return 'incoming';
      await query(
        `DELETE FROM ${this.#t.challenges} WHERE (challenger_id = $1 OR challenged_id = $1)
           AND GREATEST(expires_at, COALESCE(answered_at, 0)) < $2`,
        [a, now - CHALLENGES_KEPT_MS],
      );
      await query(
        `INSERT INTO ${this.#t.challenges} (id, token_hash, challenger_id, challenged_id, variant, shots, clock, created_at, expires_at, status)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'open')`,
        [
          challenge.id,
          challenge.tokenHash,
          a,
          b,
          challenge.variant,
          challenge.shots,
          challenge.clock === null ? null : JSON.stringify(challenge.clock),
          challenge.createdAt,
          challenge.expiresAt,
        ],
      );
      return 'created';
    });
  }

  async listFor(
    playerId: string,
    now: number,
    answeredSince: number,
  ): Promise<{ incoming: ListedChallenge[]; outgoing: ListedChallenge[] }> {
    const incoming = await this.#query<ListedRow>(
      `SELECT c.*, ${OTHER_COLUMNS} FROM ${this.#t.challenges} c JOIN ${this.#t.players} p ON p.id = c.challenger_id
       WHERE c.challenged_id = $1 AND c.status = 'open' AND c.expires_at > $2 ORDER BY c.created_at, c.id`,
      [playerId, now],
    );
    const outgoing = await this.#query<ListedRow>(
      `SELECT c.*, ${OTHER_COLUMNS} FROM ${this.#t.challenges} c JOIN ${this.#t.players} p ON p.id = c.challenged_id
       WHERE c.challenger_id = $1
         AND ((c.status = 'open' AND c.expires_at > $2) OR (c.status <> 'open' AND c.answered_at > $3))
       ORDER BY c.created_at, c.id`,
      [playerId, now, answeredSince],
    );
    return { incoming: incoming.rows.map(listedOf), outgoing: outgoing.rows.map(listedOf) };
  }

  async accept(
    challengeId: string,
    playerId: string,
    now: number,
    game: ChallengeGame,
  ): Promise<{ gameId: string; seat: Seat } | ChallengeRefusal> {
    return this.#transaction(async (query): Promise<{ gameId: string; seat: Seat } | ChallengeRefusal> => {
      const challenge = await this.#lockChallenge(query, challengeId);
      const refusal = answerRefusal(challenge, playerId, now);
      if (refusal !== null || challenge === undefined) return refusal ?? 'gone';
      const paired = game(challenge);
      await this.#insertGame(query, paired.game);
      for (const seat of ['red', 'blue'] as const) {
        const linked = paired.players[seat];
        if (linked === null) continue;
        await query(`INSERT INTO ${this.#t.seats} (game_id, seat, player_id) VALUES ($1, $2, $3)`, [
          paired.game.id,
          seat,
          linked,
        ]);
      }
      await query(
        `UPDATE ${this.#t.challenges} SET status = 'accepted', answered_at = $1, game_id = $2, challenger_seat = $3
         WHERE id = $4`,
        [now, paired.game.id, paired.partnerSeat, challengeId],
      );
      return { gameId: paired.game.id, seat: paired.partnerSeat === 'red' ? 'blue' : 'red' };
    });
  }

  async decline(challengeId: string, playerId: string, now: number): Promise<'declined' | ChallengeRefusal> {
    return this.#transaction(async (query): Promise<'declined' | ChallengeRefusal> => {
      const refusal = answerRefusal(await this.#lockChallenge(query, challengeId), playerId, now);
      if (refusal !== null) return refusal;
      await query(`UPDATE ${this.#t.challenges} SET status = 'declined', answered_at = $1 WHERE id = $2`, [
        now,
        challengeId,
      ]);
      return 'declined';
    });
  }

  async cancel(challengeId: string, playerId: string): Promise<'cancelled' | ChallengeRefusal> {
    return this.#transaction(async (query): Promise<'cancelled' | ChallengeRefusal> => {
      const refusal = cancelRefusal(await this.#lockChallenge(query, challengeId), playerId);
      if (refusal !== null) return refusal;
      await query(`DELETE FROM ${this.#t.challenges} WHERE id = $1`, [challengeId]);
      return 'cancelled';
    });
  }

  /**
   * The challenge, with both its players' rows locked first and then its own (the order "Forget me" takes
   * them in: the player, then by its cascade the challenge), so an answer racing a forget waits or finds the
   * challenge gone. Undefined when there is none (or a player went meanwhile).
   */
  async #lockChallenge(query: Query, challengeId: string): Promise<ChallengeRecord | undefined> {
    const seen = await query<ChallengeRow>(`SELECT * FROM ${this.#t.challenges} WHERE id = $1`, [
      challengeId,
    ]);
    const row = seen.rows[0];
    if (row === undefined) return undefined;
    if (!(await this.#lockPlayers(query, [row.challenger_id, row.challenged_id]))) return undefined;
    const locked = await query<ChallengeRow>(`SELECT * FROM ${this.#t.challenges} WHERE id = $1 FOR UPDATE`, [
      challengeId,
    ]);
    const now = locked.rows[0];
    return now === undefined ? undefined : challengeOf(now);
  }

  /** Locks these players' rows in id order; false when one of them is not (or no longer) there. */
  async #lockPlayers(query: Query, ids: readonly string[]): Promise<boolean> {
    const wanted = [...new Set(ids)].sort();
    const found = await query<{ id: string }>(
      `SELECT id FROM ${this.#t.players} WHERE id = ANY($1::text[]) ORDER BY id FOR NO KEY UPDATE`,
      [wanted],
    );
    return found.rows.length === wanted.length;
  }
}

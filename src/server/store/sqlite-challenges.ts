/**
 * Challenges in SQLite (challenge-store.ts). One process: each change is one synchronous transaction, so the
 * bounds are counted and the players found in the same moment as the write; a player forgotten before it is
 * simply not found (the insert is never tried against a missing row).
 */
import type Database from 'better-sqlite3';
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
import type { PairedGame } from './stored-game.ts';

export class SqliteChallenges implements ChallengeStore {
  readonly #db: Database.Database;
  readonly #storeGame: (paired: PairedGame) => void;

  /** `storeGame` inserts a game with its seats' links, inside the caller's transaction. */
  constructor(db: Database.Database, storeGame: (paired: PairedGame) => void) {
    this.#db = db;
    this.#storeGame = storeGame;
  }

  async create(
    challenge: ChallengeRecord,
    now: number,
    bounds: ChallengeBounds,
  ): Promise<CreateChallengeOutcome> {
    return this.#db.transaction((): CreateChallengeOutcome => {
      this.#db
        .prepare('DELETE FROM challenges WHERE max(expires_at, coalesce(answered_at, 0)) < ?')
        .run(now - CHALLENGES_KEPT_MS);
      const found = this.#db
        .prepare<unknown[], { n: number }>('SELECT count(*) AS n FROM players WHERE id IN (?, ?)')
        .get(challenge.challengerId, challenge.challengedId);
      if ((found?.n ?? 0) < 2) return 'unknown';
      const open = (where: string, ...values: string[]) =>
        this.#db
          .prepare<unknown[], { n: number }>(
            `SELECT count(*) AS n FROM challenges WHERE status = 'open' AND expires_at > ? AND ${where}`,
          )
          .get(now, ...values)?.n ?? 0;
      const { challengerId: a, challengedId: b } = challenge;
      if (
        open(
          '((challenger_id = ? AND challenged_id = ?) OR (challenger_id = ? AND challenged_id = ?))',
          a,
          b,
          b,
          a,
        ) > 0
      )
        return 'pair';
      if (open('challenger_id = ?', a) >= bounds.outgoing) return 'outgoing';
      if (open('challenged_id = ?', b) >= bounds.incoming) return 'incoming';
      this.#db
        .prepare(
          `INSERT INTO challenges (id, token_hash, challenger_id, challenged_id, variant, shots, clock, created_at, expires_at, status)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'open')`,
        )
        .run(
          challenge.id,
          challenge.tokenHash,
          a,
          b,
          challenge.variant,
          challenge.shots,
          challenge.clock === null ? null : JSON.stringify(challenge.clock),
          challenge.createdAt,
          challenge.expiresAt,
        );
      return 'created';
    })();
  }

  async listFor(
    playerId: string,
    now: number,
    answeredSince: number,
  ): Promise<{ incoming: ListedChallenge[]; outgoing: ListedChallenge[] }> {
    const incoming = this.#db
      .prepare<unknown[], ListedRow>(
        `SELECT c.*, ${OTHER_COLUMNS} FROM challenges c JOIN players p ON p.id = c.challenger_id
         WHERE c.challenged_id = ? AND c.status = 'open' AND c.expires_at > ? ORDER BY c.created_at, c.id`,
      )
      .all(playerId, now);
    const outgoing = this.#db
      .prepare<unknown[], ListedRow>(
        `SELECT c.*, ${OTHER_COLUMNS} FROM challenges c JOIN players p ON p.id = c.challenged_id
         WHERE c.challenger_id = ?
           AND ((c.status = 'open' AND c.expires_at > ?) OR (c.status <> 'open' AND c.answered_at > ?))
         ORDER BY c.created_at, c.id`,
      )
      .all(playerId, now, answeredSince);
    return { incoming: incoming.map(listedOf), outgoing: outgoing.map(listedOf) };
  }

  async accept(
    challengeId: string,
    playerId: string,
    now: number,
    game: ChallengeGame,
  ): Promise<{ gameId: string; seat: Seat } | ChallengeRefusal> {
    return this.#db.transaction((): { gameId: string; seat: Seat } | ChallengeRefusal => {
      const challenge = this.#byId(challengeId);
      const refusal = answerRefusal(challenge, playerId, now);
      if (refusal !== null || challenge === undefined) return refusal ?? 'gone';
      const paired = game(challenge);
      this.#storeGame(paired);
      this.#db
        .prepare(
          "UPDATE challenges SET status = 'accepted', answered_at = ?, game_id = ?, challenger_seat = ? WHERE id = ?",
        )
        .run(now, paired.game.id, paired.partnerSeat, challengeId);
      return { gameId: paired.game.id, seat: paired.partnerSeat === 'red' ? 'blue' : 'red' };
    })();
  }

  async decline(challengeId: string, playerId: string, now: number): Promise<'declined' | ChallengeRefusal> {
    return this.#db.transaction((): 'declined' | ChallengeRefusal => {
      const refusal = answerRefusal(this.#byId(challengeId), playerId, now);
      if (refusal !== null) return refusal;
      this.#db
        .prepare("UPDATE challenges SET status = 'declined', answered_at = ? WHERE id = ?")
        .run(now, challengeId);
      return 'declined';
    })();
  }

  async cancel(challengeId: string, playerId: string): Promise<'cancelled' | ChallengeRefusal> {
    return this.#db.transaction((): 'cancelled' | ChallengeRefusal => {
      const refusal = cancelRefusal(this.#byId(challengeId), playerId);
      if (refusal !== null) return refusal;
      this.#db.prepare('DELETE FROM challenges WHERE id = ?').run(challengeId);
      return 'cancelled';
    })();
  }

  #byId(challengeId: string): ChallengeRecord | undefined {
    const row = this.#db
      .prepare<unknown[], ChallengeRow>('SELECT * FROM challenges WHERE id = ?')
      .get(challengeId);
    return row === undefined ? undefined : challengeOf(row);
  }
}

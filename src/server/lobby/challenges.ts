/**
 * Challenges (issue 31, item 7): a named player asks another by name for a game with the lobby's options. The
 * challenged player accepts (the game is made as a lobby pairing makes one: seats drawn at random, the
 * challenger's token, kept by its page since the challenge, is its seat token, and the accepter gets a new
 * one) or declines; the challenger may take it back. Nothing is pushed: both pages ask for their challenges
 * (GET /api/players/me/challenges), so it is the same on every process. Refusals are values with a code, a
 * sentence and the HTTP status they go out with.
 */
import type {
  AcceptChallengeResponse,
  ChallengeCreated,
  ChallengeRequest,
  ChallengesResponse,
  ChallengeView,
  ErrorCode,
} from '../../protocol/index.ts';
import { summaryOf } from '../players/identity.ts';
import { pairGame } from '../rooms/open-game.ts';
import type { RoomRegistry } from '../rooms/room-registry.ts';
import { newGameId, newToken, sha256 } from '../secrets.ts';
import {
  CHALLENGES_KEPT_MS,
  type ChallengeBounds,
  type ChallengeRefusal,
  type ListedChallenge,
} from '../store/challenge-store.ts';
import type { GameStore } from '../store/game-store.ts';
import type { StoredPlayer } from '../store/player-store.ts';

/** An unanswered challenge lapses after this long: 10 minutes, or a day for a daily clock (ms). */
export const CHALLENGE_LIVE_MS = 10 * 60 * 1000;
export const CHALLENGE_DAILY_MS = 24 * 60 * 60 * 1000;
/**
 * An answered challenge stays in its challenger's list this long, so its page learns of the answer even if it
 * was closed meanwhile (ms): a day, as long as the store keeps it (CHALLENGES_KEPT_MS).
 */
export const ANSWERED_SHOWN_MS = CHALLENGES_KEPT_MS;
/** Open challenges a player may have made, and received; one open per pair of players besides. */
export const CHALLENGE_BOUNDS: ChallengeBounds = { outgoing: 5, incoming: 20 };

/** A refusal as it goes out: its HTTP status, code and sentence. */
export interface ChallengeRefused {
  readonly status: number;
  readonly code: ErrorCode;
  readonly message: string;
}

export interface ChallengeSettings {
  readonly turnLimit: number | null;
  readonly now: () => number;
}

export class Challenges {
  readonly #store: GameStore;
  readonly #rooms: RoomRegistry;
  readonly #settings: ChallengeSettings;

  constructor(store: GameStore, rooms: RoomRegistry, settings: ChallengeSettings) {
    this.#store = store;
    this.#rooms = rooms;
    this.#settings = settings;
  }

  /** `challenger` challenges the player named (or of the id) `request.opponent`. */
  async challenge(
    request: ChallengeRequest,
    challenger: StoredPlayer,
  ): Promise<ChallengeCreated | ChallengeRefused> {
    const challenged = await this.#store.players.find(request.opponent);
    if (challenged === null) return unknownPlayer(request.opponent);
    if (challenged.id === challenger.id)
      return refused(409, 'challenge/self', 'You cannot challenge yourself: choose another player.');
    const now = this.#settings.now();
    const token = newToken();
    const challengeId = newGameId();
    const clock = request.clock ?? null;
    const expiresAt = now + (clock?.kind === 'daily' ? CHALLENGE_DAILY_MS : CHALLENGE_LIVE_MS);
    const outcome = await this.#store.challenges.create(
      {
        id: challengeId,
        tokenHash: sha256(token),
        challengerId: challenger.id,
        challengedId: challenged.id,
        variant: request.variant === undefined || request.variant === 'any' ? null : request.variant,
        shots: request.shots === undefined || request.shots === 'any' ? null : request.shots,
        clock,
        createdAt: now,
        expiresAt,
        status: 'open',
        answeredAt: null,
        gameId: null,
        challengerSeat: null,
      },
      now,
      CHALLENGE_BOUNDS,
    );
    switch (outcome) {
      case 'created':
        return { challengeId, token, expiresAt };
      case 'unknown':
        return unknownPlayer(request.opponent);
      case 'pair':
        return refused(
          429,
          'challenge/too-many',
          `There is already an open challenge between you and ${challenged.name}: answer it or wait for its answer.`,
        );
      case 'outgoing':
        return refused(
          429,
          'challenge/too-many',
          `You already have ${CHALLENGE_BOUNDS.outgoing} open challenges: cancel one or wait for an answer.`,
        );
      case 'incoming':
        return refused(
          429,
          'challenge/too-many',
          `${challenged.name} already has ${CHALLENGE_BOUNDS.incoming} challenges waiting; try again later.`,
        );
    }
  }

  /** The player's challenges, incoming and outgoing, as that player may see them. */
  async list(player: StoredPlayer): Promise<ChallengesResponse> {
    const now = this.#settings.now();
    const { incoming, outgoing } = await this.#store.challenges.listFor(
      player.id,
      now,
      now - ANSWERED_SHOWN_MS,
    );
    return {
      incoming: incoming.map((c) => viewOf(c, 'incoming')),
      outgoing: outgoing.map((c) => viewOf(c, 'outgoing')),
    };
  }

  /** The challenged player accepts: a new game, the accepter's seat and token. */
  async accept(
    challengeId: string,
    player: StoredPlayer,
  ): Promise<AcceptChallengeResponse | ChallengeRefused> {
    const token = newToken();
    const accepted = await this.#store.challenges.accept(challengeId, player.id, this.#settings.now(), (c) =>
      pairGame(
        { tokenHash: sha256(token), playerId: player.id, variant: null, shots: null, clock: null },
        {
          tokenHash: c.tokenHash,
          playerId: c.challengerId,
          variant: c.variant,
          shots: c.shots,
          clock: c.clock,
        },
        this.#settings.turnLimit,
      ),
    );
    if (typeof accepted === 'string') return refusalOf(accepted, 'accept');
    await this.#rooms.get(accepted.gameId);
    return { gameId: accepted.gameId, seat: accepted.seat, token };
  }

  async decline(challengeId: string, player: StoredPlayer): Promise<{ declined: true } | ChallengeRefused> {
    const declined = await this.#store.challenges.decline(challengeId, player.id, this.#settings.now());
    return declined === 'declined' ? { declined: true } : refusalOf(declined, 'decline');
  }

  async cancel(challengeId: string, player: StoredPlayer): Promise<{ cancelled: true } | ChallengeRefused> {
    const cancelled = await this.#store.challenges.cancel(challengeId, player.id);
    return cancelled === 'cancelled' ? { cancelled: true } : refusalOf(cancelled, 'cancel');
  }
}

function viewOf({ challenge, other }: ListedChallenge, side: 'incoming' | 'outgoing'): ChallengeView {
  const mine = challenge.challengerSeat;
  return {
    challengeId: challenge.id,
    other: summaryOf(other),
    variant: challenge.variant ?? 'any',
    shots: challenge.shots ?? 'any',
    clock: challenge.clock,
    status: challenge.status,
    createdAt: challenge.createdAt,
    expiresAt: challenge.expiresAt,
    gameId: challenge.gameId,
    // The seat is the challenger's: an incoming challenge is open (listed only then), so it has none.
    seat: side === 'outgoing' ? mine : null,
  };
}

function refused(status: number, code: ErrorCode, message: string): ChallengeRefused {
  return { status, code, message };
}

function unknownPlayer(opponent: string): ChallengeRefused {
  return refused(404, 'player/unknown', `No player is called ${opponent.slice(0, 40)}.`);
}

function refusalOf(refusal: ChallengeRefusal, doing: 'accept' | 'decline' | 'cancel'): ChallengeRefused {
  switch (refusal) {
    case 'gone':
      return refused(
        404,
        'challenge/gone',
        'This challenge is no longer there: it was cancelled, or one of its players left.',
      );
    case 'not-yours':
      return refused(
        403,
        'challenge/not-yours',
        doing === 'cancel'
          ? 'Only the player who made this challenge may take it back.'
          : `Only the challenged player may ${doing} this challenge.`,
      );
    case 'expired':
      return refused(410, 'challenge/expired', 'This challenge was not answered in time and has lapsed.');
    case 'answered':
      return refused(
        409,
        'challenge/answered',
        doing === 'cancel'
          ? 'This challenge was accepted already: its game is on.'
          : 'This challenge was answered already.',
      );
  }
}

/**
 * Opening a game for a request: draw the seed and the creator's token, ask the engine whether the options
 * are playable, and store the game. The seed's sha256 is the public commitment; the seed stays in the store
 * until the game is over. Chance is keyed by the seed and both seats' contributions (docs/fairness.md): the
 * cards are dealt once both seats have given theirs, a friend's when the friend joins.
 */
import { randomInt } from 'node:crypto';
import { type GameOptions, newGame, type Seat } from '../../engine/index.ts';
import type { ClockControl, CreateGameRequest, ErrorCode, ServerResult } from '../../protocol/index.ts';
import { DEFAULT_LEVEL, isLevel, LEVELS } from '../bots/levels.ts';
import { newGameId, newInviteCode, newSeed, newToken, sha256 } from '../secrets.ts';
import type { PairedGame, SeatRecord, StoredGame } from '../store/game-store.ts';
import { startClock } from './clock.ts';
import type { Room } from './room.ts';
import type { RoomRegistry } from './room-registry.ts';

export interface OpenedGame {
  readonly room: Room;
  readonly seat: Seat;
  readonly token: string;
  readonly invite: string | null;
}

export async function openGame(
  rooms: RoomRegistry,
  request: CreateGameRequest,
  defaultTurnLimit: number | null,
  /** Levels played by external bots (`pirates serve --bot name=cmd`), besides the built-in ones. */
  externalLevels: readonly string[] = [],
): Promise<ServerResult<OpenedGame>> {
  if (request.opponent === 'friend' && request.level !== undefined) {
    return refuse('game/level', 'A level is for games against the computer; a friend plays for themselves.');
  }
  const level = request.level ?? DEFAULT_LEVEL;
  if (!isLevel(level) && !externalLevels.includes(level)) {
    return refuse(
      'game/level',
      `There is no computer level '${level}'; choose one of: ${[...LEVELS, ...externalLevels.filter((l) => !isLevel(l))].join(', ')}.`,
    );
  }
  const seed = newSeed();
  const turnLimit = request.turnLimit ?? defaultTurnLimit;
  const options = optionsOf(seed, request.variant, request.shots ?? 'quick', turnLimit);
  const playable = newGame(options);
  if (!playable.ok) return playable;

  const seat: Seat =
    request.seat === 'red' || request.seat === 'blue' ? request.seat : randomInt(2) === 0 ? 'red' : 'blue';
  const token = newToken();
  const invite = request.opponent === 'friend' ? newInviteCode() : null;
  const creator: SeatRecord = { holder: 'human', tokenHash: sha256(token), level: null };
  const other: SeatRecord =
    request.opponent === 'computer'
      ? { holder: 'computer', tokenHash: null, level }
      : { holder: 'human', tokenHash: null, level: null };
  const game: StoredGame = {
    id: newGameId(),
    createdAt: Date.now(),
    options,
    seedHash: sha256(seed),
    seats: seat === 'red' ? { red: creator, blue: other } : { red: other, blue: creator },
    inviteHash: invite === null ? null : sha256(invite),
    inviteUsed: false,
    over: false,
    clock: request.clock == null ? null : startClock(request.clock),
  };
  const room = await rooms.create(game);
  return { ok: true, value: { room, seat, token, invite } };
}

/**
 * What a newcomer to the lobby brings to a pairing: its seat's token hash, its identity (null without one)
 * and the rules it asked for.
 */
export interface Newcomer {
  readonly tokenHash: string;
  readonly playerId: string | null;
  readonly variant: 'standard' | 'advanced' | null;
  readonly shots: 'aimed' | 'quick' | null;
  readonly clock: ClockControl | null;
}

/**
 * The game two seeks are paired into (store/game-store.ts `PairGame`): the rules both accept ('any' takes the
 * other's choice; both 'any' are standard rules and quick shots), seats drawn at random, each seat held by
 * its seeker's token hash (the seek token is the seat token, so no secret has to travel to the seeker) and
 * linked to its seeker's identity, so a game between two identities is rated.
 */
export function pairGame(
  newcomer: Newcomer,
  /** The seek that waited, or a challenge's challenger (its token hash, identity and the rules it asked for). */
  partner: Newcomer,
  defaultTurnLimit: number | null,
): PairedGame {
  const seed = newSeed();
  const options = optionsOf(
    seed,
    partner.variant ?? newcomer.variant ?? undefined,
    partner.shots ?? newcomer.shots ?? 'quick',
    defaultTurnLimit,
  );
  const partnerSeat: Seat = randomInt(2) === 0 ? 'red' : 'blue';
  const seatOf = (tokenHash: string): SeatRecord => ({ holder: 'human', tokenHash, level: null });
  const partnerRecord = seatOf(partner.tokenHash);
  const newcomerRecord = seatOf(newcomer.tokenHash);
  const clock = partner.clock ?? newcomer.clock;
  const game: StoredGame = {
    id: newGameId(),
    createdAt: Date.now(),
    options,
    seedHash: sha256(seed),
    seats:
      partnerSeat === 'red'
        ? { red: partnerRecord, blue: newcomerRecord }
        : { red: newcomerRecord, blue: partnerRecord },
    inviteHash: null,
    inviteUsed: false,
    over: false,
    clock: clock === null ? null : startClock(clock),
  };
  const players =
    partnerSeat === 'red'
      ? { red: partner.playerId, blue: newcomer.playerId }
      : { red: newcomer.playerId, blue: partner.playerId };
  return { game, partnerSeat, players };
}

function optionsOf(
  seed: string,
  variant: 'standard' | 'advanced' | undefined,
  shots: 'aimed' | 'quick',
  turnLimit: number | null,
): GameOptions {
  return {
    seed,
    // Named explicitly, so a stored game always says which generator and entropy it was created with.
    chance: 'chacha20',
    entropy: 'seats',
    shots,
    ...(variant === undefined ? {} : { variant }),
    ...(turnLimit === null ? {} : { turnLimit }),
  };
}

function refuse(code: ErrorCode, message: string): ServerResult<never> {
  return { ok: false, error: { code, message } };
}

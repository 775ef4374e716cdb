/**
 * The lobby: seeks for an opponent, paired at once when a compatible one waits (the store decides, one
 * pairing at a time across every process), listed for others to accept, and the sockets of seekers waiting
 * to hear where their seek went. A seek is held by the random token its page holds; once paired, that token
 * is the seeker's seat token, so only a game id and a seat ever travel to the waiting page. A seek made with
 * an identity carries that identity (never a name or rating the page says): the pairing prefers the closest
 * stored rating, never pairs an identity with itself, and links both seats so the game is rated at its end.
 */

import type { Seat } from '../../engine/index.ts';
import type {
  AcceptSeekResponse,
  LobbyMessage,
  OpenSeek,
  SeekRequest,
  SeekResponse,
} from '../../protocol/index.ts';
import { pairGame } from '../rooms/open-game.ts';
import type { Room } from '../rooms/room.ts';
import type { RoomRegistry } from '../rooms/room-registry.ts';
import { newGameId, newToken, sha256 } from '../secrets.ts';
import type { CancelOutcome, GameStore, SeekBounds, SeekRecord, SeekRefusal } from '../store/game-store.ts';
import type { StoredPlayer } from '../store/player-store.ts';
import type { LobbyBus } from './lobby-bus.ts';

/** A seek nobody's socket renews is no longer offered after this long (its page is gone). */
export const SEEK_ALIVE_MS = 30_000;
/** At most this many open seeks are listed. */
const LISTED = 50;

/** A socket waiting on a seek. */
export interface Waiter {
  send(message: LobbyMessage): void;
}

interface Waiting {
  readonly waiter: Waiter;
  readonly seekId: string;
  readonly tokenHash: string;
  lonely: ReturnType<typeof setTimeout> | null;
}

export interface LobbySettings {
  readonly turnLimit: number | null;
  readonly offerMs: number;
  readonly now: () => number;
  /** Open seeks per identity and per address (issue 35). */
  readonly bounds: SeekBounds;
  /** How long a seeker whose seat never came may not seek (ms). */
  readonly noShowCooldownMs: number;
}

/** Why a seek was refused, as the page is told it. */
export interface LobbyRefusal {
  readonly code: 'seek/too-many' | 'seek/cooldown';
  readonly message: string;
}

export class Lobby {
  readonly #store: GameStore;
  readonly #bus: LobbyBus;
  readonly #rooms: RoomRegistry;
  readonly #settings: LobbySettings;
  readonly #waiting = new Map<string, Set<Waiting>>();
  /** Per waited-on seek, what stops hearing of its pairing. */
  readonly #heard = new Map<string, Promise<() => void>>();
  readonly #timer: NodeJS.Timeout;
  readonly #failed: (error: unknown) => void;

  constructor(
    store: GameStore,
    bus: LobbyBus,
    rooms: RoomRegistry,
    settings: LobbySettings,
    failed: (error: unknown) => void,
  ) {
    this.#store = store;
    this.#bus = bus;
    this.#rooms = rooms;
    this.#settings = settings;
    this.#failed = failed;
    // Keeps the waited-on seeks offered, and hears of pairings whose hint was lost.
    this.#timer = setInterval(() => void this.#renew(), SEEK_ALIVE_MS / 3);
    this.#timer.unref();
  }

  /**
   * A new seek of `player` (null: a seeker without an identity): paired at once with the best waiting one,
   * or left open for a socket to wait on.
   */
  async place(
    request: SeekRequest,
    player: StoredPlayer | null,
    address: string | null,
  ): Promise<SeekResponse | LobbyRefusal> {
    const token = newToken();
    const now = this.#settings.now();
    const seek: SeekRecord = {
      id: newGameId(),
      tokenHash: sha256(token),
      variant: request.variant === undefined || request.variant === 'any' ? null : request.variant,
      shots: request.shots === undefined || request.shots === 'any' ? null : request.shots,
      clock: request.clock ?? null,
      playerId: player?.id ?? null,
      rating: player?.glicko.rating ?? null,
      createdAt: now,
      aliveUntil: now + SEEK_ALIVE_MS,
      address,
    };
    const outcome = await this.#store.placeSeek(
      seek,
      now,
      (partner) => pairGame(seek, partner, this.#settings.turnLimit),
      this.#settings.bounds,
    );
    if (outcome.kind === 'refused') return this.#refusal(outcome);
    const offerComputerAfterMs = this.#settings.offerMs;
    if (outcome.kind === 'waiting') return { seekId: seek.id, token, paired: null, offerComputerAfterMs };
    this.#bus.paired(outcome.partner);
    await this.#rooms.get(outcome.gameId);
    return {
      seekId: seek.id,
      token,
      paired: { gameId: outcome.gameId, seat: outcome.seat },
      offerComputerAfterMs,
    };
  }

  /** `player` takes a listed seek: a new game against its seeker; 'gone', or 'own' for one's own seek. */
  async accept(
    seekId: string,
    player: StoredPlayer | null,
    address: string | null,
  ): Promise<AcceptSeekResponse | 'gone' | 'own' | LobbyRefusal> {
    const token = newToken();
    const now = this.#settings.now();
    const accepter: SeekRecord = {
      id: newGameId(),
      tokenHash: sha256(token),
      variant: null,
      shots: null,
      clock: null,
      playerId: player?.id ?? null,
      rating: player?.glicko.rating ?? null,
      createdAt: now,
      aliveUntil: now,
      address,
    };
    const accepted = await this.#store.acceptSeek(seekId, accepter, now, (partner) =>
      pairGame(accepter, partner, this.#settings.turnLimit),
    );
    if (typeof accepted === 'string') return accepted;
    if ('kind' in accepted) return this.#refusal(accepted);
    this.#bus.paired(seekId);
    await this.#rooms.get(accepted.gameId);
    return { gameId: accepted.gameId, seat: accepted.seat, token };
  }

  /**
   * `seat` of `room` never came (the presence board saw it make no action for ABORT_SECONDS): its seeker may
   * not seek for a while and loses its open seeks, the other seeker's seek is open again under the same token
   * (first, so its page, told of the end, finds it open), and the game ends at once, unrated (it never moved:
   * ratings.ts). Resolves with the seek restored, or null; 'kept' when the game goes on: the seat acted after
   * all, or the game was not paired in the lobby (a friend may be away a while, and a rematch is between two
   * who came).
   */
  async noShow(room: Room, seat: Seat): Promise<string | null | 'kept'> {
    const now = this.#settings.now();
    const done = await this.#store.noShow(room.id, seat, {
      now,
      cooldownUntil: now + this.#settings.noShowCooldownMs,
      aliveUntil: now + SEEK_ALIVE_MS,
    });
    if (done === 'acted' || done === 'not-lobby') return 'kept';
    await room.act(seat, null, { type: 'resign', away: true });
    return done.restored;
  }

  #refusal(refused: SeekRefusal): LobbyRefusal {
    switch (refused.reason) {
      case 'player':
        return {
          code: 'seek/too-many',
          message: `You already have ${this.#settings.bounds.perPlayer} open seeks: wait on one or cancel it first.`,
        };
      case 'address':
        return {
          code: 'seek/too-many',
          message: `This address already has ${this.#settings.bounds.perAddress} open seeks: wait on one or cancel it first.`,
        };
      case 'cooldown': {
        const seconds = Math.max(1, Math.ceil(((refused.until ?? 0) - this.#settings.now()) / 1000));
        return {
          code: 'seek/cooldown',
          message: `A game you were paired into was left without you ever coming; you may look for an opponent again in ${seconds} s.`,
        };
      }
    }
  }

  cancel(seekId: string, token: string): Promise<CancelOutcome> {
    return this.#store.cancelSeek(seekId, sha256(token));
  }

  /**
   * Open seeks as anyone may see them: the rules asked for, the seeker's name and rating, never a token or an
   * identity. Those of `viewer` (its other tabs') are left out: they are not its to take.
   */
  async open(viewer: string | null): Promise<OpenSeek[]> {
    const seeks = await this.#store.openSeeks(this.#settings.now(), LISTED);
    const others = viewer === null ? seeks : seeks.filter(({ seek }) => seek.playerId !== viewer);
    return others.map(({ seek, name }) => ({
      seekId: seek.id,
      variant: seek.variant ?? 'any',
      shots: seek.shots ?? 'any',
      clock: seek.clock,
      name,
      rating: seek.rating === null ? null : Math.round(seek.rating),
      createdAt: seek.createdAt,
    }));
  }

  /**
   * A socket waits on the seek of `token`: told 'paired' at once if it is, else 'waiting' now and 'paired'
   * when it is, and 'lonely' once it has waited `offerMs`. Returns what to call when the socket closes: a
   * seek nobody waits on any more is cancelled, so nobody is paired with a page that is gone.
   */
  async wait(token: string, waiter: Waiter): Promise<() => void> {
    const tokenHash = sha256(token);
    const state = await this.#store.seekByToken(tokenHash);
    if (state === null) {
      waiter.send({
        t: 'error',
        code: 'seek/gone',
        message: 'This seek is no longer open (cancelled, or its page left); look for an opponent again.',
      });
      return () => undefined;
    }
    if (state.kind === 'paired') {
      waiter.send({ t: 'paired', gameId: state.gameId, seat: state.seat });
      return () => undefined;
    }
    const seek = state.seek;
    const waiting: Waiting = { waiter, seekId: seek.id, tokenHash, lonely: null };
    const all = this.#waiting.get(seek.id) ?? new Set<Waiting>();
    all.add(waiting);
    this.#waiting.set(seek.id, all);
    if (!this.#heard.has(seek.id)) {
      this.#heard.set(
        seek.id,
        this.#bus.subscribe(seek.id, () => this.#look(seek.id)),
      );
    }
    await this.#heard.get(seek.id);
    await this.#store.renewSeeks([seek.id], this.#settings.now() + SEEK_ALIVE_MS);
    waiter.send({ t: 'waiting', seekId: seek.id });
    const lonelyIn = Math.max(0, seek.createdAt + this.#settings.offerMs - this.#settings.now());
    waiting.lonely = setTimeout(() => waiter.send({ t: 'lonely', seekId: seek.id }), lonelyIn);
    waiting.lonely.unref();
    // Paired between the read above and the registration: the hint went by, so look once more.
    this.#look(seek.id);
    return () => this.#leave(waiting);
  }

  stop(): void {
    clearInterval(this.#timer);
    for (const all of this.#waiting.values()) for (const waiting of all) this.#drop(waiting);
    for (const seekId of [...this.#heard.keys()]) this.#unhear(seekId);
    this.#waiting.clear();
  }

  #leave(waiting: Waiting): void {
    const all = this.#waiting.get(waiting.seekId);
    if (all === undefined || !all.has(waiting)) return;
    this.#drop(waiting);
    all.delete(waiting);
    if (all.size > 0) return;
    this.#waiting.delete(waiting.seekId);
    this.#unhear(waiting.seekId);
    // The page is gone: cancel the seek if it is still open (a paired one says where it went, and stays).
    this.#store.cancelSeek(waiting.seekId, waiting.tokenHash).catch(this.#failed);
  }

  /** Stops hearing of a seek nobody here waits on any more. */
  #unhear(seekId: string): void {
    const heard = this.#heard.get(seekId);
    this.#heard.delete(seekId);
    heard?.then((release) => release(), this.#failed);
  }

  #drop(waiting: Waiting): void {
    if (waiting.lonely !== null) clearTimeout(waiting.lonely);
    waiting.lonely = null;
  }

  /** Reads where a waited-on seek stands; a paired one is told to its waiters, who then wait no more. */
  #look(seekId: string): void {
    const all = this.#waiting.get(seekId);
    const first = all?.values().next().value;
    if (all === undefined || first === undefined) return;
    this.#store
      .seekByToken(first.tokenHash)
      .then((state) => {
        if (state?.kind !== 'paired' || this.#waiting.get(seekId) !== all) return;
        this.#waiting.delete(seekId);
        this.#unhear(seekId);
        for (const waiting of all) {
          this.#drop(waiting);
          waiting.waiter.send({ t: 'paired', gameId: state.gameId, seat: state.seat });
        }
      })
      .catch(this.#failed);
  }

  async #renew(): Promise<void> {
    const ids = [...this.#waiting.keys()];
    if (ids.length === 0) return;
    try {
      await this.#store.renewSeeks(ids, this.#settings.now() + SEEK_ALIVE_MS);
    } catch (error) {
      this.#failed(error);
    }
    for (const id of ids) this.#look(id);
  }
}

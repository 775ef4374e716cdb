/**
 * One game socket. The first message must be hello (a seat token or spectate), so tokens never sit in a URL
 * or a log. After that every message is size- and rate-checked, parsed with the protocol's zod schemas and
 * handed to the room; whatever is refused gets `{ t: 'error', code, message }` and changes nothing.
 * This socket only ever receives `viewFor` its own viewer and `eventsFor` it (the single exit point).
 */
import {
  eventsFor,
  historyFor,
  opponentOf,
  type Seat,
  stateAfter,
  type Viewer,
  viewFor,
} from '../../engine/index.ts';
import {
  actSchema,
  CLIENT_MESSAGE_TYPES,
  claimSchema,
  DELTAS_VERSION,
  type DeltasVersion,
  type ErrorCode,
  emoteSchema,
  errorMessage,
  type HelloMessage,
  helloSchema,
  historySchema,
  type PackedUpdateMessage,
  packEvent,
  packView,
  rematchSchema,
  resignSchema,
  resyncSchema,
  reviewSchema,
  type ServerMessage,
} from '../../protocol/index.ts';
import { DEFAULT_LEVEL } from '../bots/levels.ts';
import type { ServerContext } from '../context.ts';
import type { Notice } from '../fanout/fanout.ts';
import { finishAbandoned } from '../players/ratings.ts';
import { lookBacksOf } from '../rooms/look-backs.ts';
import { answerRematch, rematchFor } from '../rooms/rematch.ts';
import type { Room } from '../rooms/room.ts';
import { sha256 } from '../secrets.ts';
import { StoreUnavailable } from '../store/game-store.ts';
import type { StoredPlayer } from '../store/player-store.ts';
import { describeIssues } from './describe-issues.ts';
import { EMOTE_BURST, EMOTES_PER_SECOND } from './emote-limit.ts';
import { TokenBucket } from './rate-limit.ts';
import { updateViewOf, withoutAudienceAll } from './update-views.ts';

/**
 * Looking back (`history`, `review`) replays the game: tens of milliseconds for a long aimed game, so a socket
 * may ask it only a few times a second, whatever its message rate.
 */
const LOOK_BACKS_PER_SECOND = 2;
const LOOK_BACK_BURST = 8;

/** What a session needs of its socket: send text (as a string, or as UTF-8 bytes made once for many), close. */
export interface Channel {
  send(text: string | Buffer): void;
  close(code: number, reason: string): void;
}

export class Session {
  readonly #room: Room;
  readonly #channel: Channel;
  readonly #context: ServerContext;
  /** The client's address: its look-backs count in one budget with its other sockets'. */
  readonly #address: string;
  readonly #bucket: TokenBucket;
  readonly #lookBacks = new TokenBucket(LOOK_BACKS_PER_SECOND, LOOK_BACK_BURST);
  /** Messages refused for their rate since the last one let through: a whole burst of them is a flood. */
  #refusedInARow = 0;
  #viewer: Viewer | null = null;
  /**
   * Whether this socket has been sent a state: no update goes before it, since an update's view may leave out
   * the rules the state carries (wire-view.ts). A move heard between the hello and that state is in the
   * state already (it is made from the room after the catch-up), so it is not sent.
   */
  #stated = false;
  /** The client said it reads updates without the rules (hello's `rulesOnce`). */
  #rulesOnce = false;
  /**
   * The patch format this socket reads, or null when it reads whole views: the newest the client said it
   * reads (hello's `deltas`: true is 1) and this release writes.
   */
  #deltas: DeltasVersion | null = null;
  /** The version of the view this socket was sent last, or null when it is not one a patch could start from. */
  #sentV: number | null = null;
  #leave: (() => void) | null = null;
  /**
   * The room is watched from the socket's opening, not only from its hello: otherwise the idle sweep could let
   * the room go in between, and the hello would join a copy no move reaches any more. Let go once the hello's
   * own watch holds the room, or when the socket closes (a silent one is closed at the hello deadline).
   */
  #opening: (() => void) | null;
  /** A hello is being answered (its device is looked up): a second one meanwhile is refused as `auth/again`. */
  #greeting = false;
  /** The socket closed: a device watch that resolves after it is let go at once. */
  #gone = false;
  /** Stops hearing of this socket's device's sign-out (hello's `identity`), or null. */
  #unwatchDevice: (() => void) | null = null;
  /** Closes a socket that never says hello (an idle socket holds memory and a place in the address's count). */
  #helloDeadline: ReturnType<typeof setTimeout> | null;

  constructor(room: Room, channel: Channel, context: ServerContext, address: string) {
    this.#address = address;
    this.#room = room;
    this.#channel = channel;
    this.#context = context;
    this.#opening = room.watch();
    const { messagesPerSecond, messageBurst, helloMs } = context.config.limits;
    this.#bucket = new TokenBucket(messagesPerSecond, messageBurst);
    this.#helloDeadline = setTimeout(() => {
      this.#error(
        'auth/hello-late',
        `Say hello within ${helloMs / 1000} s of opening the socket; it is closed.`,
      );
      this.#channel.close(4408, 'auth/hello-late');
    }, helloMs);
    this.#helloDeadline.unref();
  }

  /** One message as it came off the wire. Never throws. */
  async receive(text: string, bytes: number): Promise<void> {
    try {
      await this.#receive(text, bytes);
    } catch (error) {
      if (error instanceof StoreUnavailable) {
        return this.#error(
          'store/unavailable',
          'The game store cannot be reached right now; nothing was changed. Try again in a moment.',
        );
      }
      this.#error('server/internal', 'The server failed on this message; nothing was changed.');
      throw error;
    }
  }

  #stopHelloDeadline(): void {
    if (this.#helloDeadline !== null) clearTimeout(this.#helloDeadline);
    this.#helloDeadline = null;
  }

  /** The socket closed. */
  closed(): void {
    this.#gone = true;
    this.#unwatchDevice?.();
    this.#unwatchDevice = null;
    this.#stopHelloDeadline();
    this.#letOpeningGo();
    this.#leave?.();
    this.#leave = null;
  }

  #letOpeningGo(): void {
    this.#opening?.();
    this.#opening = null;
  }

  /** Shutdown: say why, then close. */
  goodbye(): void {
    this.#error('server/closing', 'The server is restarting; reconnect in a moment and your game goes on.');
    this.#channel.close(1012, 'server restarting');
  }

  async #receive(text: string, bytes: number): Promise<void> {
    const limits = this.#context.config.limits;
    if (!this.#bucket.take()) {
      this.#refusedInARow++;
      if (this.#refusedInARow < limits.messageBurst) {
        return this.#error('rate/limited', 'Too many messages at once; slow down and try again in a moment.');
      }
      // A whole burst more after being told to slow down is no person's page: answering each message
      // would cost more than the flood itself, so the socket goes (its later messages are dropped unread).
      if (this.#refusedInARow === limits.messageBurst) {
        this.#error('rate/limited', 'Too many messages after being told to slow down; the socket is closed.');
        this.#channel.close(4429, 'rate/limited');
      }
      return;
    }
    this.#refusedInARow = 0;
    if (bytes > limits.messageBytes) {
      return this.#error('message/too-large', `A message may be at most ${limits.messageBytes} bytes.`);
    }
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch {
      return this.#error('message/not-json', 'A message must be one JSON object, e.g. {"t":"resync"}.');
    }
    const t = typeof data === 'object' && data !== null && 't' in data ? data.t : undefined;
    const known = CLIENT_MESSAGE_TYPES.find((type) => type === t);
    if (known === undefined) {
      return this.#error('message/unknown', `A message needs t, one of: ${CLIENT_MESSAGE_TYPES.join(', ')}.`);
    }
    if (known === 'hello') return this.#hello(data);
    const viewer = this.#viewer;
    if (viewer === null) {
      return this.#error(
        'auth/hello-first',
        'Say hello first: { t: "hello", token } or { t: "hello", spectate: true }.',
      );
    }
    switch (known) {
      case 'resync': {
        const parsed = resyncSchema.safeParse(data);
        if (!parsed.success) return this.#error('message/invalid', describeIssues('resync', parsed.error));
        // A resync may follow a lost hint from another process: look at the store first.
        await this.#room.catchUp();
        return this.#sendState(viewer);
      }
      case 'act': {
        const parsed = actSchema.safeParse(data);
        if (!parsed.success) return this.#error('message/invalid', describeIssues('act', parsed.error));
        const seat = this.#seatOrRefuse(viewer);
        if (seat === null) return;
        if (parsed.data.action.type === 'resign' && parsed.data.action.away === true) {
          // Only the server records an absence, when the other seat claims the win.
          return this.#error(
            'act/away',
            'A seat cannot record its own absence; send { t: "resign" } to give up.',
          );
        }
        if (parsed.data.action.type === 'resign' && parsed.data.action.time === true) {
          // Only the server's clock says when time has run out.
          return this.#error(
            'act/time',
            'A seat cannot run its own clock out; send { t: "resign" } to give up.',
          );
        }
        const told = this.#context.metrics.actStarted();
        const outcome = await this.#room.act(seat, parsed.data.v, parsed.data.action);
        // Applied: stored, and the update sent to every socket here (this one included) on the way.
        if (outcome.kind === 'applied') told();
        if (outcome.kind === 'repeat') return this.#sendState(viewer);
        if (outcome.kind === 'refused') return this.#error(outcome.error.code, outcome.error.message);
        return;
      }
      case 'resign': {
        const parsed = resignSchema.safeParse(data);
        if (!parsed.success) return this.#error('message/invalid', describeIssues('resign', parsed.error));
        const seat = this.#seatOrRefuse(viewer);
        if (seat === null) return;
        const outcome = await this.#room.act(seat, null, { type: 'resign' });
        if (outcome.kind === 'refused') return this.#error(outcome.error.code, outcome.error.message);
        return;
      }
      case 'history': {
        const parsed = historySchema.safeParse(data);
        if (!parsed.success) return this.#error('message/invalid', describeIssues('history', parsed.error));
        if (!this.#lookBacks.take()) return this.#lookBackLimited();
        if (!this.#context.lookBacks.take(this.#address)) return this.#addressLookBacksLimited();
        await this.#room.catchUp();
        // The game's log replayed, filtered by the one filter for this socket's viewer: once per version and
        // viewer, however many sockets ask.
        const state = this.#room.state;
        return this.#channel.send(
          lookBacksOf(this.#room).history(state, viewer, () =>
            JSON.stringify({ t: 'history', v: state.log.length, steps: historyFor(state, viewer) }),
          ),
        );
      }
      case 'review': {
        const parsed = reviewSchema.safeParse(data);
        if (!parsed.success) return this.#error('message/invalid', describeIssues('review', parsed.error));
        if (!this.#lookBacks.take()) return this.#lookBackLimited();
        if (!this.#context.lookBacks.take(this.#address)) return this.#addressLookBacksLimited();
        await this.#room.catchUp();
        const state = this.#room.state;
        const v = parsed.data.v;
        if (v > state.log.length) {
          return this.#error(
            'review/ahead',
            `The game is at move ${state.log.length}; move ${v} has not happened.`,
          );
        }
        return this.#channel.send(
          lookBacksOf(this.#room).review(v, viewer, () =>
            JSON.stringify({ t: 'review', v, view: packView(viewFor(stateAfter(state, v), viewer)) }),
          ),
        );
      }
      case 'claim': {
        const parsed = claimSchema.safeParse(data);
        if (!parsed.success) return this.#error('message/invalid', describeIssues('claim', parsed.error));
        const seat = this.#seatOrRefuse(viewer);
        if (seat === null) return;
        return this.#claim(seat, parsed.data.claim);
      }
      case 'emote': {
        const parsed = emoteSchema.safeParse(data);
        if (!parsed.success) return this.#error('message/invalid', describeIssues('emote', parsed.error));
        const seat = this.#seatOrRefuse(viewer);
        if (seat === null) return;
        if (!(await this.#context.emotes.take(this.#room, seat))) {
          return this.#error(
            'emote/limited',
            `At most ${EMOTE_BURST} emotes at once, then one every ${1 / EMOTES_PER_SECOND} seconds; wait a moment.`,
          );
        }
        this.#context.fanout.publish(this.#room.id, { kind: 'emote', seat, emote: parsed.data.emote });
        return;
      }
      case 'rematch': {
        const parsed = rematchSchema.safeParse(data);
        if (!parsed.success) return this.#error('message/invalid', describeIssues('rematch', parsed.error));
        const seat = this.#seatOrRefuse(viewer);
        if (seat === null) return;
        const refusal = await answerRematch(this.#context, this.#room, seat, parsed.data.yes);
        if (refusal !== null) this.#error(refusal.code, refusal.message);
        return;
      }
    }
  }

  async #hello(data: unknown): Promise<void> {
    if (this.#viewer !== null || this.#greeting)
      return this.#error('auth/again', 'This socket has already said hello.');
    const parsed = helloSchema.safeParse(data);
    if (!parsed.success) return this.#error('message/invalid', describeIssues('hello', parsed.error));
    this.#greeting = true;
    try {
      await this.#greet(parsed.data);
    } finally {
      this.#greeting = false;
      // Refused (or failed): the socket may say hello again, and hears of no device meanwhile.
      if (this.#viewer === null) {
        this.#unwatchDevice?.();
        this.#unwatchDevice = null;
      }
    }
  }

  async #greet(hello: HelloMessage): Promise<void> {
    const player = hello.identity === undefined ? undefined : await this.#watchDevice(hello.identity);
    // Signed out (told and closed), or the socket went meanwhile.
    if (player === null || this.#gone) return;
    let viewer: Viewer = 'spectator';
    if ('seat' in hello) {
      const seats = player === 'unknown' ? null : await this.#context.store.players.seatsOf(this.#room.id);
      if (player === 'unknown' || player === undefined || seats?.[hello.seat]?.id !== player.id)
        return this.#error(
          'auth/not-your-seat',
          `This device's player does not sit at ${hello.seat} in this game; open it with its link or token.`,
        );
      viewer = hello.seat;
    }
    if ('token' in hello) {
      const seat = this.#room.seatOfToken(sha256(hello.token));
      if (seat === null) {
        return this.#error('auth/bad-token', 'This token holds no seat in this game; check the game link.');
      }
      viewer = seat;
    }
    if (viewer !== 'spectator') {
      if (this.#room.version > 0) this.#context.metrics.reconnected();
      const record = this.#room.seat(viewer);
      // A person back at a seat the computer was playing for them takes it back.
      if (record.holder === 'computer')
        await this.#room.setSeat(viewer, { ...record, holder: 'human', level: null });
    }
    this.#viewer = viewer;
    this.#rulesOnce = hello.rulesOnce === true;
    // Patches start from a view without the rules, so a client that reads them must read those too.
    const offer = hello.deltas;
    this.#deltas =
      !this.#rulesOnce || offer === undefined ? null : offer === true || offer === 1 ? 1 : DELTAS_VERSION;
    this.#stopHelloDeadline();
    const unsubscribe = this.#context.fanout.subscribe(this.#room.id, (notice) =>
      this.#notice(viewer, notice),
    );
    const unwatch = this.#room.watch();
    const disconnect =
      viewer === 'spectator'
        ? this.#context.presence.watch(this.#room)
        : this.#context.presence.connect(this.#room, viewer);
    this.#leave = () => {
      unsubscribe();
      unwatch();
      disconnect();
    };
    this.#letOpeningGo();
    // Moves stored by another process while this socket was being set up are not hinted to it: look again.
    // If the store cannot be read just now, the state is the room's own (later hints catch it up), and the
    // socket is told of the store after it: a socket is never left without a state.
    try {
      await this.#room.catchUp();
    } finally {
      this.#sendState(viewer);
    }
    // A finished game's rematch, as it stands (a reloaded page learns of an offer or of the new game).
    if (this.#room.over) await this.#tellRematch(viewer);
  }

  /**
   * Watches the device of `identity` (its secret): a sign-out closes this socket with `device/revoked`,
   * whichever process signs it out (players/sign-outs.ts). The device's row is read after the watch is held,
   * so a sign-out in between is not missed. Its player; 'unknown' for an identity not known here (the socket
   * goes on by its token, as before); null when the device is signed out (told, and closed).
   */
  async #watchDevice(identity: string): Promise<StoredPlayer | 'unknown' | null> {
    const accounts = this.#context.store.accounts;
    const hash = sha256(identity);
    const first = await accounts.device(hash);
    if (first === null) return 'unknown';
    if (first === 'revoked') {
      this.#signedOut();
      return null;
    }
    const release = await this.#context.devices.watch(first.device.id, () => this.#signedOut());
    if (this.#gone) {
      release();
      return null;
    }
    this.#unwatchDevice = release;
    const again = await accounts.device(hash);
    if (again === null || again === 'revoked') {
      this.#signedOut();
      return null;
    }
    return again.player;
  }

  /** This socket's device was signed out: say so, and close. */
  #signedOut(): void {
    this.#unwatchDevice?.();
    this.#unwatchDevice = null;
    this.#error(
      'device/revoked',
      'This device was signed out of its player; sign in again with a passkey or a code, or play as someone new.',
    );
    this.#channel.close(4401, 'device/revoked');
  }

  async #tellRematch(viewer: Viewer): Promise<void> {
    const message = await rematchFor(this.#context, this.#room, viewer);
    if (message !== null) this.#send(message);
  }

  async #claim(seat: Seat, claim: 'win' | 'computer'): Promise<void> {
    const away = opponentOf(seat);
    // The other seat may be connected to another process: ask before judging.
    await this.#context.presence.recheck(this.#room);
    if (this.#context.presence.presenceOf(this.#room).claimable !== away) {
      const minutes = Math.round(this.#context.config.awayMs / 60_000);
      return this.#error(
        'claim/not-away',
        `You can claim only when the other seat has been away on its turn for ${minutes} minute(s).`,
      );
    }
    if (claim === 'win') {
      const outcome = await this.#room.act(away, null, { type: 'resign', away: true });
      if (outcome.kind === 'refused') this.#error(outcome.error.code, outcome.error.message);
      return;
    }
    const record = this.#room.seat(away);
    await this.#room.setSeat(away, { holder: 'computer', tokenHash: record.tokenHash, level: DEFAULT_LEVEL });
    // The away player abandoned the game: a loss for them now; what the computer does next rates nothing.
    await finishAbandoned(
      this.#context.store.players,
      this.#context.config.fairPlay,
      this.#room.id,
      this.#room.state.log,
      away,
    );
  }

  #lookBackLimited(): void {
    this.#error(
      'rate/limited',
      `Looking back replays the game: at most ${LOOK_BACKS_PER_SECOND} a second; try again in a moment.`,
    );
  }

  #addressLookBacksLimited(): void {
    this.#error(
      'rate/look-backs',
      `Your address looks back at games at most ${this.#context.lookBacks.perSecond} times a second, over all its sockets; try again in a moment.`,
    );
  }

  #seatOrRefuse(viewer: Viewer): Seat | null {
    if (viewer !== 'spectator') return viewer;
    this.#error('auth/spectator', 'Spectators watch the game; they cannot act in it.');
    return null;
  }

  #notice(viewer: Viewer, notice: Notice): void {
    if (notice.kind === 'emote') {
      // Emotes are between the two players: a spectator never gets them.
      if (viewer !== 'spectator') this.#send({ t: 'emote', seat: notice.seat, emote: notice.emote });
      return;
    }
    if (notice.kind === 'rematch') {
      this.#tellRematch(viewer).catch(() =>
        this.#error('store/unavailable', 'The rematch could not be read just now; reload to see it.'),
      );
      return;
    }
    if (notice.kind === 'presence') {
      this.#send({
        t: 'presence',
        v: this.#room.version,
        presence: this.#context.presence.presenceOf(this.#room),
      });
      return;
    }
    if (!this.#stated) return;
    const clock = this.#room.clockView();
    const seen = eventsFor(notice.events, viewer);
    // A client that reads patches reads events without `audience: 'all'` too (the socket's own events
    // are for everyone or for its seat; wire.ts puts 'all' back): a fifth of an event's bytes; deltas 2 reads
    // an event for everyone as the list of its values (packed-events.ts), half its bytes.
    const events =
      this.#deltas === 2 ? seen.map(packEvent) : this.#deltas === 1 ? seen.map(withoutAudienceAll) : seen;
    const timed = clock === undefined ? {} : { clock };
    // The room has moved past this notice when actions came in a burst: the view sent is the room's newest,
    // as before, and the next update goes whole, since this socket's view is then not the notice's.
    const current = notice.v === this.#room.version;
    if (!this.#rulesOnce) {
      this.#sentV = null;
      // Without rulesOnce there are no patches: the events go as they are.
      this.#send({
        t: 'update',
        v: notice.v,
        events: seen,
        view: packView(viewFor(this.#room.state, viewer)),
        ...timed,
      });
      return;
    }
    const made = updateViewOf(this.#room, viewer);
    const deltas = this.#deltas;
    const patch = deltas !== null && current && this.#sentV === made.v - 1 ? made.patch(deltas) : null;
    this.#sentV = current ? made.v : null;
    if (deltas !== null && patch !== null) {
      this.#send({
        t: 'update',
        v: notice.v,
        events,
        patch,
        digest: made.digest(deltas),
        ...timed,
      });
      return;
    }
    // The view's text was made once for every socket of this viewer: the message is written around it, as
    // JSON.stringify would write `{ t, v, events, view, clock }`.
    const tail = clock === undefined ? '' : `,"clock":${JSON.stringify(clock)}`;
    this.#channel.send(
      `{"t":"update","v":${notice.v},"events":${JSON.stringify(events)},"view":${made.text}${tail}}`,
    );
  }

  #sendState(viewer: Viewer): void {
    this.#stated = true;
    // The view a patch in the next update starts from (made now, once for every socket of this viewer).
    this.#sentV = this.#deltas !== null ? updateViewOf(this.#room, viewer).v : null;
    const clock = this.#room.clockView();
    this.#send({
      t: 'state',
      v: this.#room.version,
      viewer,
      view: packView(viewFor(this.#room.state, viewer)),
      seedHash: this.#room.seedHash,
      presence: this.#context.presence.presenceOf(this.#room),
      ...(clock === undefined ? {} : { clock }),
      // The patch format of the updates after it, from 2 on (format 1 says nothing, as its release did).
      ...(this.#deltas === 2 ? { deltas: 2 } : {}),
    });
  }

  #error(code: ErrorCode, message: string): void {
    this.#context.metrics.refused(code);
    this.#send(errorMessage(code, message));
  }

  #send(message: ServerMessage | PackedUpdateMessage): void {
    this.#channel.send(JSON.stringify(message));
  }
}

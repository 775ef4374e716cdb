/**
 * Online play: create or join a game over HTTP, then one WebSocket that says hello with the seat's token and
 * hears views and events. It reconnects by itself (with a growing pause), drops duplicate updates and asks
 * for a resync when it sees a gap (STYLE "versioned stream"). The token is kept per game in localStorage, so a
 * reload comes back to the same seat and position; so is the seat's contribution to chance, which the page
 * sends unseen when the game asks for it and checks against the record after the end (docs/fairness.md).
 * A spectator's link has no ticket: it says hello to watch, and hears the spectator's view only.
 */

import { type Action, actionKey, isContribution, type PlayerView, type Seat } from '../../engine/index.ts';
import type { Emote } from '../../protocol/emotes.ts';
import { DELTAS_VERSION } from '../../protocol/view-delta.ts';
import type { Controller } from '../controller.ts';
import { newContribution, noFairness } from '../game/fairness.ts';
import { t } from '../i18n/i18n.ts';
import type { GameLink } from '../link.ts';
import type { HomeForm } from '../state.ts';
import { deviceRevoked, identityHeaders, identitySecret } from './identity.ts';
import { CLOCKS } from './lobby.ts';
import {
  type ClientMessage,
  type ClockView,
  type CreateGameRequest,
  type CreateGameResponse,
  type GamePlayers,
  type JoinGameResponse,
  type Presence,
  parseServerMessage,
  type RecordResponse,
  WireViews,
} from './wire.ts';

const TOKEN_KEY = (gameId: string) => `pirates.seat.${gameId}`;

interface Ticket {
  readonly seat: Seat;
  /**
   * The seat's token, or null for a seat this device's player holds in a game begun on another of its devices
   * (issue 51, from "Your games"): the hello then sits it by the device's identity.
   */
  readonly token: string | null;
  readonly invite: string | null;
  /** This seat's share of the game's chance (hex), made once and kept for the check after the end. */
  readonly contribution: string;
  /** The first commitment to the seed this page was shown, or null before it was. */
  readonly seedHash: string | null;
}

function loadTicket(gameId: string): Ticket | null {
  try {
    const raw = localStorage.getItem(TOKEN_KEY(gameId));
    if (raw === null) return null;
    const data = JSON.parse(raw) as Partial<Ticket>;
    if (
      (data.seat === 'red' || data.seat === 'blue') &&
      (typeof data.token === 'string' || data.token === null)
    ) {
      const ticket: Ticket = {
        seat: data.seat,
        token: data.token,
        invite: typeof data.invite === 'string' ? data.invite : null,
        // A ticket from before contributions gets one now (its game has dealt long ago, or will ask).
        contribution: isContribution(data.contribution) ? data.contribution : newContribution(),
        seedHash: typeof data.seedHash === 'string' ? data.seedHash : null,
      };
      if (ticket.contribution !== data.contribution) saveTicket(gameId, ticket);
      return ticket;
    }
  } catch {
    // A broken entry is as good as none.
  }
  return null;
}

function saveTicket(gameId: string, ticket: Ticket): void {
  try {
    localStorage.setItem(TOKEN_KEY(gameId), JSON.stringify(ticket));
  } catch {
    // No storage (a private window, or full): the game goes on; a reload then cannot come back to the seat.
  }
}

async function post<T>(path: string, body: unknown): Promise<T> {
  const response = await fetch(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...identityHeaders() },
    body: JSON.stringify(body),
  });
  const data = (await response.json().catch(() => null)) as ({ message?: string } & T) | null;
  if (!response.ok || data === null) {
    throw new Error(data?.message ?? `The server answered ${response.status}.`);
  }
  return data;
}

function inviteLinkOf(gameId: string, invite: string): string {
  return `${location.origin}/play/${gameId}?invite=${encodeURIComponent(invite)}`;
}

/** The page-clock time at which `seat` may be claimed against if it neither decides nor comes back, or null. */
function claimInOf(presence: Presence, seat: Seat): number | null {
  // A server from before issue 35 (a rolling upgrade) sends no claimIn.
  const ms = (presence.claimIn as Presence['claimIn'] | undefined)?.[seat] ?? null;
  return ms === null || presence.claimable === seat ? null : Date.now() + ms;
}

/** What the page shows of the other seat's presence. */
function presenceStatus(
  presence: Presence,
  me: Seat,
  ticket: Ticket,
  gameId: string,
  awaySince: number | null,
) {
  const other = presence.seats[me === 'red' ? 'blue' : 'red'];
  const away = other.holder === 'human' && !other.connected;
  return {
    inviteLink:
      other.holder === 'open' && ticket.invite !== null ? inviteLinkOf(gameId, ticket.invite) : null,
    opponentAwaySince: away ? (awaySince ?? Date.now()) : null,
    canClaim: presence.claimable !== null && presence.claimable !== me,
    // When the other seat, still deciding, may be claimed against (its absence or its decision limit).
    claimAt: claimInOf(presence, me === 'red' ? 'blue' : 'red'),
  };
}

export class OnlineLink implements GameLink {
  private socket: WebSocket | null = null;
  /** The socket's reader of views: updates come without the rules its last state carried (wire-view.ts). */
  private views = new WireViews();
  private closed = false;
  private retry = 0;
  private version = -1;
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** The last action sent, e.g. a setup, to send again if it arrives stale. */
  private lastAction: Action | null = null;
  /** A stale setup waiting for the resync's state. */
  private resend: Action | null = null;
  /** When the other player's socket went away (ms), or null while they are here. */
  private awaySince: number | null = null;
  /** The commitment to the seed, from the first state message. */
  private seedHash = '';
  /** Whether the names were asked for since the other seat was taken. */
  private otherNamed = false;
  /** The end's rating was asked for (once a game: every later update of a finished game says it is over). */
  private ratingAsked = false;
  /** Whether this socket has been sent a state yet (an error before it may be about the hello). */
  private stated = false;
  /** The patch format the hello asks for: the newest this page reads, or `true` (format 1) for an older server. */
  private helloDeltas: number | true = DELTAS_VERSION;
  /** The version at which this page last sent its contribution, so it is sent once per state. */
  private contributedAt = -1;

  /** The seat shown: the ticket's, or red's side of the table for a spectator. */
  private readonly seat: Seat;

  /** `ticket` null: watch the game as a spectator. */
  constructor(
    private readonly ctl: Controller,
    private readonly gameId: string,
    private ticket: Ticket | null,
    /**
     * A rematch is ready with this page's new seat: go there (connectOnline's `enter`); a spectator (ticket
     * null) follows the players into it and watches it (issue 31 item 6).
     */
    private readonly rematchReady: (gameId: string, ticket: Ticket | null) => void = () => undefined,
  ) {
    this.seat = ticket?.seat ?? 'red';
    this.open();
    void this.fetchPlayers();
  }

  /** Who sits where: names and ratings for the game bar (the computer and friends without a name: none). */
  private async fetchPlayers(): Promise<void> {
    try {
      const response = await fetch(`/api/games/${this.gameId}/players`);
      if (!response.ok) return;
      const players = (await response.json()) as GamePlayers;
      this.status({ players });
    } catch {
      // The names stay away; the game is unaffected.
    }
  }

  private open(): void {
    if (this.closed) return;
    const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
    const socket = new WebSocket(`${scheme}//${location.host}/api/games/${this.gameId}/socket`);
    this.socket = socket;
    this.views = new WireViews();
    this.stated = false;
    // Each socket may reach another server (a rolling upgrade): ask again for the newest format.
    this.helloDeltas = DELTAS_VERSION;
    socket.onopen = () => {
      this.retry = 0;
      this.hello();
      this.status({ connected: true });
    };
    socket.onmessage = (event) => this.hear(String(event.data));
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.status({ connected: false });
      if (this.closed) return;
      const pause = Math.min(5000, 300 * 2 ** this.retry);
      this.retry++;
      this.timer = setTimeout(() => this.open(), pause);
    };
  }

  /**
   * rulesOnce: this page reads updates without the rules its state carried (WireViews); deltas: as the changes
   * to the view before (view-delta.ts), checked by their digest, with a resync on a mismatch, in the newest
   * patch format it reads.
   */
  private hello(): void {
    const deltas = this.helloDeltas;
    // The device's identity too (issue 51), so a sign-out from another device closes this socket at once; a
    // server of the release before (deltas: true) knows no identity, and is not told it.
    const secret = deltas === true ? null : identitySecret();
    const identity = secret === null ? {} : { identity: secret };
    const ticket = this.ticket;
    if (ticket === null)
      return this.say({ t: 'hello', spectate: true, ...identity, rulesOnce: true, deltas });
    if (ticket.token !== null)
      return this.say({ t: 'hello', token: ticket.token, ...identity, rulesOnce: true, deltas });
    if (secret !== null)
      this.say({ t: 'hello', identity: secret, seat: ticket.seat, rulesOnce: true, deltas });
  }

  private status(patch: Partial<NonNullable<NonNullable<Controller['state']['game']>['online']>>): void {
    this.ctl.change((s) => {
      if (s.game?.online) Object.assign(s.game.online, patch);
    });
  }

  private say(message: ClientMessage): void {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(message));
  }

  private hear(text: string): void {
    const message = parseServerMessage(text, this.views);
    if (message === null) return;
    switch (message.t) {
      case 'state':
        this.stated = true;
        this.version = message.v;
        this.seedHash = message.seedHash;
        // The first commitment is kept with the ticket, so a reload still compares later ones with it.
        if (this.ticket !== null && this.ticket.seedHash === null) {
          this.ticket = { ...this.ticket, seedHash: message.seedHash };
          saveTicket(this.gameId, this.ticket);
        }
        this.presence(message.presence);
        this.status({ version: message.v, clock: clockOf(message.clock) });
        this.resendSetup(message.view);
        this.ctl.hear({
          t: 'update',
          seat: this.seat,
          view: message.view,
          seedHash: this.seedHash,
          // A snapshot: what this page was shown starts afresh after the actions so far.
          since: message.v,
          v: message.v,
          events: [],
          record: null,
          bot: null,
          handTo: null,
        });
        this.contribute(message.view);
        if (message.view.outcome !== null) {
          void this.fetchRecord();
          void this.fetchRating();
        }
        break;
      case 'unreadable':
        // An update's patch did not rebuild the server's view (a missed message, a bug): start afresh.
        if (message.v > this.version) this.say({ t: 'resync' });
        return;
      case 'update':
        if (message.v <= this.version) return; // seen already
        if (message.v > this.version + 1) {
          this.say({ t: 'resync' });
          return;
        }
        this.version = message.v;
        this.status({ version: message.v, clock: clockOf(message.clock) });
        this.ctl.hear({
          t: 'update',
          seat: this.seat,
          view: message.view,
          seedHash: this.seedHash,
          since: null,
          v: message.v,
          events: message.events,
          record: null,
          bot: null,
          handTo: null,
        });
        this.contribute(message.view);
        if (message.view.outcome !== null) {
          void this.fetchRecord();
          void this.fetchRating();
        }
        break;
      case 'error':
        if (message.code === 'message/invalid' && !this.stated && this.helloDeltas !== true) {
          // A server of the release before (a rolling upgrade) knows only `deltas: true`: say hello as it reads.
          this.helloDeltas = true;
          this.hello();
          return;
        }
        if (message.code === 'device/revoked') {
          // Signed out from another device: this socket is closed for good; the page drops the secret, says why.
          this.close();
          deviceRevoked();
          this.ctl.change((s) => {
            s.screen = 'home';
            s.notice = t('account.revoked');
          });
          return;
        }
        if (message.code === 'act/stale') {
          // The game moved on before our action arrived (both seats set up at once, say): fetch the newest
          // state; a setup is sent again if it is still asked for, anything else is decided again.
          this.say({ t: 'resync' });
          if (this.lastAction?.type === 'setup') {
            this.resend = this.lastAction;
            return;
          }
          // The resync's state asks for the contribution again, and `contribute` answers it.
          if (this.lastAction?.type === 'contribute') return;
        }
        this.ctl.hear({ t: 'error', code: message.code, message: message.message });
        break;
      case 'presence':
        this.presence(message.presence);
        break;
      case 'history':
        this.ctl.hear({ t: 'history', seat: this.seat, v: message.v, steps: message.steps });
        break;
      case 'review':
        this.ctl.hear({ t: 'review', seat: this.seat, v: message.v, view: message.view });
        break;
      case 'emote':
        // Muted: the emote is not shown (nor kept for later).
        if (!this.ctl.state.settings.emotes && message.seat !== this.ticket?.seat) return;
        this.status({ emote: { seat: message.seat, emote: message.emote, at: Date.now() } });
        break;
      case 'rematch':
        this.status({ rematch: { state: message.state, by: message.by } });
        if (message.state === 'ready' && message.gameId !== undefined) this.toRematch(message);
        break;
    }
  }

  /** The rematch began: keep the new seat's ticket first (a reload must find it), then go to it. */
  private toRematch(message: { gameId?: string; seat?: Seat; token?: string }): void {
    const gameId = message.gameId;
    if (gameId === undefined) return;
    // A spectator has no seat in it: it watches the new game (its id is public, on the Watch list too).
    if (this.ticket === null) return this.rematchReady(gameId, null);
    if (message.seat === undefined) return;
    const known = loadTicket(gameId);
    const ticket: Ticket | null =
      message.token !== undefined
        ? {
            seat: message.seat,
            token: message.token,
            invite: null,
            contribution: newContribution(),
            seedHash: null,
          }
        : known;
    // Another tab of this player took the seat: this page stays on the old game's end.
    if (ticket === null) return;
    if (known === null) saveTicket(gameId, ticket);
    this.rematchReady(gameId, ticket);
  }

  emote(emote: Emote): void {
    this.say({ t: 'emote', emote });
  }

  rematch(yes: boolean): void {
    this.say({ t: 'rematch', yes });
  }

  private presence(presence: Presence): void {
    if (this.ticket === null) {
      this.status({ watchers: presence.watchers });
      return;
    }
    const other = presence.seats[this.ticket.seat === 'red' ? 'blue' : 'red'];
    // The friend has just joined: their name comes now (once; a friend without a name stays without).
    if (other.holder === 'human' && !this.otherNamed) {
      this.otherNamed = true;
      void this.fetchPlayers();
    }
    const away = other.holder === 'human' && !other.connected;
    if (away && this.awaySince === null) this.awaySince = Date.now();
    if (!away) this.awaySince = null;
    this.status({
      ...presenceStatus(presence, this.ticket.seat, this.ticket, this.gameId, this.awaySince),
      watchers: presence.watchers,
    });
  }

  /**
   * At the end: who sat where again, now with how the game moved ratings (the end panel says it). The result
   * is recorded just after the last update is sent, so a `pending` answer is asked again a few times.
   */
  private async fetchRating(tries = 5): Promise<void> {
    if (tries === 5 && this.ratingAsked) return;
    this.ratingAsked = true;
    try {
      const response = await fetch(`/api/games/${this.gameId}/players`);
      if (!response.ok) return;
      const players = (await response.json()) as GamePlayers;
      this.status({ players });
      const pending = players.rating?.unrated.red === 'pending' || players.rating?.unrated.blue === 'pending';
      if (pending && tries > 1 && !this.closed) setTimeout(() => void this.fetchRating(tries - 1), 1000);
    } catch {
      // The rating line stays away; the game is unaffected.
    }
  }

  private async fetchRecord(): Promise<void> {
    try {
      const response = await fetch(`/api/games/${this.gameId}/record`);
      if (!response.ok) return;
      const body = (await response.json()) as RecordResponse;
      this.ctl.change((s) => {
        if (s.game) s.game.record = body.record;
      });
    } catch {
      // The replay button stays away; the game itself is unaffected.
    }
  }

  send(_seat: Seat, action: Action): void {
    if (action.type === 'resign') {
      this.say({ t: 'resign' });
      return;
    }
    this.lastAction = action;
    this.say({ t: 'act', v: this.version, action });
  }

  /**
   * The game asks this seat for its share of chance before the deal: the page gives it, unseen. Once per
   * state; a stale one (both seats at once) comes back as a resync, whose state asks again.
   */
  private contribute(view: PlayerView): void {
    const pending = view.pending;
    if (this.ticket === null) return;
    if (pending.ask !== 'contribute' || !pending.seats.includes(this.ticket.seat)) return;
    if (this.contributedAt === this.version) return;
    this.contributedAt = this.version;
    this.lastAction = { type: 'contribute', entropy: this.ticket.contribution };
    this.say({
      t: 'act',
      v: this.version,
      action: { type: 'contribute', entropy: this.ticket.contribution },
    });
  }

  /** After a resync: send again the setup that arrived stale, if the new state still asks for one. */
  private resendSetup(view: PlayerView): void {
    const action = this.resend;
    this.resend = null;
    if (action === null) return;
    const key = actionKey(action);
    if (view.legalActions.some((a) => actionKey(a) === key)) this.say({ t: 'act', v: this.version, action });
  }

  /** The server replays the game for this seat's eyes only (docs/protocol.md); the seat is the ticket's. */
  history(_seat: Seat): void {
    this.say({ t: 'history' });
  }

  review(_seat: Seat, v: number): void {
    this.say({ t: 'review', v });
  }

  claim(choice: 'win' | 'computer'): void {
    this.say({ t: 'claim', claim: choice });
  }

  close(): void {
    this.closed = true;
    if (this.timer !== null) clearTimeout(this.timer);
    this.socket?.close();
    this.socket = null;
  }
}

/** The clocks of a message as the page keeps them: with the moment it heard them. */
function clockOf(clock: ClockView | undefined): { view: ClockView; at: number } | null {
  return clock === undefined ? null : { view: clock, at: Date.now() };
}

/** Plugs online play into the controller. */
export function connectOnline(ctl: Controller): void {
  let current: OnlineLink | null = null;
  /** Sits down at a seat (`ticket`), or watches (null). */
  const enter = (gameId: string, ticket: Ticket | null, form: HomeForm) => {
    const game = ctl.newGameScreen('online', ticket?.seat ?? 'red', form);
    game.watching = ticket === null;
    if (ticket !== null) {
      // A seat taken up by identity (begun on another device) may have been dealt with that device's
      // contribution, unknown here: the check then does not look for one of this page's.
      const mine = ticket.token === null ? null : ticket.contribution;
      game.fairness = noFairness(
        {
          red: ticket.seat === 'red' ? mine : null,
          blue: ticket.seat === 'blue' ? mine : null,
        },
        ticket.seedHash,
      );
    }
    game.online = {
      gameId,
      inviteLink: ticket?.invite == null ? null : inviteLinkOf(gameId, ticket.invite),
      connected: false,
      opponentAwaySince: null,
      canClaim: false,
      claimAt: null,
      version: -1,
      copied: null,
      players: null,
      emote: null,
      picking: false,
      rematch: null,
      watchers: 0,
      clock: null,
    };
    ctl.change((s) => {
      s.game = game;
      s.screen = 'game';
    });
    const path = ticket === null ? `/watch/${gameId}` : `/play/${gameId}`;
    if (location.pathname !== path || location.search !== '') history.replaceState(null, '', path);
    current = new OnlineLink(ctl, gameId, ticket, (next, nextTicket) => {
      history.pushState(null, '', nextTicket === null ? `/watch/${next}` : `/play/${next}`);
      enter(next, nextTicket, form);
    });
    ctl.attach(current);
  };
  const fail = (message: string) => {
    ctl.change((s) => {
      s.screen = 'home';
      s.notice = message;
    });
  };
  ctl.onlineHooks = {
    enter(gameId, seat, token, form) {
      const ticket: Ticket = { seat, token, invite: null, contribution: newContribution(), seedHash: null };
      saveTicket(gameId, ticket);
      history.pushState(null, '', `/play/${gameId}`);
      enter(gameId, ticket, form);
    },
    watch(gameId) {
      if (location.pathname !== `/watch/${gameId}`) history.pushState(null, '', `/watch/${gameId}`);
      enter(gameId, null, ctl.state.forms.friend);
    },
    create(form) {
      const request: CreateGameRequest = {
        opponent: 'friend',
        variant: form.variant,
        shots: form.shots,
        seat: form.seat,
        ...(form.turnLimit === null ? {} : { turnLimit: form.turnLimit }),
        clock: CLOCKS[form.clock ?? 'none'],
      };
      void post<CreateGameResponse>('/api/games', request)
        .then((created) => {
          const ticket: Ticket = {
            seat: created.seat,
            token: created.token,
            invite: created.invite ?? null,
            contribution: newContribution(),
            seedHash: created.seedHash,
          };
          saveTicket(created.gameId, ticket);
          history.pushState(null, '', `/play/${created.gameId}`);
          enter(created.gameId, ticket, form);
        })
        .catch((error: unknown) => fail(t('errors.startOnline', { reason: (error as Error).message })));
    },
    join(gameId, invite) {
      const known = loadTicket(gameId);
      if (known !== null) {
        enter(gameId, known, ctl.state.forms.friend);
        return;
      }
      // A game of this player's begun on another of its devices ("Your games", issue 51): its seat by identity.
      const mine = ctl.state.me.games?.find((game) => game.gameId === gameId);
      if (mine !== undefined && invite === null && identitySecret() !== null) {
        const ticket: Ticket = {
          seat: mine.seat,
          token: null,
          invite: null,
          contribution: newContribution(),
          seedHash: null,
        };
        saveTicket(gameId, ticket);
        enter(gameId, ticket, ctl.state.forms.friend);
        return;
      }
      if (invite === null) {
        fail(t('errors.needInvite'));
        return;
      }
      void post<JoinGameResponse>(`/api/games/${gameId}/join`, { invite })
        .then((joined) => {
          const ticket: Ticket = {
            seat: joined.seat,
            token: joined.token,
            invite: null,
            contribution: newContribution(),
            seedHash: null,
          };
          saveTicket(gameId, ticket);
          enter(gameId, ticket, ctl.state.forms.friend);
        })
        .catch((error: unknown) => fail(t('errors.join', { reason: (error as Error).message })));
    },
    leave() {
      current?.close();
      current = null;
    },
    claim(choice) {
      current?.claim(choice);
    },
    emote(emote) {
      current?.emote(emote);
      ctl.change((s) => {
        if (s.game?.online) s.game.online.picking = false;
      });
    },
    rematch(yes) {
      current?.rematch(yes);
    },
  };
}

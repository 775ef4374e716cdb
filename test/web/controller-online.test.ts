/**
 * The controller's one redraw path and the online link's versioned stream, without a browser: a fake redraw,
 * a fake WebSocket, the real engine's views.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  applyAction,
  createGame,
  ENGINE_ERROR_CODES,
  eventsFor,
  type GameEvent,
  type GameState,
  legalActions,
  type PlayerView,
  recordOf,
  toAct,
  viewFor,
} from '../../src/engine/index.ts';
import {
  diffViews,
  packEvent,
  packLeanView,
  packUpdateView,
  packView,
  SERVER_ERROR_CODES,
  viewDigest,
} from '../../src/protocol/index.ts';
import { Controller } from '../../src/web/controller.ts';
import { checkFairness } from '../../src/web/game/fairness.ts';
import { refusalSentence } from '../../src/web/game/refusals.ts';
import { OnlineLink } from '../../src/web/online/session.ts';
import { playUntil, setUp, updateNews } from './fixtures.ts';

function controller() {
  const draws: number[] = [];
  const ctl = new Controller(() => draws.push(draws.length), 0);
  return { ctl, draws };
}

describe('the controller', () => {
  it('pass and play: a new seat gets the hand-over screen first, and each seat keeps its own log', () => {
    const { ctl, draws } = controller();
    const state = setUp();
    ctl.change((s) => {
      s.game = ctl.newGameScreen('pass', 'red', s.forms.computer);
      s.game.handover = null;
      s.screen = 'game';
    });
    ctl.hear({
      t: 'update',
      seat: 'red',
      view: viewFor(state, 'red'),
      events: [{ type: 'started', first: 'red', audience: 'all' }],
      seedHash: 'ab'.repeat(32),
      since: null,
      v: 0,
      record: null,
      bot: null,
      handTo: null,
    });
    expect(ctl.state.game?.handover).toBeNull();
    expect(ctl.state.game?.log.map((l) => l.text)).toEqual(['Red starts.']);
    ctl.hear({
      t: 'update',
      seat: 'blue',
      view: viewFor(state, 'blue'),
      events: [],
      seedHash: 'ab'.repeat(32),
      since: null,
      v: 0,
      record: null,
      bot: null,
      handTo: null,
    });
    expect(ctl.state.game?.handover).toBe('blue');
    expect(ctl.state.game?.log).toEqual([]);
    ctl.takeDevice();
    expect(ctl.state.game?.handover).toBeNull();
    expect(draws.length).toBeGreaterThan(3);
  });

  it("pass and play: the device taken before the next seat's news keeps the hand-over screen up", () => {
    const { ctl } = controller();
    const state = setUp();
    const news = (seat: 'red' | 'blue') => updateNews(seat, viewFor(state, seat));
    ctl.change((s) => {
      s.game = ctl.newGameScreen('pass', 'red', s.forms.computer);
      s.game.handover = null;
      s.screen = 'game';
    });
    ctl.hear(news('red'));
    // Red passed the device (what passDevice leaves): blue's news is on its way, red's view still held.
    ctl.change((s) => {
      if (s.game !== null) s.game.handover = 'blue';
    });
    ctl.takeDevice();
    expect(ctl.state.game?.handover).toBe('blue');
    expect(ctl.state.game?.seat).toBe('red');
    ctl.hear(news('blue'));
    expect(ctl.state.game?.seat).toBe('blue');
    ctl.takeDevice();
    expect(ctl.state.game?.handover).toBeNull();
  });

  it('opens the cannon when this seat must shoot an aimed shot, and not for the other seat', () => {
    const { ctl } = controller();
    const state = playUntil(setUp('shoot'), (s) => s.pending.ask === 'shoot');
    if (state.pending.ask !== 'shoot') return;
    const shooter = state.pending.seat;
    ctl.change((s) => {
      s.game = ctl.newGameScreen('computer', shooter, s.forms.computer);
      s.screen = 'game';
    });
    ctl.hear({
      t: 'update',
      seat: shooter,
      view: viewFor(state, shooter),
      events: [],
      seedHash: 'ab'.repeat(32),
      since: null,
      v: 0,
      record: null,
      bot: null,
      handTo: null,
    });
    expect(ctl.state.game?.aiming?.target).toBe(state.pending.target);
    ctl.setAim({ pitch: 999, back: -10 });
    expect(ctl.state.game?.aiming?.aim.pitch).toBe(60); // clamped into the cannon's ranges
    expect(ctl.state.game?.aiming?.aim.back).toBe(0); // never in front of the ship
  });

  it('shows a refusal in words and changes nothing else', () => {
    const { ctl } = controller();
    const view = viewFor(setUp(), 'red');
    ctl.change((s) => {
      s.game = ctl.newGameScreen('computer', 'red', s.forms.computer);
      s.game.view = view;
    });
    ctl.hear({
      t: 'error',
      code: 'action/wrong-decision',
      message: 'Red must turn a card. Expected turnCard, not setup.',
    });
    // A sentence for players, never the engine's wording.
    expect(ctl.state.game?.error).toBe(
      'That choice is no longer open: the table has moved on. Look at it and choose again.',
    );
    expect(ctl.state.game?.error).not.toContain('Expected');
    expect(ctl.state.game?.view).toBe(view);
  });

  it('every refusal code the engine or the server can send reads as a sentence for players', () => {
    for (const code of [...ENGINE_ERROR_CODES, ...SERVER_ERROR_CODES, null]) {
      const sentence = refusalSentence(code);
      expect(sentence).toMatch(/^[A-Z].*[.:!]$/);
      expect(sentence).not.toMatch(/[a-z]+\/[a-z]|turnCard|setup|undefined/);
    }
  });
});

/** An online game's status before its socket says anything. */
function onlineStatus(gameId: string) {
  return {
    gameId,
    inviteLink: null,
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
}

class FakeSocket {
  static OPEN = 1;
  static last: FakeSocket | null = null;
  readyState = 0;
  sent: unknown[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.last = this;
  }
  send(text: string) {
    this.sent.push(JSON.parse(text));
  }
  close() {
    this.readyState = 3;
    this.onclose?.();
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  receive(message: unknown) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
}

describe('the online link', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says hello with the token, drops duplicates, asks for a resync on a gap, acts against the last v', () => {
    vi.stubGlobal('WebSocket', FakeSocket);
    vi.stubGlobal('location', { protocol: 'http:', host: 'example.test', origin: 'http://example.test' });
    const { ctl } = controller();
    ctl.change((s) => {
      s.game = ctl.newGameScreen('online', 'red', s.forms.computer);
      s.game.online = {
        gameId: 'g1',
        inviteLink: null,
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
    });
    const link = new OnlineLink(ctl, 'g1', {
      seat: 'red',
      token: 'secret',
      invite: null,
      contribution: 'cd'.repeat(32),
      seedHash: null,
    });
    const socket = FakeSocket.last;
    if (socket === null) throw new Error('no socket');
    expect(socket.url).toBe('ws://example.test/api/games/g1/socket');
    socket.open();
    expect(socket.sent).toEqual([{ t: 'hello', token: 'secret', rulesOnce: true, deltas: 2 }]);
    const view: PlayerView = viewFor(setUp(), 'red');
    const presence = {
      seats: { red: { holder: 'human', connected: true }, blue: { holder: 'human', connected: false } },
      claimable: null,
    };
    socket.receive({ t: 'state', v: 4, viewer: 'red', view, seedHash: 'x', presence });
    expect(ctl.state.game?.online?.version).toBe(4);
    expect(ctl.state.game?.online?.opponentAwaySince).not.toBeNull();
    const updates = ctl.state.game?.updates ?? 0;
    socket.receive({ t: 'update', v: 4, events: [], view }); // a duplicate
    expect(ctl.state.game?.updates).toBe(updates);
    socket.receive({ t: 'update', v: 6, events: [], view }); // a gap
    expect(socket.sent.at(-1)).toEqual({ t: 'resync' });
    // As the server sends it after hello with rulesOnce: without the rules, which the state carried.
    const { rules: _inTheState, ...withoutRules } = view;
    socket.receive({ t: 'update', v: 5, events: [], view: withoutRules });
    expect(ctl.state.game?.updates).toBe(updates + 1);
    expect(ctl.state.game?.view?.rules).toEqual(view.rules);
    link.send('red', { type: 'turnCard', card: 2 });
    expect(socket.sent.at(-1)).toEqual({ t: 'act', v: 5, action: { type: 'turnCard', card: 2 } });
    // A state without `deltas` (a server of the release before): the updates' patches are format 1, the
    // changes to the view before, checked by their digest.
    const next = { ...withoutRules, turn: withoutRules.turn + 1 };
    socket.receive({
      t: 'update',
      v: 6,
      events: [],
      patch: diffViews(withoutRules, next),
      digest: viewDigest(next),
    });
    expect(ctl.state.game?.online?.version).toBe(6);
    expect(ctl.state.game?.view?.turn).toBe(view.turn + 1);
    expect(ctl.state.game?.view?.rules).toEqual(view.rules);
    // A patch whose result is not the server's view: nothing changes, and the page asks for the whole state.
    const sent = socket.sent.length;
    socket.receive({ t: 'update', v: 7, events: [], patch: [['turn', 99]], digest: viewDigest(next) });
    expect(ctl.state.game?.online?.version).toBe(6);
    expect(ctl.state.game?.view?.turn).toBe(view.turn + 1);
    expect(socket.sent.slice(sent)).toEqual([{ t: 'resync' }]);
    link.claim('computer');
    expect(socket.sent.at(-1)).toEqual({ t: 'claim', claim: 'computer' });
    link.close();
  });

  it('deltas 2: rebuilds every view of a game from packed events and lean patches, and resyncs on a lost or tampered one', () => {
    vi.stubGlobal('WebSocket', FakeSocket);
    vi.stubGlobal('location', { protocol: 'http:', host: 'example.test', origin: 'http://example.test' });
    const { ctl } = controller();
    ctl.change((s) => {
      s.game = ctl.newGameScreen('online', 'blue', s.forms.computer);
      s.game.online = onlineStatus('g4');
    });
    const link = new OnlineLink(ctl, 'g4', {
      seat: 'blue',
      token: 'secret',
      invite: null,
      contribution: 'cd'.repeat(32),
      seedHash: null,
    });
    const socket = FakeSocket.last;
    if (socket === null) throw new Error('no socket');
    socket.open();
    const presence = {
      seats: { red: { holder: 'human', connected: true }, blue: { holder: 'human', connected: true } },
      claimable: null,
    };
    // A whole game as the server plays it, each update to blue made as the server makes it (update-views.ts).
    let state = createGame({ seed: 'lean', turnLimit: 60 });
    const states = [state];
    const steps: { events: GameEvent[] }[] = [{ events: [] }];
    for (let i = 0; i < 400 && state.outcome === null; i++) {
      const seat = toAct(state)[0] ?? 'red';
      const choices = legalActions(state, seat);
      const played = applyAction(state, seat, choices[(i * 7) % choices.length]);
      if (!played.ok) throw new Error(played.error.message);
      state = played.state;
      states.push(state);
      steps.push({ events: eventsFor(played.events, 'blue') });
    }
    expect(state.outcome).not.toBeNull();
    const lean = (v: number) => packLeanView(packUpdateView(viewFor(states[v] as GameState, 'blue')));
    const patched = (v: number, patch = diffViews(lean(v - 1), lean(v), 2)) => ({
      t: 'update',
      v,
      events: (steps[v]?.events ?? []).map(packEvent),
      patch,
      digest: viewDigest(lean(v), 2),
    });
    socket.receive({
      t: 'state',
      v: 0,
      viewer: 'blue',
      view: packView(viewFor(states[0] as GameState, 'blue')),
      seedHash: 'x',
      presence,
      deltas: 2,
    });
    let packedEvents = 0;
    for (let v = 1; v < states.length; v++) {
      const message = patched(v);
      packedEvents += message.events.filter(Array.isArray).length;
      socket.receive(message);
      // The rebuilt view is the engine's, its legal actions and seats to act made on the page.
      expect(ctl.state.game?.view).toEqual(viewFor(states[v] as GameState, 'blue'));
      expect(ctl.state.game?.online?.version).toBe(v);
    }
    expect(packedEvents).toBeGreaterThan(states.length / 2);
    expect(socket.sent.filter((m) => (m as { t: string }).t === 'resync')).toEqual([]);
    // A lost update: the next one's patch is for a view this page does not hold; it asks for the state.
    const last = states.length - 1;
    socket.receive({
      t: 'state',
      v: 3,
      viewer: 'blue',
      view: packView(viewFor(states[3] as GameState, 'blue')),
      seedHash: 'x',
      presence,
      deltas: 2,
    });
    socket.receive(patched(5));
    expect(ctl.state.game?.online?.version).toBe(3);
    expect(socket.sent.at(-1)).toEqual({ t: 'resync' });
    socket.receive({
      t: 'state',
      v: 4,
      viewer: 'blue',
      view: packView(viewFor(states[4] as GameState, 'blue')),
      seedHash: 'x',
      presence,
      deltas: 2,
    });
    socket.receive(patched(5));
    expect(ctl.state.game?.view).toEqual(viewFor(states[5] as GameState, 'blue'));
    // A tampered patch (another turn written in): its view's digest is not the server's; nothing changes.
    const sent = socket.sent.length;
    const tampered = patched(6, [...diffViews(lean(5), lean(6), 2), ['turn', 77]]);
    socket.receive(tampered);
    expect(ctl.state.game?.online?.version).toBe(5);
    expect(ctl.state.game?.view).toEqual(viewFor(states[5] as GameState, 'blue'));
    expect(socket.sent.slice(sent)).toEqual([{ t: 'resync' }]);
    // Nor can the next patch build on it: until a state comes, every patch is refused.
    socket.receive(patched(6));
    expect(ctl.state.game?.online?.version).toBe(5);
    expect(socket.sent.slice(sent)).toEqual([{ t: 'resync' }, { t: 'resync' }]);
    // An event this release cannot read makes its update unreadable too.
    socket.receive({
      t: 'state',
      v: 5,
      viewer: 'blue',
      view: packView(viewFor(states[5] as GameState, 'blue')),
      seedHash: 'x',
      presence,
      deltas: 2,
    });
    socket.receive({ ...patched(6), events: [['noSuchEvent', 1]] });
    expect(ctl.state.game?.online?.version).toBe(5);
    expect(socket.sent.at(-1)).toEqual({ t: 'resync' });
    expect(last).toBeGreaterThan(6);
    link.close();
  });

  it('says hello again as the release before reads it when that server refuses deltas 2', () => {
    vi.stubGlobal('WebSocket', FakeSocket);
    vi.stubGlobal('location', { protocol: 'http:', host: 'example.test', origin: 'http://example.test' });
    const { ctl } = controller();
    ctl.change((s) => {
      s.game = ctl.newGameScreen('online', 'red', s.forms.computer);
      s.game.online = onlineStatus('g5');
    });
    const link = new OnlineLink(ctl, 'g5', null);
    const socket = FakeSocket.last;
    if (socket === null) throw new Error('no socket');
    socket.open();
    socket.receive({ t: 'error', code: 'message/invalid', message: 'hello: deltas: Invalid input.' });
    expect(socket.sent).toEqual([
      { t: 'hello', spectate: true, rulesOnce: true, deltas: 2 },
      { t: 'hello', spectate: true, rulesOnce: true, deltas: true },
    ]);
    // Once, not forever: a second refusal is shown as any error is.
    socket.receive({ t: 'error', code: 'message/invalid', message: 'hello: deltas: Invalid input.' });
    expect(socket.sent).toHaveLength(2);
    link.close();
  });

  it('a spectator link says hello to watch, sends nothing else, and keeps the clocks and the watchers', () => {
    vi.stubGlobal('WebSocket', FakeSocket);
    vi.stubGlobal('location', { protocol: 'http:', host: 'example.test', origin: 'http://example.test' });
    const { ctl } = controller();
    ctl.change((s) => {
      s.game = ctl.newGameScreen('online', 'red', s.forms.computer);
      s.game.watching = true;
      s.game.online = {
        gameId: 'g3',
        inviteLink: null,
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
    });
    const link = new OnlineLink(ctl, 'g3', null);
    const socket = FakeSocket.last;
    if (socket === null) throw new Error('no socket');
    socket.open();
    expect(socket.sent).toEqual([{ t: 'hello', spectate: true, rulesOnce: true, deltas: 2 }]);
    const view = viewFor(createGame({ seed: 'watch', entropy: 'seats' }), 'spectator');
    const presence = {
      seats: { red: { holder: 'human', connected: true }, blue: { holder: 'human', connected: true } },
      claimable: null,
      watchers: 3,
    };
    const clock = {
      control: { kind: 'live', minutes: 5, increment: 5 },
      left: { red: 300_000, blue: 299_000 },
      running: 'blue',
    };
    socket.receive({ t: 'state', v: 0, viewer: 'spectator', view, seedHash: 'x', presence, clock });
    expect(ctl.state.game?.online?.watchers).toBe(3);
    expect(ctl.state.game?.online?.clock?.view).toEqual(clock);
    expect(ctl.state.game?.online?.opponentAwaySince).toBeNull();
    // A spectator gives no share of chance, even when the game asks the seats for theirs.
    expect(socket.sent).toEqual([{ t: 'hello', spectate: true, rulesOnce: true, deltas: 2 }]);
    link.close();
  });

  it('going back from a watched game closes its socket (the players count one watcher less)', () => {
    vi.stubGlobal('WebSocket', FakeSocket);
    vi.stubGlobal('location', { protocol: 'http:', host: 'example.test', origin: 'http://example.test' });
    const { ctl } = controller();
    ctl.change((s) => {
      s.game = ctl.newGameScreen('online', 'red', s.forms.computer);
      s.game.watching = true;
      s.screen = 'game';
    });
    ctl.attach(new OnlineLink(ctl, 'g4', null));
    const socket = FakeSocket.last;
    if (socket === null) throw new Error('no socket');
    socket.open();
    ctl.showWatch();
    expect([ctl.state.screen, ctl.state.game, socket.readyState]).toEqual(['watch', null, 3]);
  });

  it('a setup refused as stale (both seats set up at once) is sent again after the resync', () => {
    vi.stubGlobal('WebSocket', FakeSocket);
    vi.stubGlobal('location', { protocol: 'http:', host: 'example.test', origin: 'http://example.test' });
    const { ctl } = controller();
    ctl.change((s) => {
      s.game = ctl.newGameScreen('online', 'red', s.forms.computer);
    });
    const link = new OnlineLink(ctl, 'g2', {
      seat: 'red',
      token: 't',
      invite: null,
      contribution: 'ef'.repeat(32),
      seedHash: null,
    });
    const socket = FakeSocket.last;
    if (socket === null) throw new Error('no socket');
    socket.open();
    const view = viewFor(createGame({ seed: 'stale' }), 'red');
    const presence = {
      seats: { red: { holder: 'human', connected: true }, blue: { holder: 'human', connected: true } },
      claimable: null,
    };
    socket.receive({ t: 'state', v: 0, viewer: 'red', view, seedHash: 'x', presence });
    const setup = view.legalActions[0];
    if (setup === undefined) throw new Error('no setup');
    link.send('red', setup);
    socket.receive({ t: 'error', code: 'act/stale', message: 'stale' });
    expect(socket.sent.at(-1)).toEqual({ t: 'resync' });
    expect(ctl.state.game?.error).toBeNull();
    socket.receive({ t: 'state', v: 1, viewer: 'red', view, seedHash: 'x', presence });
    expect(socket.sent.at(-1)).toEqual({ t: 'act', v: 1, action: setup });
    link.close();
  });

  it("gives the seat's contribution, unseen, when the game asks for it: once per state, again after a stale one", () => {
    vi.stubGlobal('WebSocket', FakeSocket);
    vi.stubGlobal('location', { protocol: 'http:', host: 'example.test', origin: 'http://example.test' });
    const { ctl } = controller();
    ctl.change((s) => {
      s.game = ctl.newGameScreen('online', 'blue', s.forms.computer);
    });
    const contribution = '5a'.repeat(32);
    const link = new OnlineLink(ctl, 'g3', {
      seat: 'blue',
      token: 't',
      invite: null,
      contribution,
      seedHash: null,
    });
    const socket = FakeSocket.last;
    if (socket === null) throw new Error('no socket');
    socket.open();
    const waiting = viewFor(createGame({ seed: 'asks', entropy: 'seats' }), 'blue');
    expect(waiting.pending).toEqual({ ask: 'contribute', seats: ['red', 'blue'] });
    const presence = {
      seats: { red: { holder: 'human', connected: true }, blue: { holder: 'human', connected: true } },
      claimable: null,
    };
    const contribute = (v: number) => ({
      t: 'act',
      v,
      action: { type: 'contribute', entropy: contribution },
    });
    socket.receive({ t: 'state', v: 0, viewer: 'blue', view: waiting, seedHash: 'ab'.repeat(32), presence });
    expect(socket.sent.at(-1)).toEqual(contribute(0));
    const sent = socket.sent.length;
    socket.receive({ t: 'presence', v: 0, presence });
    expect(socket.sent).toHaveLength(sent);
    // Red contributed first: ours was stale; the resync's state asks again, and it goes again.
    socket.receive({ t: 'error', code: 'act/stale', message: 'stale' });
    expect(socket.sent.at(-1)).toEqual({ t: 'resync' });
    expect(ctl.state.game?.error).toBeNull();
    const afterRed = applyAction(createGame({ seed: 'asks', entropy: 'seats' }), 'red', {
      type: 'contribute',
      entropy: '7e'.repeat(32),
    });
    if (!afterRed.ok) throw new Error(afterRed.error.message);
    const redGave = viewFor(afterRed.state, 'blue');
    expect(redGave.pending).toEqual({ ask: 'contribute', seats: ['blue'] });
    socket.receive({ t: 'state', v: 1, viewer: 'blue', view: redGave, seedHash: 'ab'.repeat(32), presence });
    expect(socket.sent.at(-1)).toEqual(contribute(1));
    expect(ctl.state.game?.fairness.seedHash).toBe('ab'.repeat(32));
    expect(JSON.stringify(ctl.state.game?.view)).not.toContain(contribution);
    // A server that swaps its seed behind a new commitment mid-game: the first one stays, the change is
    // remembered, and the check after the end fails on it whatever the record says.
    socket.receive({ t: 'state', v: 1, viewer: 'blue', view: redGave, seedHash: 'ef'.repeat(32), presence });
    const fairness = ctl.state.game?.fairness;
    if (fairness === undefined) throw new Error('no game');
    expect(fairness.seedHash).toBe('ab'.repeat(32));
    expect(fairness.changed).toBe('ef'.repeat(32));
    const report = checkFairness(fairness, recordOf(afterRed.state), null);
    expect(report.fair).toBe(false);
    expect(report.lines[0]?.text).toContain('The server changed its commitment during the game');
    link.close();
  });
});

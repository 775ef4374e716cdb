/**
 * R11 over the wire: random games played through sockets; afterwards every message each seat (and a
 * spectator) received is checked against the full record: it must equal the engine's view and events for
 * that receiver at that version, show no opponent kind or flag card not yet shown, no card back not yet
 * seen, and never the seed. Some friend games end with emotes and a rematch (issue 19): an emote reaches
 * the players only, and a rematch's new token reaches its own seat's socket and no other. Some games are paired
 * through the lobby: what the lobby socket, the seek list and the watch list said of them holds no token and no
 * seed, only the fields they are made of. Some are made by a challenge (issue 31): what the challenges lists
 * said to either player holds neither seat's token and no seed.
 */
import { randomBytes } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applyAction,
  eventsFor,
  type GameEvent,
  type GameRecord,
  type GameState,
  newGame,
  type PlayerView,
  type Viewer,
  viewFor,
} from '../../src/engine/index.ts';
import {
  type AcceptChallengeResponse,
  type ChallengeCreated,
  type ChallengesResponse,
  type DeltasVersion,
  type JoinGameResponse,
  type LiveGamesResponse,
  type OpenSeeksResponse,
  PATH_KEYS,
  type PlayerSummary,
  packLeanView,
  packUpdateView,
  type RecordResponse,
} from '../../src/protocol/index.ts';
import {
  Client,
  createGame,
  get,
  hello,
  isState,
  post,
  type ReadMessage,
  type StartServer,
  type TestServer,
} from './harness.ts';
import { placeSeek, Seeker } from './lobby-client.ts';
import { playRandomly } from './players.ts';

const AT_ONCE = 10;

let server: TestServer;

interface Played {
  readonly gameId: string;
  /** Each socket's messages as read (patched views rebuilt) and as sent (`texts`). */
  readonly received: { viewer: Viewer; messages: readonly ReadMessage[]; texts: readonly string[] }[];
  /** What the lobby said about this game while it was made and played (lobby games only). */
  readonly lobby: { readonly text: string; readonly tokens: readonly string[] } | null;
  /** What the challenges lists said to the two players about this game (challenge games only). */
  readonly challenge: { readonly text: string; readonly tokens: readonly string[] } | null;
}

/** A POST or GET as the identity of `secret`. */
async function asPlayer<T>(path: string, secret: string, body?: unknown): Promise<T> {
  const response = await fetch(`${server.url}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      authorization: `Bearer ${secret}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** A game made by a challenge (issue 31): one named player challenges another, who accepts. */
async function playThroughChallenge(index: number): Promise<Played> {
  const secrets = [randomBytes(32).toString('base64url'), randomBytes(32).toString('base64url')] as const;
  const [a, b] = await Promise.all(
    secrets.map((secret) => post<PlayerSummary>(server.url, '/api/players', { secret }).then((r) => r.body)),
  );
  const made = await asPlayer<ChallengeCreated>('/api/challenges', secrets[0], {
    opponent: b?.name,
    shots: 'quick',
    ...(index % 20 === 7 ? { clock: { kind: 'daily', days: 1 } } : {}),
  });
  const incoming = await asPlayer<ChallengesResponse>('/api/players/me/challenges', secrets[1]);
  const accepted = await asPlayer<AcceptChallengeResponse>(
    `/api/challenges/${made.challengeId}/accept`,
    secrets[1],
    {},
  );
  const outgoing = await asPlayer<ChallengesResponse>('/api/players/me/challenges', secrets[0]);
  const mine = outgoing.outgoing.find((c) => c.challengeId === made.challengeId);
  expect(mine?.other.id).toBe(b?.id);
  expect(incoming.incoming.find((c) => c.challengeId === made.challengeId)?.other.id).toBe(a?.id);
  const gameId = accepted.gameId;
  const seats = [
    { viewer: mine?.seat ?? 'red', token: made.token },
    { viewer: accepted.seat, token: accepted.token },
  ] as const;
  const clients: { viewer: Viewer; client: Client }[] = [];
  for (const { viewer, token } of seats) {
    const client = await Client.open(server.url, gameId);
    await client.ask(hello(token), isState);
    clients.push({ viewer, client });
  }
  const spectator = await Client.open(server.url, gameId);
  await spectator.ask(spectatorHello(index), isState);
  await Promise.all(clients.map(({ client }, i) => playRandomly(client, `challenge-${index}-${i}`)));
  await spectator.find((m) => m.t === 'update' && m.view.outcome !== null);
  clients.push({ viewer: 'spectator', client: spectator });
  await Promise.all(clients.map(({ client }) => client.close()));
  return {
    gameId,
    received: clients.map(({ viewer, client }) => ({
      viewer,
      messages: client.messages,
      texts: client.texts,
    })),
    lobby: null,
    challenge: { text: JSON.stringify([incoming, outgoing]), tokens: [made.token, accepted.token] },
  };
}

/** A game paired through the lobby: two seeks with a clock no other game of the batch asks for. */
async function playThroughLobby(index: number): Promise<Played> {
  const clock = { kind: 'daily', days: 1 + (index % 14) } as const;
  const first = await placeSeek(server.url, { shots: 'quick', clock });
  const seeker = await Seeker.wait(server.url, first.token);
  await seeker.find((m) => m.t === 'waiting');
  const seeks = await get<OpenSeeksResponse>(server.url, '/api/seeks');
  const second = await placeSeek(server.url, { shots: 'quick', clock });
  const paired = await seeker.paired();
  const gameId = paired.gameId;
  const live = await get<LiveGamesResponse>(server.url, '/api/live');
  const listed = live.body.games.find((g) => g.gameId === gameId);
  expect(Object.keys(listed ?? {}).sort()).toEqual(
    // Issue 31 item 6 adds only what a spectator sees anyway: ratings, the turn and who decides.
    [
      'clock',
      'createdAt',
      'gameId',
      'holders',
      'moves',
      'names',
      'ratings',
      'shots',
      'toMove',
      'turn',
      'variant',
      'watchLink',
    ].sort(),
  );
  const seats = [
    { viewer: paired.seat, token: first.token },
    { viewer: second.paired?.seat ?? 'red', token: second.token },
  ];
  const clients: { viewer: Viewer; client: Client }[] = [];
  for (const { viewer, token } of seats) {
    const client = await Client.open(server.url, gameId);
    await client.ask(hello(token), isState);
    clients.push({ viewer, client });
  }
  const spectator = await Client.open(server.url, gameId);
  await spectator.ask(spectatorHello(index), isState);
  await Promise.all(clients.map(({ client }, i) => playRandomly(client, `lobby-${index}-${i}`)));
  await spectator.find((m) => m.t === 'update' && m.view.outcome !== null);
  clients.push({ viewer: 'spectator', client: spectator });
  await Promise.all(clients.map(({ client }) => client.close()));
  await seeker.close();
  return {
    gameId,
    received: clients.map(({ viewer, client }) => ({
      viewer,
      messages: client.messages,
      texts: client.texts,
    })),
    lobby: {
      text: JSON.stringify([seeker.messages, seeks.body, listed, second.paired]),
      tokens: [first.token, second.token],
    },
    challenge: null,
  };
}

/**
 * The spectators read whole views, patches as the page of the release before does (`deltas: true`), or as
 * this page does (`deltas: 2`), in turn: each is checked (the seats read as this page does).
 */
function spectatorHello(index: number): unknown {
  return index % 3 === 0
    ? { t: 'hello', spectate: true }
    : index % 3 === 1
      ? { t: 'hello', spectate: true, rulesOnce: true, deltas: true }
      : { t: 'hello', spectate: true, rulesOnce: true, deltas: 2 };
}

/**
 * A patch carries nothing but parts of the view it makes: every value it sets is the value at that path in
 * the receiver's new view as it travels (`wire`: format 1's update view, format 2's lean view), and every item
 * it appends is an item of that list there; a removal carries nothing. So a patch can tell no more than the
 * view, which is checked against the record as every view is. Returns how many values were compared.
 */
function expectPatchOfView(patch: unknown, wire: unknown, format: DeltasVersion, where: string): number {
  expect(Array.isArray(patch), where).toBe(true);
  let compared = 0;
  for (const operation of patch as unknown[][]) {
    const path = String(operation[0]);
    if (operation.length === 1) continue;
    const keys = (path === '' ? [] : path.split('/')).map((key) =>
      format === 2 && Object.hasOwn(PATH_KEYS, key) ? (PATH_KEYS[key] as string) : key,
    );
    const append = keys.at(-1) === '-';
    let at: unknown = wire;
    for (const key of append ? keys.slice(0, -1) : keys) at = (at as Record<string, unknown>)?.[key];
    if (append) {
      const items = Array.isArray(at) ? at : [];
      expect(
        items.some((item) => isDeepStrictEqual(item, operation[1])),
        `${where}: an appended item not in the view (${path})`,
      ).toBe(true);
    } else
      expect(isDeepStrictEqual(at, operation[1]), `${where}: a value not in the view (${path})`).toBe(true);
    compared++;
  }
  return compared;
}

async function playOne(index: number): Promise<Played> {
  if (index % 10 === 3) return playThroughLobby(index);
  if (index % 10 === 7) return playThroughChallenge(index);
  const friend = index % 2 === 0;
  const created = await createGame(server.url, {
    opponent: friend ? 'friend' : 'computer',
    ...(friend ? {} : { level: 'random' }),
    turnLimit: 200,
    ...(index % 4 === 1 ? { variant: 'advanced' } : {}),
  });
  const seat = created.seat;
  const clients: { viewer: Viewer; client: Client }[] = [];
  const me = await Client.open(server.url, created.gameId);
  await me.ask(hello(created.token), isState);
  clients.push({ viewer: seat, client: me });
  const spectator = await Client.open(server.url, created.gameId);
  await spectator.ask(spectatorHello(index), isState);
  clients.push({ viewer: 'spectator', client: spectator });
  const players = [playRandomly(me, `leak-${index}-me`)];
  if (friend) {
    const joined = await post<JoinGameResponse>(server.url, `/api/games/${created.gameId}/join`, {
      invite: created.invite,
    });
    const other = await Client.open(server.url, created.gameId);
    await other.ask(hello(joined.body.token), isState);
    clients.push({ viewer: joined.body.seat, client: other });
    players.push(playRandomly(other, `leak-${index}-other`));
  }
  await Promise.all(players);
  // The spectator sees the last update too.
  await spectator.find((m) => m.t === 'update' && m.view.outcome !== null);
  // After the end: "Well played" both ways, and a rematch offered by one seat and accepted by the other.
  const seats = clients.filter((c) => c.viewer !== 'spectator');
  if (friend && index % 5 === 0 && seats.length === 2) {
    const [first, second] = seats;
    if (first === undefined || second === undefined) throw new Error('two seats expected');
    first.client.send({ t: 'emote', emote: 'well-played' });
    await second.client.find((m) => m.t === 'emote');
    const offered = second.client.find((m) => m.t === 'rematch' && m.state === 'offered');
    first.client.send({ t: 'rematch', yes: true });
    await offered;
    second.client.send({ t: 'rematch', yes: true });
    await Promise.all(
      clients.map(({ client }) => client.find((m) => m.t === 'rematch' && m.state === 'ready')),
    );
  }
  // A reloaded page's log and a look back at earlier moves: the same filters as the live game (in some games:
  // each answer replays the game).
  for (const { client } of index % 10 === 0 ? clients : []) {
    const end = client.latest()?.v ?? 0;
    await client.ask({ t: 'history' }, (m) => m.t === 'history');
    for (const v of [0, 3, Math.floor(end / 2), end])
      await client.ask({ t: 'review', v }, (m) => m.t === 'review');
  }
  await Promise.all(clients.map(({ client }) => client.close()));
  return {
    gameId: created.gameId,
    received: clients.map(({ viewer, client }) => ({
      viewer,
      messages: client.messages,
      texts: client.texts,
    })),
    lobby: null,
    challenge: null,
  };
}

/** The state after each version and the events of each action, from the record. */
export function history(record: GameRecord): { states: GameState[]; events: GameEvent[][] } {
  const created = newGame(record.options);
  if (!created.ok) throw new Error(created.error.message);
  const states = [created.value];
  const events: GameEvent[][] = [[]];
  for (const entry of record.actions) {
    const last = states[states.length - 1] as GameState;
    const result = applyAction(last, entry.seat, entry.action);
    if (!result.ok) throw new Error(result.error.message);
    states.push(result.state);
    events.push(result.events);
  }
  return { states, events };
}

/** What a view may show, checked field by field against the state it was made from (R11.1, R9.3, R6.5). */
function hiddenLeaks(view: PlayerView, state: GameState, viewer: Viewer): string[] {
  const leaks: string[] = [];
  const pieces = [
    ...view.ships.red.deck,
    ...view.ships.blue.deck,
    ...view.ships.red.extras,
    ...view.ships.blue.extras,
    ...view.out,
  ];
  for (const piece of pieces) {
    if (piece.kind !== null && piece.owner !== viewer && state.shown[piece.id] !== true) {
      leaks.push(`unshown kind of piece ${piece.id}`);
    }
  }
  for (const seat of ['red', 'blue'] as const) {
    view.ships[seat].flagSlots.forEach((card, slot) => {
      if (card !== null && seat !== viewer && state.flagShown[seat][slot] !== true) {
        leaks.push(`unshown flag card ${seat}:${slot}`);
      }
    });
  }
  for (const card of view.cards) {
    if (card.down !== null && state.cards[card.card]?.known !== true)
      leaks.push(`unseen back of card ${card.card}`);
  }
  return leaks;
}

/**
 * The suite compares tens of thousands of messages; Vitest's matchers cost most of its time when every one
 * goes through them. These check the common case (equal; absent) with Node's own comparison first and hand
 * only a failure (or a difference `toEqual` may forgive, such as an undefined field) to the matcher, which
 * decides it and prints the difference.
 */
function expectEqual(actual: unknown, expected: unknown, what?: string): void {
  if (!isDeepStrictEqual(actual, expected)) expect(actual, what).toEqual(expected);
}
function expectAbsent(text: string, secret: string, what: string): void {
  if (text.includes(secret)) expect(text.includes(secret), what).toBe(false);
}

/**
 * How many of a suite's games to play: all of them, or a share set by LEAK_GAMES_SHARE (scripts/node24.sh runs
 * the suite on a second Node with a quarter: the breadth of random games is the same on every Node, and CI's
 * time is not). At least 13 games, so a lobby game is still among them.
 */
function gamesToPlay(games: number): number {
  const share = Number(process.env.LEAK_GAMES_SHARE ?? '1');
  if (!(share > 0 && share <= 1)) throw new Error('LEAK_GAMES_SHARE must be a number above 0, at most 1.');
  return Math.min(games, Math.max(13, Math.round(games * share)));
}

export function leakSuite(title: string, start: StartServer, allGames: number): void {
  const games = gamesToPlay(allGames);
  describe(title, () => {
    beforeAll(async () => {
      server = await start();
    });
    afterAll(async () => {
      await server.stop();
    });
    it(`in ${games} random games, no message shows a seat anything it may not know`, async () => {
      const played: Played[] = [];
      for (let first = 0; first < games; first += AT_ONCE) {
        const batch = Array.from({ length: Math.min(AT_ONCE, games - first) }, (_, i) => playOne(first + i));
        played.push(...(await Promise.all(batch)));
      }
      let checked = 0;
      /** Patched updates checked, by format, and the values in them compared with their views. */
      const patched = { 1: 0, 2: 0 };
      let patchValues = 0;
      let lobbyGames = 0;
      let challengeGames = 0;
      for (const game of played) {
        const { status, body } = await get<RecordResponse>(server.url, `/api/games/${game.gameId}/record`);
        expect(status).toBe(200);
        const seed = body.record.options.seed;
        const { states, events } = history(body.record);
        if (game.lobby !== null) {
          for (const secret of [seed, ...game.lobby.tokens])
            expect(game.lobby.text.includes(secret)).toBe(false);
          lobbyGames++;
        }
        if (game.challenge !== null) {
          for (const secret of [seed, ...game.challenge.tokens])
            expect(game.challenge.text.includes(secret)).toBe(false);
          challengeGames++;
        }
        for (const { viewer, messages, texts } of game.received) {
          // A patch holds parts of the view it makes, and nothing else (each rebuilt view is checked below as
          // any view); its text is searched for the seed like every other message's.
          let format: DeltasVersion = 1;
          for (const text of texts) {
            expectAbsent(text, seed, `seed in a text to ${viewer}`);
            const sent = JSON.parse(text) as { t: string; v: number; deltas?: number; patch?: unknown };
            if (sent.t === 'state') format = sent.deltas === 2 ? 2 : 1;
            if (sent.t !== 'update' || sent.patch === undefined) continue;
            const state = states[sent.v];
            if (state === undefined) throw new Error(`a patch at v ${sent.v} beyond the record`);
            const wire = packUpdateView(viewFor(state, viewer));
            patchValues += expectPatchOfView(
              sent.patch,
              format === 2 ? packLeanView(wire) : wire,
              format,
              `a patch to ${viewer} at v ${sent.v}`,
            );
            patched[format]++;
          }
          // A rematch's new token is told to its own seat only; emotes go to the players only.
          const others = game.received
            .filter((r) => r.viewer !== viewer)
            .map((r) => JSON.stringify(r.messages));
          for (const message of messages) {
            if (message.t === 'emote') expect(viewer, 'an emote to a spectator').not.toBe('spectator');
            if (message.t !== 'rematch' || message.token === undefined) continue;
            expect(viewer, 'a rematch token to a spectator').not.toBe('spectator');
            expect(message.seat).toBe(viewer === 'red' ? 'blue' : 'red');
            for (const text of others)
              expect(text.includes(message.token), 'a token told to the other').toBe(false);
            checked++;
          }
          for (const message of messages) {
            const text = JSON.stringify(message);
            expectAbsent(text, seed, `seed in a message to ${viewer}`);
            if (message.t === 'history') {
              const told = events.flatMap((all, v) => {
                const seen = eventsFor(all, viewer);
                return seen.length > 0 ? [{ v, events: seen }] : [];
              });
              expectEqual(
                message.steps,
                told.filter((step) => step.v <= message.v),
              );
              checked++;
            }
            if (message.t !== 'state' && message.t !== 'update' && message.t !== 'review') continue;
            const state = states[message.v];
            if (state === undefined) throw new Error(`message at v ${message.v} beyond the record`);
            expectEqual(message.view, viewFor(state, viewer));
            expectEqual(hiddenLeaks(message.view, state, viewer), []);
            if (message.t === 'update') {
              expectEqual(message.events, eventsFor(events[message.v] ?? [], viewer));
              for (const event of message.events)
                if (event.audience !== 'all' && event.audience !== viewer)
                  expect(['all', viewer]).toContain(event.audience);
            }
            checked++;
          }
        }
      }
      expect(checked).toBeGreaterThan(games * 50);
      expect(patched[2], 'patched updates checked (format 2)').toBeGreaterThan(games * 20);
      expect(patched[1], 'patched updates checked (format 1)').toBeGreaterThan(games * 2);
      expect(patchValues, 'values in patches compared').toBeGreaterThan(games * 40);
      expect(lobbyGames).toBe(Math.ceil((games - 3) / 10));
      expect(challengeGames).toBe(Math.ceil((games - 7) / 10));
    });
  });
}

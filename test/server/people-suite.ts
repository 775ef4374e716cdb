/**
 * Issue 19, items 1, 3, 5 and 6 on the server: a name without an account (made, renamed, refused, forgotten),
 * ratings after a game between two identities (and none against the computer), rematch (declined, then
 * accepted with seats swapped and each token told to its own seat only), and emotes (to the players only,
 * a per-player limit). Run against one SQLite server (people.test.ts) and against two processes sharing
 * PostgreSQL and Redis (test/scale/people-pg.test.ts), where Red plays on one and Blue on the other, so
 * every emote and rematch answer crosses processes.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ClockControl,
  CreateGameResponse,
  GamePlayers,
  JoinGameResponse,
  PlayerPage,
  PlayerSummary,
  RematchMessage,
  ServerMessage,
  YourGamesResponse,
} from '../../src/protocol/index.ts';
import { NAME_LANGUAGES } from '../../src/protocol/index.ts';
import { pirateNamePairs } from '../../src/server/players/pirate-names.ts';
import { Client, hello, isState, type ReadMessage, type TestServer } from './harness.ts';
import { playUntilBothMoved, setUpUntilPlay } from './players.ts';

/** Red's process (and every HTTP call) and Blue's (and the spectators'); the same server in one process. */
let server: TestServer;
let other: TestServer;

const newSecret = () => randomBytes(32).toString('base64url');

async function call<T>(
  method: string,
  path: string,
  options: { secret?: string; body?: unknown; on?: TestServer } = {},
): Promise<{ status: number; body: T }> {
  const headers: Record<string, string> = {};
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.secret !== undefined) headers.authorization = `Bearer ${options.secret}`;
  const response = await fetch(`${(options.on ?? server).url}${path}`, {
    method,
    headers,
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  return { status: response.status, body: (await response.json()) as T };
}

async function newPlayer(name?: string): Promise<{ secret: string; player: PlayerSummary }> {
  const secret = newSecret();
  const made = await call<PlayerSummary>('POST', '/api/players', {
    body: name === undefined ? { secret } : { secret, name },
  });
  expect(made.status).toBe(201);
  return { secret, player: made.body };
}

/** A friend game between two identities (or none), both seats connected. */
async function friendGame(
  red: string | undefined,
  blue: string | undefined,
  turnLimit = 30,
  clock: ClockControl | null = null,
) {
  const created = await call<CreateGameResponse>('POST', '/api/games', {
    ...(red === undefined ? {} : { secret: red }),
    body: {
      opponent: 'friend',
      seat: 'red',
      shots: 'quick',
      turnLimit,
      ...(clock === null ? {} : { clock }),
    },
  });
  expect(created.status).toBe(201);
  const joined = await call<JoinGameResponse>('POST', `/api/games/${created.body.gameId}/join`, {
    on: other,
    ...(blue === undefined ? {} : { secret: blue }),
    body: { invite: created.body.invite },
  });
  expect(joined.status).toBe(200);
  const redSocket = await Client.open(server.url, created.body.gameId);
  await redSocket.ask(hello(created.body.token), isState);
  const blueSocket = await Client.open(other.url, created.body.gameId);
  await blueSocket.ask(hello(joined.body.token), isState);
  return {
    gameId: created.body.gameId,
    red: redSocket,
    blue: blueSocket,
    tokens: [created.body.token, joined.body.token],
  };
}

const isOver = (m: ReadMessage) => m.t === 'update' && m.view.outcome !== null;
const rematchIs = (state: RematchMessage['state']) => (m: ServerMessage) =>
  m.t === 'rematch' && m.state === state;

export function peopleSuite(title: string, start: () => Promise<readonly [TestServer, TestServer]>): void {
  describe(title, () => {
    beforeAll(async () => {
      [server, other] = await start();
    });
    afterAll(async () => {
      await server.stop();
      if (other !== server) await other.stop();
    });

    describe('a name without an account', () => {
      it("draws the pirate name in the page's language, and refuses a language it does not speak", async () => {
        for (const language of NAME_LANGUAGES) {
          const made = await call<PlayerSummary>('POST', '/api/players', {
            body: { secret: newSecret(), language },
          });
          expect(made.status, language).toBe(201);
          expect(pirateNamePairs(language), language).toContain(made.body.name.replace(/ \d\d$/, ''));
        }
        const odd = await call<{ code: string; message: string }>('POST', '/api/players', {
          body: { secret: newSecret(), language: 'xx' },
        });
        expect(odd).toMatchObject({ status: 400, body: { code: 'request/invalid' } });
        expect(odd.body.message).toMatch(/language/);
      });

      it('is made with a pirate name, read back by its secret only, renamed, refused when rude or taken, and forgotten', async () => {
        const { secret, player } = await newPlayer();
        expect(player.name).toMatch(/^[A-Z][a-z]+ [A-Z][a-z]+ \d\d$/);
        expect(player.rating).toEqual({ rating: 1500, rd: 350, games: 0 });
        // Asking again with the same secret gives the same player (a page that asked twice).
        const again = await call<PlayerSummary>('POST', '/api/players', { body: { secret } });
        expect(again).toEqual({ status: 200, body: player });
        expect((await call<PlayerSummary>('GET', '/api/players/me', { secret })).body).toEqual(player);
        expect((await call('GET', '/api/players/me')).status).toBe(401);
        expect((await call('GET', '/api/players/me', { secret: newSecret() })).status).toBe(404);

        const rude = await call<{ code: string }>('PUT', '/api/players/me/name', {
          secret,
          body: { name: 'Captain Sh1t' },
        });
        expect(rude).toMatchObject({ status: 400, body: { code: 'name/rude' } });
        const spaced = await call<{ code: string }>('PUT', '/api/players/me/name', {
          secret,
          body: { name: 'f u c k' },
        });
        expect(spaced.body.code).toBe('name/rude');
        const german = await call<{ code: string }>('PUT', '/api/players/me/name', {
          secret,
          body: { name: 'Arschloch' },
        });
        expect(german.body.code).toBe('name/rude');
        const odd = await call<{ code: string }>('PUT', '/api/players/me/name', {
          secret,
          body: { name: '<b>x</b>' },
        });
        expect(odd).toMatchObject({ status: 400, body: { code: 'name/invalid' } });
        const renamed = await call<PlayerSummary>('PUT', '/api/players/me/name', {
          secret,
          body: { name: '  Anne   Bonny ' },
        });
        expect(renamed).toMatchObject({ status: 200, body: { id: player.id, name: 'Anne Bonny' } });
        expect((await call<PlayerSummary>('GET', '/api/players/me', { secret })).body.name).toBe(
          'Anne Bonny',
        );

        const other = await newPlayer();
        const taken = await call<{ code: string }>('PUT', '/api/players/me/name', {
          secret: other.secret,
          body: { name: 'anne bonny' },
        });
        expect(taken).toMatchObject({ status: 409, body: { code: 'name/taken' } });
        const takenAtBirth = await call<{ code: string }>('POST', '/api/players', {
          body: { secret: newSecret(), name: 'ANNE BONNY' },
        });
        expect(takenAtBirth.status).toBe(409);

        // A player's page, by id or by name; nothing of the secret in it.
        const byName = await call<PlayerPage>('GET', `/api/players/${encodeURIComponent('Anne Bonny')}`);
        expect(byName.body).toMatchObject({ id: player.id, name: 'Anne Bonny', games: [] });
        expect(JSON.stringify(byName.body)).not.toContain(secret);

        expect((await call('DELETE', '/api/players/me', { secret })).status).toBe(200);
        expect((await call('GET', '/api/players/me', { secret })).status).toBe(404);
        expect((await call('GET', `/api/players/${player.id}`)).status).toBe(404);
        // The name is held for nobody a while (issue 35, NAME_HOLD_DAYS): not free at once for someone else.
        expect(
          (await call('PUT', '/api/players/me/name', { secret: other.secret, body: { name: 'Anne Bonny' } }))
            .status,
        ).toBe(409);
        // No secret in any log line.
        expect(server.logs.join('\n')).not.toContain(secret);
      });

      it('refuses a game made with an identity it does not know', async () => {
        const refused = await call<{ code: string }>('POST', '/api/games', {
          secret: newSecret(),
          body: { opponent: 'friend' },
        });
        expect(refused).toMatchObject({ status: 401, body: { code: 'player/unknown' } });
      });
    });

    describe('your games (issue 31, item 1)', () => {
      it("lists each identity's games in progress with whose turn and the clocks, on either process, and only to it", async () => {
        const a = await newPlayer();
        const b = await newPlayer();
        const yours = async (secret: string, on?: TestServer) =>
          (await call<YourGamesResponse>('GET', '/api/players/me/games', { secret, ...(on ? { on } : {}) }))
            .body.games;
        const timed: ClockControl = { kind: 'live', minutes: 5, increment: 5 };
        const game = await friendGame(a.secret, b.secret, 30, timed);
        // A friend game waiting for its friend, and a game against the computer: listed as such.
        const waiting = await call<CreateGameResponse>('POST', '/api/games', {
          secret: a.secret,
          body: { opponent: 'friend', seat: 'blue', shots: 'quick' },
        });
        // Setup: both hide their flags at once.
        const first = await yours(a.secret);
        expect(first.map((g) => g.gameId).sort()).toEqual([game.gameId, waiting.body.gameId].sort());
        expect(first.find((g) => g.gameId === game.gameId)).toMatchObject({
          seat: 'red',
          opponent: { id: b.player.id, name: b.player.name },
          toMove: 'both',
          clock: { control: timed, left: { red: 300_000, blue: 300_000 }, running: null },
          moves: 0,
          turn: 0,
        });
        expect(first.find((g) => g.gameId === waiting.body.gameId)).toMatchObject({
          seat: 'blue',
          opponent: 'open',
        });
        // In play: one seat decides, and its page says so to each player, on the other process too.
        await Promise.all([setUpUntilPlay(game.red), setUpUntilPlay(game.blue)]);
        const latest = game.red.latest();
        if (latest === null) throw new Error('no state');
        const redToMove = latest.view.legalActions.length > 0;
        const mine = (await yours(a.secret)).find((g) => g.gameId === game.gameId);
        const theirs = (await yours(b.secret, other)).find((g) => g.gameId === game.gameId);
        expect(mine?.toMove).toBe(redToMove ? 'you' : 'opponent');
        expect(theirs?.toMove).toBe(redToMove ? 'opponent' : 'you');
        expect(theirs).toMatchObject({ seat: 'blue', opponent: { id: a.player.id } });
        expect(mine?.clock?.running).toBe(redToMove ? 'red' : 'blue');
        expect(mine?.moves).toBeGreaterThanOrEqual(2);
        expect(mine?.turn).toBeGreaterThanOrEqual(1);
        // The game waiting for this player comes first.
        const order = await yours(redToMove ? a.secret : b.secret);
        expect(order[0]?.gameId).toBe(game.gameId);
        // Nobody else's: no identity, a wrong one, another identity.
        expect((await call('GET', '/api/players/me/games')).status).toBe(401);
        expect((await call('GET', '/api/players/me/games', { secret: newSecret() })).status).toBe(404);
        const c = await newPlayer();
        expect(await yours(c.secret)).toEqual([]);
        // Over: off the list.
        game.red.send({ t: 'resign' });
        await game.blue.find(isOver);
        await expect.poll(async () => (await yours(b.secret, other)).map((g) => g.gameId)).toEqual([]);
        await Promise.all([game.red.close(), game.blue.close()]);
      });
    });

    describe('ratings', () => {
      it('move after a game between two identities, never against the computer, and survive a forgotten opponent', async () => {
        const a = await newPlayer();
        const b = await newPlayer();
        const game = await friendGame(a.secret, b.secret);
        const players = await call<GamePlayers>('GET', `/api/games/${game.gameId}/players`);
        expect(players.body).toMatchObject({ red: { id: a.player.id }, blue: { id: b.player.id } });
        // Both move after the deal (so the game counts), then Red resigns: a defined result, Blue wins.
        await playUntilBothMoved(game.red, game.blue, game.gameId);
        game.red.send({ t: 'resign' });
        await game.blue.find(isOver);
        await expect
          .poll(async () => (await call<PlayerPage>('GET', `/api/players/${b.player.id}`)).body.rating.games)
          .toBe(1);
        const winner = (await call<PlayerPage>('GET', `/api/players/${b.player.id}`)).body;
        const loser = (await call<PlayerPage>('GET', `/api/players/${a.player.id}`)).body;
        // The end panel's numbers: each side's change and rating after, as the players' pages say them.
        const told = (await call<GamePlayers>('GET', `/api/games/${game.gameId}/players`)).body.rating;
        expect(told?.unrated).toEqual({ red: null, blue: null });
        expect(told?.after).toEqual({
          red: Math.round(loser.rating.rating),
          blue: Math.round(winner.rating.rating),
        });
        expect(Math.round(1500 + (told?.changes.red ?? 0))).toBe(loser.rating.rating);
        expect(Math.round(1500 + (told?.changes.blue ?? 0))).toBe(winner.rating.rating);
        expect(told?.changes.red).toBeLessThan(0);
        expect(winner.rating.rating).toBeGreaterThan(1500);
        expect(loser.rating.rating).toBeLessThan(1500);
        expect(winner.rating.rd).toBeLessThan(350);
        expect(winner.games).toEqual([
          expect.objectContaining({
            gameId: game.gameId,
            seat: 'blue',
            result: 'win',
            opponent: expect.objectContaining({ id: a.player.id }),
          }),
        ]);
        expect(winner.games[0]?.ratingChange).toBeGreaterThan(0);
        expect(loser.games[0]).toMatchObject({ result: 'loss' });
        expect(loser.games[0]?.ratingChange).toBeLessThan(0);
        // Its replay: the record is public once the game is over.
        expect((await call('GET', `/api/games/${game.gameId}/record`)).status).toBe(200);
        await Promise.all([game.red.close(), game.blue.close()]);

        // Against the computer: listed on the page, never rated.
        const created = await call<CreateGameResponse>('POST', '/api/games', {
          secret: a.secret,
          body: { opponent: 'computer', level: 'random', shots: 'quick' },
        });
        const socket = await Client.open(server.url, created.body.gameId);
        await socket.ask(hello(created.body.token), isState);
        socket.send({ t: 'resign' });
        await socket.find(isOver);
        // The game is listed when it is made; its result is written by the process that ended it, a moment
        // after the end is told: wait for the result, not only the listing.
        await expect
          .poll(
            async () => (await call<PlayerPage>('GET', `/api/players/${a.player.id}`)).body.games[0]?.result,
          )
          .toBe('loss');
        const after = (await call<PlayerPage>('GET', `/api/players/${a.player.id}`)).body;
        expect(after.rating).toEqual(loser.rating);
        expect(after.games[0]).toMatchObject({
          gameId: created.body.gameId,
          opponent: 'computer',
          result: 'loss',
          ratingChange: null,
        });
        await socket.close();

        // A forgotten player: gone from the other's page, whose rating change stays.
        await call('DELETE', '/api/players/me', { secret: a.secret });
        const kept = (await call<PlayerPage>('GET', `/api/players/${b.player.id}`)).body;
        expect(kept.rating).toEqual(winner.rating);
        expect(kept.games[0]).toMatchObject({ gameId: game.gameId, opponent: 'forgotten', result: 'win' });
        expect(kept.games[0]?.ratingChange).toBe(winner.games[0]?.ratingChange);
      });

      it('"Forget me" resigns the games in progress: the opponent wins, rated as any resignation (issue 35.8)', async () => {
        const a = await newPlayer();
        const b = await newPlayer();
        // Both moved after the deal: a rated game, which the one who leaves loses.
        const game = await friendGame(a.secret, b.secret);
        await playUntilBothMoved(game.red, game.blue, `${game.gameId}-forget`);
        // Not yet moved: ends too, unrated.
        const early = await friendGame(a.secret, b.secret);
        expect((await call('DELETE', '/api/players/me', { secret: a.secret })).status).toBe(200);
        const ended = await game.blue.find(isOver);
        if (ended.t !== 'update') throw new Error('no end');
        expect(ended.view.outcome).toMatchObject({ winner: 'blue', reason: 'resigned' });
        await early.blue.find(isOver);
        const page = (await call<PlayerPage>('GET', `/api/players/${b.player.id}`)).body;
        expect(page.rating.games).toBe(1);
        expect(page.rating.rating).toBeGreaterThan(1500);
        const byId = new Map(page.games.map((g) => [g.gameId, g]));
        expect(byId.get(game.gameId)).toMatchObject({ result: 'win', opponent: 'forgotten' });
        expect(byId.get(game.gameId)?.ratingChange).toBeGreaterThan(0);
        expect(byId.get(early.gameId)).toMatchObject({ result: 'win', ratingChange: null });
        await Promise.all([game.red, game.blue, early.red, early.blue].map((c) => c.close()));
      });

      it('a seat handed to the computer keeps its loss when its player comes back and wins; the page says how it ended (issue 35.8)', async () => {
        const a = await newPlayer();
        const b = await newPlayer();
        const game = await friendGame(a.secret, b.secret);
        await playUntilBothMoved(game.red, game.blue, `${game.gameId}-left`);
        // The seat to decide leaves; the other, once it may, hands it to the computer (a rated loss for it).
        const now = await game.red.ask({ t: 'resync' }, isState);
        if (now.t !== 'state') throw new Error('no state');
        const leaving = now.view.legalActions.length > 0 ? 'red' : 'blue';
        const [gone, staying] = leaving === 'red' ? [game.red, game.blue] : [game.blue, game.red];
        const goneToken = game.tokens[leaving === 'red' ? 0 : 1] ?? '';
        const [goneId, stayingId] =
          leaving === 'red' ? [a.player.id, b.player.id] : [b.player.id, a.player.id];
        await gone.close();
        await staying.find(
          (m) => (m.t === 'presence' || m.t === 'state') && m.presence.claimable === leaving,
        );
        staying.send({ t: 'claim', claim: 'computer' });
        await staying.find(
          (m) => (m.t === 'presence' || m.t === 'state') && m.presence.seats[leaving].holder === 'computer',
        );
        const page = async (id: string) => (await call<PlayerPage>('GET', `/api/players/${id}`)).body;
        await expect.poll(async () => (await page(goneId)).rating.games).toBe(1);
        // Back at the seat, the player takes it over again; the other resigns: the returning side wins.
        const back = await Client.open(leaving === 'red' ? server.url : other.url, game.gameId);
        await back.ask(hello(goneToken), isState);
        staying.send({ t: 'resign' });
        const over = await back.find(isOver);
        expect(over.t === 'update' && over.view.outcome?.winner).toBe(leaving);
        // Rated as at the leaving; the game's real end beside it.
        await expect.poll(async () => (await page(goneId)).games[0]?.ended).toBe('win');
        const left = await page(goneId);
        expect(left.games[0]).toMatchObject({ gameId: game.gameId, result: 'loss', ended: 'win' });
        expect(left.games[0]?.ratingChange).toBeLessThan(0);
        expect(left.rating.games).toBe(1);
        const stayed = await page(stayingId);
        expect(stayed.games[0]).toMatchObject({ gameId: game.gameId, result: 'win', ended: 'loss' });
        expect(stayed.games[0]?.ratingChange).toBeGreaterThan(0);
        await Promise.all([back.close(), staying.close()]);
      });

      it('a game between people without identities is rated for nobody', async () => {
        const game = await friendGame(undefined, undefined);
        game.blue.send({ t: 'resign' });
        await game.red.find(isOver);
        expect((await call<GamePlayers>('GET', `/api/games/${game.gameId}/players`)).body).toEqual({
          red: null,
          blue: null,
          // The end panel says why (issue 31 item 5).
          rating: {
            changes: { red: null, blue: null },
            after: { red: null, blue: null },
            unrated: { red: 'not-two-players', blue: 'not-two-players' },
            neverCame: null,
          },
        });
        await Promise.all([game.red.close(), game.blue.close()]);
      });
    });

    describe('rematch', () => {
      it('after a timed game keeps its time control (5 min + 5 s): both clocks full, none running', async () => {
        const a = await newPlayer();
        const b = await newPlayer();
        const control: ClockControl = { kind: 'live', minutes: 5, increment: 5 };
        const game = await friendGame(a.secret, b.secret, 30, control);
        game.blue.send({ t: 'resign' });
        await game.red.find(isOver);
        const offered = game.blue.next(rematchIs('offered'));
        game.red.send({ t: 'rematch', yes: true });
        await offered;
        const ready = game.red.next(rematchIs('ready'));
        game.blue.send({ t: 'rematch', yes: true });
        const forRed = (await ready) as RematchMessage;
        const next = await Client.open(other.url, forRed.gameId ?? '');
        const state = await next.ask(hello(forRed.token ?? ''), isState);
        expect(state.t === 'state' && state.clock).toEqual({
          control,
          left: { red: 300_000, blue: 300_000 },
          running: null,
        });
        await Promise.all([game.red.close(), game.blue.close(), next.close()]);
      });

      it('is declined, offered again and accepted: a new game with seats swapped, each token to its own seat only', async () => {
        const a = await newPlayer();
        const b = await newPlayer();
        const game = await friendGame(a.secret, b.secret);
        const spectator = await Client.open(other.url, game.gameId);
        await spectator.ask({ t: 'hello', spectate: true }, isState);
        // Not before the end.
        expect(await game.red.ask({ t: 'rematch', yes: true }, (m) => m.t === 'error')).toMatchObject({
          code: 'rematch/not-over',
        });
        game.blue.send({ t: 'resign' });
        await game.red.find(isOver);

        const offered = game.blue.next(rematchIs('offered'));
        game.red.send({ t: 'rematch', yes: true });
        expect(await offered).toEqual({ t: 'rematch', state: 'offered', by: 'red' });
        const declined = game.red.next(rematchIs('declined'));
        game.blue.send({ t: 'rematch', yes: false });
        expect(await declined).toEqual({ t: 'rematch', state: 'declined', by: 'blue' });
        // Nothing left to decline.
        expect(await game.blue.ask({ t: 'rematch', yes: false }, (m) => m.t === 'error')).toMatchObject({
          code: 'rematch/unavailable',
        });

        const offeredAgain = game.red.next(rematchIs('offered'));
        game.blue.send({ t: 'rematch', yes: true });
        expect(await offeredAgain).toMatchObject({ by: 'blue' });
        const redReady = game.red.next(rematchIs('ready'));
        const blueReady = game.blue.next(rematchIs('ready'));
        const watcherReady = spectator.next(rematchIs('ready'));
        game.red.send({ t: 'rematch', yes: true });
        const [forRed, forBlue, forWatcher] = (await Promise.all([
          redReady,
          blueReady,
          watcherReady,
        ])) as RematchMessage[];
        expect(forRed).toMatchObject({ seat: 'blue', token: expect.any(String) });
        expect(forBlue).toMatchObject({ seat: 'red', token: expect.any(String) });
        expect(forRed?.gameId).toBe(forBlue?.gameId);
        expect(forWatcher).toEqual({ t: 'rematch', state: 'ready', by: null, gameId: forRed?.gameId });
        // Each socket saw its own token only, and no old token was reused.
        const seen = (c: Client) => JSON.stringify(c.messages);
        expect(seen(game.red)).not.toContain(forBlue?.token);
        expect(seen(game.blue)).not.toContain(forRed?.token);
        expect(seen(spectator)).not.toContain(forRed?.token);
        expect(seen(spectator)).not.toContain(forBlue?.token);
        expect(game.tokens).not.toContain(forRed?.token);

        // The new game: the same players, seats swapped; each token holds its seat.
        const newId = forRed?.gameId ?? '';
        expect((await call<GamePlayers>('GET', `/api/games/${newId}/players`)).body).toMatchObject({
          red: { id: b.player.id },
          blue: { id: a.player.id },
        });
        const nowBlue = await Client.open(other.url, newId);
        const state = await nowBlue.ask(hello(forRed?.token ?? ''), isState);
        expect(state).toMatchObject({ viewer: 'blue' });
        // A second ask after it began is refused; a page that comes back is told where it went (its seat, no new token).
        expect(await game.red.ask({ t: 'rematch', yes: true }, (m) => m.t === 'error')).toMatchObject({
          code: 'rematch/unavailable',
        });
        const back = await Client.open(server.url, game.gameId);
        await back.ask(hello(game.tokens[0] ?? ''), isState);
        expect(await back.find(rematchIs('ready'))).toEqual({
          t: 'rematch',
          state: 'ready',
          by: null,
          gameId: newId,
          seat: 'blue',
        });
        await Promise.all([
          game.red.close(),
          game.blue.close(),
          spectator.close(),
          nowBlue.close(),
          back.close(),
        ]);
      });

      it('is refused against the computer', async () => {
        const created = await call<CreateGameResponse>('POST', '/api/games', {
          body: { opponent: 'computer', level: 'random', shots: 'quick' },
        });
        const socket = await Client.open(server.url, created.body.gameId);
        await socket.ask(hello(created.body.token), isState);
        socket.send({ t: 'resign' });
        await socket.find(isOver);
        expect(await socket.ask({ t: 'rematch', yes: true }, (m) => m.t === 'error')).toMatchObject({
          code: 'rematch/unavailable',
        });
        await socket.close();
      });
    });

    describe('emotes', () => {
      it('go to both players and no spectator, from a fixed list, at most three at once', async () => {
        const game = await friendGame(undefined, undefined);
        const spectator = await Client.open(other.url, game.gameId);
        await spectator.ask({ t: 'hello', spectate: true }, isState);
        const heard: ServerMessage[] = [];
        game.blue.onMessage((m) => {
          if (m.t === 'emote') heard.push(m);
        });
        for (const emote of ['arr', 'good-luck', 'oops']) game.red.send({ t: 'emote', emote });
        expect(await game.red.next((m) => m.t === 'error' || m.t === 'emote')).toEqual({
          t: 'emote',
          seat: 'red',
          emote: 'arr',
        });
        await expect.poll(() => heard.length).toBe(3);
        expect(heard.map((m) => (m.t === 'emote' ? m.emote : null))).toEqual(['arr', 'good-luck', 'oops']);
        // The fourth at once is refused with a sentence; the other seat has its own allowance.
        expect(await game.red.ask({ t: 'emote', emote: 'arr' }, (m) => m.t === 'error')).toMatchObject({
          code: 'emote/limited',
        });
        expect(
          await game.blue.ask(
            { t: 'emote', emote: 'well-played' },
            (m) => m.t === 'emote' && m.seat === 'blue',
          ),
        ).toBeTruthy();
        // No free text, and a spectator neither sends nor hears them.
        expect(await game.blue.ask({ t: 'emote', emote: 'you smell' }, (m) => m.t === 'error')).toMatchObject(
          {
            code: 'message/invalid',
          },
        );
        expect(await spectator.ask({ t: 'emote', emote: 'arr' }, (m) => m.t === 'error')).toMatchObject({
          code: 'auth/spectator',
        });
        expect(spectator.messages.some((m) => m.t === 'emote')).toBe(false);
        await Promise.all([game.red.close(), game.blue.close(), spectator.close()]);
      });
    });
  });
}

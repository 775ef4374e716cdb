/**
 * Issue 19, the lobby with identities: a seek carries its seeker's identity (never the page's word for a name
 * or a rating), so the lobby and the Watch page show names, pairing goes by stored rating, and a game paired
 * through the lobby is linked to both identities and rated at its end, whatever ends it: played out, resigned,
 * flagged on time, claimed after an absence, or abandoned to the computer; and so is its rematch. Run against
 * one SQLite server (rated-lobby.test.ts) and two servers sharing PostgreSQL and Redis
 * (test/scale/rated-lobby-pg.test.ts), where each pairing's two seekers and two sockets are on different ones.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  GamePlayers,
  LiveGamesResponse,
  OpenSeeksResponse,
  PlayerPage,
  PlayerSummary,
  RecordResponse,
  SeekRequest,
} from '../../src/protocol/index.ts';
import { DEFAULT_FAIR_PLAY, type ServerConfig } from '../../src/server/config.ts';
import { Client, get, hello, isState, type ReadMessage, type TestServer } from './harness.ts';
import { acceptSeek, lobbyPost, pairThroughLobby, placeSeek, Seeker } from './lobby-client.ts';
import { playRandomly, playUntilBothMoved } from './players.ts';

/** The servers' clock runs `ahead` ms ahead of the wall clock: a test moves time on, never waits for it. */
let ahead = 0;
const now = () => Date.now() + ahead;

/** What the suite needs of its servers: a short away time, a fake clock, a quick clock watch. */
export const RATED_LOBBY_CONFIG: Partial<ServerConfig> = {
  awayMs: 300,
  now,
  clockTickMs: 20,
  turnLimit: 40,
  // Two rated games make a player established: the farming test gets there quickly.
  fairPlay: { ...DEFAULT_FAIR_PLAY, provisionalGames: 2 },
};

let one: TestServer;
let two: TestServer;

interface Identity {
  readonly secret: string;
  readonly player: PlayerSummary;
}

async function newIdentity(): Promise<Identity> {
  const secret = randomBytes(32).toString('base64url');
  const made = await lobbyPost<PlayerSummary>(one.url, '/api/players', { secret });
  expect(made.status).toBe(201);
  return { secret, player: made.body };
}

const pageOf = async (who: Identity) =>
  (await get<PlayerPage>(one.url, `/api/players/${who.player.id}`)).body;

/** Waits until `who` has `games` rated games, and returns their page. */
async function ratedGames(who: Identity, games: number): Promise<PlayerPage> {
  await expect.poll(async () => (await pageOf(who)).rating.games).toBe(games);
  return pageOf(who);
}

/**
 * `a` seeks on the first server and waits, `b` seeks on the second and is paired with `a`; both sockets open,
 * `a`'s on the first server, `b`'s on the second. Rules nobody else in the suite asks for keep pairings apart.
 */
async function lobbyGame(a: Identity, b: Identity, request: SeekRequest) {
  const paired = await pairThroughLobby(
    { base: one.url, secret: a.secret },
    { base: two.url, secret: b.secret },
    request,
  );
  const sockets = {
    a: await Client.open(one.url, paired.gameId),
    b: await Client.open(two.url, paired.gameId),
  };
  await sockets.a.ask(hello(paired.first.token), isState);
  await sockets.b.ask(hello(paired.second.token), isState);
  return { gameId: paired.gameId, seats: { a: paired.first.seat, b: paired.second.seat }, sockets };
}

const isOver = (m: ReadMessage) => m.t === 'update' && m.view.outcome !== null;

export function ratedLobbySuite(title: string, start: () => Promise<readonly [TestServer, TestServer]>) {
  describe(title, () => {
    beforeAll(async () => {
      [one, two] = await start();
    });
    afterAll(async () => {
      await one.stop();
      if (two !== one) await two.stop();
    });

    it('seeks carry the identity: its name and stored rating are listed, its own seeks never pair', async () => {
      const a = await newIdentity();
      const rules: SeekRequest = { variant: 'advanced', shots: 'aimed', clock: { kind: 'daily', days: 5 } };
      // A rating is the server's to say: a page that says one is refused.
      const said = await lobbyPost<{ code: string }>(
        one.url,
        '/api/seeks',
        { ...rules, rating: 2900 },
        a.secret,
      );
      expect([said.status, said.body.code]).toEqual([400, 'request/invalid']);
      const unknown = await lobbyPost<{ code: string }>(one.url, '/api/seeks', rules, 'x'.repeat(43));
      expect([unknown.status, unknown.body.code]).toEqual([401, 'player/unknown']);

      const first = await placeSeek(one.url, rules, a.secret);
      const waiting = await Seeker.wait(one.url, first.token);
      await waiting.find((m) => m.t === 'waiting');
      const listed = (await get<OpenSeeksResponse>(two.url, '/api/seeks')).body.seeks;
      expect(listed.find((s) => s.seekId === first.seekId)).toMatchObject({
        name: a.player.name,
        rating: 1500,
      });
      // Its own page is not offered its own seek.
      const mine = await fetch(`${two.url}/api/seeks`, { headers: { authorization: `Bearer ${a.secret}` } });
      const seen = ((await mine.json()) as OpenSeeksResponse).seeks.map((s) => s.seekId);
      expect(seen).not.toContain(first.seekId);
      // The same identity from another tab: not paired with itself, and cannot take its own seek.
      const again = await placeSeek(two.url, rules, a.secret);
      expect(again.paired).toBeNull();
      const own = await acceptSeek(two.url, first.seekId, a.secret);
      expect([own.status, 'code' in own.body && own.body.code]).toEqual([409, 'seek/own']);
      const cancelled = await lobbyPost(two.url, `/api/seeks/${again.seekId}/cancel`, { token: again.token });
      expect(cancelled.status).toBe(200);

      // Another identity takes it from the list: both seats linked, named on the Watch page.
      const b = await newIdentity();
      const taken = await acceptSeek(two.url, first.seekId, b.secret);
      if (!('gameId' in taken.body)) throw new Error(`not taken: ${JSON.stringify(taken.body)}`);
      const heard = await waiting.paired();
      expect(heard.gameId).toBe(taken.body.gameId);
      const names = { [heard.seat]: a.player.name, [taken.body.seat]: b.player.name };
      const seats = (await get<GamePlayers>(one.url, `/api/games/${heard.gameId}/players`)).body;
      expect(seats[heard.seat]?.id).toBe(a.player.id);
      expect(seats[taken.body.seat]?.id).toBe(b.player.id);
      // Listed once both seats are claimed (a seat is claimed by its first hello).
      const sockets = [await Client.open(one.url, heard.gameId), await Client.open(two.url, heard.gameId)];
      await sockets[0]?.ask(hello(first.token), isState);
      await sockets[1]?.ask(hello(taken.body.token), isState);
      // Issue 31 item 6: with their ratings as stored, and the turn (ships being set up: both decide).
      const ratings = {
        [heard.seat]: Math.round(a.player.rating.rating),
        [taken.body.seat]: Math.round(b.player.rating.rating),
      };
      await expect
        .poll(async () => {
          const live = (await get<LiveGamesResponse>(two.url, '/api/live')).body.games;
          const listed = live.find((g) => g.gameId === heard.gameId);
          return (
            listed && { names: listed.names, ratings: listed.ratings, turn: listed.turn, to: listed.toMove }
          );
        })
        .toEqual({ names, ratings, turn: 0, to: 'both' });
      await waiting.close();
      await Promise.all(sockets.map((s) => s?.close()));
    });

    it('pairs by stored rating when there is a choice; a seeker without identity pairs too', async () => {
      // Two winners and two losers: ratings apart, by games the server rated.
      const [w1, l1, w2, l2] = await Promise.all([
        newIdentity(),
        newIdentity(),
        newIdentity(),
        newIdentity(),
      ]);
      for (const [winner, loser] of [
        [w1, l1],
        [w2, l2],
      ] as const) {
        const game = await lobbyGame(winner, loser, { variant: 'standard', shots: 'aimed' });
        await playUntilBothMoved(game.sockets.a, game.sockets.b, game.gameId);
        game.sockets.b.send({ t: 'resign' });
        await game.sockets.a.find(isOver);
        await Promise.all([game.sockets.a.close(), game.sockets.b.close()]);
      }
      const strong = (await ratedGames(w1, 1)).rating.rating;
      const weak = (await ratedGames(l1, 1)).rating.rating;
      await ratedGames(w2, 1);
      expect(strong).toBeGreaterThan(1600);
      expect(weak).toBeLessThan(1400);
      // The weak seeks first (standard rules), the strong second (advanced): they cannot pair.
      const seekers: Seeker[] = [];
      const wait = async (seek: { token: string }) => {
        const seeker = await Seeker.wait(one.url, seek.token);
        await seeker.find((m) => m.t === 'waiting');
        seekers.push(seeker);
      };
      const older = await placeSeek(one.url, { variant: 'standard', shots: 'quick' }, l1.secret);
      await wait(older);
      const stronger = await placeSeek(one.url, { variant: 'advanced', shots: 'quick' }, w1.secret);
      await wait(stronger);
      // A strong newcomer who takes any rules is paired with the strong seek, not the older weak one.
      const near = await placeSeek(two.url, { variant: 'any', shots: 'quick' }, w2.secret);
      const strongPairing = await seekers[1]?.paired();
      expect(strongPairing?.gameId).toBe(near.paired?.gameId);
      // Without an identity: paired all the same (the oldest first, test/server/lobby.test.ts), never rated.
      const anonymous = await placeSeek(two.url, { variant: 'any', shots: 'quick' });
      const weakPairing = await seekers[0]?.paired();
      expect(weakPairing?.gameId).toBe(anonymous.paired?.gameId);
      await Promise.all(seekers.map((s) => s.close()));
    });

    it('a lobby game played to its end is rated for both, listed on both pages with its replay, and so is the rematch', async () => {
      const a = await newIdentity();
      const b = await newIdentity();
      const game = await lobbyGame(a, b, {
        variant: 'standard',
        shots: 'quick',
        clock: { kind: 'daily', days: 7 },
      });
      await Promise.all([
        playRandomly(game.sockets.a, `rated-${game.gameId}-a`),
        playRandomly(game.sockets.b, `rated-${game.gameId}-b`),
      ]);
      const record = await get<RecordResponse>(one.url, `/api/games/${game.gameId}/record`);
      expect(record.status).toBe(200);
      const winner = record.body.outcome?.winner ?? null;
      const pages = { a: await ratedGames(a, 1), b: await ratedGames(b, 1) };
      for (const side of ['a', 'b'] as const) {
        const page = pages[side];
        const seat = game.seats[side];
        const result = winner === null ? 'draw' : winner === seat ? 'win' : 'loss';
        expect(page.games[0]).toMatchObject({ gameId: game.gameId, seat, result });
        expect(page.games[0]?.opponent).toMatchObject({ id: (side === 'a' ? b : a).player.id });
        expect(page.rating.rd).toBeLessThan(350);
        const change = page.games[0]?.ratingChange ?? Number.NaN;
        if (result === 'win') expect(change).toBeGreaterThan(0);
        else if (result === 'loss') expect(change).toBeLessThan(0);
        else expect(change).toBe(0);
      }
      // The replay each page links to: the record of that game.
      expect(record.body.gameId).toBe(game.gameId);

      // A rematch of a rated game is rated too: offered by one, accepted by the other, seats swapped.
      game.sockets.a.send({ t: 'rematch', yes: true });
      await game.sockets.b.find((m) => m.t === 'rematch' && m.state === 'offered');
      game.sockets.b.send({ t: 'rematch', yes: true });
      const ready = async (socket: Client) => {
        const message = await socket.find(
          (m) => m.t === 'rematch' && m.state === 'ready' && m.token !== undefined,
        );
        if (message.t !== 'rematch' || message.token === undefined || message.seat === undefined)
          throw new Error('no seat in the rematch');
        return { gameId: message.gameId ?? '', seat: message.seat, token: message.token };
      };
      const next = { a: await ready(game.sockets.a), b: await ready(game.sockets.b) };
      expect(next.a.seat).toBe(game.seats.b);
      const again = {
        a: await Client.open(one.url, next.a.gameId),
        b: await Client.open(two.url, next.b.gameId),
      };
      await again.a.ask(hello(next.a.token), isState);
      await again.b.ask(hello(next.b.token), isState);
      await playUntilBothMoved(again.a, again.b, next.a.gameId);
      again.a.send({ t: 'resign' });
      await again.b.find(isOver);
      const after = { a: await ratedGames(a, 2), b: await ratedGames(b, 2) };
      expect(after.a.games[0]).toMatchObject({ gameId: next.a.gameId, seat: next.a.seat, result: 'loss' });
      expect(after.b.games[0]).toMatchObject({ gameId: next.a.gameId, result: 'win' });
      expect(after.a.games[0]?.ratingChange).toBeLessThan(0);
      await Promise.all([game.sockets.a, game.sockets.b, again.a, again.b].map((s) => s.close()));
    });

    it('a flag on time is a loss that counts, whichever server the flagged player is on', async () => {
      const a = await newIdentity();
      const b = await newIdentity();
      const game = await lobbyGame(a, b, {
        variant: 'standard',
        shots: 'aimed',
        clock: { kind: 'live', minutes: 1, increment: 0 },
      });
      await playUntilBothMoved(game.sockets.a, game.sockets.b, game.gameId);
      const inPlay = game.sockets.a.messages.findLast((m) => m.t === 'update' || m.t === 'state');
      const running = inPlay?.t === 'update' || inPlay?.t === 'state' ? inPlay.clock?.running : null;
      if (running == null) throw new Error('no clock runs in play');
      ahead += 61_000;
      const over = await game.sockets.b.find(isOver);
      expect(over.t === 'update' && over.view.outcome?.message).toMatch(/ran out of time/);
      const flagged = running === game.seats.a ? a : b;
      const other = flagged === a ? b : a;
      expect((await ratedGames(flagged, 1)).games[0]).toMatchObject({ gameId: game.gameId, result: 'loss' });
      expect((await ratedGames(other, 1)).games[0]).toMatchObject({ gameId: game.gameId, result: 'win' });
      await Promise.all([game.sockets.a.close(), game.sockets.b.close()]);
    });

    it('issue 35: ratings cannot be farmed: resigning at once, throwaway identities and one reused opponent rate nothing past the rules', async () => {
      const rules: SeekRequest = { variant: 'standard', shots: 'quick', clock: { kind: 'daily', days: 5 } };
      const farmer = await newIdentity();
      const end = async (game: Awaited<ReturnType<typeof lobbyGame>>) => {
        game.sockets.b.send({ t: 'resign' });
        await game.sockets.a.find(isOver);
        await Promise.all([game.sockets.a.close(), game.sockets.b.close()]);
      };
      const resultsOf = async (who: Identity, games: number) => {
        await expect
          .poll(async () => (await pageOf(who)).games.filter((g) => g.result !== null).length)
          .toBe(games);
        return pageOf(who);
      };
      /** How the end panel is told the game moved ratings (issue 31 item 5): each side's reason, from `a`'s. */
      const told = async (game: Awaited<ReturnType<typeof lobbyGame>>) => {
        let rating: GamePlayers['rating'] = null;
        await expect
          .poll(async () => {
            rating = (await get<GamePlayers>(two.url, `/api/games/${game.gameId}/players`)).body.rating;
            return rating !== null && rating.unrated.red !== 'pending' && rating.unrated.blue !== 'pending';
          })
          .toBe(true);
        const { changes, unrated } = rating as unknown as NonNullable<GamePlayers['rating']>;
        const { a, b } = game.seats;
        return { a: unrated[a] ?? changes[a], b: unrated[b] ?? changes[b] };
      };
      // Throwaways resigning at the very first action, before the deal: recorded, rated for nobody.
      for (let i = 0; i < 3; i++) {
        const game = await lobbyGame(farmer, await newIdentity(), rules);
        await end(game);
        expect(await told(game)).toEqual({ a: 'not-moved', b: 'not-moved' });
      }
      let page = await resultsOf(farmer, 3);
      expect(page.rating).toMatchObject({ rating: 1500, games: 0 });
      // The page says what counts, with this server's numbers.
      expect(page.ratedRules).toEqual({ provisionalGames: 2, pairGamesPerDay: 3 });
      expect(page.games.map((g) => [g.result, g.ratingChange])).toEqual(Array(3).fill(['win', null]));
      // Two real games make the farmer established (PROVISIONAL_GAMES is 2 here): both players new, both move.
      const friend = await newIdentity();
      for (let i = 0; i < 2; i++) {
        const real = await lobbyGame(farmer, friend, rules);
        await playUntilBothMoved(real.sockets.a, real.sockets.b, real.gameId);
        await end(real);
        const moved = await told(real);
        expect([
          typeof moved.a === 'number' && moved.a > 0,
          typeof moved.b === 'number' && moved.b < 0,
        ]).toEqual([true, true]);
      }
      page = await resultsOf(farmer, 5);
      expect(page.rating.games).toBe(2);
      const established = page.rating.rating;
      // Throwaways that move once after the deal and then resign: a provisional player's game moves their own
      // rating only, never an established opponent's.
      for (let i = 0; i < 2; i++) {
        const throwaway = await newIdentity();
        const game = await lobbyGame(farmer, throwaway, rules);
        await playUntilBothMoved(game.sockets.a, game.sockets.b, game.gameId);
        await end(game);
        expect((await ratedGames(throwaway, 1)).rating.rating).toBeLessThan(1500);
        const onlyTheirs = await told(game);
        expect(onlyTheirs.a).toBe('provisional-opponent');
        expect(onlyTheirs.b).toBeLessThan(0);
      }
      page = await resultsOf(farmer, 7);
      expect(page.rating).toMatchObject({ rating: established, games: 2 });
      // One opponent reused: at most RATED_PAIR_GAMES_PER_DAY (3) games between the two count in a day.
      const reused = await newIdentity();
      const farmed = await newIdentity();
      for (let i = 0; i < 4; i++) {
        const again = await lobbyGame(farmed, reused, rules);
        await playUntilBothMoved(again.sockets.a, again.sockets.b, again.gameId);
        await end(again);
        if (i === 3) expect(await told(again)).toEqual({ a: 'pair-limit', b: 'pair-limit' });
      }
      page = await resultsOf(farmed, 4);
      expect(page.rating.games).toBe(3);
      expect(page.games[0]?.ratingChange).toBeNull();
      expect(page.games.slice(1).every((g) => (g.ratingChange ?? 0) > 0)).toBe(true);
      expect((await pageOf(reused)).rating.games).toBe(3);
    });

    it('the away claim and abandoning to the computer count as the absent player’s loss', async () => {
      for (const claim of ['win', 'computer'] as const) {
        const a = await newIdentity();
        const b = await newIdentity();
        // Untimed: a clock is a timed game's away rule in play.
        const game = await lobbyGame(a, b, { variant: 'advanced', shots: 'aimed' });
        // Both move after the deal; then B's page goes away, A plays on to B's decision; after the away
        // time A claims.
        await playUntilBothMoved(game.sockets.a, game.sockets.b, game.gameId);
        await game.sockets.b.close();
        await playRandomly(game.sockets.a, `${game.gameId}-on`, { untilIdle: true });
        await game.sockets.a.find(
          (m) => (m.t === 'presence' || m.t === 'state') && m.presence.claimable === game.seats.b,
        );
        game.sockets.a.send({ t: 'claim', claim });
        expect((await ratedGames(b, 1)).rating.rating).toBeLessThan(1500);
        expect((await ratedGames(a, 1)).rating.rating).toBeGreaterThan(1500);
        if (claim === 'win') {
          expect((await pageOf(a)).games[0]).toMatchObject({ gameId: game.gameId, result: 'win' });
        }
        await game.sockets.a.close();
      }
    });
  });
}

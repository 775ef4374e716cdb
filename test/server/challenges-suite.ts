/**
 * Issue 31 item 7, challenges: one named player challenges another by name with the lobby's options; the other
 * accepts (a game, both seats linked, each side with its own token) or declines; the challenger may cancel.
 * Every refusal has its code, every bound and the expiry are tried (the servers' clock is moved on, never
 * waited for), and "Forget me" takes a player's challenges with it, also while challenges to it are being
 * made and answered. Run against one SQLite server (challenges.test.ts) and two servers sharing PostgreSQL and
 * Redis (test/scale/challenges-pg.test.ts): each challenge is made on one and answered on the other.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AcceptChallengeResponse,
  ChallengeCreated,
  ChallengeRequest,
  ChallengesResponse,
  GamePlayers,
  PlayerPage,
  PlayerSummary,
  YourGamesResponse,
} from '../../src/protocol/index.ts';
import type { ServerConfig } from '../../src/server/config.ts';
import { CHALLENGE_DAILY_MS, CHALLENGE_LIVE_MS } from '../../src/server/lobby/challenges.ts';
import { PATIENCE_MS } from '../patience.ts';
import { Client, get, hello, isState, type TestServer } from './harness.ts';
import { lobbyPost } from './lobby-client.ts';
import { playUntilBothMoved } from './players.ts';

/** The servers' clock runs `ahead` ms ahead of the wall clock: a test moves time on, never waits for it. */
let ahead = 0;
const now = () => Date.now() + ahead;

export const CHALLENGES_CONFIG: Partial<ServerConfig> = { now };

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

interface Refusal {
  readonly t: string;
  readonly code: string;
  readonly message: string;
}

/** A POST as `who` (or as nobody), with the body sent as it is (`undefined`: none). */
async function send<T>(base: string, path: string, body: unknown, who?: Identity | string) {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (who !== undefined) headers.authorization = `Bearer ${typeof who === 'string' ? who : who.secret}`;
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as T };
}

async function challenge(from: Identity, to: string, options: Omit<ChallengeRequest, 'opponent'> = {}) {
  return send<ChallengeCreated & Refusal>(one.url, '/api/challenges', { opponent: to, ...options }, from);
}

async function made(from: Identity, to: Identity, options: Omit<ChallengeRequest, 'opponent'> = {}) {
  const answer = await challenge(from, to.player.name, options);
  if (answer.status !== 201) throw new Error(`challenge refused: ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/** Answers on the second server: accept, decline or cancel. */
function answer<T = Refusal>(
  who: Identity,
  id: string,
  action: 'accept' | 'decline' | 'cancel',
  base = two.url,
) {
  return send<T & Refusal>(base, `/api/challenges/${id}/${action}`, undefined, who);
}

async function listOf(who: Identity, base = two.url): Promise<ChallengesResponse> {
  const response = await fetch(`${base}/api/players/me/challenges`, {
    headers: { authorization: `Bearer ${who.secret}` },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as ChallengesResponse;
}

const codeOf = (answered: { status: number; body: Refusal }) => [answered.status, answered.body.code];

export function challengesSuite(title: string, start: () => Promise<readonly [TestServer, TestServer]>) {
  describe(title, () => {
    beforeAll(async () => {
      [one, two] = await start();
    });
    afterAll(async () => {
      await one.stop();
      if (two !== one) await two.stop();
    });

    it('refuses bad bodies, requests without a known identity, unknown players and oneself', async () => {
      const a = await newIdentity();
      const b = await newIdentity();
      for (const body of [
        null,
        7,
        [],
        'x',
        {},
        { opponent: 12 },
        { opponent: b.player.name, shots: 'loud' },
      ]) {
        const refused = await send<Refusal>(one.url, '/api/challenges', body, a);
        expect([refused.status, refused.body.t, refused.body.code]).toEqual([
          400,
          'error',
          'request/invalid',
        ]);
        expect(refused.body.message).toMatch(/^A challenge is not right: /);
      }
      // The challenger is the identity's word, never the body's.
      const said = await send<Refusal>(one.url, '/api/challenges', { opponent: b.player.name, from: 'x' }, a);
      expect(codeOf(said)).toEqual([400, 'request/invalid']);
      const nobody = await send<Refusal>(one.url, '/api/challenges', { opponent: b.player.name });
      expect(codeOf(nobody)).toEqual([401, 'player/identity']);
      const stranger = await send<Refusal>(
        one.url,
        '/api/challenges',
        { opponent: b.player.name },
        'z'.repeat(43),
      );
      expect(codeOf(stranger)).toEqual([401, 'player/unknown']);
      const listed = await fetch(`${one.url}/api/players/me/challenges`);
      expect(listed.status).toBe(401);
      expect(codeOf(await challenge(a, 'Nobody Called This 1'))).toEqual([404, 'player/unknown']);
      expect(codeOf(await challenge(a, a.player.name))).toEqual([409, 'challenge/self']);
      // By id as well as by name; an answer takes no body but `{}`.
      const byId = await challenge(a, b.player.id);
      expect(byId.status).toBe(201);
      const wrongBody = await send<Refusal>(
        two.url,
        `/api/challenges/${byId.body.challengeId}/accept`,
        null,
        b,
      );
      expect(codeOf(wrongBody)).toEqual([400, 'request/invalid']);
      expect(codeOf(await answer(b, 'no-such-challenge', 'accept'))).toEqual([404, 'challenge/gone']);
      expect(codeOf(await answer(b, '!!', 'decline'))).toEqual([404, 'challenge/gone']);
      expect((await answer(a, byId.body.challengeId, 'cancel')).status).toBe(200);
    });

    it('a challenge made on one server is listed and accepted on the other: both find the game', async () => {
      const a = await newIdentity();
      const b = await newIdentity();
      const options = {
        variant: 'advanced',
        shots: 'aimed',
        clock: { kind: 'live', minutes: 5, increment: 5 },
      } as const;
      const created = await made(a, b, options);
      expect(created.expiresAt).toEqual(expect.any(Number));
      const incoming = (await listOf(b)).incoming;
      expect(incoming).toEqual([
        {
          challengeId: created.challengeId,
          other: a.player,
          ...options,
          status: 'open',
          createdAt: expect.any(Number),
          expiresAt: created.expiresAt,
          gameId: null,
          seat: null,
        },
      ]);
      expect(incoming[0] && incoming[0].expiresAt - incoming[0].createdAt).toBe(CHALLENGE_LIVE_MS);
      expect((await listOf(a, one.url)).outgoing.map((c) => [c.challengeId, c.other.id, c.status])).toEqual([
        [created.challengeId, b.player.id, 'open'],
      ]);
      // Nothing anybody lists holds the challenger's token.
      expect(JSON.stringify([await listOf(a), await listOf(b)])).not.toContain(created.token);

      // Not the challenger's to accept, nor a third player's.
      const c = await newIdentity();
      expect(codeOf(await answer(a, created.challengeId, 'accept'))).toEqual([403, 'challenge/not-yours']);
      expect(codeOf(await answer(c, created.challengeId, 'decline'))).toEqual([403, 'challenge/not-yours']);
      expect(codeOf(await answer(b, created.challengeId, 'cancel'))).toEqual([403, 'challenge/not-yours']);

      const accepted = await answer<AcceptChallengeResponse>(b, created.challengeId, 'accept');
      expect(accepted.status).toBe(200);
      const { gameId, seat, token } = accepted.body;
      expect(codeOf(await answer(b, created.challengeId, 'accept'))).toEqual([409, 'challenge/answered']);
      expect(codeOf(await answer(a, created.challengeId, 'cancel', one.url))).toEqual([
        409,
        'challenge/answered',
      ]);
      // The challenger finds it by its list, on the other server: the game and its own seat.
      const outgoing = (await listOf(a, one.url)).outgoing;
      const other = seat === 'red' ? 'blue' : 'red';
      expect(outgoing.map((o) => [o.status, o.gameId, o.seat])).toEqual([['accepted', gameId, other]]);
      expect((await listOf(b)).incoming).toEqual([]);
      // Both seats are linked to their players, and each side's token holds its seat, each on its own server.
      const players = (await get<GamePlayers>(one.url, `/api/games/${gameId}/players`)).body;
      expect([players[other]?.id, players[seat]?.id]).toEqual([a.player.id, b.player.id]);
      const sockets = [await Client.open(one.url, gameId), await Client.open(two.url, gameId)];
      const states = [
        await sockets[0]?.ask(hello(created.token), isState),
        await sockets[1]?.ask(hello(token), isState),
      ];
      expect(states.map((s) => s?.t === 'state' && s.viewer)).toEqual([other, seat]);
      const first = states[0];
      expect(first?.t === 'state' && first.view.rules).toMatchObject({ variant: 'advanced', shots: 'aimed' });
      expect(first?.t === 'state' && first.clock?.control).toEqual(options.clock);
      // And in both players' "Your games".
      for (const who of [a, b]) {
        const response = await fetch(`${two.url}/api/players/me/games`, {
          headers: { authorization: `Bearer ${who.secret}` },
        });
        const games = ((await response.json()) as YourGamesResponse).games;
        expect(games.map((g) => g.gameId)).toContain(gameId);
      }
      await Promise.all(sockets.map((s) => s?.close()));
    });

    it('a challenge game is rated as any game between two named players: once both have moved', async () => {
      const a = await newIdentity();
      const b = await newIdentity();
      const created = await made(a, b, { shots: 'quick' });
      const accepted = await answer<AcceptChallengeResponse>(b, created.challengeId, 'accept');
      const { gameId, token } = accepted.body;
      const sockets = [await Client.open(one.url, gameId), await Client.open(two.url, gameId)] as const;
      await sockets[0].ask(hello(created.token), isState);
      await sockets[1].ask(hello(token), isState);
      await playUntilBothMoved(sockets[0], sockets[1], gameId);
      sockets[1].send({ t: 'resign' });
      await sockets[0].find((m) => m.t === 'update' && m.view.outcome !== null);
      for (const who of [a, b])
        await expect
          .poll(
            async () => (await get<PlayerPage>(one.url, `/api/players/${who.player.id}`)).body.rating.games,
            {
              timeout: PATIENCE_MS,
            },
          )
          .toBe(1);
      await Promise.all(sockets.map((s) => s.close()));
    });

    it('declined and cancelled challenges: each side sees it, and nothing more can be done to them', async () => {
      const a = await newIdentity();
      const b = await newIdentity();
      const declined = await made(a, b);
      expect((await answer(b, declined.challengeId, 'decline')).body).toEqual({ declined: true });
      expect((await listOf(a, one.url)).outgoing.map((c) => c.status)).toEqual(['declined']);
      expect((await listOf(b)).incoming).toEqual([]);
      expect(codeOf(await answer(b, declined.challengeId, 'accept'))).toEqual([409, 'challenge/answered']);
      expect(codeOf(await answer(b, declined.challengeId, 'decline'))).toEqual([409, 'challenge/answered']);
      // The challenger clears a declined one, and may challenge again.
      expect((await answer(a, declined.challengeId, 'cancel')).body).toEqual({ cancelled: true });
      expect((await listOf(a)).outgoing).toEqual([]);

      const cancelled = await made(a, b);
      expect((await answer(a, cancelled.challengeId, 'cancel', one.url)).body).toEqual({ cancelled: true });
      expect((await listOf(b)).incoming).toEqual([]);
      expect(codeOf(await answer(b, cancelled.challengeId, 'accept'))).toEqual([404, 'challenge/gone']);
      expect(codeOf(await answer(a, cancelled.challengeId, 'cancel'))).toEqual([404, 'challenge/gone']);
    });

    it('bounds: 5 open made, 20 open received, one open per pair (either way round)', async () => {
      const a = await newIdentity();
      const others = await Promise.all(Array.from({ length: 6 }, () => newIdentity()));
      const first = await made(a, others[0] as Identity);
      expect(codeOf(await challenge(a, others[0]?.player.name ?? ''))).toEqual([429, 'challenge/too-many']);
      expect(codeOf(await challenge(others[0] as Identity, a.player.name))).toEqual([
        429,
        'challenge/too-many',
      ]);
      for (const other of others.slice(1, 5)) await made(a, other);
      const sixth = await challenge(a, others[5]?.player.name ?? '');
      expect(codeOf(sixth)).toEqual([429, 'challenge/too-many']);
      expect(sixth.body.message).toMatch(/5 open challenges/);
      // An answered challenge is no longer open: room for one more.
      await answer(others[0] as Identity, first.challengeId, 'decline');
      expect((await challenge(a, others[5]?.player.name ?? '')).status).toBe(201);

      const popular = await newIdentity();
      const fans = await Promise.all(Array.from({ length: 21 }, () => newIdentity()));
      for (const fan of fans.slice(0, 20)) await made(fan, popular);
      const late = await challenge(fans[20] as Identity, popular.player.name);
      expect(codeOf(late)).toEqual([429, 'challenge/too-many']);
      expect(late.body.message).toContain(popular.player.name);
      expect((await listOf(popular)).incoming).toHaveLength(20);
    });

    it('expiry: 10 minutes for a live or no clock, 24 hours for a daily one, judged by the server clock', async () => {
      const a = await newIdentity();
      const b = await newIdentity();
      const c = await newIdentity();
      const live = await made(a, b, { clock: { kind: 'live', minutes: 3, increment: 2 } });
      const daily = await made(a, c, { clock: { kind: 'daily', days: 2 } });
      expect(daily.expiresAt - live.expiresAt).toBeGreaterThanOrEqual(
        CHALLENGE_DAILY_MS - CHALLENGE_LIVE_MS - 60_000,
      );
      ahead += CHALLENGE_LIVE_MS + 1000;
      expect(codeOf(await answer(b, live.challengeId, 'accept'))).toEqual([410, 'challenge/expired']);
      expect(codeOf(await answer(b, live.challengeId, 'decline'))).toEqual([410, 'challenge/expired']);
      expect((await listOf(b)).incoming).toEqual([]);
      expect((await listOf(a)).outgoing.map((o) => o.challengeId)).toEqual([daily.challengeId]);
      // A lapsed challenge is not open: the pair may challenge again.
      const again = await made(a, b);
      expect((await answer(a, again.challengeId, 'cancel')).status).toBe(200);
      expect((await listOf(c)).incoming.map((o) => o.challengeId)).toEqual([daily.challengeId]);
      ahead += CHALLENGE_DAILY_MS - CHALLENGE_LIVE_MS;
      expect(codeOf(await answer(c, daily.challengeId, 'accept'))).toEqual([410, 'challenge/expired']);
      expect((await listOf(c)).incoming).toEqual([]);
    });

    it('"Forget me" takes the challenges of the forgotten player, also while others challenge it', async () => {
      const a = await newIdentity();
      const b = await newIdentity();
      const c = await newIdentity();
      const toB = await made(a, b);
      const fromC = await made(c, a);
      const forgotten = await fetch(`${two.url}/api/players/me`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${a.secret}` },
      });
      expect(forgotten.status).toBe(200);
      expect((await listOf(b)).incoming).toEqual([]);
      expect((await listOf(c)).outgoing).toEqual([]);
      expect(codeOf(await answer(b, toB.challengeId, 'accept'))).toEqual([404, 'challenge/gone']);
      expect(codeOf(await answer(c, fromC.challengeId, 'cancel'))).toEqual([404, 'challenge/gone']);

      // Races: players challenge a player, and accept its challenges, on both servers while it is forgotten.
      for (let round = 0; round < 4; round++) {
        const leaving = await newIdentity();
        const fans = await Promise.all(Array.from({ length: 6 }, () => newIdentity()));
        const its = await Promise.all(fans.slice(0, 3).map((fan) => made(leaving, fan)));
        const answers = await Promise.all([
          ...fans
            .slice(3)
            .map((fan, i) =>
              send<Refusal>(
                i % 2 === 0 ? one.url : two.url,
                '/api/challenges',
                { opponent: leaving.player.id },
                fan,
              ),
            ),
          ...its.map((made, i) =>
            answer(fans[i] as Identity, made.challengeId, 'accept', i % 2 === 0 ? one.url : two.url),
          ),
          fetch(`${round % 2 === 0 ? one.url : two.url}/api/players/me`, {
            method: 'DELETE',
            headers: { authorization: `Bearer ${leaving.secret}` },
          }).then(async (r) => ({ status: r.status, body: (await r.json()) as Refusal })),
        ]);
        for (const { status, body } of answers) {
          expect(status, JSON.stringify(body)).toBeLessThan(500);
          if (status >= 400) expect(['player/unknown', 'challenge/gone']).toContain(body.code);
        }
        expect(answers.at(-1)?.status).toBe(200);
        // Afterwards nothing of the forgotten player is listed anywhere.
        for (const fan of fans) {
          const listed = await listOf(fan, round % 2 === 0 ? two.url : one.url);
          expect([...listed.incoming, ...listed.outgoing].filter((l) => l.status === 'open')).toEqual([]);
        }
      }
    });
  });
}

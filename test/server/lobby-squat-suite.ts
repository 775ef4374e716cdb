/**
 * Issue 35 item 2: one identity cannot take over the lobby. Run on one `pirates serve` process on SQLite
 * (lobby-squat.test.ts) and on two processes sharing one PostgreSQL schema and one Redis prefix
 * (test/scale/lobby-squat.test.ts), behind a trusted proxy's X-Forwarded-For (so each request names its address).
 * A squatter seeking from two addresses holds at most SEEKS_PER_PLAYER open seeks, an address at most
 * SEEKS_PER_ADDRESS; a newcomer paired with a squatter who never opens the game is out of it within
 * ABORT_SECONDS (unrated), its seek open again under the same token and paired with the next seeker, while the
 * squatter loses its other seeks and may not seek during its cool-down. Only a lobby game with a live clock or
 * none is aborted so: a friend's game and a daily game go on (the seat that never came is claimable after
 * AWAY_SECONDS, as any absence), and so does a game made by a challenge (issue 31).
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AcceptChallengeResponse,
  ChallengeCreated,
  ClockControl,
  GamePlayers,
  JoinGameResponse,
  OpenSeeksResponse,
  PlayerPage,
  PlayerSummary,
  SeekRequest,
  SeekResponse,
} from '../../src/protocol/index.ts';
import { Client, createGame, get, hello, isState, post, type ReadMessage } from './harness.ts';
import { pairThroughLobby, Seeker } from './lobby-client.ts';
import { playRandomly } from './players.ts';
import type { ServerProcess } from './process.ts';

/** The settings under test: a no-show is aborted after 1 s, an absence claimable after 3 s. */
export const SQUAT_ENV: Readonly<Record<string, string>> = {
  TRUST_PROXY: '127.0.0.1',
  SEEKS_PER_PLAYER: '2',
  SEEKS_PER_ADDRESS: '3',
  ABORT_SECONDS: '1',
  AWAY_SECONDS: '3',
  NO_SHOW_COOLDOWN_SECONDS: '600',
};

let servers: ServerProcess[] = [];

/** `start` spawns the processes (with SQUAT_ENV), `stop` cleans up after they have exited. */
export function lobbySquatSuite(
  title: string,
  start: () => Promise<ServerProcess[]>,
  stop: () => Promise<void> = async () => undefined,
): void {
  beforeAll(async () => {
    servers = await start();
  });
  afterAll(async () => {
    for (const server of servers) server.child.kill('SIGTERM');
    await Promise.all(servers.map((s) => s.exited));
    await stop();
  });

  function url(i: number): string {
    const server = servers[i % servers.length];
    if (server === undefined) throw new Error(`no server ${i}`);
    return server.url;
  }

  /** A seek from `address` (as the proxy names it), with an identity's secret or none. */
  async function seek(on: number, address: string, request: SeekRequest, secret?: string) {
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'x-forwarded-for': address,
    };
    if (secret !== undefined) headers.authorization = `Bearer ${secret}`;
    const response = await fetch(`${url(on)}/api/seeks`, {
      method: 'POST',
      headers,
      body: JSON.stringify(request),
    });
    return { status: response.status, body: (await response.json()) as SeekResponse & { code?: string } };
  }

  async function newIdentity(): Promise<{ secret: string; player: PlayerSummary }> {
    const secret = randomBytes(32).toString('base64url');
    const made = await fetch(`${url(0)}/api/players`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ secret }),
    });
    return { secret, player: (await made.json()) as PlayerSummary };
  }

  const listed = async () => (await get<OpenSeeksResponse>(url(1), '/api/seeks')).body.seeks;

  describe(title, () => {
    const kept: Seeker[] = [];
    afterAll(async () => {
      await Promise.all(kept.map((s) => s.close()));
    });

    // Past ABORT_SECONDS, a seat that never came becomes claimable after AWAY_SECONDS: the game was not aborted
    // by then (an abort ends it, and an ended game has nothing claimable), and is still going.
    async function stillGoingWhenClaimable(table: Client, absent: 'red' | 'blue'): Promise<void> {
      const heard = await table.find(
        (m: ReadMessage) =>
          ((m.t === 'presence' || m.t === 'state') && m.presence.claimable === absent) ||
          (m.t === 'update' && m.view.outcome !== null),
      );
      expect(heard.t === 'update' && heard.view.outcome).toBe(false);
      const now = await table.ask({ t: 'resync' }, isState);
      expect(now.t === 'state' && now.view.outcome).toBeNull();
      expect(now.t === 'state' && now.presence.claimable).toBe(absent);
    }

    for (const clock of [
      null,
      { kind: 'daily', days: 1 },
    ] as const satisfies readonly (ClockControl | null)[]) {
      it(`a friend's game (${clock === null ? 'untimed' : 'daily'}) whose joined seat never comes is not aborted`, async () => {
        const created = await createGame(url(0), { opponent: 'friend', seat: 'red', clock });
        const joined = await post<JoinGameResponse>(url(1), `/api/games/${created.gameId}/join`, {
          invite: created.invite,
        });
        expect(joined.status).toBe(200);
        const red = await Client.open(url(0), created.gameId);
        await red.ask(hello(created.token), isState);
        await playRandomly(red, `${created.gameId}-red`, { maxActions: 1 });
        await stillGoingWhenClaimable(red, 'blue');
        await red.close();
      });
    }

    it('a challenge game (issue 31) whose challenger never comes is not aborted: the two chose each other', async () => {
      const [challenger, accepter] = [await newIdentity(), await newIdentity()];
      const asPlayer = async <T>(on: number, path: string, secret: string, body: unknown) => {
        const response = await fetch(`${url(on)}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${secret}` },
          body: JSON.stringify(body),
        });
        expect(response.status).toBeLessThan(300);
        return (await response.json()) as T;
      };
      const made = await asPlayer<ChallengeCreated>(0, '/api/challenges', challenger.secret, {
        opponent: accepter.player.name,
        shots: 'quick',
      });
      const accepted = await asPlayer<AcceptChallengeResponse>(
        1,
        `/api/challenges/${made.challengeId}/accept`,
        accepter.secret,
        {},
      );
      const table = await Client.open(url(1), accepted.gameId);
      await table.ask(hello(accepted.token), isState);
      await playRandomly(table, `${accepted.gameId}-accepter`, { maxActions: 1 });
      await stillGoingWhenClaimable(table, accepted.seat === 'red' ? 'blue' : 'red');
      await table.close();
    });

    it('a daily game paired in the lobby whose seat never comes is not aborted: a daily player has the day', async () => {
      const pairing = await pairThroughLobby(
        { base: url(0) },
        { base: url(1) },
        {
          variant: 'advanced',
          clock: { kind: 'daily', days: 3 },
        },
      );
      const table = await Client.open(url(1), pairing.gameId);
      await table.ask(hello(pairing.second.token), isState);
      await playRandomly(table, `${pairing.gameId}-second`, { maxActions: 1 });
      await stillGoingWhenClaimable(table, pairing.first.seat);
      await table.close();
    });

    it('open seeks are bounded per identity (whatever its addresses) and per address (whatever its identities)', async () => {
      const squatter = await newIdentity();
      const answers: number[] = [];
      for (let i = 0; i < 10; i++) {
        // Rules nobody else here asks for, so none pairs; its socket keeps it offered.
        const placed = await seek(
          i,
          `10.1.0.${i % 2}`,
          { variant: 'standard', clock: { kind: 'daily', days: 1 + (i % 7) } },
          squatter.secret,
        );
        answers.push(placed.status);
        if (placed.status === 201) kept.push(await Seeker.wait(url(i), placed.body.token));
        else expect(placed.body.code).toBe('seek/too-many');
      }
      expect(answers.filter((s) => s === 201)).toHaveLength(2);
      // Seekers without a name from one address: three at most.
      const anonymous: number[] = [];
      for (let i = 0; i < 6; i++) {
        const placed = await seek(i, '10.2.0.1', {
          variant: 'advanced',
          clock: { kind: 'daily', days: 1 + i },
        });
        anonymous.push(placed.status);
        if (placed.status === 201) kept.push(await Seeker.wait(url(i), placed.body.token));
      }
      expect(anonymous.filter((s) => s === 201)).toHaveLength(3);
      expect((await listed()).filter((s) => s.name === squatter.player.name)).toHaveLength(2);
    });

    it('a newcomer paired with a seat that never comes is out within ABORT_SECONDS, unrated, back in the lobby; the no-show pays', async () => {
      const squatter = await newIdentity();
      const rules: SeekRequest = {
        variant: 'standard',
        shots: 'quick',
        clock: { kind: 'live', minutes: 3, increment: 2 },
      };
      const bait = await seek(0, '10.3.0.1', rules, squatter.secret);
      expect(bait.status).toBe(201);
      const squatting = await Seeker.wait(url(0), bait.body.token);
      await squatting.find((m) => m.t === 'waiting');
      const spare = await seek(0, '10.3.0.2', { ...rules, clock: null }, squatter.secret);
      expect(spare.status).toBe(201);
      kept.push(await Seeker.wait(url(0), spare.body.token));

      // The newcomer, on the other process, is paired with the squatter at once; its page opens the game and
      // contributes, as pages do; the squatter's never comes.
      const newcomer = await newIdentity();
      const paired = await seek(1, '10.4.0.1', rules, newcomer.secret);
      expect(paired.body.paired).not.toBeNull();
      const gameId = paired.body.paired?.gameId ?? '';
      const table = await Client.open(url(1), gameId);
      await table.ask(hello(paired.body.token), isState);
      await playRandomly(table, `${gameId}-newcomer`, { maxActions: 1 });
      const over = await table.find((m) => m.t === 'update' && m.view.outcome !== null);
      expect(over.t === 'update' && over.view.outcome?.winner).toBe(paired.body.paired?.seat);
      await table.close();

      // Back in the lobby: the same token waits again, is listed, and the next seeker is paired with it.
      const back = await Seeker.wait(url(0), paired.body.token);
      await back.find((m) => m.t === 'waiting');
      expect((await listed()).some((s) => s.name === newcomer.player.name)).toBe(true);
      const next = await seek(0, '10.5.0.1', rules);
      expect(next.status).toBe(201);
      const again = await back.paired();
      expect(again.gameId).toBe(next.body.paired?.gameId);
      await back.close();

      // Unrated for both; the squatter's other seek is gone and it may not seek during its cool-down, from any
      // address it used or as itself from another.
      await expect
        .poll(async () => (await get<PlayerPage>(url(0), `/api/players/${newcomer.player.id}`)).body.games[0])
        .toMatchObject({ gameId, result: 'win', ratingChange: null, aborted: true });
      // Listed as aborted (issue 31 item 5) on the squatter's page too, and the end panel is told who never came.
      const squatters = (await get<PlayerPage>(url(1), `/api/players/${squatter.player.id}`)).body.games;
      expect(squatters.find((g) => g.gameId === gameId)).toMatchObject({ aborted: true, ratingChange: null });
      const told = (await get<GamePlayers>(url(1), `/api/games/${gameId}/players`)).body.rating;
      const absent = paired.body.paired?.seat === 'red' ? 'blue' : 'red';
      expect(told).toMatchObject({ neverCame: absent, unrated: { red: 'not-moved', blue: 'not-moved' } });
      expect((await listed()).some((s) => s.name === squatter.player.name)).toBe(false);
      for (const [address, secret] of [
        ['10.3.0.1', undefined],
        ['10.9.9.9', squatter.secret],
      ] as const) {
        const refused = await seek(1, address, rules, secret);
        expect(refused).toMatchObject({ status: 429, body: { code: 'seek/cooldown' } });
      }
      await squatting.close();
    });
  });
}

/**
 * Issue 51, accounts that travel, tried as a player and as an attacker would: a passkey saved on one device
 * signs in on another (its own secret, the same player), link codes, devices listed and signed out, and every
 * attack refused with its code, changing nothing: a replayed or reused challenge, another origin or RP ID,
 * another player's credential, a tampered signature, a counter gone back, a used or expired link code, code
 * guessing. Run against one SQLite server (accounts.test.ts) and two servers sharing PostgreSQL and Redis
 * (test/scale/accounts-pg.test.ts): every ceremony is begun on one and finished on the other.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AccountView,
  CeremonyOptions,
  CreateGameResponse,
  LinkCodeView,
  PlayerSummary,
  SignedIn,
} from '../../src/protocol/index.ts';
import type { ServerConfig } from '../../src/server/config.ts';
import { LINK_CODE_MS } from '../../src/server/http/account-routes.ts';
import { PATIENCE_MS } from '../patience.ts';
import { SoftAuthenticator } from './authenticator.ts';
import { Client, hello, isState, type TestServer, testConfig } from './harness.ts';

/** The servers' clock runs `ahead` ms ahead of the wall clock: a test moves time on, never waits for it. */
let ahead = 0;
const now = () => Date.now() + ahead;

/** As behind a proxy: one site, whichever process answers. */
export const RP_ID = 'pirates.test';
export const ORIGIN = 'https://pirates.test';
export const ACCOUNTS_CONFIG: Partial<ServerConfig> = {
  now,
  passkeys: { rpId: RP_ID, origins: [ORIGIN] },
  // Every test here comes from one address: the bound on link codes tried is the one tried here.
  limits: { ...testConfig('').limits, linkTriesPerMinute: 20 },
};

let one: TestServer;
let two: TestServer;

interface Refusal {
  readonly code: string;
  readonly message: string;
}

const newSecret = () => randomBytes(32).toString('base64url');

async function call<T>(
  base: string,
  method: string,
  path: string,
  body?: unknown,
  secret?: string,
): Promise<{ status: number; body: T & Refusal }> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (secret !== undefined) headers.authorization = `Bearer ${secret}`;
  const response = await fetch(`${base}${path}`, {
    method,
    headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as T & Refusal };
}

async function newPlayer(): Promise<{ secret: string; player: PlayerSummary }> {
  const secret = newSecret();
  const made = await call<PlayerSummary>(one.url, 'POST', '/api/players', { secret });
  expect(made.status).toBe(201);
  return { secret, player: made.body };
}

/** Saves a passkey for the player of `secret`: options from one server, answer to the other. */
async function savePasskey(secret: string, key = new SoftAuthenticator()) {
  const options = await call<CeremonyOptions>(
    one.url,
    'POST',
    '/api/account/passkeys/options',
    undefined,
    secret,
  );
  expect(options.status).toBe(200);
  const o = options.body.options as { challenge: string; user: { id: string } };
  const credential = key.register({ challenge: o.challenge, rpId: RP_ID, origin: ORIGIN }, o.user.id);
  const saved = await call<AccountView>(two.url, 'POST', '/api/account/passkeys', { credential }, secret);
  return { key, saved, challenge: o.challenge, credential };
}

async function signInOptions(base = one.url): Promise<string> {
  const options = await call<CeremonyOptions>(base, 'POST', '/api/account/sign-in/options');
  expect(options.status).toBe(200);
  return (options.body.options as { challenge: string }).challenge;
}

function signIn(credential: unknown, secret = newSecret(), earlier?: string, merge?: 'move' | 'keep') {
  return call<SignedIn>(
    two.url,
    'POST',
    '/api/account/sign-in',
    { credential, secret, ...(merge === undefined ? {} : { merge }) },
    earlier,
  );
}

async function account(secret: string, base = one.url) {
  return call<AccountView>(base, 'GET', '/api/account', undefined, secret);
}

export function accountsSuite(title: string, start: () => Promise<readonly [TestServer, TestServer]>): void {
  describe(title, () => {
    beforeAll(async () => {
      [one, two] = await start();
    });
    afterAll(async () => {
      await one.stop();
      if (two !== one) await two.stop();
    });

    it('51.1: a passkey saved on one device signs in on another, which becomes the same player with its own secret', async () => {
      const laptop = await newPlayer();
      const { key, saved } = await savePasskey(laptop.secret);
      expect(saved.status).toBe(201);
      expect(saved.body.passkeys).toHaveLength(1);
      expect(saved.body.passkeys[0]?.id).toBe(key.id);
      const challenge = await signInOptions();
      const phoneSecret = newSecret();
      const phone = await signIn(key.assert({ challenge, rpId: RP_ID, origin: ORIGIN }), phoneSecret);
      expect(phone.status).toBe(201);
      expect(phone.body.player).toEqual(laptop.player);
      const me = await call<PlayerSummary>(one.url, 'GET', '/api/players/me', undefined, phoneSecret);
      expect(me.body.id).toBe(laptop.player.id);
      const list = await account(laptop.secret);
      expect(list.body.devices.map((d) => d.via).sort()).toEqual(['first', 'passkey']);
      expect(list.body.devices.find((d) => d.current)?.via).toBe('first');
      expect(list.body.passkeys[0]?.lastUsedAt).not.toBeNull();
      // Only public things: no secret, no hash, no key in what the list says.
      const text = JSON.stringify(list.body);
      expect(text).not.toContain(phoneSecret);
      expect(text).not.toContain('publicKey');
    });

    it('51.1: a passkey its player removed signs in nowhere any more, and the devices it signed in keep their own secrets', async () => {
      const laptop = await newPlayer();
      const { key } = await savePasskey(laptop.secret);
      const phoneSecret = newSecret();
      const phone = await signIn(
        key.assert({ challenge: await signInOptions(), rpId: RP_ID, origin: ORIGIN }),
        phoneSecret,
      );
      expect(phone.status).toBe(201);
      const removed = await call<AccountView>(
        one.url,
        'DELETE',
        `/api/account/passkeys/${key.id}`,
        undefined,
        laptop.secret,
      );
      expect(removed.status).toBe(200);
      expect(removed.body.passkeys).toEqual([]);
      const tablet = newSecret();
      const again = await signIn(
        key.assert({ challenge: await signInOptions(), rpId: RP_ID, origin: ORIGIN }),
        tablet,
      );
      expect(again.status).toBeGreaterThanOrEqual(400);
      expect(again.body.code).toBe('passkey/unknown');
      expect(again.body.message.length).toBeGreaterThan(10);
      // Nothing changed: no third device, the refused secret is nobody, the phone is still the player.
      expect((await account(laptop.secret)).body.devices).toHaveLength(2);
      const nobody = await call(one.url, 'GET', '/api/players/me', undefined, tablet);
      expect(nobody.status).toBe(404);
      expect(nobody.body.code).toBe('player/unknown');
      const me = await call<PlayerSummary>(two.url, 'GET', '/api/players/me', undefined, phoneSecret);
      expect(me.body.id).toBe(laptop.player.id);
    });

    it('51.4: a replayed sign-in (the same answer again) and a reused challenge are refused, changing nothing', async () => {
      const laptop = await newPlayer();
      const { key } = await savePasskey(laptop.secret);
      const challenge = await signInOptions();
      const answer = key.assert({ challenge, rpId: RP_ID, origin: ORIGIN });
      expect((await signIn(answer)).status).toBe(201);
      const replay = await signIn(answer);
      expect(replay.status).toBe(400);
      expect(replay.body.code).toBe('passkey/challenge');
      // A fresh signature over the used challenge: the challenge is gone.
      const reused = await signIn(key.assert({ challenge, rpId: RP_ID, origin: ORIGIN }));
      expect(reused.body.code).toBe('passkey/challenge');
      // A registration's challenge is single use too.
      const first = await savePasskey(laptop.secret);
      const again = await call(
        two.url,
        'POST',
        '/api/account/passkeys',
        { credential: first.credential },
        laptop.secret,
      );
      expect(again.body.code).toBe('passkey/challenge');
      expect((await account(laptop.secret)).body.devices).toHaveLength(2);
    });

    it('51.4: another origin or another RP ID is refused, and uses the challenge up', async () => {
      const laptop = await newPlayer();
      const { key } = await savePasskey(laptop.secret);
      for (const [rpId, origin] of [
        [RP_ID, 'https://evil.test'],
        ['evil.test', ORIGIN],
      ] as const) {
        const challenge = await signInOptions();
        const wrong = await signIn(key.assert({ challenge, rpId, origin }));
        expect(wrong.status).toBe(400);
        expect(wrong.body.code).toBe('passkey/refused');
        const after = await signIn(key.assert({ challenge, rpId: RP_ID, origin: ORIGIN }));
        expect(after.body.code).toBe('passkey/challenge');
      }
      // Registration from another origin is refused too.
      const options = await call<CeremonyOptions>(
        one.url,
        'POST',
        '/api/account/passkeys/options',
        undefined,
        laptop.secret,
      );
      const o = options.body.options as { challenge: string; user: { id: string } };
      const other = new SoftAuthenticator();
      const credential = other.register(
        { challenge: o.challenge, rpId: RP_ID, origin: 'https://evil.test' },
        o.user.id,
      );
      const refused = await call(two.url, 'POST', '/api/account/passkeys', { credential }, laptop.secret);
      expect(refused.body.code).toBe('passkey/refused');
      expect((await account(laptop.secret)).body.passkeys).toHaveLength(1);
      expect((await account(laptop.secret)).body.devices).toHaveLength(1);
    });

    it('51.4: a tampered signature and a counter gone back are refused', async () => {
      const laptop = await newPlayer();
      const { key } = await savePasskey(laptop.secret);
      let challenge = await signInOptions();
      expect(
        (await signIn(key.assert({ challenge, rpId: RP_ID, origin: ORIGIN }, { tamper: true }))).body.code,
      ).toBe('passkey/refused');
      challenge = await signInOptions();
      expect((await signIn(key.assert({ challenge, rpId: RP_ID, origin: ORIGIN }, { step: 5 }))).status).toBe(
        201,
      );
      key.counter = 1;
      challenge = await signInOptions();
      const back = await signIn(key.assert({ challenge, rpId: RP_ID, origin: ORIGIN }));
      expect(back.status).toBe(400);
      expect(back.body.code).toBe('passkey/refused');
      expect((await account(laptop.secret)).body.devices).toHaveLength(2);
    });

    it('51.4: a passkey nobody saved here, and another player’s challenge, are refused', async () => {
      const stranger = new SoftAuthenticator();
      const challenge = await signInOptions();
      const unknown = await signIn(stranger.assert({ challenge, rpId: RP_ID, origin: ORIGIN }));
      expect(unknown.status).toBe(404);
      expect(unknown.body.code).toBe('passkey/unknown');
      // Alice's registration challenge answered by Bob: not his to use.
      const alice = await newPlayer();
      const bob = await newPlayer();
      const options = await call<CeremonyOptions>(
        one.url,
        'POST',
        '/api/account/passkeys/options',
        undefined,
        alice.secret,
      );
      const o = options.body.options as { challenge: string; user: { id: string } };
      const credential = stranger.register(
        { challenge: o.challenge, rpId: RP_ID, origin: ORIGIN },
        o.user.id,
      );
      const stolen = await call(two.url, 'POST', '/api/account/passkeys', { credential }, bob.secret);
      expect(stolen.body.code).toBe('passkey/refused');
      expect((await account(bob.secret)).body.passkeys).toHaveLength(0);
      // Bob cannot remove Alice's passkey.
      const { key } = await savePasskey(alice.secret);
      const removed = await call(two.url, 'DELETE', `/api/account/passkeys/${key.id}`, undefined, bob.secret);
      expect(removed.body.code).toBe('passkey/unknown');
      expect((await account(alice.secret)).body.passkeys).toHaveLength(1);
    });

    it('51.4: a challenge past its time is refused', async () => {
      const laptop = await newPlayer();
      const { key } = await savePasskey(laptop.secret);
      const challenge = await signInOptions();
      ahead += 6 * 60 * 1000;
      const late = await signIn(key.assert({ challenge, rpId: RP_ID, origin: ORIGIN }));
      expect(late.body.code).toBe('passkey/challenge');
    });

    it('51.2: a link code makes another device the same player once; used, expired and guessed codes are refused', async () => {
      const laptop = await newPlayer();
      const made = await call<LinkCodeView>(
        one.url,
        'POST',
        '/api/account/link-codes',
        undefined,
        laptop.secret,
      );
      expect(made.status).toBe(201);
      expect(made.body.code).toMatch(/^[23456789ABCDEFGHJKMNPQRSTVWXYZ]{8}$/);
      const phoneSecret = newSecret();
      const typed = `${made.body.code.slice(0, 4).toLowerCase()}-${made.body.code.slice(4)}`;
      const linked = await call<SignedIn>(two.url, 'POST', '/api/account/link', {
        code: typed,
        secret: phoneSecret,
      });
      expect(linked.status).toBe(201);
      expect(linked.body.player.id).toBe(laptop.player.id);
      const used = await call(two.url, 'POST', '/api/account/link', {
        code: made.body.code,
        secret: newSecret(),
      });
      expect(used.status).toBe(409);
      expect(used.body.code).toBe('link/used');
      const late = await call<LinkCodeView>(
        one.url,
        'POST',
        '/api/account/link-codes',
        undefined,
        laptop.secret,
      );
      ahead += LINK_CODE_MS + 1000;
      const expired = await call(two.url, 'POST', '/api/account/link', {
        code: late.body.code,
        secret: newSecret(),
      });
      expect(expired.status).toBe(410);
      expect(expired.body.code).toBe('link/expired');
      expect((await account(laptop.secret)).body.devices).toHaveLength(2);
    });

    it('51.3: "Sign out everywhere else" refuses the other devices at once, on every process; "Sign out" ends this one', async () => {
      const laptop = await newPlayer();
      const code = await call<LinkCodeView>(
        one.url,
        'POST',
        '/api/account/link-codes',
        undefined,
        laptop.secret,
      );
      const phoneSecret = newSecret();
      expect(
        (await call(two.url, 'POST', '/api/account/link', { code: code.body.code, secret: phoneSecret }))
          .status,
      ).toBe(201);
      const after = await call<AccountView>(
        two.url,
        'POST',
        '/api/account/sign-out-others',
        undefined,
        laptop.secret,
      );
      expect(after.body.devices).toHaveLength(1);
      for (const base of [one.url, two.url]) {
        const refused = await call(base, 'GET', '/api/players/me', undefined, phoneSecret);
        expect(refused.status).toBe(401);
        expect(refused.body.code).toBe('device/revoked');
        const seek = await call(base, 'POST', '/api/games', { opponent: 'computer' }, phoneSecret);
        expect(seek.body.code).toBe('device/revoked');
      }
      const mine = (await account(laptop.secret)).body.devices[0];
      const out = await call(one.url, 'DELETE', `/api/account/devices/${mine?.id}`, undefined, laptop.secret);
      expect(out.status).toBe(200);
      expect((await account(laptop.secret, two.url)).body.code).toBe('device/revoked');
    });

    it("51.3: a signed-out device's game sockets are closed at once with device/revoked, on every process; its own seat is found by its identity", async () => {
      const laptop = await newPlayer();
      const game = await call<CreateGameResponse>(
        one.url,
        'POST',
        '/api/games',
        { opponent: 'computer' },
        laptop.secret,
      );
      expect(game.status).toBe(201);
      const { gameId, seat, token } = game.body;
      const code = await call<LinkCodeView>(
        one.url,
        'POST',
        '/api/account/link-codes',
        undefined,
        laptop.secret,
      );
      const phoneSecret = newSecret();
      const linked = await call(two.url, 'POST', '/api/account/link', {
        code: code.body.code,
        secret: phoneSecret,
      });
      expect(linked.status).toBe(201);
      // The phone has no token: its identity sits it at its player's seat, on the other process.
      const bySeat = await Client.open(two.url, gameId);
      const seated = await bySeat.ask({ t: 'hello', identity: phoneSecret, seat, rulesOnce: true }, isState);
      expect(seated.t === 'state' && seated.viewer).toBe(seat);
      // And a socket with the token says who it is too, on the first process.
      const byToken = await Client.open(one.url, gameId);
      await byToken.ask({ ...(hello(token) as object), identity: phoneSecret }, isState);
      const laptopSocket = await Client.open(one.url, gameId);
      await laptopSocket.ask({ ...(hello(token) as object), identity: laptop.secret }, isState);
      // Another player's identity sits nobody at this seat.
      const stranger = await newPlayer();
      const wrong = await Client.open(two.url, gameId);
      const refused = await wrong.ask(
        { t: 'hello', identity: stranger.secret, seat },
        (m) => m.t === 'error',
      );
      expect(refused.t === 'error' && refused.code).toBe('auth/not-your-seat');
      await wrong.close();

      const out = await call(one.url, 'POST', '/api/account/sign-out-others', undefined, laptop.secret);
      expect(out.status).toBe(200);
      for (const socket of [bySeat, byToken]) {
        const told = await socket.find((m) => m.t === 'error' && m.code === 'device/revoked');
        expect(told.t === 'error' && told.message).toContain('signed out');
        const deadline = Date.now() + PATIENCE_MS;
        while (!socket.closed && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
        expect(socket.closeCode).toBe(4401);
      }
      // The laptop's own socket goes on.
      expect(laptopSocket.closed).toBe(false);
      const again = await laptopSocket.ask({ t: 'resync' }, isState);
      expect(again.t === 'state' && again.viewer).toBe(seat);
      await laptopSocket.close();
      // A signed-out device's new hello is refused at once, on either process.
      for (const base of [one.url, two.url]) {
        const late = await Client.open(base, gameId);
        const said = await late.ask(
          { ...(hello(token) as object), identity: phoneSecret },
          (m) => m.t === 'error',
        );
        expect(said.t === 'error' && said.code).toBe('device/revoked');
        expect(late.messages.some(isState)).toBe(false);
        await late.close();
      }
    });

    it('51.4: "Forget me" takes the passkeys, devices and codes with the player', async () => {
      const laptop = await newPlayer();
      const { key } = await savePasskey(laptop.secret);
      const code = await call<LinkCodeView>(
        one.url,
        'POST',
        '/api/account/link-codes',
        undefined,
        laptop.secret,
      );
      expect((await call(two.url, 'DELETE', '/api/players/me', undefined, laptop.secret)).status).toBe(200);
      const challenge = await signInOptions();
      expect((await signIn(key.assert({ challenge, rpId: RP_ID, origin: ORIGIN }))).body.code).toBe(
        'passkey/unknown',
      );
      const link = await call(two.url, 'POST', '/api/account/link', {
        code: code.body.code,
        secret: newSecret(),
      });
      expect(link.body.code).toBe('link/unknown');
    });

    it('51.5: signing in with a player of its own, the device chooses: its games in progress move to the account, or stay', async () => {
      const account1 = await newPlayer();
      const { key } = await savePasskey(account1.secret);
      for (const merge of ['move', 'keep'] as const) {
        const local = await newPlayer();
        const game = await call<{ gameId: string }>(
          one.url,
          'POST',
          '/api/games',
          { opponent: 'computer' },
          local.secret,
        );
        expect(game.status).toBe(201);
        const challenge = await signInOptions();
        const signed = await signIn(
          key.assert({ challenge, rpId: RP_ID, origin: ORIGIN }),
          newSecret(),
          local.secret,
          merge,
        );
        expect(signed.status).toBe(201);
        expect(signed.body.moved).toEqual(merge === 'move' ? [game.body.gameId] : []);
        const accountGames = await call<{ games: { gameId: string }[] }>(
          one.url,
          'GET',
          '/api/players/me/games',
          undefined,
          account1.secret,
        );
        const localGames = await call<{ games: { gameId: string }[] }>(
          one.url,
          'GET',
          '/api/players/me/games',
          undefined,
          local.secret,
        );
        const where = merge === 'move' ? accountGames : localGames;
        expect(where.body.games.map((g) => g.gameId)).toContain(game.body.gameId);
      }
    });

    it('51.2: code guessing is bounded per address, and refused with its code', async () => {
      let limited: Refusal | null = null;
      for (let i = 0; i < 40 && limited === null; i++) {
        const guess = await call(two.url, 'POST', '/api/account/link', {
          code: '23456789',
          secret: newSecret(),
        });
        if (guess.status === 429) limited = guess.body;
        else expect(guess.body.code).toBe('link/unknown');
      }
      expect(limited?.code).toBe('rate/link-codes');
    });
  });
}

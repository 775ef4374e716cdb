/**
 * Issue 35 item 7 on a running server: names are unique by what they look like (lookalikes of "Captain Alice"
 * in other scripts, with a dotless i, a capital I for l, or fullwidth, are taken), and a given-up name (renamed
 * away, or forgotten) is held for NAME_HOLD_DAYS: nobody else may take it nor find anyone under it, its old
 * holder may take it back, and after the hold it is free. Run on SQLite (names.test.ts) and on two processes
 * sharing PostgreSQL (test/scale/names-pg.test.ts), where each change is made on one and checked on the other.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlayerSummary } from '../../src/protocol/index.ts';
import type { TestServer } from './harness.ts';

/** The players' clock, moved by the test past a hold. */
export const clock = { now: Date.now() };
export const HOLD_MS = 10 * 24 * 3600 * 1000;

const newSecret = () => randomBytes(32).toString('base64url');

/** The five lookalikes of issue 35: Cyrillic letters, a dotless i, a capital I for l, fullwidth, Greek. */
export const LOOKALIKES = [
  'Cаptаin Аlice', // Cyrillic а and А
  'Captaın Alice', // dotless ı
  'Captain AIice', // capital I for l
  'Ｃａｐｔａｉｎ Ａｌｉｃｅ', // fullwidth
  'CΑPTΑIN ΑLICE', // Greek Alpha, in capitals
];

export function namesSuite(title: string, start: () => Promise<readonly [TestServer, TestServer]>): void {
  describe(title, () => {
    let one: TestServer;
    let two: TestServer;
    beforeAll(async () => {
      [one, two] = await start();
    });
    afterAll(async () => {
      await one.stop();
      if (two !== one) await two.stop();
    });

    const call = async <T>(on: TestServer, method: string, path: string, secret?: string, body?: unknown) => {
      const headers: Record<string, string> = {};
      if (body !== undefined) headers['content-type'] = 'application/json';
      if (secret !== undefined) headers.authorization = `Bearer ${secret}`;
      const response = await fetch(`${on.url}${path}`, {
        method,
        headers,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return { status: response.status, body: (await response.json()) as T & { code?: string } };
    };
    const make = (on: TestServer, name: string, secret = newSecret()) =>
      call<PlayerSummary>(on, 'POST', '/api/players', undefined, { secret, name }).then((r) => ({
        ...r,
        secret,
      }));
    const rename = (on: TestServer, secret: string, name: string) =>
      call<PlayerSummary>(on, 'PUT', '/api/players/me/name', secret, { name });
    const page = (on: TestServer, name: string) =>
      call<PlayerSummary>(on, 'GET', `/api/players/${encodeURIComponent(name)}`);

    it('a lookalike of a name in use is taken, made or renamed to, on either process', async () => {
      const alice = await make(one, 'Captain Alice');
      expect(alice.status).toBe(201);
      for (const lookalike of LOOKALIKES) {
        const made = await make(two, lookalike);
        expect([made.status, made.body.code], lookalike).toEqual([409, 'name/taken']);
      }
      const bob = await make(two, 'Captain Bob');
      expect(bob.status).toBe(201);
      for (const lookalike of LOOKALIKES) {
        const renamed = await rename(one, bob.secret, lookalike);
        expect([renamed.status, renamed.body.code], lookalike).toEqual([409, 'name/taken']);
      }
      // Its own name in other letters is the player's to take: a lookalike of nobody else's.
      expect((await rename(two, alice.secret, 'CAPTAIN ALICE')).status).toBe(200);
    });

    it('a name given up is held: nobody else takes it or is found under it, until the hold ends', async () => {
      const mary = await make(one, 'Mary Read');
      expect(mary.status).toBe(201);
      expect((await rename(one, mary.secret, 'Anne Bonny')).status).toBe(200);
      // Free at once before issue 35: now the old name is held, and leads nobody to the new holder.
      const taker = await make(two, 'Mary Read');
      expect([taker.status, taker.body.code]).toEqual([409, 'name/taken']);
      const lookalike = await make(two, 'Mаry Reаd');
      expect([lookalike.status, lookalike.body.code]).toEqual([409, 'name/taken']);
      expect((await page(two, 'Mary Read')).status).toBe(404);
      // The one who gave it up may take it back.
      expect((await rename(two, mary.secret, 'Mary Read')).status).toBe(200);
      expect((await page(one, 'Mary Read')).body.id).toBe(mary.body.id);

      // Forgotten: the name is held for nobody.
      const calico = await make(one, 'Calico Jack');
      expect((await call(one, 'DELETE', '/api/players/me', calico.secret)).status).toBe(200);
      expect((await make(two, 'Calico Jack')).status).toBe(409);
      expect((await page(two, 'Calico Jack')).status).toBe(404);

      // After the hold, the name is anyone's.
      clock.now += HOLD_MS + 1000;
      const later = await make(two, 'Calico Jack');
      expect(later.status).toBe(201);
      expect((await page(one, 'Calico Jack')).body.id).toBe(later.body.id);
    });
  });
}

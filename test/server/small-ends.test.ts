/**
 * Issue 35 item 8, the small ends of the public surface: the lobby socket closes after a few wrong messages
 * (as a game socket does after a burst), a JSON `null` body is no empty request, a broken %-escape in the
 * address gets the server's own refusal shape, and a new identity's secret must be as random as the page's.
 */
import { randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';

const LOBBY_MISTAKES = 3;

import { PATIENCE_MS } from '../patience.ts';
import { startTestServer, type TestServer } from './harness.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

async function postJson(
  path: string,
  text: string,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: text,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('issue 35.8: small ends', () => {
  it('the lobby socket closes after a few wrong messages and answers no more of them', async () => {
    const socket = new WebSocket(`${server.url.replace('http', 'ws')}/api/lobby/socket`);
    const heard: { code?: string }[] = [];
    socket.on('message', (data) => heard.push(JSON.parse(String(data)) as { code?: string }));
    const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    for (let i = 0; i < 2000; i++) socket.send(i % 2 === 0 ? 'not json' : '{"t":"teleport"}');
    const code = await Promise.race([
      closed,
      new Promise<'open'>((resolve) => setTimeout(() => resolve('open'), PATIENCE_MS).unref()),
    ]);
    expect(code).toBe(4400);
    // Each of the first few is answered, then one word on the close; the other ~2,000 are dropped unread.
    expect(heard.length).toBeLessThanOrEqual(LOBBY_MISTAKES + 1);
    expect(heard.length).toBeGreaterThanOrEqual(LOBBY_MISTAKES);
    expect(heard.every((m) => typeof m.code === 'string')).toBe(true);
  });

  it('POST /api/seeks with a null body is refused, and no seek is placed', async () => {
    const before = (await (await fetch(`${server.url}/api/seeks`)).json()) as { seeks: unknown[] };
    const refused = await postJson('/api/seeks', 'null');
    expect([refused.status, refused.body.code]).toEqual([400, 'request/invalid']);
    for (const path of ['/api/games', '/api/players'])
      expect((await postJson(path, 'null')).body.code).toBe('request/invalid');
    const after = (await (await fetch(`${server.url}/api/seeks`)).json()) as { seeks: unknown[] };
    expect(after.seeks.length).toBe(before.seeks.length);
  });

  it('a broken %-escape in the address gets { t, code, message } without the path echoed', async () => {
    // fetch() would mend the address; a raw request sends it as an attacker does.
    const raw = await new Promise<{ status: number; text: string }>((resolve, reject) => {
      const url = new URL(server.url);
      const req = httpRequest(
        { host: url.hostname, port: url.port, path: '/api/players/%E0%A4%A<script>', method: 'GET' },
        (res) => {
          let text = '';
          res.on('data', (chunk) => {
            text += String(chunk);
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(raw.status).toBe(400);
    const body = JSON.parse(raw.text) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['code', 'message', 't']);
    expect(body).toMatchObject({ t: 'error', code: 'request/bad-url' });
    expect(raw.text).not.toContain('script');
  });

  it('a new identity needs the 256 random bits the page makes', async () => {
    const weak = [
      // The page's form (43 characters, a last one of the 16 a 32-byte end takes), made by hand:
      `${'a'.repeat(42)}A`,
      `${'abcd'.repeat(10)}abA`,
      `${randomBytes(32).toString('base64url')}extra`, // longer than 32 bytes
      randomBytes(24).toString('base64url'), // 192 bits
    ];
    for (const secret of weak) {
      const made = await postJson('/api/players', JSON.stringify({ secret }));
      expect([made.status, made.body.code], secret).toEqual([400, 'request/invalid']);
    }
    const secret = randomBytes(32).toString('base64url');
    expect((await postJson('/api/players', JSON.stringify({ secret }))).status).toBe(201);
  });
});

/**
 * `pirates verify`: a finished game checked from its address and from a saved record, a tampered record or
 * a wrong commitment caught, an old (format 1) record accepted, and bad input answered with a sentence.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordUrlOf, verifyCommand } from '../../src/cli/verify.ts';
import type { RecordResponse } from '../../src/protocol/index.ts';
import {
  Client,
  createGame,
  get,
  hello,
  isState,
  startTestServer,
  type TestServer,
} from '../server/harness.ts';
import { playRandomly } from '../server/players.ts';
import { capture } from './capture.ts';

let server: TestServer;
let dir: string;
let gameId: string;
let answer: RecordResponse;
let person: 'red' | 'blue';
/** The events the person's socket was told, by version: what the bundle must give back for that seat. */
let told: { v: number; events: readonly unknown[] }[];
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'pirates-verify-'));
  server = await startTestServer();
  const created = await createGame(server.url, { opponent: 'computer', level: 'random', turnLimit: 60 });
  const client = await Client.open(server.url, created.gameId);
  await client.ask(hello(created.token), isState);
  await playRandomly(client, 'verify');
  told = client.messages.flatMap((m) =>
    m.t === 'update' && m.events.length > 0 ? [{ v: m.v, events: m.events }] : [],
  );
  await client.close();
  gameId = created.gameId;
  person = created.seat;
  answer = (await get<RecordResponse>(server.url, `/api/games/${gameId}/record`)).body;
});
afterAll(async () => {
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
});

const verify = (...args: string[]) => capture(() => verifyCommand.run(args));
const file = (name: string, data: unknown) => {
  const path = join(dir, name);
  writeFileSync(path, typeof data === 'string' ? data : JSON.stringify(data));
  return path;
};

describe('pirates verify', () => {
  it('checks a finished game from its address: commitment, contributions, replay and outcome', async () => {
    const { code, out } = await verify(`${server.url}/play/${gameId}`);
    expect(code).toBe(0);
    expect(out).toContain('✓ replay: The record replays under the rules');
    expect(out).toContain('✓ commitment: The published seed matches the commitment');
    expect(out).toMatch(/✓ contributions: Both seats' contributions are in the record/);
    expect(out).toContain("is the server's for a computer seat");
    expect(out).toContain('✓ outcome: The replay ends as announced');
    expect(out).toContain('Fair: every check passed.');
  });

  it('checks a saved record, prints what a seat was shown, and catches a wrong commitment or a changed record', async () => {
    const saved = file('game.json', answer);
    const events = await verify(saved, '--events', 'red', '--json');
    expect(events.code).toBe(0);
    const lines = events.out.trim().split('\n');
    expect(JSON.parse(lines[0] ?? '{}')).toMatchObject({ fair: true });
    expect(lines.length).toBeGreaterThan(3);
    for (const line of lines.slice(1)) expect(JSON.parse(line)).toHaveProperty('event.type');

    const wrong = await verify(saved, '--seed-hash', 'ab'.repeat(32));
    expect(wrong.code).toBe(1);
    expect(wrong.out).toContain('✗ commitment: The published seed does NOT match');
    expect(wrong.out).toContain('NOT FAIR');

    // Someone edits the seed in the record (as if to claim other dice): the commitment gives it away.
    const forged = {
      ...answer,
      record: { ...answer.record, options: { ...answer.record.options, seed: 'x' } },
    };
    const caught = await verify(file('forged.json', forged));
    expect(caught.code).toBe(1);

    // A player's own contribution must be the one used.
    const seat = answer.record.actions.find((a) => a.action.type === 'contribute' && a.seat)?.seat ?? 'red';
    const mine = await verify(saved, '--seat', seat, '--contribution', 'ee'.repeat(32));
    expect(mine.code).toBe(1);
    expect(mine.out).toContain('does NOT hold the contribution you gave');
  });

  it('a record whose chance came from the seed alone fails, unless --seed-only accepts it (an old game)', async () => {
    const legacy = JSON.parse(
      readFileSync(new URL('../fixtures/legacy-standard.json', import.meta.url), 'utf8'),
    );
    const refused = await verify(file('legacy.json', legacy.record));
    expect(refused.code).toBe(1);
    expect(refused.out).toContain('Whoever held the seed could have chosen it');
    const { code, out } = await verify(file('legacy.json', legacy.record), '--seed-only');
    expect(code).toBe(0);
    expect(out).toContain('from before keyed chance (record format 1)');
    // A server that published a seed-only record for a game it hosted is caught the same way.
    const downgraded = {
      ...answer.record,
      options: { ...answer.record.options, entropy: 'seed' },
      actions: [],
    };
    const caught = await verify(file('down.json', downgraded));
    expect(caught.code).toBe(1);
    expect(caught.out).toContain('took no contributions');
  });

  it("--computer: the computer's share must be the one derived from the seed", async () => {
    const computer = person === 'red' ? 'blue' : 'red';
    expect((await verify(file('g.json', answer), '--computer', computer)).code).toBe(0);
    const wrong = await verify(file('g.json', answer), '--computer', person);
    expect(wrong.code).toBe(1);
    expect(wrong.out).toContain('NOT the one derived from the seed');
  });

  it('a record cut before the end is NOT FINISHED (exit 3), saying what was and was not checked', async () => {
    const cut = { ...answer.record, actions: answer.record.actions.slice(0, 10) };
    const { code, out } = await verify(file('cut.json', cut));
    expect(code).toBe(3);
    expect(out).not.toContain('Fair: every check passed');
    expect(out).toContain('NOT FINISHED: the record stops after 10 actions and the game is not over');
    expect(out).toContain('Checked (above): replay, contributions, on the 10 actions the record holds.');
    expect(out).toContain('Not checked: how the game ends');
    const json = await verify(file('cut.json', cut), '--json');
    expect(json.code).toBe(3);
    expect(JSON.parse(json.out)).toMatchObject({ verdict: 'unfinished', finished: false });
    expect(JSON.parse((await verify(file('g.json', answer), '--json')).out)).toMatchObject({
      verdict: 'fair',
      finished: true,
    });
    // Cut, yet published with the announced outcome: the outcome check fails, and a failure outweighs.
    const cutAnswer = await verify(file('cut-answer.json', { ...answer, record: cut }));
    expect(cutAnswer.code).toBe(1);
    expect(cutAnswer.out).toContain('NOT FAIR');
    expect(verifyCommand.usage).toContain(
      '3 when every check passes but the record is not of a finished game',
    );
  });

  it("--bundle writes a finished game's record with the events each seat was shown, and nothing for an unfinished one", async () => {
    const path = join(dir, 'bundle.json');
    const { code } = await verify(file('b.json', answer), '--bundle', path);
    expect(code).toBe(0);
    const bundle = JSON.parse(readFileSync(path, 'utf8'));
    expect(bundle).toMatchObject({
      bundle: 'pirates-stratego/verification/1',
      seedHash: answer.seedHash,
      outcome: answer.outcome,
      record: answer.record,
    });
    // The person's part is what the server told its socket, step by step (the socket's history shape).
    const mine = new Map<number, unknown>(
      bundle.events[person].map((step: { v: number; events: unknown }) => [step.v, step.events]),
    );
    expect(told.length).toBeGreaterThan(3);
    for (const step of told) expect(mine.get(step.v)).toEqual(step.events);
    // The public part numbers every coin and shot of the game, in order.
    const publicEvents = bundle.events.spectator.flatMap(
      (step: { events: { type: string }[] }) => step.events,
    );
    expect(publicEvents.some((e: { type: string }) => e.type === 'coinTossed')).toBe(true);
    expect(JSON.stringify(bundle.events.spectator)).not.toContain('entropy');

    const cut = { ...answer.record, actions: answer.record.actions.slice(0, 10) };
    const unfinished = join(dir, 'unfinished-bundle.json');
    const early = await verify(file('cut.json', cut), '--bundle', unfinished);
    expect(early.code).toBe(3);
    expect(early.err).toContain('no bundle written: the game is not over');
    expect(() => readFileSync(unfinished)).toThrow();
  });

  it('piped into a reader that closes (| head -0), it ends quietly with the verdict as its exit code', async () => {
    const saved = file('piped.json', answer);
    const child = spawn(process.execPath, ['bin/pirates.js', 'verify', saved, '--events', 'spectator'], {
      cwd: new URL('../..', import.meta.url),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.destroy(); // the reader is gone before the first line is written
    let err = '';
    child.stderr.on('data', (chunk: Buffer) => {
      err += chunk.toString();
    });
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(err).toBe('');
    expect(code).toBe(0);
  });

  it('answers bad input with a sentence and exit code 2', async () => {
    expect(await verify()).toMatchObject({ code: 2, err: expect.stringContaining('give one record file') });
    expect((await verify(join(dir, 'missing.json'))).code).toBe(2);
    const notJson = await verify(file('bad.json', 'not json'));
    expect(notJson).toMatchObject({ code: 2, err: expect.stringContaining('is not JSON') });
    const notRecord = await verify(file('other.json', { hello: 1 }));
    expect(notRecord.err).toContain('neither a record');
    expect((await verify('ftp://example.test/play/abcdef')).err).toContain('is not a game address');
    expect((await verify(file('g.json', answer), '--seed-hash', 'nope')).err).toContain('64 hex digits');
    expect((await verify(file('g.json', answer), '--seat', 'red')).err).toContain('go together');
    const running = await createGame(server.url, { opponent: 'friend' });
    const early = await verify(`${server.url}/play/${running.gameId}`);
    expect(early.code).toBe(2);
    expect(early.err).toContain('published when the game is over');
    expect(recordUrlOf('http://h:1/api/games/abcdef12/record')).toBe('http://h:1/api/games/abcdef12/record');
  });
});

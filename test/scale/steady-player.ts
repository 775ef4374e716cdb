/**
 * A player who goes on through outages, as the web page does: it plays a random legal action whenever its
 * view offers one, and whenever anything goes wrong (its socket closed, the store away, a move it never
 * heard back about, a hint lost) it waits a moment, reconnects if it must (through `connect`, which may land
 * on any process) and asks again. It keeps every view it was told, on every socket, so a test can check
 * each against the final record: an acknowledged action that was lost would show as a view the record
 * does not give.
 */
import { randomFromSeed, viewFor } from '../../src/engine/index.ts';
import type { RecordResponse, ServerMessage } from '../../src/protocol/index.ts';
import { GAME_PATIENCE_MS } from '../patience.ts';
import { type Client, hello, pick } from '../server/harness.ts';
import { history } from '../server/leak-suite.ts';

/** How long a player waits for an answer before it asks again (a lost hint, a process gone). */
const NUDGE_MS = 1500;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class SteadyPlayer {
  readonly #connect: () => Promise<Client>;
  readonly #token: string;
  readonly #random: ReturnType<typeof randomFromSeed>;
  readonly #clients: Client[] = [];
  #client: Client | null = null;
  /** Refusals met on the way (e.g. 'store/unavailable' while PostgreSQL was down). */
  readonly refusals: string[] = [];
  /** How many sockets it opened. */
  connections = 0;
  /** The longest a move of its own waited to be told applied, reconnects included (ms). */
  longestWaitMs = 0;
  /** How long it thinks before each move (ms): a person's pace; 0 plays at once. */
  paceMs = 0;
  /** Its own move on its way: the version it was made at, and when it was first sent. */
  #waiting: { readonly v: number; readonly at: number } | null = null;
  /** The version it last thought about (paced play thinks once per position). */
  #thought = -1;

  constructor(connect: () => Promise<Client>, token: string, seed: string) {
    this.#connect = connect;
    this.#token = token;
    this.#random = randomFromSeed(seed);
  }

  /** The newest version this player was told. */
  get v(): number {
    return this.#client?.latest()?.v ?? 0;
  }

  get over(): boolean {
    return (this.#client?.latest()?.view.outcome ?? null) !== null;
  }

  /** Plays until the game is over or it was told version `target`. */
  async playUntil(target: number): Promise<void> {
    const end = Date.now() + GAME_PATIENCE_MS;
    while (Date.now() < end) {
      const client = await this.#connected();
      if (client === null) continue;
      const latest = client.latest();
      if (latest !== null && this.#waiting !== null && latest.v > this.#waiting.v) {
        this.longestWaitMs = Math.max(this.longestWaitMs, Date.now() - this.#waiting.at);
        this.#waiting = null;
      }
      if (latest === null || latest.view.outcome !== null || latest.v >= target) return;
      const action = pick(latest.view, () => this.#random.float());
      if (action !== null && this.#waiting === null) {
        // A person looks at the new position before moving; the game may have moved meanwhile.
        if (this.paceMs > 0 && this.#thought !== latest.v) {
          this.#thought = latest.v;
          await pause(this.paceMs);
          continue;
        }
        this.#waiting = { v: latest.v, at: Date.now() };
      }
      const moved = (m: ServerMessage) => (m.t === 'update' || m.t === 'state') && m.v > latest.v;
      const answer = client.next((m) => moved(m) || m.t === 'error', NUDGE_MS).catch(() => null);
      if (action !== null) client.send({ t: 'act', v: latest.v, action });
      const heard = await answer;
      if (heard?.t === 'error') this.refusals.push(heard.code);
      if (heard === null || heard.t === 'error') await this.#resync(client);
    }
    throw new Error(`the game did not reach v ${target}: at ${this.v}`);
  }

  /** Checks every view this player was told against the final record; returns the record's length. */
  toldViewsMatch(record: RecordResponse['record'], seat: 'red' | 'blue'): number {
    const { states } = history(record);
    for (const client of this.#clients) {
      for (const message of client.messages) {
        if (message.t !== 'state' && message.t !== 'update') continue;
        const state = states[message.v];
        if (state === undefined) throw new Error(`told v ${message.v}, beyond the record`);
        const expected = viewFor(state, seat);
        if (JSON.stringify(message.view) !== JSON.stringify(expected))
          throw new Error(`the view told at v ${message.v} is not the record's`);
      }
    }
    return record.actions.length;
  }

  async close(): Promise<void> {
    await this.#client?.close();
  }

  /** The open socket, after a hello; null (after a pause) when none could be had. */
  async #connected(): Promise<Client | null> {
    if (this.#client !== null && !this.#client.closed) return this.#client;
    try {
      const client = await this.#connect();
      this.connections++;
      this.#clients.push(client);
      const said = client.next((m) => m.t === 'state' || m.t === 'error', NUDGE_MS * 4);
      client.send(hello(this.#token));
      const answer = await said;
      if (answer.t === 'state') {
        this.#client = client;
        return client;
      }
      this.refusals.push(answer.t === 'error' ? answer.code : answer.t);
      client.terminate();
    } catch {
      // Nobody answers (a process down, the proxy between two): try again shortly.
    }
    await pause(200);
    return null;
  }

  async #resync(client: Client): Promise<void> {
    if (client.closed) return;
    await pause(100);
    const said = client.next((m) => m.t === 'state' || m.t === 'error', NUDGE_MS).catch(() => null);
    client.send({ t: 'resync' });
    const answer = await said;
    // No answer or a refusal: this socket is of no more use; the next round opens another.
    if (answer === null || answer.t === 'error') client.terminate();
  }
}

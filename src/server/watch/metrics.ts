/**
 * What an operator's Prometheus scrapes (docs/deploy.md "Watching it"): one prom-client registry per server,
 * not the library's global one, so several servers in one process (the tests) keep their counts apart.
 * Counters and histograms are told by the code that sees the event; gauges read their figure when scraped.
 */

import type { FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { PoolClients } from '../store/game-store.ts';
import type { Release } from './release.ts';

/** From a fast local append to a slow, loaded database (seconds). */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** A computer's decision: its human-like pause and thinking, up to a queue under a flood (seconds). */
const DECISION_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2, 4, 8, 16, 32];

export type SocketKind = 'game' | 'lobby';

/** The figures read at each scrape, from the parts that hold them. */
export interface Readings {
  /** Games this process holds in memory now. */
  gamesHeld(): number;
  /** The store's connection pool (null: SQLite). */
  poolClients(): PoolClients | null;
  /** Each Redis connection and whether it is ready (empty without Redis). */
  redis(): readonly { readonly connection: string; readonly ready: boolean }[];
  /** Computer decisions waiting for a worker or being thought now. */
  decisionsQueued(): number;
}

export class ServerMetrics {
  readonly registry = new Registry();
  readonly #sockets: Gauge<'kind'>;
  readonly #actions: Counter;
  readonly #act: Histogram;
  readonly #append: Histogram;
  readonly #reconnects: Counter;
  readonly #refusals: Counter<'code'>;
  readonly #decisions: Histogram;

  constructor(release: Release, readings: Readings) {
    const registers = [this.registry];
    // Memory, CPU, event-loop lag, handles, GC: prom-client's standard process_* and nodejs_* metrics.
    collectDefaultMetrics({ register: this.registry });
    new Gauge({
      name: 'pirates_build_info',
      help: 'Always 1; the labels name the release this process runs.',
      labelNames: ['version', 'commit'],
      registers,
    }).set({ version: release.version, commit: release.commit ?? 'unknown' }, 1);
    this.#sockets = new Gauge({
      name: 'pirates_sockets_open',
      help: 'WebSockets open now: game (a table) or lobby (a seeker waiting).',
      labelNames: ['kind'],
      registers,
    });
    for (const kind of ['game', 'lobby'] as const) this.#sockets.set({ kind }, 0);
    new Gauge({
      name: 'pirates_games_held',
      help: 'Games this process holds in memory now (loaded when asked for, let go when idle).',
      registers,
      collect() {
        this.set(readings.gamesHeld());
      },
    });
    this.#actions = new Counter({
      name: 'pirates_actions_total',
      help: 'Actions (moves, decisions, resignations) this process stored; rate() gives moves a second.',
      registers,
    });
    this.#act = new Histogram({
      name: 'pirates_act_seconds',
      help: "From a player's act message received to the update sent (stored and told), applied actions only.",
      buckets: LATENCY_BUCKETS,
      registers,
    });
    this.#append = new Histogram({
      name: 'pirates_store_append_seconds',
      help: 'How long storing one action took (the append, batched with others in flight).',
      buckets: LATENCY_BUCKETS,
      registers,
    });
    new Gauge({
      name: 'pirates_postgres_pool_clients',
      help: 'PostgreSQL pool: connections open (total), idle, and queries waiting for a connection (waiting).',
      labelNames: ['state'],
      registers,
      collect() {
        const pool = readings.poolClients();
        if (pool === null) return;
        this.set({ state: 'total' }, pool.total);
        this.set({ state: 'idle' }, pool.idle);
        this.set({ state: 'waiting' }, pool.waiting);
      },
    });
    new Gauge({
      name: 'pirates_redis_ready',
      help: 'Per Redis connection (publisher, subscriber): 1 while ready, 0 while lost.',
      labelNames: ['connection'],
      registers,
      collect() {
        for (const { connection, ready } of readings.redis()) this.set({ connection }, ready ? 1 : 0);
      },
    });
    this.#reconnects = new Counter({
      name: 'pirates_reconnects_total',
      help: "A player's hello to a game already under way (a page back after a reload, a restart, a lost socket).",
      registers,
    });
    this.#refusals = new Counter({
      name: 'pirates_refusals_total',
      help: 'Refusals told to clients, by error code (docs/protocol.md), on sockets and HTTP alike.',
      labelNames: ['code'],
      registers,
    });
    new Gauge({
      name: 'pirates_computer_decisions_queued',
      help: 'Computer decisions waiting for a bot worker or being thought now.',
      registers,
      collect() {
        this.set(readings.decisionsQueued());
      },
    });
    this.#decisions = new Histogram({
      name: 'pirates_computer_decision_seconds',
      help: 'From a decision asked of the bot pool to its answer (the wait in the queue included).',
      buckets: DECISION_BUCKETS,
      registers,
    });
  }

  socketOpened(kind: SocketKind): void {
    this.#sockets.inc({ kind });
  }

  socketClosed(kind: SocketKind): void {
    this.#sockets.dec({ kind });
  }

  /** Starts timing an act; call the result once it was applied and told. */
  actStarted(): () => void {
    const end = this.#act.startTimer();
    return () => {
      end();
    };
  }

  /** One action stored, in `seconds`. */
  appended(seconds: number): void {
    this.#actions.inc();
    this.#append.observe(seconds);
  }

  reconnected(): void {
    this.#reconnects.inc();
  }

  refused(code: string): void {
    this.#refusals.inc({ code });
  }

  decided(seconds: number): void {
    this.#decisions.observe(seconds);
  }

  /** The text Prometheus scrapes, and its content type. */
  async exposition(): Promise<{ readonly text: string; readonly contentType: string }> {
    return { text: await this.registry.metrics(), contentType: this.registry.contentType };
  }
}

/** `{"t":"error","code":"rate/games",...}`: the code of a refusal as every HTTP route sends it (reply-error.ts). */
const REFUSAL = /^\{"t":"error","code":"([a-z-]+\/[a-z-]+)"/;

/** Counts the HTTP answers that are refusals by their code, as the socket sessions count theirs. */
export function countHttpRefusals(app: FastifyInstance, metrics: ServerMetrics): void {
  app.addHook('onSend', async (_request, reply, payload) => {
    if (reply.statusCode >= 400 && typeof payload === 'string') {
      const code = REFUSAL.exec(payload)?.[1];
      if (code !== undefined) metrics.refused(code);
    }
    return payload;
  });
}

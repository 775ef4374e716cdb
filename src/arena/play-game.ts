/**
 * One tournament game wherever it runs (this thread or a worker): between in-process bots it is
 * src/ai's `playTournamentGame`, as it always was; with an external bot in it, the same loop with awaits,
 * where the external seat is asked by a protocol line (only its view, its legal actions, its own events)
 * and a seat that crashes, runs out of time or answers an illegal action resigns: it loses the game.
 * Bots given as objects (`Bot` or `AsyncBot`, the caller's own) play here too, on the caller's thread: a
 * function cannot cross to a worker. Programs come from the caller's `ProgramPlayers`, so a program that
 * speaks protocol 2 plays a whole run's games in one process (program-player.ts).
 */
import { createHash } from 'node:crypto';
import type { AsyncBot } from '../ai/bot.ts';
import type { CandidateModels } from '../ai/candidate-models.ts';
import type { Contestant } from '../ai/match.ts';
import {
  botStreamName,
  contestant,
  playTournamentGame,
  scoreFor,
  type TournamentGame,
  type TournamentGameResult,
} from '../ai/round-robin.ts';
import {
  type Action,
  applyAction,
  createGame,
  eventsFor,
  type GameEvent,
  type GameState,
  randomFromSeed,
  type Seat,
  toAct,
  viewFor,
} from '../engine/index.ts';
import { externalCommand } from './contestants.ts';
import { ExternalBot } from './external-bot.ts';
import { type ProgramPlayer, ProgramPlayers } from './program-player.ts';

export interface ArenaGameOptions {
  /** Milliseconds an external bot has for each decision. */
  readonly deadlineMs: number;
  /** Where external bots' commands run. */
  readonly cwd?: string;
  /** Milliseconds an external bot has from its start to say it is ready (default: STARTUP_MS). */
  readonly startupMs?: number;
  /** Candidate model files the in-process bots that read a learned model use (src/ai/candidate-models.ts). */
  readonly models?: CandidateModels;
}

type Player =
  | { readonly kind: 'inside'; readonly contestant: Contestant | AsyncBot }
  | { readonly kind: 'outside'; readonly program: ProgramPlayer };

/**
 * One game; `objects` are the bots given as objects, by name (they play on this thread); `programs` the
 * programs of the run this game belongs to (without it, the game's programs are ended with the game).
 */
export async function playArenaGame(
  game: TournamentGame,
  options: ArenaGameOptions,
  objects: ReadonlyMap<string, AsyncBot> = new Map(),
  programs?: ProgramPlayers,
): Promise<TournamentGameResult> {
  const plain = (name: string) => externalCommand(name) === null && !objects.has(name);
  if (plain(game.names.red) && plain(game.names.blue))
    return playTournamentGame(game, new Map(), options.models);
  const from = programs ?? new ProgramPlayers();
  const players = {
    red: player(game.names.red, options, objects, from),
    blue: player(game.names.blue, options, objects, from),
  };
  try {
    return await playWithExternals(game, players, options);
  } finally {
    if (programs === undefined) await from.close();
  }
}

function player(
  name: string,
  options: ArenaGameOptions,
  objects: ReadonlyMap<string, AsyncBot>,
  programs: ProgramPlayers,
): Player {
  const given = objects.get(name);
  if (given !== undefined) return { kind: 'inside', contestant: given };
  const command = externalCommand(name);
  if (command !== null) {
    const start = () =>
      new ExternalBot(command, {
        ...(options.cwd === undefined ? {} : { cwd: options.cwd }),
        ...(options.startupMs === undefined ? {} : { startupMs: options.startupMs }),
      });
    return { kind: 'outside', program: programs.player(name, start) };
  }
  const made = contestant(name, options.models);
  if (typeof made === 'string') throw new Error(made);
  return { kind: 'inside', contestant: made };
}

async function playWithExternals(
  game: TournamentGame,
  players: Record<Seat, Player>,
  options: ArenaGameOptions,
): Promise<TournamentGameResult> {
  let state: GameState = createGame({ seed: game.seed, shots: game.shots, turnLimit: game.turnLimit });
  const streams = {
    red: botStreamName(game.seed, game.names.red, 'red'),
    blue: botStreamName(game.seed, game.names.blue, 'blue'),
  };
  const randoms = { red: randomFromSeed(streams.red), blue: randomFromSeed(streams.blue) };
  for (const seat of ['red', 'blue'] as const) {
    const p = players[seat];
    if (p.kind === 'outside') p.program.begin({ number: game.index + 1, seat, seed: botSeed(streams[seat]) });
  }
  const history: Record<Seat, GameEvent[]> = { red: [], blue: [] };
  const decisions = { red: 0, blue: 0 };
  const ms = { red: 0, blue: 0 };
  const slowest = { red: 0, blue: 0 };
  let forfeit: TournamentGameResult['forfeit'];
  while (state.outcome === null) {
    const seat = toAct(state)[0];
    if (seat === undefined) break;
    const p = players[seat];
    const began = performance.now();
    let chosen: { ok: true; action: Action } | { ok: false; message: string };
    if (p.kind === 'inside') {
      const c = p.contestant;
      chosen = {
        ok: true,
        action:
          'measurementOnly' in c
            ? c.decideWithTruth({ state, seat, random: randoms[seat] })
            : await c.decide({
                view: viewFor(state, seat),
                history: history[seat],
                random: randoms[seat],
              }),
      };
    } else {
      chosen = await p.program.decide(viewFor(state, seat), history[seat], options.deadlineMs);
    }
    const spent = performance.now() - began;
    ms[seat] += spent;
    slowest[seat] = Math.max(slowest[seat], spent);
    decisions[seat] += 1;
    let applied = chosen.ok ? applyAction(state, seat, chosen.action) : null;
    if (applied !== null && !applied.ok) {
      if (p.kind === 'inside') {
        throw new Error(`${game.names[seat]} (${seat}) chose an illegal action: ${applied.error.message}`);
      }
      chosen = { ok: false, message: `it answered an illegal action: ${applied.error.message}` };
    }
    if (!chosen.ok) {
      forfeit = { seat, message: chosen.message, decision: decisions[seat] };
      applied = applyAction(state, seat, { type: 'resign' });
    }
    if (applied === null || !applied.ok) throw new Error('A resignation was refused.');
    state = applied.state;
    history.red.push(...eventsFor(applied.events, 'red'));
    history.blue.push(...eventsFor(applied.events, 'blue'));
  }
  await Promise.all(
    (['red', 'blue'] as const).map((seat) => {
      const p = players[seat];
      return p.kind === 'outside' ? p.program.end(state.outcome, history[seat]) : Promise.resolve();
    }),
  );
  return {
    index: game.index,
    aScore: scoreFor(state.outcome?.winner ?? null, game.aSeat),
    decisions,
    ms,
    slowest,
    ...(forfeit === undefined ? {} : { forfeit }),
  };
}

/**
 * An external bot's seed: a hash of its stream's name, never the name, which holds the game's seed (from
 * which the engine draws the game's chance: a bot that knew it could foresee the coins and the shots).
 */
export function botSeed(streamName: string): string {
  return createHash('sha256').update(streamName).digest('hex').slice(0, 32);
}

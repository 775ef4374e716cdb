/**
 * The learned models in Chromium, for the tests that Node and the browser build infer the same
 * (test/e2e/belief-browser.test.ts, test/e2e/value-browser.test.ts) and the benchmark of the decision time
 * (scripts/bench-browser.ts): a small page built by Vite with the page's build settings, whose Web Worker
 * bundles the same src/ai code the game's Worker does and fetches the same model files by the same lazy
 * path. Positions and states come from Node.
 */
import { join } from 'node:path';
import type { Browser, CDPSession, Page } from 'playwright-core';
import { createBot } from '../../../src/ai/levels.ts';
import {
  applyAction,
  createGame,
  eventsFor,
  type GameEvent,
  type GameState,
  type PlayerView,
  randomFromSeed,
  SEATS,
  type Seat,
  toAct,
  viewFor,
} from '../../../src/engine/index.ts';
import { hiddenOf } from '../../../src/learn/hidden.ts';
import { ROOT } from '../harness.ts';
import type { ProbeAnswer, ProbePosition, ProbeRequest, ValueInputs, ValueReading } from './messages.ts';

/** Builds the probe page into `outDir` with the game page's target and Worker format (vite.config.ts). */
export async function buildProbe(outDir: string): Promise<void> {
  const { build } = await import('vite');
  await build({
    configFile: false,
    root: join(ROOT, 'test/e2e/model-probe'),
    base: '/',
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true, target: 'es2022' },
    worker: { format: 'es' },
  });
}

/** One decision of a heuristic game: the game's number, the state, the seat asked, its view and the events it has seen. */
interface Decision {
  readonly game: number;
  readonly state: GameState;
  readonly seat: Seat;
  readonly view: PlayerView;
  readonly history: readonly GameEvent[];
}

/** Every decision of up to `games` games the heuristic plays against itself, game after game, as they come. */
function* heuristicDecisions(seed: string, games: number): Generator<Decision> {
  const heuristic = createBot('heuristic');
  if (!heuristic.ok) throw new Error(heuristic.error.message);
  for (let g = 0; g < games; g++) {
    let state = createGame({ seed: `${seed}-${g}`, shots: 'quick', turnLimit: 150 });
    const history = { red: [] as GameEvent[], blue: [] as GameEvent[] };
    const random = randomFromSeed(`${seed}-bots-${g}`);
    while (state.outcome === null) {
      const seat = toAct(state)[0];
      if (seat === undefined) break;
      const view = viewFor(state, seat);
      yield { game: g, state, seat, view, history: history[seat].slice() };
      const result = applyAction(
        state,
        seat,
        heuristic.value.decide({ view, history: history[seat], random }),
      );
      if (!result.ok) throw new Error(result.error.message);
      state = result.state;
      for (const s of SEATS) history[s].push(...eventsFor(result.events, s));
    }
  }
}

/**
 * Decisions in play from games the heuristic plays against itself: every `every`-th decision with a real
 * choice and a hidden enemy piece, from turn `fromTurn` on, each with its own seed.
 */
export function probePositions(count: number, seed: string, every = 9, fromTurn = 4): ProbePosition[] {
  const found: ProbePosition[] = [];
  let seen = 0;
  let game = 0;
  for (const { game: g, state, view, history } of heuristicDecisions(seed, count * 10)) {
    if (found.length >= count) break;
    if (g !== game) {
      game = g;
      seen = 0;
    }
    if (
      state.phase === 'play' &&
      state.turn >= fromTurn &&
      view.legalActions.length > 1 &&
      hiddenOf(view).unknown.length > 0 &&
      seen++ % every === 0
    ) {
      found.push({ view, history, seed: `${seed}-${found.length}` });
    }
  }
  return found;
}

/**
 * Full states in play from games the heuristic plays against itself, as the search's leaves are scored:
 * every `every`-th decision in play, at most `perGame` of each game, so they come from several games.
 */
export function probeStates(count: number, seed: string, every = 15, perGame = 9): GameState[] {
  const found: GameState[] = [];
  let seen = 0;
  let game = 0;
  for (const { game: g, state } of heuristicDecisions(seed, count * 10)) {
    if (found.length >= count) break;
    if (g !== game) {
      game = g;
      seen = 0;
    }
    if (state.phase === 'play' && seen < every * perGame && seen++ % every === 0) found.push(state);
  }
  return found;
}

/**
 * Where `value` is not plain data (null, booleans, finite numbers, strings, arrays and plain objects of
 * them), as a path such as `state.log[3].action`, or null: what crosses postMessage and Playwright's
 * `evaluate` unchanged. A function, a Map, a class instance or an undefined field would not.
 */
export function notPlainData(value: unknown, path = 'value'): string | null {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return null;
  if (typeof value === 'number') return Number.isFinite(value) ? null : path;
  if (typeof value !== 'object') return path;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = i in value ? notPlainData(value[i], `${path}[${i}]`) : `${path}[${i}]`;
      if (found !== null) return found;
    }
    return null;
  }
  if (Object.getPrototypeOf(value) !== Object.prototype) return path;
  for (const [key, field] of Object.entries(value)) {
    const found = notPlainData(field, `${path}.${key}`);
    if (found !== null) return found;
  }
  return null;
}

/**
 * The probe page open in a fresh context: each question goes to its Worker (as the game's bots run), or with
 * `thread: 'page'` to the page's own thread, one at a time.
 */
export interface Probe {
  readonly page: Page;
  readonly cdp: CDPSession;
  /** Every URL the page and its Worker fetched, in order. */
  readonly requests: string[];
  infer(tensors: readonly (readonly [number, number][])[]): Promise<number[][]>;
  beliefs(
    positions: readonly ProbePosition[],
    draws: number,
  ): Promise<Extract<ProbeAnswer, { t: 'beliefs' }>['outputs']>;
  decide(bot: string, positions: readonly ProbePosition[]): Promise<Extract<ProbeAnswer, { t: 'decide' }>>;
  valueOfInputs(cases: readonly ValueInputs[]): Promise<number[]>;
  valuesAt(states: readonly GameState[]): Promise<ValueReading[]>;
  close(): Promise<void>;
}

export async function openProbe(
  browser: Browser,
  url: string,
  thread: 'worker' | 'page' = 'worker',
): Promise<Probe> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const requests: string[] = [];
  context.on('request', (request) => requests.push(request.url()));
  await page.goto(url);
  await page.waitForFunction(() => 'probe' in globalThis);
  const cdp = await context.newCDPSession(page);
  const ask = async (request: ProbeRequest): Promise<ProbeAnswer> => {
    const answer = await page.evaluate(
      ([r, where]) => {
        const scope = globalThis as unknown as Record<string, (q: ProbeRequest) => Promise<ProbeAnswer>>;
        return (where === 'page' ? scope.probeHere : scope.probe)?.(r);
      },
      [request, thread] as const,
    );
    if (answer === undefined) throw new Error('the probe page has no probe');
    if (answer.t === 'error') throw new Error(`the probe's Worker: ${answer.message}`);
    return answer;
  };
  const wrong = (answer: ProbeAnswer): never => {
    throw new Error(`the probe answered '${answer.t}' to another question`);
  };
  return {
    page,
    cdp,
    requests,
    async infer(tensors) {
      const answer = await ask({ t: 'infer', tensors });
      return answer.t === 'infer' ? answer.outputs : wrong(answer);
    },
    async beliefs(positions, draws) {
      const answer = await ask({ t: 'beliefs', positions, draws });
      return answer.t === 'beliefs' ? answer.outputs : wrong(answer);
    },
    async decide(bot, positions) {
      const answer = await ask({ t: 'decide', bot, positions });
      return answer.t === 'decide' ? answer : wrong(answer);
    },
    async valueOfInputs(cases) {
      const answer = await ask({ t: 'value-inputs', cases });
      return answer.t === 'value-inputs' ? answer.chances : wrong(answer);
    },
    async valuesAt(states) {
      const answer = await ask({ t: 'value-states', states });
      return answer.t === 'value-states' ? answer.readings : wrong(answer);
    },
    close: () => context.close(),
  };
}

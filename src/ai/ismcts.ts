/**
 * Single-observer information-set MCTS (Cowling, Powley, Whitehouse 2012): one tree over the searching
 * seat's information set; every iteration draws a world consistent with its view (`worlds`), walks the tree
 * with only the actions legal in that world (UCB with availability counts), then plays at random on the
 * engine's fast path and scores the end (or a cut-off position). The enemy picks the searcher's pieces
 * (plank, hatch) by place, at random: it cannot see their kinds.
 */
import {
  type Action,
  decisionCode,
  type FastGame,
  fastApply,
  fastChoices,
  fastCopyWithChance,
  fastDecider,
  fastState,
  type GameState,
  opponentOf,
  type Random,
  type Seat,
} from '../engine/index.ts';
import { winChance } from './evaluation.ts';

export interface SearchBudget {
  /** Iterations (determinizations) to run. */
  readonly iterations: number;
  /**
   * Stop early after this many milliseconds (a safety cap, or the caller's deadline; decisions stay seeded
   * while it is not reached). Checked every 32 iterations, so even 0 runs the first 31: an anytime search.
   */
  readonly ms?: number;
  /** Random decisions played after leaving the tree before the position is scored (default 40). */
  readonly playoutDepth?: number;
  /** UCB exploration constant (default 0.7). */
  readonly exploration?: number;
  /**
   * Red's chance of winning from a position the search stops reading (default: the fitted evaluation,
   * `winChance`); expert's learned value (value-network.ts) plugs in here.
   */
  readonly evaluate?: (state: GameState) => number;
}

/**
 * Expert's opponent-view iterations: a share of the iterations run in worlds where the searcher's own
 * unseen pieces are reshuffled (what the enemy could imagine), and update only the enemy's nodes.
 */
export interface EnemyView {
  readonly share: number;
  readonly worlds: (random: Random) => GameState;
}

/** Prior knowledge for the root: a mean score per root action, worth `visits` pretend visits (progressive bias). */
export interface RootPrior {
  readonly actions: readonly Action[];
  readonly means: readonly number[];
  readonly visits: number;
}

export interface SearchResult {
  /** Root actions with their visits and mean score for the searcher. */
  readonly stats: readonly { readonly action: Action; readonly visits: number; readonly mean: number }[];
  readonly iterations: number;
  readonly ms: number;
}

interface Node {
  readonly code: number;
  /** The seat that chose the action leading here. */
  readonly seat: Seat;
  readonly action: Action;
  visits: number;
  /** Sum of the scores of `seat`. */
  score: number;
  avail: number;
  readonly children: Node[];
}

/** Decisions the enemy makes about the searcher's own pieces, which it can tell apart only by place. */
function byPlace(ask: string): boolean {
  return ask === 'plank' || ask === 'hatch';
}

function scoreFor(seat: Seat, state: GameState, evaluate: (state: GameState) => number): number {
  const outcome = state.outcome;
  let red: number;
  if (outcome === null) red = evaluate(state);
  else red = outcome.winner === null ? 0.5 : outcome.winner === 'red' ? 1 : 0;
  return seat === 'red' ? red : 1 - red;
}

/**
 * Searches from `seat`'s decision. `worlds` gives a fresh full state per iteration (sampled from the view,
 * from particles, or the truth for the oracle). Deterministic for a given `random` unless `ms` cuts it off.
 */
export function search(
  seat: Seat,
  worlds: (random: Random) => GameState,
  random: Random,
  budget: SearchBudget,
  prior?: RootPrior,
  enemyView?: EnemyView,
): SearchResult {
  const depth = budget.playoutDepth ?? 40;
  const c = budget.exploration ?? 0.7;
  const evaluate = budget.evaluate ?? winChance;
  const root: Node = {
    code: 0,
    seat: opponentOf(seat),
    action: { type: 'pass' },
    visits: 0,
    score: 0,
    avail: 0,
    children: [],
  };
  if (prior !== undefined && prior.visits > 0) {
    prior.actions.forEach((action, i) => {
      const mean = prior.means[i] ?? 0.5;
      const visits = prior.visits;
      root.children.push({
        code: decisionCode(action),
        seat,
        action,
        visits,
        score: mean * visits,
        avail: visits,
        children: [],
      });
    });
  }
  const began = performance.now();
  const cap = budget.ms ?? Number.POSITIVE_INFINITY;
  const path: Node[] = [];
  let done = 0;
  for (; done < budget.iterations; done++) {
    if ((done & 31) === 31 && performance.now() - began >= cap) break;
    const imagined = enemyView !== undefined && random.float() < enemyView.share;
    const game = fastCopyWithChance(imagined ? enemyView.worlds(random) : worlds(random), random);
    const state = fastState(game);
    path.length = 0;
    let node = root;
    let expanded = false;
    while (state.outcome === null && !expanded) {
      const decider = fastDecider(game);
      if (decider === null) break;
      const choices = fastChoices(game, decider);
      if (choices.length === 1 || (decider !== seat && byPlace(state.pending.ask))) {
        const only = choices[choices.length === 1 ? 0 : random.int(choices.length)];
        if (only === undefined) break;
        fastApply(game, decider, only);
        continue;
      }
      node = step(game, node, decider, choices, random, c, path);
      expanded = node.visits === 0;
    }
    playout(game, random, depth);
    // One evaluation an iteration (a learned value is dearer than the linear score), read per seat.
    const red = scoreFor('red', state, evaluate);
    for (const visited of path) {
      if (imagined && visited.seat === seat) continue;
      visited.visits += 1;
      visited.score += visited.seat === 'red' ? red : 1 - red;
    }
    root.visits += 1;
  }
  return {
    stats: root.children.map((child) => ({
      action: child.action,
      visits: child.visits,
      mean: child.visits > 0 ? child.score / child.visits : 0,
    })),
    iterations: done,
    ms: performance.now() - began,
  };
}

/** One tree step: expand an untried action if any, else pick by UCB over the actions legal here. */
function step(
  game: FastGame,
  node: Node,
  decider: Seat,
  choices: readonly Action[],
  random: Random,
  c: number,
  path: Node[],
): Node {
  const children = node.children;
  let untried: Action[] | null = null;
  let best: Node | null = null;
  let bestValue = Number.NEGATIVE_INFINITY;
  const legal: Node[] = [];
  for (const action of choices) {
    const code = decisionCode(action);
    let child: Node | undefined;
    for (const candidate of children) {
      if (candidate.code === code && candidate.seat === decider) {
        child = candidate;
        break;
      }
    }
    if (child === undefined) {
      untried ??= [];
      untried.push(action);
    } else legal.push(child);
  }
  for (const child of legal) child.avail += 1;
  if (untried !== null) {
    const action = untried[random.int(untried.length)] as Action;
    const child: Node = {
      code: decisionCode(action),
      seat: decider,
      action,
      visits: 0,
      score: 0,
      avail: 1,
      children: [],
    };
    children.push(child);
    path.push(child);
    fastApply(game, decider, action);
    return child;
  }
  for (const child of legal) {
    const value = child.score / child.visits + c * Math.sqrt(Math.log(child.avail) / child.visits);
    if (value > bestValue) {
      bestValue = value;
      best = child;
    }
  }
  const chosen = best ?? (legal[0] as Node);
  path.push(chosen);
  fastApply(game, decider, chosen.action);
  return chosen;
}

function playout(game: FastGame, random: Random, depth: number): void {
  const state = fastState(game);
  for (let i = 0; i < depth && state.outcome === null; i++) {
    const seat = fastDecider(game);
    if (seat === null) return;
    const choices = fastChoices(game, seat);
    const choice = playoutChoice(state, seat, choices, random);
    if (choice === undefined) return;
    fastApply(game, seat, choice);
  }
}

/**
 * The playout policy: uniform at random, except for three things no player gets wrong: a flag attempt
 * turns an unshown card, an undefended deck is raided, and a new pirate is brought on deck.
 */
function playoutChoice(
  state: GameState,
  seat: Seat,
  choices: readonly Action[],
  random: Random,
): Action | undefined {
  const ask = state.pending.ask;
  if (ask === 'turnFlag') {
    const shown = state.flagShown[opponentOf(seat)];
    const open: Action[] = [];
    for (const choice of choices)
      if (choice.type === 'turnFlag' && shown[choice.slot] !== true) open.push(choice);
    if (open.length > 0) return open[random.int(open.length)];
  } else if (ask === 'attack') {
    const last = choices[choices.length - 2];
    if (last?.type === 'raid') return last;
  } else if (ask === 'newPirate' && choices.length > 1) {
    return choices[random.int(choices.length - 1)];
  }
  return choices[random.int(choices.length)];
}

/**
 * The searching bots (medium, hard, expert, ismcts:N): setup by the heuristic, then SO-ISMCTS over worlds
 * drawn from the view, optionally through a belief over the enemy's kinds. The move is the most visited
 * root action (drawing it in proportion to visits, AI.md's root randomness, made medium far too weak:
 * docs/ai.md, "The ladder").
 */
import { type Action, actionKey, type PieceKind, type PlayerView, type Random } from '../engine/index.ts';
import { seatOf } from '../learn/hidden.ts';
import { withAim } from './aim.ts';
import type { Bot, DecisionInput } from './bot.ts';
import { heuristicScores } from './heuristic.ts';
import { type SearchBudget, search } from './ismcts.ts';
import { Determinizer } from './sample.ts';
import { chooseSetup } from './setup-choice.ts';

export interface SearchBotOptions {
  readonly name: string;
  readonly budget: SearchBudget;
  /** Aim skill in aimed games (0-1). */
  readonly skill: number;
  /** Pretend visits given to the heuristic's opinion of each root action (0: none). */
  readonly priorVisits?: number;
  /** Share of iterations in worlds the enemy could imagine (expert), 0 for none. */
  readonly enemyViewShare?: number;
  /** Makes a fresh belief per game; absent: hard constraints only. */
  readonly belief?: () => BeliefLike;
}

/** A belief over one game's enemy kinds, kept between decisions of that game. */
export interface BeliefLike {
  /** Returns a sampler of enemy kinds parallel to `determinizer.hidden.unknown`. */
  prepare(input: DecisionInput, determinizer: Determinizer): (random: Random) => readonly PieceKind[];
}

/** R8: the chance a bot of this skill hits, used to play shots inside the search (calibration, docs/cannon.md). */
export function hitChance(skill: number): number {
  const table: readonly [number, number][] = [
    [0, 0.04],
    [0.25, 0.12],
    [0.5, 0.4],
    [0.75, 0.8],
    [1, 0.85],
  ];
  for (let i = 1; i < table.length; i++) {
    const [x1, y1] = table[i] as [number, number];
    const [x0, y0] = table[i - 1] as [number, number];
    if (skill <= x1) return y0 + ((y1 - y0) * (Math.max(skill, x0) - x0)) / (x1 - x0);
  }
  return 0.85;
}

export function searchBot(options: SearchBotOptions): Bot {
  let belief: BeliefLike | null = null;
  // Where the belief's game stood: how many events it had read and the last of them, as text (a worker
  // thread gets fresh copies of the events every time, so identity cannot tell games apart).
  let seen = 0;
  let lastEvent = '';
  return {
    name: options.name,
    decide(input: DecisionInput): Action {
      // The time cap covers the whole decision (belief, sampling, search), not only the search loop.
      const began = performance.now();
      const { view, random } = input;
      if (view.pending.ask === 'setup') return chooseSetup(view, random);
      const only = view.legalActions.length === 1 ? view.legalActions[0] : undefined;
      if (only !== undefined) return withAim(only, view, options.skill, random);
      const odds =
        view.rules.shots === 'quick'
          ? view.rules.quickOdds
          : { sail: hitChance(options.skill), skull: hitChance(options.skill) };
      const determinizer = new Determinizer(view, input.history, { quickOdds: odds });
      let worlds = (r: Random) => determinizer.sample(r);
      let imagined = (r: Random) => determinizer.sampleEnemyView(r);
      if (options.belief) {
        // A history that does not extend the last one is a new game: start a fresh belief.
        const history = input.history;
        if (
          belief === null ||
          history.length < seen ||
          (seen > 0 && JSON.stringify(history[seen - 1]) !== lastEvent)
        ) {
          belief = options.belief();
        }
        seen = history.length;
        lastEvent = seen > 0 ? JSON.stringify(history[seen - 1]) : '';
        const draw = belief.prepare(input, determinizer);
        worlds = (r: Random) => determinizer.sample(r, draw(r));
        imagined = (r: Random) => determinizer.sampleEnemyView(r, draw(r));
      }
      const priorVisits = options.priorVisits ?? 0;
      const prior =
        priorVisits > 0
          ? { actions: view.legalActions, means: heuristicScores(view).map(priorMean), visits: priorVisits }
          : undefined;
      const share = options.enemyViewShare ?? 0;
      const enemyView = share > 0 ? { share, worlds: imagined } : undefined;
      // The tighter of the bot's own cap and the caller's deadline, less what was spent already; at 0 the
      // search still runs its first few iterations, so the answer is the best of a quick look.
      const cap = Math.min(
        options.budget.ms ?? Number.POSITIVE_INFINITY,
        input.timeLeftMs ?? Number.POSITIVE_INFINITY,
      );
      const budget = Number.isFinite(cap)
        ? { ...options.budget, ms: Math.max(0, cap - (performance.now() - began)) }
        : options.budget;
      const result = search(seatOf(view), worlds, random, budget, prior, enemyView);
      const chosen = mostVisited(result.stats);
      return withAim(legalFor(view, chosen, random), view, options.skill, random);
    },
  };
}

/** The heuristic's score as a win chance around one half. */
export function priorMean(score: number): number {
  return Number.isFinite(score) ? Math.min(0.8, Math.max(0.2, 0.5 + 0.03 * score)) : 0.2;
}

function mostVisited(stats: ReturnType<typeof search>['stats']): Action | null {
  let best = stats[0];
  for (const s of stats) {
    if (best === undefined || s.visits > best.visits || (s.visits === best.visits && s.mean > best.mean))
      best = s;
  }
  return best?.action ?? null;
}

/** The view's own copy of the chosen action (the search's comes from a sampled world). */
function legalFor(view: PlayerView, action: Action | null, random: Random): Action {
  const key = action === null ? '' : actionKey(action);
  const found =
    view.legalActions.find((a) => actionKey(a) === key) ??
    view.legalActions[random.int(view.legalActions.length)];
  if (found === undefined) throw new Error('search bot: asked to decide with no legal action');
  return found;
}

/**
 * Bots by name: the one entry point for the server, the web page and the CLI. Levels are the players'
 * words (easy, medium, hard, expert, see docs/ai.md); the CLI also takes 'random', 'heuristic',
 * 'ismcts:N' (plain ISMCTS, N iterations), 'belief:N' (with the particle belief), 'imagine:N' (belief
 * plus opponent-view iterations) and 'learned' / 'learned:N' (hard's search drawing its worlds from the
 * learned belief, learned-belief.ts). The oracle is
 * deliberately not here: it needs the true state (see oracle.ts).
 */
import type { Action, GameState, Result } from '../engine/index.ts';
import { withAim } from './aim.ts';
import { DEFAULT_BELIEF, ParticleBelief } from './belief.ts';
import { type BeliefModelErrorCode, loadShippedBeliefNetwork } from './belief-model.ts';
import type { Bot, DecisionInput } from './bot.ts';
import { beliefNetworkFor, type CandidateModels, valueNetworkFor } from './candidate-models.ts';
import { winChance } from './evaluation.ts';
import { heuristicChoice } from './heuristic.ts';
import { LearnedBelief } from './learned-belief.ts';
import { randomBot } from './random-bot.ts';
import { type BeliefLike, searchBot } from './search-bot.ts';
import { loadShippedValueModel } from './value-model.ts';
import { valueChance } from './value-network.ts';

/** The names `createBot` accepts (besides the parameterised 'ismcts:N' and 'belief:N'). */
export const BOT_NAMES: readonly string[] = [
  'random',
  'heuristic',
  'easy',
  'medium',
  'hard',
  'expert',
  'expert-2026',
  'expert-belief',
  'expert-value',
  'learned',
];

import { type Level, THINKING_MS } from './level-names.ts';

export { LEVELS, type Level } from './level-names.ts';

/** Shared search settings: random decisions after the tree, and the heuristic's weight at the root. */
export const SEARCH_DEFAULTS = { playoutDepth: 6, priorVisits: 40 } as const;

/**
 * The ladder, set by tournament so that each level beats the one below in about two games of three or more
 * (docs/ai.md, "The ladder"). Between searching bots, more iterations buy little in this game of cards,
 * coins and cannon shots: the belief search at 300 iterations scored 48% against itself at 1,000, and the
 * old hard (4,000 iterations) only 42-47% against expert. So the levels differ in kind more than in budget:
 * medium: plain ISMCTS (hard constraints only), 150 iterations, without the heuristic's opinion at the root;
 * hard: the belief search with the heuristic's opinion at the root, 300 iterations, playouts of 6;
 * expert: the search at 16,000 iterations drawing its worlds from the learned belief, scored by the fitted
 * evaluation with no random playout.
 */
export const MEDIUM = { iterations: 150, priorVisits: 0, ms: THINKING_MS.medium } as const;
export const HARD = { iterations: 300, ms: THINKING_MS.hard } as const;

/**
 * expert: the search with 16,000 iterations and no random playout: each iteration scores the
 * position where it leaves the tree with the fitted evaluation (evaluation.ts). Random moves after the tree
 * only blurred that judgement: at 4,000 iterations, playouts of 6 then the fitted score beat the heuristic
 * 68.5%, the score at once 75% (100 games each); at 16,000 iterations the score at once 81%, and 84.3% over
 * 600 games once the belief read raids and the score saw battles (docs/ai.md, fourth session).
 * The 350 ms cap is a safety net for a loaded machine.
 */
export const EXPERT = { iterations: 16_000, playoutDepth: 0, ms: THINKING_MS.expert } as const;

/**
 * How expert scores the position where its search stops reading: at once (no playout), by its leaf score.
 * The oracle with expert's leaf (`oracle-expert:N`, oracle.ts) reads the same, so the two differ only in
 * knowing the enemy's pieces.
 */
export function expertLeaf(): {
  readonly playoutDepth: number;
  readonly evaluate: (state: GameState) => number;
} {
  return { playoutDepth: EXPERT.playoutDepth, evaluate: winChance };
}

/**
 * A frozen copy of the expert as it stood before the learned value (issue 50), the reference every new
 * expert is measured against (docs/ai.md, "The learned value"): the same search and budget with the particle
 * belief (expert now draws from the learned one), and its own copy of the fitted weights, so a refit of
 * evaluation.ts does not move it.
 */
export const EXPERT_2026 = {
  iterations: 16_000,
  playoutDepth: 0,
  ms: 350,
  skill: 0.8,
  priorVisits: 40,
} as const;
export const WEIGHTS_2026: readonly number[] = [
  0.0574, 0.111, 0.1084, -0.1053, 0.0329, 0.0932, -0.5335, 0.427, 1.3005, 0.6127, -0.0509, -0.0252, -0.2316,
  1.3845, 0.1829, 0.0601, 0.2881,
];
const evaluate2026 = (state: GameState): number => winChance(state, WEIGHTS_2026);

/**
 * The share of iterations in worlds the enemy could imagine (opponent-view resampling, `imagine:N`).
 * Off for expert: at 0.3 it scored 43% against the same search without it (docs/ai.md).
 */
export const ENEMY_VIEW_SHARE = 0.3;

/** Aim skill per level (0-1, engine/cannon `aimFor`): a careful person is 0.5. */
export const SKILL: Readonly<Record<Level | 'heuristic', number>> = {
  easy: 0.25,
  medium: 0.4,
  hard: 0.5,
  heuristic: 0.5,
  expert: 0.8,
};

/** easy: the heuristic, with about one choice in three made at random. */
const easyBot: Bot = {
  name: 'easy',
  decide({ view, random, history }: DecisionInput): Action {
    if (view.pending.ask !== 'setup' && random.float() < 0.3) {
      const choice = randomBot.decide({ view, random, history });
      return withAim(choice, view, SKILL.easy, random);
    }
    return heuristicChoice(view, random, SKILL.easy);
  },
};

function plainSearch(
  name: string,
  iterations: number,
  skill: number,
  extra: { ms?: number; priorVisits?: number } = {},
): Bot {
  return searchBot({
    name,
    skill,
    budget: { iterations, playoutDepth: SEARCH_DEFAULTS.playoutDepth, ...(extra.ms ? { ms: extra.ms } : {}) },
    priorVisits: extra.priorVisits ?? SEARCH_DEFAULTS.priorVisits,
  });
}

function beliefSearch(
  name: string,
  iterations: number,
  skill: number,
  ms?: number,
  enemyViewShare = 0,
  playoutDepth: number = SEARCH_DEFAULTS.playoutDepth,
): Bot {
  return searchBot({
    name,
    skill,
    ...(enemyViewShare > 0 ? { enemyViewShare } : {}),
    budget: { iterations, playoutDepth, ...(ms ? { ms } : {}) },
    priorVisits: SEARCH_DEFAULTS.priorVisits,
    belief: () => new ParticleBelief(DEFAULT_BELIEF),
  });
}

/** Why `createBot` made no bot: an unknown name, or a candidate model file that does not decode. */
export type BotErrorCode = 'bot/unknown' | 'model/invalid';

/**
 * Expert's kind of search (the heuristic's opinion at the root, a score at the leaf) with a leaf score and a
 * belief of its own: the frozen reference and the learned variants measured against it differ only in
 * these parts. The reference passes its own frozen settings (EXPERT_2026), so a change to EXPERT leaves it.
 */
function expertSearch(
  name: string,
  iterations: number,
  settings: {
    readonly playoutDepth: number;
    readonly ms: number;
    readonly skill: number;
    readonly priorVisits: number;
  },
  parts: { evaluate?: (state: GameState) => number; belief: () => BeliefLike },
): Bot {
  return searchBot({
    name,
    skill: settings.skill,
    budget: {
      iterations,
      playoutDepth: settings.playoutDepth,
      ms: settings.ms,
      ...(parts.evaluate ? { evaluate: parts.evaluate } : {}),
    },
    priorVisits: settings.priorVisits,
    belief: parts.belief,
  });
}

/**
 * A new bot for one game (search bots keep a per-game belief, so make one per game). The bots that read a
 * learned model read the shipped file, or the candidate's given in `models` (a tournament measuring it).
 */
export function createBot(name: string, models: CandidateModels = {}): Result<Bot, BotErrorCode> {
  const [base, parameter] = name.split(':');
  const count = parameter === undefined ? null : Number(parameter);
  if (
    parameter !== undefined &&
    !(count !== null && Number.isInteger(count) && count > 0 && count <= 1_000_000)
  ) {
    return fail(
      `'${name}': the number after the colon must be a whole number of iterations from 1 to 1,000,000.`,
    );
  }
  switch (base) {
    case 'random':
      return parameter === undefined ? ok(randomBot) : fail(`'${name}': random takes no parameter.`);
    case 'heuristic':
      return parameter === undefined
        ? ok({
            name: 'heuristic',
            decide: ({ view, random }) => heuristicChoice(view, random, SKILL.heuristic),
          })
        : fail(`'${name}': heuristic takes no parameter.`);
    case 'easy':
      return ok(easyBot);
    case 'medium':
      return ok(
        plainSearch(name, count ?? MEDIUM.iterations, SKILL.medium, {
          ms: MEDIUM.ms,
          priorVisits: MEDIUM.priorVisits,
        }),
      );
    case 'hard':
      return ok(beliefSearch(name, count ?? HARD.iterations, SKILL.hard, HARD.ms));
    case 'expert': {
      // Its worlds drawn from the learned belief: 53.5% of 1,000 games against the particle belief's expert
      // (expert-2026) at equal time (docs/ai.md, "The oracle's edge over expert").
      const read = beliefNetworkFor(models);
      if (!read.ok) return read;
      const network = read.value;
      return ok(
        expertSearch(
          name,
          count ?? EXPERT.iterations,
          { ...EXPERT, skill: SKILL.expert, priorVisits: SEARCH_DEFAULTS.priorVisits },
          { evaluate: expertLeaf().evaluate, belief: () => new LearnedBelief(network) },
        ),
      );
    }
    case 'expert-2026':
      return ok(
        expertSearch(name, count ?? EXPERT_2026.iterations, EXPERT_2026, {
          evaluate: evaluate2026,
          belief: () => new ParticleBelief(DEFAULT_BELIEF),
        }),
      );
    case 'expert-belief': {
      // expert's search and budget drawing its worlds from the learned belief (measured against expert-2026).
      const read = beliefNetworkFor(models);
      if (!read.ok) return read;
      const network = read.value;
      return ok(
        expertSearch(
          name,
          count ?? EXPERT.iterations,
          { ...EXPERT, skill: SKILL.expert, priorVisits: SEARCH_DEFAULTS.priorVisits },
          { belief: () => new LearnedBelief(network) },
        ),
      );
    }
    case 'expert-value': {
      // expert's search and budget on the particle belief (as expert-2026), scoring its leaves with the learned
      // value: against expert-2026 only the leaf score differs.
      const read = valueNetworkFor(models);
      if (!read.ok) return read;
      const network = read.value;
      return ok(
        expertSearch(
          name,
          count ?? EXPERT.iterations,
          { ...EXPERT, skill: SKILL.expert, priorVisits: SEARCH_DEFAULTS.priorVisits },
          {
            evaluate: (state) => valueChance(network, state),
            belief: () => new ParticleBelief(DEFAULT_BELIEF),
          },
        ),
      );
    }
    case 'ismcts':
      return ok(plainSearch(name, count ?? 1000, SKILL.hard));
    case 'belief':
      return ok(beliefSearch(name, count ?? 1000, SKILL.hard));
    case 'imagine':
      return ok(beliefSearch(name, count ?? 1000, SKILL.hard, undefined, ENEMY_VIEW_SHARE));
    case 'learned': {
      // hard's search, budget and time cap (or N iterations, as 'hard:N'), its worlds drawn from the
      // learned belief: against 'hard' it measures the belief alone (docs/ai.md, "The learned belief").
      // The network now, not at the first decision: in the page, a bot made before `prepareBot` is a bug.
      const read = beliefNetworkFor(models);
      if (!read.ok) return read;
      const network = read.value;
      return ok(
        searchBot({
          name,
          skill: SKILL.hard,
          budget: {
            iterations: count ?? HARD.iterations,
            playoutDepth: SEARCH_DEFAULTS.playoutDepth,
            ms: HARD.ms,
          },
          priorVisits: SEARCH_DEFAULTS.priorVisits,
          belief: () => new LearnedBelief(network),
        }),
      );
    }
    default:
      return fail(
        `There is no computer player called '${name}'. Try one of: ${BOT_NAMES.join(', ')}, ismcts:N, belief:N, imagine:N, learned:N, expert-2026:N, expert-belief:N, expert-value:N.`,
      );
  }
}

/** Whether the bot called `name` reads the learned belief's model file (models/belief.json). */
export function usesBeliefModel(name: string): boolean {
  const base = name.split(':')[0];
  return base === 'learned' || base === 'expert' || base === 'expert-belief';
}

/** Whether the bot called `name` reads the learned value's model file (models/value.json). */
export function usesValueModel(name: string): boolean {
  return name.split(':')[0] === 'expert-value';
}

/**
 * Loads what the bot called `name` needs before `createBot` can make it: the learned belief's model file,
 * fetched by the page's Worker only for a level that uses it (belief-model.ts). Node reads the file on first
 * use, so only the page must call this; anywhere else it is harmless. A file that cannot be fetched or
 * does not match its recorded hash is a value.
 */
export async function prepareBot(name: string): Promise<Result<void, BeliefModelErrorCode>> {
  if (usesValueModel(name)) {
    const value = await loadShippedValueModel();
    if (!value.ok) return value;
  }
  if (!usesBeliefModel(name)) return { ok: true, value: undefined };
  const loaded = await loadShippedBeliefNetwork();
  return loaded.ok ? { ok: true, value: undefined } : loaded;
}

function ok(bot: Bot): Result<Bot, BotErrorCode> {
  return { ok: true, value: bot };
}

function fail(message: string): Result<Bot, BotErrorCode> {
  return { ok: false, error: { code: 'bot/unknown', message } };
}

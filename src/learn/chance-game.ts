/**
 * Explicit chance, as OpenSpiel's chance nodes (docs/learn.md "Explicit chance"): every draw of a game, the
 * deal, the start coin, plank coins and shots, is a node listing its outcomes and their probabilities, and
 * the caller picks the outcome. The rules stay the engine's: an action is applied with a `Chance` that notes
 * which draw the engine asks for (answering-chance.ts), and again, once the outcome is chosen, with the
 * chosen answer. Every function also takes a plain engine state and then is the engine's own.
 */
import {
  type Action,
  type ApplyResult,
  applyActionWithChance,
  createGame,
  type EngineError,
  type EngineErrorCode,
  applyAction as engineApplyAction,
  legalActions as engineLegalActions,
  toAct as engineToAct,
  viewFor as engineViewFor,
  type GameEvent,
  type GameOptions,
  type GameState,
  type PieceView,
  type PlayerView,
  type Seat,
  type ShipView,
  type Viewer,
} from '../engine/index.ts';
import { AnsweringChance } from './answering-chance.ts';
import { dealt, firstDealNode, kindsDealt, kindsWhileDealing } from './chance-deal.ts';
import type { ActionNode, Answer, ChanceGame, ChanceOutcome } from './chance-node.ts';
import { DEFAULT_WOBBLE_GRID, MAX_WOBBLE_GRID, wobbleOutcomes } from './wobble-grid.ts';

/** What `newChanceGame` takes: the engine's options but where chance comes from, plus the wobble's grid. */
export type ChanceGameOptions = Omit<GameOptions, 'seed' | 'entropy' | 'chance'> & {
  /** Names the game (and keys its engine state, should it be played on by the engine); no outcome comes from it. */
  readonly seed?: string;
  /** Cells per wobble draw of an aimed shot's discretisation, 1 to 32; 16 unless given. */
  readonly wobbleGrid?: number;
};

export const CHANCE_GAME_ERROR_CODES = [
  'chance/not-a-node',
  'chance/not-an-outcome',
  'chance/at-a-node',
] as const;
export type ChanceGameErrorCode = (typeof CHANCE_GAME_ERROR_CODES)[number];
export type ChanceGameError = EngineError<EngineErrorCode | ChanceGameErrorCode>;

/** What `applyAction` and `applyChance` give for a chance game; the events are the engine's. */
export type ChanceGameResult =
  | { readonly ok: true; readonly state: ChanceGame; readonly events: GameEvent[] }
  | { readonly ok: false; readonly error: ChanceGameError };

/**
 * A new game at its first chance node, the kind of piece 0. Chance never comes from the seed: there is no
 * `contribute` decision either (docs/learn.md). Throws on options that are not a game's, as `createGame`
 * does (options written in code).
 */
export function newChanceGame(options: ChanceGameOptions = {}): ChanceGame {
  const { seed = 'chance-game', wobbleGrid = DEFAULT_WOBBLE_GRID, ...rules } = options;
  const given = rules as Record<string, unknown>;
  if ('entropy' in given || 'chance' in given) {
    throw new Error('A chance game takes its chance from the caller: it has no entropy or chance option.');
  }
  if (!Number.isInteger(wobbleGrid) || wobbleGrid < 1 || wobbleGrid > MAX_WOBBLE_GRID) {
    throw new Error(
      `The wobble grid must be a whole number from 1 to ${MAX_WOBBLE_GRID}, not ${wobbleGrid}.`,
    );
  }
  const created = createGame({ ...rules, seed, entropy: 'seed', chance: 'chacha20' });
  const state: GameState = { ...created, kinds: kindsWhileDealing([]), cards: [] };
  return { state, node: firstDealNode(), wobbleGrid };
}

function isEngineState(game: ChanceGame | GameState): game is GameState {
  return 'format' in game;
}

/** Whether the game waits for a chance outcome (never, for a plain engine state). */
export function isChanceNode(game: ChanceGame | GameState): boolean {
  return !isEngineState(game) && game.node !== null;
}

/** The outcomes of the chance node and their probabilities (above 0, summing to 1); [] at no node. */
export function chanceOutcomes(game: ChanceGame | GameState): ChanceOutcome[] {
  if (isEngineState(game) || game.node === null) return [];
  return game.node.outcomes.map(({ outcome, probability }) => ({ outcome, probability }));
}

/** The game after `outcome` of its chance node. An outcome not offered, or no node, is refused: nothing changes. */
export function applyChance(game: ChanceGame | GameState, outcome: number): ChanceGameResult {
  if (isEngineState(game) || game.node === null) {
    return refuse('chance/not-a-node', 'The game is not at a chance node: a seat decides now (toAct).');
  }
  const { node } = game;
  const index = node.outcomes.findIndex((offered) => offered.outcome === outcome);
  if (index < 0) {
    const offered = node.outcomes.map((o) => o.outcome).join(', ');
    return refuse(
      'chance/not-an-outcome',
      `${String(outcome)} is not an outcome of this ${node.chance} node; its outcomes are ${offered}.`,
    );
  }
  if (node.chance === 'kind' || node.chance === 'card' || node.chance === 'cardUp') {
    const next = dealt(game.state, node, outcome);
    return { ok: true, state: { ...game, ...next }, events: [] };
  }
  const answer = node.answers[index];
  if (answer === undefined) throw new Error(`chance game: the ${node.chance} node has no answer ${index}`);
  const result = play(game, node.seat, node.action, [...node.answered, answer]);
  if (result.ok && node.chance === 'shot' && result.state.node === null) {
    // The answer must fly as the outcome says (wobble-grid.ts picks a cell of the outcome's own).
    const before = node.answered.filter((a) => a.purpose === 'shot').length;
    const event = result.events.filter((e) => e.type === 'shot')[before];
    if (event?.type !== 'shot' || event.hit !== (outcome === 1)) {
      throw new Error(`chance game: a shot told outcome ${outcome} flew otherwise`);
    }
  }
  return result;
}

/** The seats that decide now: none at a chance node. */
export function toAct(game: ChanceGame | GameState): Seat[] {
  if (isEngineState(game)) return engineToAct(game);
  return game.node === null ? engineToAct(game.state) : [];
}

/** What `seat` may do now: nothing at a chance node. */
export function legalActions(game: ChanceGame | GameState, seat: Seat): Action[] {
  if (isEngineState(game)) return engineLegalActions(game, seat);
  return game.node === null ? engineLegalActions(game.state, seat) : [];
}

/**
 * Applies a seat's action as the engine does. An action that draws leaves the game at a chance node (with
 * no events yet); the outcome applied there finishes it and gives all its events.
 */
export function applyAction(game: ChanceGame, seat: unknown, action: unknown): ChanceGameResult;
export function applyAction(game: GameState, seat: unknown, action: unknown): ApplyResult;
export function applyAction(
  game: ChanceGame | GameState,
  seat: unknown,
  action: unknown,
): ChanceGameResult | ApplyResult;
export function applyAction(
  game: ChanceGame | GameState,
  seat: unknown,
  action: unknown,
): ChanceGameResult | ApplyResult {
  if (isEngineState(game)) return engineApplyAction(game, seat, action);
  if (game.node !== null) {
    return refuse(
      'chance/at-a-node',
      `The game waits for the outcome of a ${game.node.chance} chance node (applyChance) before any action.`,
    );
  }
  return play(game, seat, action, []);
}

/**
 * A seat's view. At a chance node nobody decides (no seats to act, no legal actions); during the deal the
 * kinds and cards not yet dealt are not shown; inside an action it is the view from before that action.
 */
export function viewFor(game: ChanceGame | GameState, viewer: Viewer): PlayerView {
  if (isEngineState(game)) return engineViewFor(game, viewer);
  const view = engineViewFor(game.state, viewer);
  if (game.node === null) return view;
  const shown = kindsDealt(game.node);
  const piece = (p: PieceView): PieceView => (p.id < shown ? p : { ...p, kind: null });
  const ship = (s: ShipView): ShipView => ({ ...s, deck: s.deck.map(piece), extras: s.extras.map(piece) });
  return {
    ...view,
    toAct: [],
    legalActions: [],
    ships: { red: ship(view.ships.red), blue: ship(view.ships.blue) },
    out: view.out.map(piece),
  };
}

/** `[red, blue]`: +1 to the winner and -1 to the loser, 0 each for a draw or a game not over. */
export function returns(game: ChanceGame | GameState): [number, number] {
  const { outcome } = isEngineState(game) ? game : game.state;
  if (outcome === null || outcome.winner === null) return [0, 0];
  return outcome.winner === 'red' ? [1, -1] : [-1, 1];
}

/**
 * Plays `seat`'s `action` on the game's state, its draws told `answers`: to its end, or to a chance node at
 * the first draw beyond them.
 */
function play(
  game: ChanceGame,
  seat: unknown,
  action: unknown,
  answers: readonly Answer[],
): ChanceGameResult {
  const chance = new AnsweringChance(answers);
  const result = applyActionWithChance(game.state, seat, action, chance);
  if (!result.ok) return result;
  const purpose = chance.unanswered;
  if (purpose === null)
    return { ok: true, state: { ...game, state: result.state, node: null }, events: result.events };
  // The action is legal, so the engine logged it: the node keeps it as logged, and the seat.
  const logged = result.state.log[result.state.log.length - 1];
  if (logged === undefined) throw new Error('chance game: an applied action was not logged');
  const node = actionNode(game, purpose, logged.seat, logged.action, answers, result.events);
  return { ok: true, state: { ...game, node }, events: [] };
}

function actionNode(
  game: ChanceGame,
  purpose: Answer['purpose'],
  seat: Seat,
  action: Action,
  answered: readonly Answer[],
  events: readonly GameEvent[],
): ActionNode {
  switch (purpose) {
    case 'start':
    case 'plank':
      return {
        chance: purpose,
        seat,
        action,
        answered,
        shot: null,
        outcomes: COIN,
        answers: [0, 1].map((int) => ({ purpose, int, floats: [] })),
      };
    case 'shot': {
      // The unanswered draw is the shot after those answered: its event names its target and aim.
      const before = answered.filter((a) => a.purpose === 'shot').length;
      const event = events.filter((e) => e.type === 'shot')[before];
      if (event?.type !== 'shot') throw new Error('chance game: a shot drawn without its event');
      const { target, aim } = event;
      const { rules } = game.state;
      const chance =
        event.flight === null || aim === null
          ? quickOutcomes(target === 'sail' ? rules.quickOdds.sail : rules.quickOdds.skull)
          : wobbleOutcomes(aim, target, rules.cannon, game.wobbleGrid);
      return { chance: 'shot', seat, action, answered, shot: { target, aim }, ...chance };
    }
    case 'cards':
      throw new Error('chance game: an action dealt the cards (only a contribution does, and there is none)');
  }
}

/** A coin (R1.6, R3.6): 0 the shark, 1 the cheerful pirate, as the engine's `int(2)` gives them. */
const COIN: readonly ChanceOutcome[] = [
  { outcome: 0, probability: 0.5 },
  { outcome: 1, probability: 0.5 },
];

/**
 * A quick shot (R8.3) hits when its one draw is below the odds: a hit is told the middle of [0, odds), a miss
 * the middle of [odds, 1). An outcome that cannot happen (odds 0 or 1) is not offered.
 */
function quickOutcomes(odds: number): { outcomes: ChanceOutcome[]; answers: Answer[] } {
  const outcomes: ChanceOutcome[] = [];
  const answers: Answer[] = [];
  if (odds < 1) {
    outcomes.push({ outcome: 0, probability: 1 - odds });
    answers.push({ purpose: 'shot', int: null, floats: [(odds + 1) / 2] });
  }
  if (odds > 0) {
    outcomes.push({ outcome: 1, probability: odds });
    answers.push({ purpose: 'shot', int: null, floats: [odds / 2] });
  }
  return { outcomes, answers };
}

function refuse(code: ChanceGameErrorCode, message: string): ChanceGameResult {
  return { ok: false, error: { code, message } };
}

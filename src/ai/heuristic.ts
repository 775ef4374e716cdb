/**
 * The heuristic bot: fixed rules of thumb over the view (material value, battle odds from the kinds not
 * yet seen, keep a defender home, raid an empty deck). Frozen once measured: it is the rating anchor, so
 * change it only as a new, differently named bot. Ties and the setup draw from the seeded random source.
 */
import {
  type Action,
  type CardFace,
  opponentOf,
  type PieceKind,
  type PlayerView,
  type Random,
  type Seat,
} from '../engine/index.ts';
import { type Hidden, hiddenOf, seatOf } from '../learn/hidden.ts';
import { withAim } from './aim.ts';
import type { Bot, DecisionInput } from './bot.ts';
import { attackGain, expectedValue, ownOn, VALUE } from './judgement.ts';
import { chooseSetup } from './setup-choice.ts';

/** The heuristic's aim skill in aimed games: a careful person (0.5, AI.md). */
const HEURISTIC_SKILL = 0.5;

interface Situation {
  readonly view: PlayerView;
  readonly seat: Seat;
  readonly enemy: Seat;
  readonly hidden: Hidden;
  readonly kindOf: (id: number) => PieceKind;
}

function situationOf(view: PlayerView): Situation {
  const seat = seatOf(view);
  const hidden = hiddenOf(view);
  return { view, seat, enemy: opponentOf(seat), hidden, kindOf: (id) => hidden.known[id] ?? 'bomb' };
}

/** A score per legal action; the best wins, ties broken at random. */
export function heuristicScores(view: PlayerView): number[] {
  const s = situationOf(view);
  return view.legalActions.map((action) => scoreOf(s, action));
}

export function heuristicChoice(view: PlayerView, random: Random, skill = HEURISTIC_SKILL): Action {
  if (view.pending.ask === 'setup') return chooseSetup(view, random);
  const scores = heuristicScores(view);
  let best = Number.NEGATIVE_INFINITY;
  let ties: number[] = [];
  scores.forEach((score, i) => {
    if (score > best + 1e-9) {
      best = score;
      ties = [i];
    } else if (Math.abs(score - best) <= 1e-9) ties.push(i);
  });
  const choice = view.legalActions[ties[random.int(ties.length)] ?? 0];
  if (choice === undefined) throw new Error('heuristic: asked to decide with no legal action');
  return withAim(choice, view, skill, random);
}

export const heuristicBot: Bot = {
  name: 'heuristic',
  decide({ view, random }: DecisionInput): Action {
    return heuristicChoice(view, random);
  },
};

function scoreOf(s: Situation, action: Action): number {
  switch (action.type) {
    case 'turnCard':
      return cardScore(s, action.card);
    case 'newPirate':
      return newPirateScore(s, action.piece);
    case 'swing':
      return swingScore(s, action.piece);
    case 'attack':
      return attackGain(s.hidden, s.kindOf(action.attacker), action.target);
    case 'raid':
      // The Powder Barrel takes the raider: raid with the cheapest piece.
      return 20 - VALUE[s.kindOf(action.piece)];
    case 'plank':
    case 'hatch':
      // An enemy piece: the most valuable one, above all a boarder standing on our deck.
      return (
        expectedValue(s.hidden, action.piece) +
        (s.view.ships[s.seat].deck.some((p) => p.id === action.piece) ? 2 : 0)
      );
    case 'losePiece':
      return -VALUE[s.kindOf(action.piece)] - (isLastDefender(s, action.piece) ? 3 : 0);
    case 'turnFlag':
      return s.view.ships[s.enemy].flagSlots[action.slot] === null ? 10 : -1;
    case 'pass':
      return 0;
    case 'contribute':
    case 'setup':
    case 'shoot':
    case 'resign':
      return 0;
  }
}

/** The action a card gives is its face now down; an unturned back is any face still unaccounted for. */
function cardScore(s: Situation, index: number): number {
  const card = s.view.cards[index];
  if (!card) return Number.NEGATIVE_INFINITY;
  if (card.down !== null) return faceScore(s, card.down);
  const pool = s.hidden.backPool;
  if (pool.length === 0) return 0;
  let sum = 0;
  for (const face of pool) sum += faceScore(s, face);
  return sum / pool.length;
}

function faceScore(s: Situation, face: CardFace): number {
  const { view, seat, enemy } = s;
  const enemyOnDecks = ownOn(view, 'red', enemy).length + ownOn(view, 'blue', enemy).length;
  const mineOnDecks = ownOn(view, 'red', seat).length + ownOn(view, 'blue', seat).length;
  switch (face) {
    case 'attack':
      return Math.max(0, bestAttack(s));
    case 'swing': {
      let best = 0;
      for (const p of view.ships[seat].deck) if (p.owner === seat) best = Math.max(best, swingScore(s, p.id));
      for (const p of view.ships[enemy].deck)
        if (p.owner === seat) best = Math.max(best, swingScore(s, p.id));
      return best;
    }
    case 'newPirate':
      return view.ships[seat].extras.length === 0 ? 0 : ownOn(view, seat, seat).length < 2 ? 3 : 1.5;
    case 'shootSail':
      return view.rules.quickOdds.sail * (enemyOnDecks === 0 ? 8 : 3);
    case 'shootSkull':
      return view.rules.quickOdds.skull * (enemyOnDecks === 0 ? 8 : 4);
    case 'plank':
      return mineOnDecks === 0 ? 0 : -2;
    case 'sleeping':
      return 0;
  }
}

function bestAttack(s: Situation): number {
  const { view, seat, enemy } = s;
  if (ownOn(view, enemy, seat).length > 0 && ownOn(view, enemy, enemy).length === 0) return 12;
  let best = Number.NEGATIVE_INFINITY;
  for (const ship of [seat, enemy]) {
    const deck = view.ships[ship].deck;
    for (const a of deck) {
      if (a.owner !== seat || a.kind === 'bomb' || a.kind === null) continue;
      for (const t of deck) if (t.owner === enemy) best = Math.max(best, attackGain(s.hidden, a.kind, t.id));
    }
  }
  return best;
}

function isLastDefender(s: Situation, piece: number): boolean {
  const home = ownOn(s.view, s.seat, s.seat);
  return home.length === 1 && home[0] === piece;
}

function newPirateScore(s: Situation, piece: number): number {
  const kind = s.kindOf(piece);
  const defenders = ownOn(s.view, s.seat, s.seat).length;
  if (kind === 'bomb') return defenders === 0 ? 9 : 1;
  return VALUE[kind];
}

function swingScore(s: Situation, piece: number): number {
  const { view, seat, enemy } = s;
  const kind = s.kindOf(piece);
  const home = ownOn(view, seat, seat);
  const fromHome = home.includes(piece);
  const enemyHome = ownOn(view, enemy, enemy);
  const enemyBoarders = ownOn(view, seat, enemy);
  if (fromHome) {
    if (kind === 'bomb') return Number.NEGATIVE_INFINITY;
    const leavesHomeEmpty = home.length === 1;
    let score = 0;
    if (enemyHome.length === 0) score = 6 - VALUE[kind] * 0.3;
    else score = (VALUE[kind] - 4.5) * 0.8;
    return score - (leavesHomeEmpty ? (enemyBoarders.length > 0 ? 6 : 3) : 0);
  }
  // Back home: when our deck has no defender and the enemy could raid, or when a known stronger enemy waits.
  let score = -1;
  if (home.length === 0 && enemyBoarders.length > 0) score = 4;
  for (const t of view.ships[enemy].deck) {
    if (t.owner === enemy && attackGain(s.hidden, kind, t.id) < -1) score = Math.max(score, 1);
  }
  return score;
}

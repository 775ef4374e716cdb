/**
 * A sensible secret setup (R1.3, R1.4): the flag order uniformly at random (any preference could be
 * learnt), three deck pieces drawn by weight so the Bomb often guards the deck but never predictably. The
 * weights are a guess; `pirates fit-setup` measures what each kind is worth on deck (fit-setup.ts), and
 * what it found did not carry into play (docs/ai.md, "What a deck is worth").
 */
import {
  type Action,
  actionKey,
  FLAG_CARDS,
  type PieceKind,
  type PlayerView,
  type Random,
  shuffleInPlace,
} from '../engine/index.ts';
import { seatOf } from '../learn/hidden.ts';

/** How much more often each kind goes on deck at setup (the belief models enemy setups with it too). */
export const DECK_WEIGHT: Readonly<Record<PieceKind, number>> = {
  bomb: 3,
  captain: 1,
  swashbuckler: 1.5,
  whip: 1.5,
  incisor: 1.5,
  earring: 1.5,
  bombcatcher: 1,
  adder: 1,
};

export function chooseSetup(
  view: PlayerView,
  random: Random,
  weights: Readonly<Record<PieceKind, number>> = DECK_WEIGHT,
): Action {
  const seat = seatOf(view);
  const pieces = view.ships[seat].extras.map((p) => ({ id: p.id, weight: p.kind ? weights[p.kind] : 1 }));
  const deck: number[] = [];
  while (deck.length < 3 && pieces.length > 0) {
    const total = pieces.reduce((sum, p) => sum + p.weight, 0);
    let draw = random.float() * total;
    let at = pieces.length - 1;
    for (let i = 0; i < pieces.length; i++) {
      draw -= pieces[i]?.weight ?? 0;
      if (draw < 0) {
        at = i;
        break;
      }
    }
    const [chosen] = pieces.splice(at, 1);
    if (chosen) deck.push(chosen.id);
  }
  const flags = shuffleInPlace(FLAG_CARDS.slice(), random);
  const wanted = actionKey({ type: 'setup', flags, deck });
  const legal = view.legalActions.find((a) => actionKey(a) === wanted);
  const fallback = view.legalActions[random.int(view.legalActions.length)];
  const choice = legal ?? fallback;
  if (choice === undefined) throw new Error('chooseSetup: no legal setup');
  return choice;
}

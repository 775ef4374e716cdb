/**
 * R1: setup. Each seat hides its flag order and puts three pieces on its deck, in secret and at the same
 * time (R1.4); when both have, a coin toss decides who starts (R1.6) unless the options fix it.
 */
import type { Action } from '../actions.ts';
import { firstPieceOf, type GameState } from '../state.ts';
import { DECK_SIZE_AT_SETUP, FLAG_CARDS, type FlagCard, type Seat, withSeat } from '../vocabulary.ts';
import { ask, emit, emitTo, type Table } from './table.ts';

const FLAG_ORDERS: readonly (readonly FlagCard[])[] = permutations(FLAG_CARDS);

function permutations<T>(items: readonly T[]): T[][] {
  if (items.length <= 1) return [items.slice()];
  const result: T[][] = [];
  items.forEach((item, i) => {
    for (const rest of permutations([...items.slice(0, i), ...items.slice(i + 1)]))
      result.push([item, ...rest]);
  });
  return result;
}

const choicesBySeat = new Map<Seat, readonly Action[]>();

/** Every setup: 6 flag orders x 120 sets of three deck pieces (listed in ascending id order). */
export function setupChoices(state: GameState, seat: Seat): readonly Action[] {
  if (state.ready[seat]) return [];
  const cached = choicesBySeat.get(seat);
  if (cached) return cached;
  const first = firstPieceOf(seat);
  const choices: Action[] = [];
  for (const flags of FLAG_ORDERS) {
    for (let a = first; a < first + 10; a++) {
      for (let b = a + 1; b < first + 10; b++) {
        for (let c = b + 1; c < first + 10; c++) {
          choices.push(Object.freeze({ type: 'setup', flags, deck: Object.freeze([a, b, c]) }));
        }
      }
    }
  }
  Object.freeze(choices);
  choicesBySeat.set(seat, choices);
  return choices;
}

/** Why a setup cannot be taken, or null. The deck may be listed in any order; that order is the deck's. */
export function setupRefusal(seat: Seat, flags: readonly FlagCard[], deck: readonly number[]): string | null {
  if (new Set(flags).size !== FLAG_CARDS.length) {
    return 'The three flag slots must hold the Monkey, the Flag and the Powder Barrel, each once.';
  }
  const first = firstPieceOf(seat);
  if (deck.length !== DECK_SIZE_AT_SETUP || new Set(deck).size !== DECK_SIZE_AT_SETUP) {
    return 'Choose three different pieces for your deck.';
  }
  if (deck.some((p) => p < first || p >= first + 10)) {
    return `Your pieces are ids ${first} to ${first + 9}.`;
  }
  return null;
}

export function resolveSetup(
  table: Table,
  seat: Seat,
  flags: readonly FlagCard[],
  deck: readonly number[],
): void {
  const { state } = table;
  // Replaced, not written in place: these parts are shared between states (state.ts, `cloneState`).
  state.flagSlots = withSeat(state.flagSlots, seat, flags.slice());
  state.flagShown = withSeat(state.flagShown, seat, [false, false, false]);
  for (const piece of deck) state.places[piece] = seat;
  state.decks[seat] = deck.slice();
  state.ready = withSeat(state.ready, seat, true);
  emitTo(table, seat, { type: 'setupChosen', seat, flags: flags.slice(), deck: deck.slice() });
  emit(table, { type: 'ready', seat });
  if (state.ready.red && state.ready.blue) startPlay(table);
}

/** R1.6: the coin decides who starts: shark, red; cheerful pirate, blue. */
function startPlay(table: Table): void {
  const { state } = table;
  let first = state.rules.firstSeat;
  if (first === null) {
    const side = table.chance.draws('start').int(2) === 0 ? 'shark' : 'pirate';
    emit(table, { type: 'coinTossed', for: 'start', side });
    first = side === 'shark' ? 'red' : 'blue';
  }
  state.phase = 'play';
  state.mover = first;
  state.pending = ask('turnCard', first);
  emit(table, { type: 'started', first });
}

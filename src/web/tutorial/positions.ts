/**
 * Prepared tables for the tutorial: a play-phase state described the way the rulebook describes a table ("red
 * has the Captain on deck, Eddy Earring of blue's has boarded it; card 1 will show Attack!"), built field by
 * field on top of a real `createGame`, so kinds, cards, chance and rules stay the engine's own.
 */
import {
  type CardFace,
  createGame,
  type FlagCard,
  type GameOptions,
  type GameState,
  type PieceKind,
  type Place,
  SEATS,
  type Seat,
} from '../../engine/index.ts';

export interface SeatTable {
  /** Own pieces on the own deck, e.g. `['captain']`. */
  readonly deck?: readonly PieceKind[];
  /** Own pieces that have boarded the enemy deck. */
  readonly boarding?: readonly PieceKind[];
  /** Flag cards by slot; default Monkey, Flag, Powder Barrel. */
  readonly flags?: readonly FlagCard[];
}

export interface TableSpec {
  readonly red?: SeatTable;
  readonly blue?: SeatTable;
  /** Turning card 0 shows this face. */
  readonly card: CardFace;
  readonly seed: string;
  readonly options?: Omit<GameOptions, 'seed' | 'firstSeat' | 'entropy'>;
}

/** Red to turn a card on the table `spec` describes; nothing turned yet. */
export function preparedTable(spec: TableSpec): GameState {
  const game = createGame({ shots: 'quick', ...spec.options, seed: spec.seed, firstSeat: 'red' });
  const places: Place[] = game.kinds.map(() => 'extras');
  const boarded = game.kinds.map(() => false);
  const decks: Record<Seat, number[]> = { red: [], blue: [] };
  const used = new Set<number>();
  const take = (seat: Seat, kind: PieceKind): number => {
    const first = seat === 'red' ? 0 : 10;
    for (let id = first; id < first + 10; id++) {
      if (game.kinds[id] === kind && !used.has(id)) {
        used.add(id);
        return id;
      }
    }
    throw new Error(`tutorial: ${seat} has no ${kind} left`);
  };
  for (const seat of SEATS) {
    const enemy: Seat = seat === 'red' ? 'blue' : 'red';
    for (const kind of spec[seat]?.deck ?? []) {
      const id = take(seat, kind);
      places[id] = seat;
      decks[seat].push(id);
    }
    for (const kind of spec[seat]?.boarding ?? []) {
      const id = take(seat, kind);
      places[id] = enemy;
      boarded[id] = true;
      decks[enemy].push(id);
    }
  }
  const ownFirst = (ship: Seat) => [
    ...decks[ship].filter((id) => id < 10 === (ship === 'red')),
    ...decks[ship].filter((id) => id < 10 !== (ship === 'red')),
  ];
  const cards = game.cards.map((card) => ({ ...card }));
  const from = cards.findIndex((card) => card.sides.includes(spec.card));
  const chosen = cards[from];
  const first = cards[0];
  if (chosen === undefined || first === undefined) throw new Error(`tutorial: no card has ${spec.card}`);
  cards[from] = first;
  cards[0] = { ...chosen, up: chosen.sides[0] === spec.card ? 1 : 0 };
  return {
    ...game,
    phase: 'play',
    places,
    decks: { red: ownFirst('red'), blue: ownFirst('blue') },
    shown: game.kinds.map(() => false),
    boarded,
    out: [],
    flagSlots: {
      red: [...(spec.red?.flags ?? ['monkey', 'flag', 'barrel'])],
      blue: [...(spec.blue?.flags ?? ['monkey', 'flag', 'barrel'])],
    },
    flagShown: { red: [false, false, false], blue: [false, false, false] },
    cards,
    ready: { red: true, blue: true },
    mover: 'red',
    pending: { ask: 'turnCard', seat: 'red' },
  };
}

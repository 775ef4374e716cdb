/**
 * The information state (docs/learn.md, "Tensors"): the observation, then what the seat's own events add over
 * the game, which the view forgets: which of its pieces and flag slots the enemy has seen, the card under way,
 * what each piece has done, the cards each side turned of late. Built from the events the seat saw only
 * (`eventsFor`), so it holds nothing the seat was not shown, and it reads no private event but the seat's own.
 */
import { CARD_FACES, type GameEvent, type PlayerView, type Seat } from '../engine/index.ts';
import {
  appendSection,
  OBSERVATION_LAYOUT,
  pieceRow,
  seatOfView,
  type TensorSection,
  writeViewObservation,
} from './observation.ts';

/** The numbers of one piece's history row; rows 0-9 are the own slots, 10-19 the enemy slots. */
export const HISTORY_COLUMNS = [
  'battles it attacked in / 4',
  'battles it defended in / 4',
  'battles it came out of in play / 4',
  'swings onto the other ship / 4',
  'swings back home / 4',
  'came on deck by New pirate',
  'times put on the plank / 2',
  'times put on the hatch / 2',
  'chosen by its owner to leave play after a sail hit',
  'raided (made a flag attempt by boarding)',
  'recency: 1 / (1 + turns since an event last named it), 0 if none has',
] as const;

/** The numbers of one recent card turned: the card 0-9, one-hot, then the face it turned up, one-hot. */
const RECENT_ROW = 17;
/** How many of each side's latest turned cards are kept. */
const RECENT = 3;
const HISTORY_ROW = HISTORY_COLUMNS.length;

const sections: TensorSection[] = OBSERVATION_LAYOUT.map((section) => ({
  ...section,
  name: `observation.${section.name}`,
}));
const OWN_SEEN = appendSection(
  sections,
  'ownSeen',
  10,
  'my slots 0-9: the enemy has seen the kind (a battle, or out of play)',
);
const OWN_FLAGS_SEEN = appendSection(
  sections,
  'ownFlagsSeen',
  3,
  'my flag slots 0-2: the enemy has turned the card (R6.5)',
);
const CURRENT = appendSection(
  sections,
  'currentCard',
  11,
  'the card turned in the turn under way, 0-9 one-hot, or the last number when none is (a card is to be turned, setup, the end)',
);
const HISTORY = appendSection(
  sections,
  'pieceHistory',
  20 * HISTORY_ROW,
  'one row per piece as in the observation: rows 0-9 my slots, 10-19 the enemy slots',
  { count: 20, columns: HISTORY_COLUMNS },
);
const RECENT_CARDS = appendSection(
  sections,
  'recentCards',
  2 * RECENT * RECENT_ROW,
  'my last 3 turned cards, then the enemy’s, latest first, 17 numbers each: the card 0-9 one-hot, then the face it turned up one-hot (attack, swing, newPirate, shootSail, shootSkull, plank, sleeping); 0 where fewer were turned',
);
const FACES_TURNED = appendSection(
  sections,
  'facesTurned',
  14,
  'how often each face was turned up by me, then by the enemy (CARD_FACES order), each / 10',
);
const SHOTS = appendSection(
  sections,
  'shots',
  8,
  'my sail shots, sail hits, skull shots, skull hits, then the enemy’s, each / 10',
);
const CHOICES = appendSection(
  sections,
  'choices',
  4,
  'flag attempts won by me, by the enemy; actions I declined, the enemy declined (R2.5); each / 10',
);

/** The sections of the information state tensor, in order: the observation's first. */
export const INFORMATION_STATE_LAYOUT: readonly TensorSection[] = sections;
/** The length of `informationStateTensor`'s array. */
export const INFORMATION_STATE_SIZE = CHOICES + 4;

/** Counts are kept whole while the events are read, then scaled: by column of a history row, and per section. */
const HISTORY_SCALES = [0.25, 0.25, 0.25, 0.25, 0.25, 1, 0.5, 0.5, 1, 1, 1] as const;
const COUNT_SCALE = 0.1;

/**
 * The information state of a seat: `observationTensor(view)` first (`OBSERVATION_SIZE` numbers), then what
 * `history` adds. `history` is every event the seat saw since the game began, in order (`eventsFor(events,
 * seat)` of each applied action's events, concatenated); a missing start leaves the counts short, nothing
 * worse. A spectator's view is refused with an error, as `observationTensor` refuses it.
 */
export function informationStateTensor(view: PlayerView, history: readonly GameEvent[]): Float32Array {
  const out = new Float32Array(INFORMATION_STATE_SIZE);
  writeViewObservation(view, out, 0);
  const seat = seatOfView(view);
  const mine = (id: number): boolean => id < 10 === (seat === 'red');
  const row = (id: number): number => pieceRow(seat, id);
  const history0 = HISTORY;
  const count = (at: number) => {
    out[at] = (out[at] ?? 0) + 1;
  };
  const bump = (id: number, column: number) => count(history0 + row(id) * HISTORY_ROW + column);
  const lastNamed: number[] = Array.from({ length: 20 }, () => -1);
  const recent: { red: { card: number; face: number }[]; blue: { card: number; face: number }[] } = {
    red: [],
    blue: [],
  };
  const side = (of: Seat): number => (of === seat ? 0 : 1);
  let turn = 0;
  let current: number | null = null;
  const named = (id: number) => {
    lastNamed[id] = turn;
  };
  for (const piece of view.out) if (mine(piece.id)) out[OWN_SEEN + row(piece.id)] = 1;
  for (const event of history) {
    // Another seat's private event is not this seat's to read (only setupChosen is private, and unused here).
    if (event.audience !== 'all' && event.audience !== seat) continue;
    switch (event.type) {
      case 'cardTurned': {
        current = event.card;
        const face = CARD_FACES.indexOf(event.face);
        recent[event.seat].unshift({ card: event.card, face });
        recent[event.seat].length = Math.min(recent[event.seat].length, RECENT);
        count(FACES_TURNED + side(event.seat) * 7 + face);
        break;
      }
      case 'turnEnded':
        current = null;
        turn = event.turn;
        break;
      case 'battle': {
        bump(event.attacker, 0);
        bump(event.defender, 1);
        for (const id of [event.attacker, event.defender]) {
          if (!event.losers.includes(id)) bump(id, 2);
          if (mine(id)) out[OWN_SEEN + row(id)] = 1;
          named(id);
        }
        break;
      }
      case 'swung':
        bump(event.piece, event.ship === (event.piece < 10 ? 'red' : 'blue') ? 4 : 3);
        named(event.piece);
        break;
      case 'newPirate':
        out[history0 + row(event.piece) * HISTORY_ROW + 5] = 1;
        named(event.piece);
        break;
      case 'onPlank':
        bump(event.piece, 6);
        named(event.piece);
        break;
      case 'onHatch':
        bump(event.piece, 7);
        named(event.piece);
        break;
      case 'pieceOut':
        if (event.cause === 'sail') out[history0 + row(event.piece) * HISTORY_ROW + 8] = 1;
        if (mine(event.piece)) out[OWN_SEEN + row(event.piece)] = 1;
        named(event.piece);
        break;
      case 'flagAttempt':
        count(CHOICES + side(event.seat));
        if (event.raider !== null) {
          out[history0 + row(event.raider) * HISTORY_ROW + 9] = 1;
          named(event.raider);
        }
        break;
      case 'shot': {
        const at = SHOTS + side(event.seat) * 4 + (event.target === 'sail' ? 0 : 2);
        count(at);
        if (event.hit) count(at + 1);
        break;
      }
      case 'declined':
        count(CHOICES + 2 + side(event.seat));
        break;
      case 'flagCardTurned':
        if (event.owner === seat && event.slot >= 0 && event.slot < 3) out[OWN_FLAGS_SEEN + event.slot] = 1;
        break;
      case 'setupChosen':
      case 'ready':
      case 'coinTossed':
      case 'started':
      case 'cardSetAside':
      case 'cardReturned':
      case 'nothingHappened':
      case 'pieceReturned':
      case 'resigned':
      case 'gameOver':
        break;
    }
  }
  // The card under way: only while its action is being carried out.
  const ask = view.pending.ask;
  const underWay = ask !== 'turnCard' && ask !== 'setup' && ask !== 'contribute' && ask !== 'none';
  out[CURRENT + (underWay && current !== null ? current : 10)] = 1;
  for (let at = FACES_TURNED; at < INFORMATION_STATE_SIZE; at++) out[at] = (out[at] ?? 0) * COUNT_SCALE;
  for (let id = 0; id < 20; id++) {
    for (let column = 0; column < HISTORY_ROW; column++) {
      const at = history0 + row(id) * HISTORY_ROW + column;
      out[at] = (out[at] ?? 0) * (HISTORY_SCALES[column] ?? 1);
    }
    const last = lastNamed[id] ?? -1;
    if (last >= 0) out[history0 + row(id) * HISTORY_ROW + 10] = 1 / (1 + Math.max(0, view.turn - last));
  }
  for (const of of [seat, seat === 'red' ? 'blue' : 'red'] as const) {
    recent[of].forEach((entry, i) => {
      const base = RECENT_CARDS + (side(of) * RECENT + i) * RECENT_ROW;
      out[base + entry.card] = 1;
      out[base + 10 + entry.face] = 1;
    });
  }
  return out;
}

/**
 * Replays: a record played forward to any step with the real engine, shown through either seat's eyes or
 * with every secret (after the game the record is public, R11.3). The seats' contributions to chance come
 * first in a record and show nothing, so a replay's moves start after them, with the cards dealt.
 */

import {
  applyAction,
  type GameEvent,
  type GameRecord,
  newGame,
  opponentOf,
  type PieceView,
  type PlayerView,
  recordOptions,
  type Seat,
  type ShipView,
  viewFor,
} from '../../engine/index.ts';
import { t } from '../i18n/i18n.ts';
import { FLAG_TITLE, kindName } from './names.ts';

/** How many contributions open the record: applied before move 0. */
function contributionsOf(record: GameRecord): number {
  let count = 0;
  while (record.actions[count]?.action.type === 'contribute') count++;
  return count;
}

/** The moves a replay steps through: the record's actions after the contributions. */
export function movesOf(record: GameRecord): number {
  return record.actions.length - contributionsOf(record);
}

/**
 * The position after `step` moves, the events that led there, and the turn of the last move counted from 1
 * as the game and the analysis count it (0 before play starts), or an error in words.
 */
export function replayTo(
  record: GameRecord,
  step: number,
):
  | { ok: true; views: Record<Seat, PlayerView>; events: GameEvent[]; turn: number }
  | { ok: false; message: string } {
  const options = recordOptions(record);
  const created = options.ok ? newGame(options.value) : options;
  if (!created.ok) return { ok: false, message: created.error.message };
  let state = created.value;
  const events: GameEvent[] = [];
  const lead = contributionsOf(record);
  let turn = 0;
  for (const [index, entry] of record.actions.slice(0, lead + step).entries()) {
    turn = state.phase === 'play' ? state.turn + 1 : 0;
    const result = applyAction(state, entry.seat, entry.action);
    if (!result.ok)
      return {
        ok: false,
        message: t('errors.refused', { move: index + 1 - lead, reason: result.error.message }),
      };
    state = result.state;
    events.push(...result.events);
  }
  return { ok: true, views: { red: viewFor(state, 'red'), blue: viewFor(state, 'blue') }, events, turn };
}

function mergePiece(a: PieceView, b: PieceView | undefined): PieceView {
  return a.kind !== null || b === undefined ? a : { ...a, kind: b.kind };
}

function mergeList(a: readonly PieceView[], b: readonly PieceView[]): PieceView[] {
  return a.map((p) =>
    mergePiece(
      p,
      b.find((q) => q.id === p.id),
    ),
  );
}

function mergeShip(a: ShipView, b: ShipView): ShipView {
  return {
    ...a,
    deck: mergeList(a.deck, b.deck),
    extras: mergeList(a.extras, b.extras),
    flagSlots: a.flagSlots.map((card, i) => card ?? b.flagSlots[i] ?? null),
  };
}

/**
 * The card turned in the turn under way, after `events` (a turn's end clears it), starting from `previous`:
 * the table's "just turned" tag belongs on it while its action is carried out, and on the card the
 * opponent turned last (R2.2) once the turn has passed.
 */
export function turningCard(previous: number | null, events: readonly GameEvent[]): number | null {
  let card = previous;
  for (const e of events) {
    if (e.type === 'cardTurned') card = e.card;
    else if (e.type === 'turnEnded') card = null;
  }
  return card;
}

/** One view with every secret of both seats, for watching a finished game; nothing can be done in it. */
export function openView(views: Record<Seat, PlayerView>): PlayerView {
  const { red, blue } = views;
  return {
    ...red,
    viewer: 'spectator',
    ships: {
      red: mergeShip(red.ships.red, blue.ships.red),
      blue: mergeShip(red.ships.blue, blue.ships.blue),
    },
    out: mergeList(red.out, blue.out),
    legalActions: [],
  };
}

/**
 * Reads a saved game for the replay: a sentence for players when it is not one (the developer's reason goes to
 * the console). The whole record is played through once here, so a damaged file is refused at the door
 * rather than halfway through watching it.
 */
export function parseRecord(text: string): { ok: true; record: GameRecord } | { ok: false; message: string } {
  const refuse = (message: string, reason: string) => {
    if (typeof console !== 'undefined') console.info(`record refused: ${reason}`);
    return { ok: false as const, message };
  };
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return refuse(t('errors.notRecord'), 'not JSON');
  }
  if (typeof data !== 'object' || data === null || !('options' in data) || !('actions' in data))
    return refuse(t('errors.notRecord'), 'no options or actions');
  const record = data as GameRecord;
  if (!Array.isArray(record.actions)) return refuse(t('errors.notRecord'), 'actions is not a list');
  let played: ReturnType<typeof replayTo>;
  try {
    played = replayTo(record, movesOf(record));
  } catch (error) {
    played = { ok: false, message: String(error) };
  }
  if (!played.ok) {
    return refuse(t('errors.damaged'), played.message);
  }
  return { ok: true, record };
}

/**
 * One seat's secrets told in words at the end, e.g. `{ flags: ['Monkey', 'Flag', 'Powder barrel'], deck: [...] }`.
 * Pieces are filed by their owner, not by the ship they stand on: a boarder is told among its own crew.
 */
export interface RevealedShip {
  readonly flags: readonly string[];
  /** This seat's pirates on its own deck. */
  readonly deck: readonly string[];
  /** This seat's pirates on the enemy's deck. */
  readonly boarding: readonly string[];
  readonly extras: readonly string[];
  readonly out: readonly string[];
}

/** Both seats' flag orders and crews after the last move of a finished game's record, or null if it does not play. */
export function revealedShips(record: GameRecord): Record<Seat, RevealedShip> | null {
  const end = replayTo(record, movesOf(record));
  if (!end.ok) return null;
  const open = openView(end.views);
  const name = (p: PieceView) => (p.kind === null ? t('replay.aPirate') : kindName(p.kind));
  const ship = (seat: Seat): RevealedShip => ({
    // Each seat's own view knows its flag order.
    flags: end.views[seat].ships[seat].flagSlots.map((card) => (card === null ? '?' : FLAG_TITLE[card])),
    deck: open.ships[seat].deck.filter((p) => p.owner === seat).map(name),
    boarding: open.ships[opponentOf(seat)].deck.filter((p) => p.owner === seat).map(name),
    extras: open.ships[seat].extras.map(name),
    out: open.out.filter((p) => p.owner === seat).map(name),
  });
  return { red: ship('red'), blue: ship('blue') };
}

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
  type PieceView,
  type PlayerView,
  recordOptions,
  type Seat,
  type ShipView,
  viewFor,
} from '../../engine/index.ts';

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

/** The position after `step` moves and the events that led there, or an error in words. */
export function replayTo(
  record: GameRecord,
  step: number,
): { ok: true; views: Record<Seat, PlayerView>; events: GameEvent[] } | { ok: false; message: string } {
  const options = recordOptions(record);
  const created = options.ok ? newGame(options.value) : options;
  if (!created.ok) return { ok: false, message: created.error.message };
  let state = created.value;
  const events: GameEvent[] = [];
  const lead = contributionsOf(record);
  for (const [index, entry] of record.actions.slice(0, lead + step).entries()) {
    const result = applyAction(state, entry.seat, entry.action);
    if (!result.ok)
      return {
        ok: false,
        message: `Move ${index + 1 - lead} of the record was refused: ${result.error.message}`,
      };
    state = result.state;
    events.push(...result.events);
  }
  return { ok: true, views: { red: viewFor(state, 'red'), blue: viewFor(state, 'blue') }, events };
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

/** Checks that text is a game record (shape only; playing it tells the rest). */
export function parseRecord(text: string): { ok: true; record: GameRecord } | { ok: false; message: string } {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { ok: false, message: 'That file is not a game record (it is not JSON).' };
  }
  if (typeof data !== 'object' || data === null || !('options' in data) || !('actions' in data)) {
    return { ok: false, message: 'That file is not a game record: it needs options and actions.' };
  }
  const record = data as GameRecord;
  if (!Array.isArray(record.actions)) return { ok: false, message: 'The record has no list of actions.' };
  return { ok: true, record };
}

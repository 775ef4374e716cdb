/**
 * Seat-relative piece ids for bot protocol 2 (docs/bots.md): a seat's own pieces are 0-9 and the enemy's
 * 10-19, whichever seat it plays, so a bot's code and tables serve both seats. Red's ids are the engine's;
 * blue's are the engine's with the two halves swapped, so one function maps there and back. The enemy keeps
 * ids 10-19 (enemy slot = id - 10, as docs/learn.md counts it) because some lines name a piece without its
 * owner (a battle's losers, the plank, a returned piece): a bare id must still say whose piece it is.
 */
import type { Action, GameEvent, PieceView, PlayerView, Seat } from '../engine/index.ts';

/** A piece id as `seat` sees it in protocol 2, and back (the map is its own inverse). */
export function relativeId(id: number, seat: Seat): number {
  return seat === 'red' ? id : (id + 10) % 20;
}

const pieceOf = (piece: PieceView, seat: Seat): PieceView => ({ ...piece, id: relativeId(piece.id, seat) });

/** The view with every piece id seat-relative (seats keep their names: `ships.red` is still red's ship). */
export function relativeView<V extends Omit<PlayerView, 'legalActions'>>(view: V, seat: Seat): V {
  if (seat === 'red') return view;
  const ship = (s: Seat) => {
    const shipView = view.ships[s];
    return {
      ...shipView,
      deck: shipView.deck.map((p) => pieceOf(p, seat)),
      extras: shipView.extras.map((p) => pieceOf(p, seat)),
    };
  };
  const pending = view.pending;
  return {
    ...view,
    ships: { red: ship('red'), blue: ship('blue') },
    out: view.out.map((p) => pieceOf(p, seat)),
    pending:
      pending.ask === 'shoot'
        ? { ...pending, hatch: pending.hatch === null ? null : relativeId(pending.hatch, seat) }
        : pending.ask === 'turnFlag'
          ? { ...pending, raider: pending.raider === null ? null : relativeId(pending.raider, seat) }
          : pending,
  };
}

/** An action with its piece ids seat-relative; applied to a relative action, it gives the engine's back. */
export function relativeAction(action: Action, seat: Seat): Action {
  if (seat === 'red') return action;
  const id = (piece: number) => relativeId(piece, seat);
  switch (action.type) {
    case 'setup':
      return { ...action, deck: action.deck.map(id) };
    case 'newPirate':
    case 'swing':
    case 'raid':
    case 'plank':
    case 'hatch':
    case 'losePiece':
      return { ...action, piece: id(action.piece) };
    case 'attack':
      return { ...action, attacker: id(action.attacker), target: id(action.target) };
    case 'contribute':
    case 'turnCard':
    case 'shoot':
    case 'turnFlag':
    case 'pass':
    case 'resign':
      return action;
  }
}

/** An event with its piece ids seat-relative. */
export function relativeEvent(event: GameEvent, seat: Seat): GameEvent {
  if (seat === 'red') return event;
  const id = (piece: number) => relativeId(piece, seat);
  switch (event.type) {
    case 'setupChosen':
      return { ...event, deck: event.deck.map(id) };
    case 'newPirate':
    case 'swung':
    case 'pieceOut':
    case 'onPlank':
    case 'onHatch':
    case 'pieceReturned':
      return { ...event, piece: id(event.piece) };
    case 'battle':
      return {
        ...event,
        attacker: id(event.attacker),
        defender: id(event.defender),
        losers: event.losers.map(id),
      };
    case 'flagAttempt':
      return { ...event, raider: event.raider === null ? null : id(event.raider) };
    case 'ready':
    case 'coinTossed':
    case 'started':
    case 'cardTurned':
    case 'cardSetAside':
    case 'cardReturned':
    case 'nothingHappened':
    case 'declined':
    case 'shot':
    case 'flagCardTurned':
    case 'turnEnded':
    case 'resigned':
    case 'gameOver':
      return event;
  }
}

/** One English sentence per event, for logs and the page's event list. Says only what the event says. */
import type { GameEvent } from './events.ts';
import type { Viewer } from './view.ts';
import {
  CARD_FACE_NAMES,
  FLAG_CARD_NAMES,
  PIECE_NAMES,
  type PieceKind,
  RANK,
  type Seat,
} from './vocabulary.ts';

const NAME: Record<Seat, string> = { red: 'Red', blue: 'Blue' };
const SHIP: Record<Seat, string> = { red: 'the red ship', blue: 'the blue ship' };

function owner(piece: number): Seat {
  return piece < 10 ? 'red' : 'blue';
}

function named(kind: PieceKind): string {
  const rank = RANK[kind];
  return rank === null ? PIECE_NAMES[kind] : `${PIECE_NAMES[kind]} (${rank})`;
}

/** Ends a sentence with a full stop unless it already ends in '!' ("Attack!"). */
function sentence(text: string): string {
  return text.endsWith('!') ? text : `${text}.`;
}

/** "the Bomb wins", "Walter Whip wins". */
function winnerName(kind: PieceKind): string {
  return kind === 'bomb' ? 'the Bomb' : PIECE_NAMES[kind];
}

const CAUSE = {
  battle: 'lost the battle',
  sail: 'was given up after the sail hit',
  skull: 'was flung off the hatch by the skull hit',
  plank: 'went to the sharks',
  barrel: 'was blown up by the Powder Barrel',
} as const;

/** `forSeat` is the reader; private events are only ever given to their own seat. */
export function describeEvent(event: GameEvent, forSeat: Viewer): string {
  switch (event.type) {
    case 'setupChosen': {
      const who = forSeat === event.seat ? 'You' : NAME[event.seat];
      const flags = event.flags.map((f) => FLAG_CARD_NAMES[f]).join(', ');
      return `${who} hid the flag cards (${flags}, from the first slot to the last) and put three pirates on deck.`;
    }
    case 'ready':
      return `${NAME[event.seat]} is ready.`;
    case 'coinTossed':
      return event.for === 'start'
        ? `The coin shows ${event.side === 'shark' ? 'the shark' : 'the cheerful pirate'}.`
        : `The coin shows ${event.side === 'shark' ? 'the shark: the pirate goes overboard' : 'the cheerful pirate: the pirate is saved'}.`;
    case 'started':
      return `${NAME[event.first]} starts.`;
    case 'cardTurned':
      return sentence(`${NAME[event.seat]} turned card ${event.card + 1}: ${CARD_FACE_NAMES[event.face]}`);
    case 'cardSetAside':
      return `${NAME[event.seat]} set card ${event.card + 1} aside.`;
    case 'cardReturned':
      return `Card ${event.card + 1} is back in play.`;
    case 'nothingHappened':
      return `Nothing happens: ${event.reason}.`;
    case 'declined':
      return sentence(`${NAME[event.seat]} chose not to act on ${CARD_FACE_NAMES[event.face]}`);
    case 'newPirate':
      return `${NAME[event.seat]} brought a new pirate on deck.`;
    case 'swung':
      return event.ship === event.seat
        ? `${NAME[event.seat]} swung a pirate back onto its own ship.`
        : `${NAME[event.seat]} swung a pirate onto ${SHIP[event.ship]}.`;
    case 'battle': {
      const attacker = `${NAME[owner(event.attacker)]}'s ${named(event.attackerKind)}`;
      const defender = `${NAME[owner(event.defender)]}'s ${named(event.defenderKind)}`;
      const result =
        event.losers.length === 2
          ? 'both leave play'
          : event.losers[0] === event.attacker
            ? `${winnerName(event.defenderKind)} wins`
            : `${winnerName(event.attackerKind)} wins`;
      return `${attacker} attacked ${defender} on ${SHIP[event.ship]}: ${result}.`;
    }
    case 'pieceOut':
      return `${NAME[event.owner]}'s ${named(event.kind)} ${CAUSE[event.cause]} and is out of play.`;
    case 'onPlank':
      return `${NAME[event.chooser]} put a ${owner(event.piece)} pirate on the plank.`;
    case 'onHatch':
      return `${NAME[event.seat]} put a ${owner(event.piece)} pirate on the hatch above the skull.`;
    case 'pieceReturned':
      return `The pirate on the ${event.from} goes back to its place.`;
    case 'shot':
      return `${NAME[event.seat]} fired at the ${event.target === 'sail' ? 'hole in the sail' : 'skull'}: ${event.hit ? 'a hit!' : 'a miss.'}`;
    case 'flagAttempt':
      return `${NAME[event.seat]} may turn one of the enemy's flag cards.`;
    case 'flagCardTurned':
      return `${NAME[event.seat]} turned ${NAME[event.owner]}'s flag card ${event.slot + 1}: ${FLAG_CARD_NAMES[event.card]}.`;
    case 'turnEnded':
      return `${NAME[event.seat]}'s turn ends.`;
    case 'resigned':
      return `${NAME[event.seat]} resigned.`;
    case 'gameOver':
      if (event.winner === null) return 'The game is a draw.';
      return event.reason === 'flag'
        ? `${NAME[event.winner]} captured the flag and wins!`
        : `${NAME[event.winner]} wins.`;
  }
}

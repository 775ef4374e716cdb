/**
 * Events: what happened, for animation, logs and replays (DESIGN "Events"). Each event names its audience;
 * `eventsFor` is the one filter, so a private event never reaches the other seat.
 */
import type { Aim } from './actions.ts';
import type { Shot, ShotTarget } from './cannon/index.ts';
import type { CardFace, FlagCard, PieceKind, Seat } from './vocabulary.ts';

/** Who may see an event: everyone, or one seat only. */
export type Audience = 'all' | Seat;

/** Why a piece left play. */
export type OutCause = 'battle' | 'sail' | 'skull' | 'plank' | 'barrel';

type Body =
  /** R1.4: a seat's own setup, told to that seat only. */
  | { type: 'setupChosen'; seat: Seat; flags: FlagCard[]; deck: number[] }
  /** R1.4: a seat has set up (public). */
  | { type: 'ready'; seat: Seat }
  /** R1.6, R3.6: the coin landed; `for` says why it was tossed. */
  | { type: 'coinTossed'; for: 'start' | 'plank'; side: 'shark' | 'pirate' }
  /** R1.6: play begins with `first` to move. */
  | { type: 'started'; first: Seat }
  /** R2.1, R9.3: a card was turned; `face` is now up, `back` now known. */
  | { type: 'cardTurned'; seat: Seat; card: number; face: CardFace; back: CardFace }
  /** R10.1: a card set aside in front of `seat`. */
  | { type: 'cardSetAside'; seat: Seat; card: number }
  /** R10.2: a card back in play. */
  | { type: 'cardReturned'; seat: Seat; card: number }
  /** R2.4: the card could have no effect. */
  | { type: 'nothingHappened'; seat: Seat; face: CardFace; reason: string }
  /** R2.5: the seat declined an optional action. */
  | { type: 'declined'; seat: Seat; face: CardFace }
  /** R3.3: an extra came on deck. */
  | { type: 'newPirate'; seat: Seat; piece: number }
  /** R3.4: a piece swung onto `ship`. */
  | { type: 'swung'; seat: Seat; piece: number; ship: Seat }
  /** R4: a battle; both kinds are now shown; `losers` left play. */
  | {
      type: 'battle';
      seat: Seat;
      ship: Seat;
      attacker: number;
      attackerKind: PieceKind;
      defender: number;
      defenderKind: PieceKind;
      losers: number[];
    }
  /** R4.5: a piece left play; its kind is public from now on. */
  | { type: 'pieceOut'; piece: number; owner: Seat; kind: PieceKind; cause: OutCause }
  /** R3.6: `chooser` put `piece` on the plank. */
  | { type: 'onPlank'; chooser: Seat; piece: number }
  /** R3.2: `seat` put an enemy piece on the enemy hatch. */
  | { type: 'onHatch'; seat: Seat; piece: number }
  /** R3.2, R3.6, R11.2: the piece went back to its place, still unknown. */
  | { type: 'pieceReturned'; piece: number; from: 'plank' | 'hatch' }
  /** R8: a shot; for aimed shots `flight` is the launch after wobble, time and end, to draw the same arc. */
  | { type: 'shot'; seat: Seat; target: ShotTarget; hit: boolean; aim: Aim | null; flight: Shot | null }
  /** R5: `seat` earned a flag attempt, by boarding with `raider` or by the cannon (raider null). */
  | { type: 'flagAttempt'; seat: Seat; raider: number | null }
  /** R6: a flag card turned and shown to both. */
  | { type: 'flagCardTurned'; seat: Seat; owner: Seat; slot: number; card: FlagCard }
  /** R2.3: the turn passed to the other seat. */
  | { type: 'turnEnded'; seat: Seat; turn: number }
  /** R7.2 */
  | { type: 'resigned'; seat: Seat; away?: true; time?: true }
  /** R7: the end; `winner` null for a draw. */
  | { type: 'gameOver'; winner: Seat | null; reason: 'flag' | 'resigned' | 'turnLimit' };

/** An event with its audience, e.g. `{ type: 'swung', seat: 'blue', piece: 14, ship: 'red', audience: 'all' }`. */
export type GameEvent = Body & { readonly audience: Audience };
export type EventType = GameEvent['type'];

/**
 * `body` made an event for everyone. The body is a fresh literal at every call (the rules emit), so it is
 * completed in place: a spread copied each of the dozen events an action emits, a tenth of the public API's time.
 */
export function publicEvent(body: Body): GameEvent {
  return withAudience(body, 'all');
}

/** `body` (a fresh literal, completed in place as in `publicEvent`) made an event for `seat` only. */
export function privateEvent(body: Body, seat: Seat): GameEvent {
  return withAudience(body, seat);
}

/** Adds the audience last, as the spread did, so events serialize as before. */
function withAudience(body: Body, audience: Audience): GameEvent {
  const event = body as Body & { audience: Audience };
  event.audience = audience;
  return event;
}

/** The events a seat (or a spectator) may see. */
export function eventsFor(events: readonly GameEvent[], viewer: Seat | 'spectator'): GameEvent[] {
  return events.filter((e) => e.audience === 'all' || e.audience === viewer);
}

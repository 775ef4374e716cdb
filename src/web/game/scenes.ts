/**
 * Scenes: the moments worth a short animation (a battle, the coin, the plank, the hatch, a shot, a flag card),
 * made from the events a seat has seen. The table itself shows the new position at once; scenes play over it
 * one after another, and the log keeps the words.
 */
import type { CardFace, FlagCard, GameEvent, PieceKind, Seat, Shot, ShotTarget } from '../../engine/index.ts';

export type Scene =
  | { readonly kind: 'card'; readonly seat: Seat; readonly card: number; readonly face: CardFace }
  | {
      readonly kind: 'battle';
      readonly attacker: { readonly id: number; readonly kind: PieceKind };
      readonly defender: { readonly id: number; readonly kind: PieceKind };
      /** Piece ids that left play, e.g. `[14]`; both for a tie. */
      readonly losers: readonly number[];
    }
  | {
      readonly kind: 'coin';
      readonly for: 'start' | 'plank';
      readonly side: 'shark' | 'pirate';
      readonly first: Seat | null;
    }
  | {
      readonly kind: 'plank';
      readonly piece: number;
      readonly saved: boolean;
      readonly lost: PieceKind | null;
    }
  | {
      readonly kind: 'hatch';
      /** The seat that put the enemy pirate there (and fires at the skull). */
      readonly seat: Seat;
      readonly piece: number;
      /** 'waits' until the shot: nothing is decided yet; then 'flung' (the skull was hit) or 'back'. */
      readonly result: 'waits' | 'flung' | 'back';
      readonly lost: PieceKind | null;
    }
  | {
      readonly kind: 'shot';
      readonly seat: Seat;
      readonly target: ShotTarget;
      readonly hit: boolean;
      /** The flight to draw (aimed shots), or null (quick shots). */
      readonly flight: Shot | null;
    }
  | {
      readonly kind: 'flag';
      readonly seat: Seat;
      readonly owner: Seat;
      readonly slot: number;
      readonly card: FlagCard;
    }
  | {
      readonly kind: 'over';
      readonly winner: Seat | null;
      readonly reason: 'flag' | 'resigned' | 'turnLimit';
    };

export function scenesOf(events: readonly GameEvent[]): Scene[] {
  const scenes: Scene[] = [];
  let started: Seat | null = null;
  for (const e of events) if (e.type === 'started') started = e.first;
  for (let i = 0; i < events.length; i++) {
    const e = events[i];
    if (e === undefined) continue;
    switch (e.type) {
      case 'cardTurned':
        scenes.push({ kind: 'card', seat: e.seat, card: e.card, face: e.face });
        break;
      case 'battle':
        scenes.push({
          kind: 'battle',
          attacker: { id: e.attacker, kind: e.attackerKind },
          defender: { id: e.defender, kind: e.defenderKind },
          losers: e.losers,
        });
        break;
      case 'coinTossed':
        if (e.for === 'start') scenes.push({ kind: 'coin', for: 'start', side: e.side, first: started });
        break;
      case 'onPlank': {
        const coin = events.slice(i + 1).find((x) => x.type === 'coinTossed');
        const saved = coin?.type === 'coinTossed' ? coin.side === 'pirate' : false;
        const out = events.slice(i + 1).find((x) => x.type === 'pieceOut' && x.piece === e.piece);
        scenes.push({
          kind: 'plank',
          piece: e.piece,
          saved,
          lost: out?.type === 'pieceOut' ? out.kind : null,
        });
        break;
      }
      case 'shot': {
        scenes.push({ kind: 'shot', seat: e.seat, target: e.target, hit: e.hit, flight: e.flight });
        const hatch = e.target === 'skull' ? hatchResult(events.slice(i + 1), e.seat) : null;
        if (hatch !== null) scenes.push(hatch);
        break;
      }
      case 'onHatch':
        // What happens to the pirate is told after the shot that decides it, never before (issue 21).
        if (!events.slice(i + 1).some((x) => x.type === 'shot'))
          scenes.push({ kind: 'hatch', seat: e.seat, piece: e.piece, result: 'waits', lost: null });
        break;
      case 'flagCardTurned':
        scenes.push({ kind: 'flag', seat: e.seat, owner: e.owner, slot: e.slot, card: e.card });
        break;
      case 'gameOver':
        scenes.push({ kind: 'over', winner: e.winner, reason: e.reason });
        break;
      default:
        break;
    }
  }
  return scenes;
}

/** After a shot at the skull: the pirate on the hatch flung off (hit) or climbing back (miss), if there was one. */
function hatchResult(after: readonly GameEvent[], seat: Seat): Scene | null {
  for (const x of after) {
    if (x.type === 'pieceOut' && x.cause === 'skull')
      return { kind: 'hatch', seat, piece: x.piece, result: 'flung', lost: x.kind };
    if (x.type === 'pieceReturned' && x.from === 'hatch')
      return { kind: 'hatch', seat, piece: x.piece, result: 'back', lost: null };
  }
  return null;
}

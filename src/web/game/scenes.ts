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
      readonly piece: number;
      readonly flung: boolean;
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
        break;
      }
      case 'onHatch': {
        const out = events.slice(i + 1).find((x) => x.type === 'pieceOut' && x.piece === e.piece);
        scenes.push({
          kind: 'hatch',
          piece: e.piece,
          flung: out !== undefined,
          lost: out?.type === 'pieceOut' ? out.kind : null,
        });
        break;
      }
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
  // The hatch scene is told after the shot that decides it.
  return orderHatchAfterShot(scenes);
}

function orderHatchAfterShot(scenes: Scene[]): Scene[] {
  const out: Scene[] = [];
  for (let i = 0; i < scenes.length; i++) {
    const s = scenes[i];
    const next = scenes[i + 1];
    if (s?.kind === 'hatch' && next?.kind === 'shot') {
      out.push(next, s);
      i++;
    } else if (s !== undefined) out.push(s);
  }
  return out;
}

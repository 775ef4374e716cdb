/**
 * Where a missed ball went, in words a player can aim by ("Too high: it struck the sail cloth above the
 * hole"). Read from the shot event's published flight with the engine's own `flightPoint`: the direction from
 * where the arc crosses the target's plane (the plane of the hole, or of the skull on the hull face), the
 * rest from what the ball met and where. Left and right are the shooter's, as the cannon scene draws them.
 */

import {
  type CannonConfig,
  flightPoint,
  type GameEvent,
  type Shot,
  type Table,
  tableOf,
} from '../../engine/index.ts';
import { t } from '../i18n/i18n.ts';

/** Where the arc crosses the target's plane, cm from the target's centre: + is right, + is up. */
export type OffTarget = { across: number; up: number };

/** Which way a miss went: up or down (over-long or short when it ended in the sea), and to a side. */
export type MissDirection = {
  /** e.g. 'high'; null when the miss was only to a side. */
  height: 'high' | 'low' | 'short' | 'long' | null;
  /** e.g. 'left'; null when the miss was only up or down. */
  side: 'left' | 'right' | null;
};

const CM_PER_M = 100;
/** Published positions are rounded to 0.1 mm: a face is told by the nearest plane, within that and more. */
const ON_FACE_M = 5e-4;

/** The plane (y, metres) the ball's centre crosses when it meets the target, and the target's centre. */
function targetPlane(shot: Shot, table: Table): { y: number; x: number; z: number; tolerance: number } {
  switch (shot.target) {
    case 'sail':
      return { ...table.hole.centre, tolerance: table.hole.radius - table.ballRadius };
    case 'skull':
      return {
        ...table.skull.centre,
        y: table.hull.front - table.ballRadius,
        tolerance: table.skull.radius - table.ballRadius,
      };
  }
}

/** Where the arc (obstacles aside) crosses the target's plane, relative to the target; null if it never goes there. */
export function offTarget(shot: Shot, cannon: CannonConfig): OffTarget | null {
  const table = tableOf(cannon);
  const plane = targetPlane(shot, table);
  const { position, velocity } = shot.launch;
  if (velocity.y <= 0) return null;
  const point = flightPoint(shot.launch, (plane.y - position.y) / velocity.y, cannon.gravity);
  return { across: (point.x - plane.x) * CM_PER_M, up: (point.z - plane.z) * CM_PER_M };
}

/**
 * The way a miss went: the larger of up-or-down and sideways always, the other too when it alone would have
 * missed. A ball far above and a little to the left is "too high" (the wobble spreads that little anyway);
 * one far above and far to the left is both.
 */
export function missDirection(shot: Shot, cannon: CannonConfig): MissDirection {
  const off = offTarget(shot, cannon);
  if (off === null) return { height: 'short', side: null };
  const table = tableOf(cannon);
  const plane = targetPlane(shot, table);
  const allowed = plane.tolerance * CM_PER_M;
  const upMatters = Math.abs(off.up) > allowed || Math.abs(off.up) >= Math.abs(off.across);
  const sideMatters = Math.abs(off.across) > allowed || Math.abs(off.across) > Math.abs(off.up);
  const inTheSea = shot.struck === 'table';
  const height = !upMatters
    ? null
    : off.up > 0
      ? inTheSea && shot.end.y > plane.y
        ? 'long'
        : 'high'
      : inTheSea && shot.end.y < plane.y
        ? 'short'
        : 'low';
  const side = !sideMatters ? null : off.across > 0 ? 'right' : 'left';
  return { height, side };
}

const RELATION = { high: 'above', low: 'below', short: 'below', long: 'above' } as const;

/** "Too high", "Too far left", "Too low and too far right". */
function headline(direction: MissDirection): string {
  if (direction.height === null)
    return direction.side === null ? t('miss.off') : t(`miss.farSide.${direction.side}`);
  const height = t(`miss.head.${direction.height}`);
  return direction.side === null ? height : t(`miss.headAndSide.${direction.side}`, { height });
}

/**
 * Where the ball struck beside the target: 'above', 'left', 'belowRight', 'beside'. Each is a whole sentence in
 * the catalog (`miss.cloth.aboveLeft`), since "above the skull" declines differently in each language.
 */
function relation(direction: MissDirection): Relation {
  const height = direction.height === null ? null : RELATION[direction.height];
  if (height === null) return direction.side ?? 'beside';
  if (direction.side === null) return height;
  return direction.side === 'left' ? `${height}Left` : `${height}Right`;
}

type Relation = 'above' | 'below' | 'left' | 'right' | `${'above' | 'below'}${'Left' | 'Right'}` | 'beside';

/** Which face of the enemy hull the ball met, by the nearest plane to where it ended. */
function hullFace(shot: Shot, table: Table): 'front' | 'deck' | 'side' | 'back' {
  const r = table.ballRadius;
  const { end } = shot;
  const faces = [
    { face: 'front', gap: Math.abs(end.y - (table.hull.front - r)) },
    { face: 'deck', gap: Math.abs(end.z - (table.hull.top + r)) },
    { face: 'side', gap: Math.abs(Math.abs(end.x) - (table.hull.halfWidth + r)) },
    { face: 'back', gap: Math.abs(end.y - (table.hull.back + r)) },
  ] as const;
  let nearest: (typeof faces)[number] = faces[0];
  for (const face of faces) if (face.gap < nearest.gap) nearest = face;
  return nearest.gap <= ON_FACE_M ? nearest.face : 'front';
}

/** Where on the enemy hull the ball struck, told against the target. */
function hullWords(shot: Shot, table: Table, direction: MissDirection): string {
  const sail = shot.target === 'sail';
  switch (hullFace(shot, table)) {
    case 'front':
      return sail ? t('miss.hullBelowSail') : t(`miss.hullSkull.${relation(direction)}`);
    case 'deck':
      if (!sail) return t('miss.overHullFace');
      return shot.end.y < table.sail.y ? t('miss.deckFront') : t('miss.deckBehind');
    case 'side':
      return t('miss.hullSide');
    case 'back':
      return t('miss.hullBack');
  }
}

/** What the ball met, told against the target, e.g. 'it struck the sail cloth above the hole'. */
function whereItWent(shot: Shot, cannon: CannonConfig, direction: MissDirection): string {
  const table = tableOf(cannon);
  const sail = shot.target === 'sail';
  switch (shot.struck) {
    case 'cloth':
      return sail ? t(`miss.cloth.${relation(direction)}`) : t('miss.overHullCloth');
    case 'hole':
      return t('miss.overHullHole');
    case 'skull':
      return t('miss.skullBelowSail');
    case 'hull':
      return hullWords(shot, table, direction);
    case 'table':
      if (shot.end.y < table.hull.front) return t('miss.seaBefore');
      if (shot.end.y > table.hull.back) {
        return Math.abs(shot.end.x) > table.hull.halfWidth ? t('miss.seaSide') : t('miss.seaBeyond');
      }
      return t('miss.seaBeside');
  }
}

/**
 * A missed shot in words, e.g. "Too high: it struck the sail cloth above the hole", "Too short: it fell into
 * the sea before the ship". `shot` is the shot event's `flight` (published, so rounded); for a hit it says
 * nothing about a direction.
 */
export function missWords(shot: Shot, cannon: CannonConfig): string {
  const direction = missDirection(shot, cannon);
  return t('miss.sentence', { head: headline(direction), where: whereItWent(shot, cannon, direction) });
}

/**
 * What the ship's log adds to a missed aimed shot's line, e.g. ' Too low: it struck the hull below the
 * sail.'; nothing for anything else. With scenes off the log is where a player learns how to aim better.
 */
export function missNote(event: GameEvent, cannon: CannonConfig): string {
  if (event.type !== 'shot' || event.hit || event.flight === null) return '';
  return ` ${missWords(event.flight, cannon)}`;
}

/**
 * The cannon scene: the table from above (where the cannon stands and where it points) and from the side
 * (the tilt, the sail with its hole, the skull). Aiming: drag the cannon to move it, drag anywhere else to turn
 * and tilt from the aim the drag began with (dragAim); Fire! fires; arrows aim, Shift+arrows move, Space fires. A fired shot's flight is
 * drawn from the shot event, so every player sees the same arc.
 */

import { useId } from 'preact/hooks';
import type { Aim, CannonConfig, Shot, ShotTarget } from '../../engine/index.ts';
import { flightPoints, type PointCm, previewPoints } from '../game/aim-view.ts';
import { decimal, t } from '../i18n/i18n.ts';

const S = 4;
const W = 340;
const H = 474;
const SIDE_TOP = 352;
const Z_MAX = 28;

/** Top view: x (cm) across, y (cm) up the screen towards the enemy. */
function top(p: { x: number; y: number }): [number, number] {
  return [10 + (p.x + 40) * S, (58 - p.y) * S];
}
/** Side view: y (cm) across, z (cm) up. */
function side(p: { y: number; z: number }): [number, number] {
  return [4 + (p.y + 25) * S, SIDE_TOP + (Z_MAX - p.z) * S];
}

/** `path` of <animateMotion>, which Preact's SVG types do not list. */
function motionPath(d: string): Record<string, string> {
  return { path: d };
}

function pathOf(points: readonly [number, number][]): string {
  return points.map(([x, y], i) => `${i === 0 ? 'M' : 'L'}${x.toFixed(1)} ${y.toFixed(1)}`).join(' ');
}

/** The ball at the end of its flight (drawn points), flying there along it once. */
function Ball(props: { flight: readonly [number, number][]; r: number }) {
  const end = props.flight[props.flight.length - 1];
  if (end === undefined) return null;
  const [ex, ey] = end;
  return (
    <circle cx={ex} cy={ey} r={props.r} fill="#111" class="ball">
      <animateMotion
        dur="0.9s"
        fill="freeze"
        {...motionPath(pathOf(props.flight.map(([x, y]) => [x - ex, y - ey])))}
      />
    </circle>
  );
}

export interface CannonSceneProps {
  cannon: CannonConfig;
  target: ShotTarget;
  aim: Aim;
  /** A fired shot to draw, or null while aiming. */
  shot: Shot | null;
  /** The pointer while pulling back (cm), drawn as the slingshot band; null otherwise. */
  pull?: { x: number; y: number } | null;
  /** Aiming handlers; absent when the scene only shows a shot. */
  onPointer?: (
    phase: 'down-cannon' | 'down' | 'move' | 'up',
    xCm: number,
    yCm: number,
    screen: { x: number; y: number },
  ) => void;
  label: string;
}

export function CannonScene(props: CannonSceneProps) {
  const { cannon: c, aim, shot, target } = props;
  // A long miss flies off the table: each view clips its own drawing to its panel (ids unique per scene).
  const clip = useId();
  const topClip = `url(#${clip}-top)`;
  const sideClip = `url(#${clip}-side)`;
  const front = c.shipGap;
  const sailY = front + c.sailSetback;
  const preview: PointCm[] = shot === null ? previewPoints(aim, c) : [];
  const flight: PointCm[] = shot === null ? [] : flightPoints(shot, c.gravity);
  const cannonTop = top({ x: aim.x, y: -aim.back });
  const cannonSide = side({ y: -aim.back, z: c.muzzleHeight });
  const pitchRad = (aim.pitch * Math.PI) / 180;
  const toCm = (event: PointerEvent): [number, number] => {
    const svg = (event.currentTarget as SVGElement).ownerSVGElement ?? (event.currentTarget as SVGSVGElement);
    const matrix = svg.getScreenCTM();
    if (matrix === null) return [0, 0];
    const point = new DOMPoint(event.clientX, event.clientY).matrixTransform(matrix.inverse());
    return [point.x / S - 40 - 10 / S, 58 - point.y / S];
  };
  const handlers =
    props.onPointer === undefined
      ? {}
      : {
          onPointerDown: (e: PointerEvent) => {
            (e.currentTarget as Element).setPointerCapture(e.pointerId);
            const [x, y] = toCm(e);
            const onCannon = Math.hypot(x - aim.x, y + aim.back) < 5;
            props.onPointer?.(onCannon ? 'down-cannon' : 'down', x, y, { x: e.clientX, y: e.clientY });
          },
          onPointerMove: (e: PointerEvent) => {
            const [x, y] = toCm(e);
            props.onPointer?.('move', x, y, { x: e.clientX, y: e.clientY });
          },
          onPointerUp: (e: PointerEvent) => {
            const [x, y] = toCm(e);
            props.onPointer?.('up', x, y, { x: e.clientX, y: e.clientY });
          },
        };
  const end = flight[flight.length - 1];
  const topFlight = flight.map((p) => top(p));
  const sideFlight = flight.map((p) => side(p));
  return (
    <svg class="cannon-scene" viewBox={`0 0 ${W} ${H}`} role="img" aria-label={props.label} {...handlers}>
      <defs>
        <linearGradient id="felt" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stop-color="#2a8fb5" />
          <stop offset="1" stop-color="#1f6f93" />
        </linearGradient>
        <clipPath id={`${clip}-top`}>
          <rect x="0" y="0" width={W} height={SIDE_TOP - 14} rx="8" />
        </clipPath>
        <clipPath id={`${clip}-side`}>
          <rect x="0" y={SIDE_TOP - 8} width={W} height={H - SIDE_TOP + 8} rx="8" />
        </clipPath>
      </defs>
      {/* From above */}
      <rect x="0" y="0" width={W} height={SIDE_TOP - 14} fill="url(#felt)" rx="8" />
      <text x="8" y="14" font-size="10" fill="#e8f4fa" font-weight="700">
        {t('cannon.above')}
      </text>
      <g>
        {/* The enemy hull, the sail across it and the hole */}
        <rect
          x={top({ x: -c.hullWidth / 2, y: 0 })[0]}
          y={top({ x: 0, y: front + c.hullLength })[1]}
          width={c.hullWidth * S}
          height={c.hullLength * S}
          rx="10"
          fill="#8a552c"
          stroke="#4a2a12"
          stroke-width="2"
        />
        <line
          x1={top({ x: -c.sailWidth / 2, y: sailY })[0]}
          y1={top({ x: 0, y: sailY })[1]}
          x2={top({ x: c.sailWidth / 2, y: sailY })[0]}
          y2={top({ x: 0, y: sailY })[1]}
          stroke="#fff8e6"
          stroke-width="5"
        />
        <circle
          cx={top({ x: 0, y: sailY })[0]}
          cy={top({ x: 0, y: sailY })[1]}
          r={(c.holeDiameter / 2) * S}
          fill={target === 'sail' ? '#ffd54f' : '#1f6f93'}
          stroke="#4a2a12"
        />
        <circle
          cx={top({ x: 0, y: front })[0]}
          cy={top({ x: 0, y: front })[1] + 2}
          r={(c.skullDiameter / 2) * S}
          fill="#f7d13d"
          stroke={target === 'skull' ? '#fff' : '#4a3520'}
          stroke-width="2"
        />
        <text
          x={top({ x: c.hullWidth / 2, y: 0 })[0] + 6}
          y={top({ x: 0, y: front + c.hullLength / 2 })[1]}
          font-size="10"
          fill="#e8f4fa"
        >
          {t('cannon.enemyShip')}
        </text>
        <text
          x={top({ x: c.sailWidth / 2, y: sailY })[0] + 4}
          y={top({ x: 0, y: sailY })[1] + 3}
          font-size="9"
          fill="#fff8e6"
        >
          {t('cannon.sailHole')}
        </text>
        <text
          x={top({ x: 0, y: front })[0] + 10}
          y={top({ x: 0, y: front })[1] + 14}
          font-size="9"
          fill="#f7d13d"
        >
          {t('cannon.skull')}
        </text>
        {/* The own ship, behind its front line */}
        <rect
          x={top({ x: -c.hullWidth / 2, y: 0 })[0]}
          y={top({ x: 0, y: 0 })[1]}
          width={c.hullWidth * S}
          height={c.hullLength * S}
          rx="10"
          fill="#8a552c"
          opacity="0.55"
        />
        {/* The own ship's front line: the cannon never stands in front of it */}
        <rect x="10" y={top({ x: 0, y: 0 })[1]} width={W - 20} height={3} fill="#ffe082" opacity="0.85" />
        <text x={W - 12} y={top({ x: 0, y: 0 })[1] - 4} font-size="8.5" text-anchor="end" fill="#ffe082">
          {t('cannon.frontLine')}
        </text>
        <rect
          x={top({ x: -c.maxSideways, y: 0 })[0]}
          y={top({ x: 0, y: 0 })[1]}
          width={c.maxSideways * 2 * S}
          height={c.maxBack * S}
          fill="#ffffff"
          opacity="0.07"
        />
      </g>
      {shot === null && <Spyglass cannon={c} target={target} clip={`${clip}-lens`} />}
      <g class="aim-zone" clip-path={topClip}>
        <rect x="0" y="18" width={W} height={SIDE_TOP - 32} fill="transparent" />
        {preview.length > 0 && (
          <path
            d={pathOf(preview.map((p) => top(p)))}
            class="preview"
            fill="none"
            stroke="#fff"
            stroke-width="2.5"
            stroke-dasharray="1 5"
            stroke-linecap="round"
          />
        )}
        {topFlight.length > 0 && (
          <path d={pathOf(topFlight)} class="flight" fill="none" stroke="#222" stroke-width="2.5" />
        )}
        {props.pull != null && (
          <line
            x1={cannonTop[0]}
            y1={cannonTop[1]}
            x2={top(props.pull)[0]}
            y2={top(props.pull)[1]}
            stroke="#e0b98a"
            stroke-width="3"
            stroke-dasharray="6 3"
            stroke-linecap="round"
          />
        )}
        <g transform={`translate(${cannonTop[0]} ${cannonTop[1]}) rotate(${aim.yaw})`} class="cannon-body">
          <rect x="-9" y="-5" width="18" height="14" rx="3" fill="#5b3a1e" />
          <rect
            x="-3.5"
            y={-8 - 14 * Math.cos(pitchRad)}
            width="7"
            height={10 + 14 * Math.cos(pitchRad)}
            rx="3"
            fill="#263238"
          />
          <circle cx="-9" cy="6" r="3.5" fill="#3b2410" />
          <circle cx="9" cy="6" r="3.5" fill="#3b2410" />
        </g>
        {end !== undefined && <Ball flight={topFlight} r={(c.ballDiameter / 2) * S + 1} />}
      </g>
      {/* From the side */}
      <rect x="0" y={SIDE_TOP - 8} width={W} height={H - SIDE_TOP + 8} fill="#cfe8f3" rx="8" />
      <text x="8" y={SIDE_TOP + 5} font-size="10" fill="#1b4d63" font-weight="700">
        {t('cannon.side', { tilt: decimal(aim.pitch) })}
      </text>
      <rect x="0" y={side({ y: 0, z: 0 })[1]} width={W} height="6" fill="#2a8fb5" />
      <rect
        x={side({ y: front, z: 0 })[0]}
        y={side({ y: 0, z: c.hullHeight })[1]}
        width={c.hullLength * S}
        height={c.hullHeight * S}
        fill="#8a552c"
        stroke="#4a2a12"
      />
      <circle
        cx={side({ y: front, z: 0 })[0]}
        cy={side({ y: 0, z: c.skullHeight })[1]}
        r={(c.skullDiameter / 2) * S}
        fill="#f7d13d"
        stroke="#4a3520"
      />
      <line
        x1={side({ y: sailY, z: 0 })[0]}
        y1={side({ y: 0, z: c.sailBottom })[1]}
        x2={side({ y: sailY, z: 0 })[0]}
        y2={side({ y: 0, z: c.holeHeight - c.holeDiameter / 2 })[1]}
        stroke="#f3e6c8"
        stroke-width="4"
      />
      <line
        x1={side({ y: sailY, z: 0 })[0]}
        y1={side({ y: 0, z: c.holeHeight + c.holeDiameter / 2 })[1]}
        x2={side({ y: sailY, z: 0 })[0]}
        y2={side({ y: 0, z: c.sailTop })[1]}
        stroke="#f3e6c8"
        stroke-width="4"
      />
      <circle
        cx={side({ y: sailY, z: 0 })[0]}
        cy={side({ y: 0, z: c.holeHeight })[1]}
        r={(c.holeDiameter / 2) * S}
        fill={target === 'sail' ? '#ffd54f' : 'none'}
        stroke="#4a2a12"
        stroke-dasharray="2 2"
      />
      <g transform={`translate(${cannonSide[0]} ${cannonSide[1]}) rotate(${-aim.pitch})`}>
        <rect x="-3" y="-3.5" width="20" height="7" rx="3" fill="#263238" />
      </g>
      <circle cx={cannonSide[0]} cy={cannonSide[1] + 6} r="5" fill="#5b3a1e" />
      {preview.length > 0 && (
        <path
          d={pathOf(preview.map((p) => side(p)))}
          fill="none"
          stroke="#1b4d63"
          stroke-width="2.5"
          stroke-dasharray="1 5"
          stroke-linecap="round"
        />
      )}
      {sideFlight.length > 0 && (
        <path
          d={pathOf(sideFlight)}
          class="flight"
          fill="none"
          stroke="#222"
          stroke-width="2"
          clip-path={sideClip}
        />
      )}
      {end !== undefined && (
        // The clip sits on a group: on the moving ball itself it would travel with it.
        <g clip-path={sideClip}>
          <Ball flight={sideFlight} r={(c.ballDiameter / 2) * S + 1} />
        </g>
      )}
    </svg>
  );
}

/** The spyglass's lens in the top view's empty corner (SVG units) and its magnification (units per cm). */
const LENS = { cx: 70, cy: 104, r: 56, k: 12 };

/**
 * The target through a spyglass (issue 52): on a phone the whole scene is drawn at about two thirds of its
 * size, where the skull was 8 px and the sail's hole 3, too small to see what to aim at. The lens shows the
 * target as the shooter sees it, three times the top view's scale: the hull face with the skull, or the sail
 * with its hole. It adds no knowledge (the preview still shows only the start of the flight); styles.css shows
 * it only on small screens, and it lets drags through to the aiming zone under it.
 */
function Spyglass(props: { cannon: CannonConfig; target: ShotTarget; clip: string }) {
  const { cannon: c, target } = props;
  const { cx, cy, r, k } = LENS;
  const centreZ = target === 'skull' ? c.skullHeight : c.holeHeight;
  /** A point of the target's face (x across, z up, cm) in the lens. */
  const at = (x: number, z: number): [number, number] => [cx + x * k, cy - (z - centreZ) * k];
  const [hullLeft, hullTop] = at(-c.hullWidth / 2, c.hullHeight);
  const [sailLeft, sailTop] = at(-c.sailWidth / 2, c.sailTop);
  const [, sailBottom] = at(0, c.sailBottom);
  const [, water] = at(0, 0);
  const [skullX, skullY] = at(0, c.skullHeight);
  const [holeX, holeY] = at(0, c.holeHeight);
  return (
    <g class="close-up" data-close-up={target} pointer-events="none">
      <defs>
        <clipPath id={props.clip}>
          <circle cx={cx} cy={cy} r={r} />
        </clipPath>
      </defs>
      <text x={cx} y={cy - r - 6} font-size="10" font-weight="700" text-anchor="middle" fill="#e8f4fa">
        {t('cannon.spyglass')}
      </text>
      <g clip-path={`url(#${props.clip})`}>
        <rect x={cx - r} y={cy - r} width={2 * r} height={2 * r} fill="#cfe8f3" />
        <rect x={cx - r} y={water} width={2 * r} height={2 * r} fill="#2a8fb5" />
        <rect
          x={sailLeft}
          y={sailTop}
          width={c.sailWidth * k}
          height={sailBottom - sailTop}
          fill="#f3e6c8"
          stroke="#b9a47a"
          stroke-width="2"
        />
        <circle
          cx={holeX}
          cy={holeY}
          r={(c.holeDiameter / 2) * k}
          fill={target === 'sail' ? '#ffd54f' : '#cfe8f3'}
          stroke="#4a2a12"
          stroke-width="2"
          data-aim-target={target === 'sail' ? 'sail' : undefined}
        />
        <rect
          x={hullLeft}
          y={hullTop}
          width={c.hullWidth * k}
          height={c.hullHeight * k}
          fill="#8a552c"
          stroke="#4a2a12"
          stroke-width="2"
        />
        <circle
          cx={skullX}
          cy={skullY}
          r={(c.skullDiameter / 2) * k}
          fill="#f7d13d"
          stroke={target === 'skull' ? '#fff' : '#4a3520'}
          stroke-width="3"
          data-aim-target={target === 'skull' ? 'skull' : undefined}
        />
      </g>
      <circle cx={cx} cy={cy} r={r} fill="none" stroke="#5b3a1e" stroke-width="5" />
      <circle cx={cx} cy={cy} r={r - 3} fill="none" stroke="#d9a441" stroke-width="1.5" />
    </g>
  );
}

/**
 * The aimed shot as one of a few integers (docs/learn.md, "The aim grid"): boxes that tile the legal aims.
 * A shot hits only from a thin line (centre line, front, straight ahead), so the boxes are thin there and cut
 * finely in tilt, with a cell centred on each target's perfect tilt; the rest of the aim space is five boxes.
 */
import {
  type Aim,
  type AimField,
  aimPoint,
  type CannonOptions,
  DEFAULT_CANNON,
  pitchToReach,
  resolveCannon,
  SHOT_TARGETS,
  type ShotTarget,
} from '../engine/index.ts';

/** One field's stretch in a cell, cm or degrees, e.g. `{ min: 27.37, max: 28.37 }`. */
export interface AimBounds {
  readonly min: number;
  readonly max: number;
}

/** Where a cell lies: on the line (with its tilts), or off it to one side. */
export type AimCellPlace = 'line' | 'left' | 'right' | 'behind' | 'turnedLeft' | 'turnedRight';

/** One cell of the grid: a box of aims and the aim at its centre (the one `actionOfIndex` fires). */
export interface AimCell {
  /** Its place in the grid, 0 to `AIM_GRID_SIZE - 1`, e.g. 8. */
  readonly cell: number;
  readonly place: AimCellPlace;
  readonly x: AimBounds;
  readonly back: AimBounds;
  readonly yaw: AimBounds;
  readonly pitch: AimBounds;
  /** The middle of the box, e.g. `{ x: 0, back: 0.25, yaw: 0, pitch: 27.87 }`. */
  readonly centre: Readonly<Aim>;
  /** The target whose perfect tilt from the line's centre is this cell's centre, or null, e.g. 'sail'. */
  readonly perfectFor: ShotTarget | null;
}

/** The grid for one cannon configuration. */
export interface AimGrid {
  /** How many cells: always `AIM_GRID_SIZE`, whatever the configuration. */
  readonly size: number;
  /** The cells by number: first the line's tilts from low to high, then left, right, behind, turned left and right. */
  readonly cells: readonly AimCell[];
  /** The cell that shoots best at each target (its centre is the perfect tilt from the line), e.g. `{ sail: 15, skull: 4 }`. */
  readonly best: Readonly<Record<ShotTarget, number>>;
  /** The line: aims with |x| <= `x`, back <= `back` and |yaw| <= `yaw` (cm, cm, degrees), e.g. `{ x: 1, back: 0.5, yaw: 1 }`. */
  readonly line: { readonly x: number; readonly back: number; readonly yaw: number };
  /** The tilts that bound the line's cells, ascending, `LINE_CELLS + 1` of them, from minPitch to maxPitch. */
  readonly tilts: readonly number[];
  /** False when the configuration leaves no room for the fine cells, so the line is cut evenly (docs/learn.md). */
  readonly fine: boolean;
}

/** Cells along the line, cut by tilt. */
export const LINE_CELLS = 19;
/** Cells off the line: left, right, behind, turned left, turned right. */
const OFF_LINE_PLACES = ['left', 'right', 'behind', 'turnedLeft', 'turnedRight'] as const;
/** Every grid has this many cells, so the action space is the same for every cannon. */
export const AIM_GRID_SIZE = LINE_CELLS + OFF_LINE_PLACES.length;

/**
 * The line's width as fractions of the legal ranges: 1 cm sideways, 0.5 cm back and 1° of turn by default.
 * Thin on purpose: 1 cm off the centre line a perfect tilt already misses about 60% (docs/learn.md).
 */
const LINE_FRACTION = { x: 1 / 35, back: 1 / 40, yaw: 1 / 30 } as const;
/** A fine cell's width in tilt, degrees: one degree off the perfect tilt costs about 15 points of hits. */
const FINE_TILT = 1;
/** Fine cells around each target's tilt (odd, so one is centred on it). */
const FINE_CELLS = 5;
/** Coarse cells below the lower target, between the two, above the upper: 2 + 5 + 3 + 5 + 4 = 19. */
const GAP_CELLS = [2, 3, 4] as const;

const CM = 0.01;

function bounds(min: number, max: number): AimBounds {
  return { min, max };
}

function middle(b: AimBounds): number {
  return (b.min + b.max) / 2 + 0;
}

/** `count` equal cuts from `from` to `to`: `count + 1` tilts, both ends included. */
function evenTilts(from: number, to: number, count: number): number[] {
  const tilts: number[] = [];
  for (let i = 0; i <= count; i++) tilts.push(i === count ? to : from + ((to - from) * i) / count);
  return tilts;
}

/** The perfect tilt at `target` from the line's centre (on the flatter arc), or null if out of reach. */
function perfectTilt(target: ShotTarget, options: CannonOptions, back: number): number | null {
  const config = resolveCannon(options);
  const point = aimPoint(target, options);
  return pitchToReach(
    point.y + back * CM,
    point.z - config.muzzleHeight * CM,
    config.springSpeed,
    config.gravity,
  );
}

/**
 * The line's tilts: five fine cells centred on each target's perfect tilt, the gaps cut evenly; or, when the
 * targets are out of the legal tilts or too close for that, the whole range cut evenly.
 */
function lineTilts(low: number, high: number, targets: readonly (number | null)[]): number[] | null {
  const [first, second] = targets;
  if (first === null || second === null || first === undefined || second === undefined) return null;
  const [lower, upper] = first <= second ? [first, second] : [second, first];
  const half = (FINE_CELLS * FINE_TILT) / 2;
  const fits = low < lower - half && lower + half < upper - half && upper + half < high;
  if (!fits) return null;
  const band = (centre: number) => evenTilts(centre - half, centre + half, FINE_CELLS);
  const [below, between, above] = GAP_CELLS;
  return [
    ...evenTilts(low, lower - half, below).slice(0, -1),
    ...band(lower),
    ...evenTilts(lower + half, upper - half, between).slice(1, -1),
    ...band(upper),
    ...evenTilts(upper + half, high, above).slice(1),
  ];
}

/** Builds the grid for a cannon configuration (any subset of the options; the rest are the defaults). */
export function buildAimGrid(options: CannonOptions): AimGrid {
  const config = resolveCannon(options);
  const line = {
    x: config.maxSideways * LINE_FRACTION.x,
    back: config.maxBack * LINE_FRACTION.back,
    yaw: config.maxYaw * LINE_FRACTION.yaw,
  };
  const full = {
    x: bounds(-config.maxSideways, config.maxSideways),
    back: bounds(0, config.maxBack),
    yaw: bounds(-config.maxYaw, config.maxYaw),
    pitch: bounds(config.minPitch, config.maxPitch),
  };
  const onLine = { x: bounds(-line.x, line.x), back: bounds(0, line.back), yaw: bounds(-line.yaw, line.yaw) };
  const centreBack = line.back / 2;
  const perfect = SHOT_TARGETS.map((target) => perfectTilt(target, options, centreBack));
  const fineTilts = lineTilts(config.minPitch, config.maxPitch, perfect);
  const tilts = fineTilts ?? evenTilts(config.minPitch, config.maxPitch, LINE_CELLS);

  const cells: AimCell[] = [];
  const add = (place: AimCellPlace, box: Record<AimField, AimBounds>, perfectFor: ShotTarget | null) => {
    const centre = {
      x: middle(box.x),
      back: middle(box.back),
      yaw: middle(box.yaw),
      pitch: middle(box.pitch),
    };
    cells.push(
      Object.freeze({ cell: cells.length, place, ...box, centre: Object.freeze(centre), perfectFor }),
    );
  };
  const centredOn = (pitch: AimBounds): ShotTarget | null => {
    if (fineTilts === null) return null;
    const centre = middle(pitch);
    const index = perfect.findIndex((tilt) => tilt !== null && Math.abs(tilt - centre) < 1e-9);
    return SHOT_TARGETS[index] ?? null;
  };
  for (let i = 0; i < LINE_CELLS; i++) {
    const pitch = bounds(tilts[i] ?? config.minPitch, tilts[i + 1] ?? config.maxPitch);
    add('line', { ...onLine, pitch }, centredOn(pitch));
  }
  add('left', { ...full, x: bounds(-config.maxSideways, -line.x) }, null);
  add('right', { ...full, x: bounds(line.x, config.maxSideways) }, null);
  add('behind', { ...full, x: onLine.x, back: bounds(line.back, config.maxBack) }, null);
  add(
    'turnedLeft',
    { ...full, x: onLine.x, back: onLine.back, yaw: bounds(-config.maxYaw, -line.yaw) },
    null,
  );
  add('turnedRight', { ...full, x: onLine.x, back: onLine.back, yaw: bounds(line.yaw, config.maxYaw) }, null);

  const grid: Omit<AimGrid, 'best'> = { size: AIM_GRID_SIZE, cells, line, tilts, fine: fineTilts !== null };
  // The best cell holds the perfect tilt from the line's centre (its centre, when the fine cells fit).
  const lineCentre = { x: 0, back: centreBack, yaw: 0 };
  const bestFor = (tilt: number | null) =>
    cellOfAim(grid, {
      ...lineCentre,
      pitch: Math.min(config.maxPitch, Math.max(config.minPitch, tilt ?? 45)),
    });
  const best = { sail: bestFor(perfect[0] ?? null), skull: bestFor(perfect[1] ?? null) };
  return Object.freeze({ ...grid, cells: Object.freeze(cells), tilts: Object.freeze(tilts), best });
}

/**
 * The cell of a legal aim (one inside the ranges of the grid's cannon): off the line it is the first of
 * left, right, behind, turned left, turned right that the aim is; on the line the cell of its tilt, each
 * cell holding its lower tilt and the last one both. An aim out of the ranges still gets a cell (`actionIndex`
 * refuses such an aim before asking).
 */
export function cellOfAim(grid: Pick<AimGrid, 'line' | 'tilts'>, aim: Aim): number {
  const { line, tilts } = grid;
  if (aim.x < -line.x) return LINE_CELLS;
  if (aim.x > line.x) return LINE_CELLS + 1;
  if (aim.back > line.back) return LINE_CELLS + 2;
  if (aim.yaw < -line.yaw) return LINE_CELLS + 3;
  if (aim.yaw > line.yaw) return LINE_CELLS + 4;
  // Binary search for the last tilt <= pitch among tilts[0 .. LINE_CELLS - 1].
  let low = 0;
  let high = LINE_CELLS - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if ((tilts[mid] ?? 0) <= aim.pitch) low = mid;
    else high = mid - 1;
  }
  return low;
}

/** The grids made so far, by the options object and by their values (views resolve a new object each time). */
const byObject = new WeakMap<object, AimGrid>();
const byValues = new Map<string, AimGrid>();
const MAX_REMEMBERED = 64;

/**
 * The grid of a cannon configuration, made once: the same options object (a state's `rules.cannon`) or the
 * same values (a view's resolved `rules.cannon`) give the same grid object.
 */
export function aimGridFor(options: CannonOptions): AimGrid {
  const known = byObject.get(options);
  if (known !== undefined) return known;
  const config = resolveCannon(options);
  const key = Object.values(config).join(',');
  let grid = byValues.get(key);
  if (grid === undefined) {
    grid = buildAimGrid(config);
    if (byValues.size >= MAX_REMEMBERED) byValues.clear();
    byValues.set(key, grid);
  }
  byObject.set(options, grid);
  return grid;
}

/** The grid of the default cannon (docs/learn.md lists its cells). */
export const AIM_GRID: AimGrid = aimGridFor(DEFAULT_CANNON);

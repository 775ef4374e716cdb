/**
 * A second implementation of the game's chance, written from docs/fairness.md and docs/cannon.md alone with
 * Node's own crypto (OpenSSL's HMAC-SHA256 and ChaCha20), as an independent verifier would write it. It
 * imports nothing from src/: the doc tests check the engine against it, so the pages cannot drift.
 */
import { createCipheriv, createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';

const DOMAIN = 'pirates-stratego/2/';
export const hmac = (key: Buffer, message: Buffer) => createHmac('sha256', key).update(message).digest();
const u16be = (n: number) => Buffer.from([n >> 8, n & 0xff]);

export const kindsKeyOf = (seed: string) => hmac(Buffer.from(seed, 'utf8'), Buffer.from(`${DOMAIN}kinds`));

export function gameKeyOf(seed: string, red: string, blue: string): Buffer {
  const r = Buffer.from(red, 'utf8');
  const b = Buffer.from(blue, 'utf8');
  return hmac(
    Buffer.from(seed, 'utf8'),
    Buffer.concat([Buffer.from(`${DOMAIN}game`), Buffer.from([0]), u16be(r.length), r, u16be(b.length), b]),
  );
}

export const computerContributionOf = (seed: string, seat: string) =>
  hmac(Buffer.from(seed, 'utf8'), Buffer.from(`${DOMAIN}computer/${seat}`)).toString('hex');

export interface Draws {
  word(): number;
  int(n: number): number;
  float(): number;
}

/**
 * A stream from block `block` on. OpenSSL's chacha20 takes a 16-byte IV: the 32-bit block counter
 * (little-endian), then the 12-byte nonce (all zeros here).
 */
export function stream(key: Buffer, block = 0): Draws {
  const iv = Buffer.alloc(16);
  iv.writeUInt32LE(block, 0);
  const cipher = createCipheriv('chacha20', key, iv);
  let buffer = Buffer.alloc(0);
  const word = (): number => {
    if (buffer.length < 4) buffer = Buffer.concat([buffer, cipher.update(Buffer.alloc(64))]);
    const w = buffer.readUInt32LE(0);
    buffer = buffer.subarray(4);
    return w;
  };
  const int = (n: number): number => {
    for (;;) {
      const w = word();
      if (w < 2 ** 32 - (2 ** 32 % n)) return w % n;
    }
  };
  const float = () => ((word() >>> 5) * 2 ** 26 + (word() >>> 6)) / 2 ** 53;
  return { word, int, float };
}

/** The draws of a purpose: the cards and who starts from block 0, plank or shot number `ordinal` from its block. */
export const purposeStream = (gameKey: Buffer, purpose: string, ordinal: number) =>
  stream(hmac(gameKey, Buffer.from(`${DOMAIN}${purpose}`)), ordinal);

export function shuffle<T>(items: T[], int: (n: number) => number): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = int(i + 1);
    [items[i], items[j]] = [items[j] as T, items[i] as T];
  }
  return items;
}

// --- the defaults, read from the pages ---

const fairness = readFileSync(new URL('../../docs/fairness.md', import.meta.url), 'utf8');
const cannonPage = readFileSync(new URL('../../docs/cannon.md', import.meta.url), 'utf8');

/** docs/fairness.md's default card set, each card as its two face ids. */
export const DOC_CARD_SET: [string, string][] = (/```cardset\n([\s\S]*?)```/.exec(fairness)?.[1] ?? '')
  .trim()
  .split('\n')
  .map((line) => line.trim().split(/\s+/) as [string, string]);

/** docs/fairness.md's list of the kinds dealt, in the order shuffled. */
export const DOC_PIECE_SET: string[] = (
  /the kinds dealt, in the order shuffled: `([^`]+)`/.exec(fairness.replace(/\n\s*/g, ' '))?.[1] ?? ''
)
  .split(',')
  .map((kind) => kind.trim());

/** docs/fairness.md's default odds of a quick shot. */
export const DOC_QUICK_ODDS = ((match) => ({ sail: Number(match?.[1]), skull: Number(match?.[2]) }))(
  /`quickOdds`: `\{ sail: ([0-9.]+), skull: ([0-9.]+) \}`/.exec(fairness),
);

/** docs/cannon.md's table of defaults: `{ shipGap: 30, … }` in its units (cm, degrees, m/s). */
export const DOC_CANNON: Record<string, number> = Object.fromEntries(
  [
    ...(/## The geometry \(defaults\)([\s\S]*?)\n## /.exec(cannonPage)?.[1] ?? '').matchAll(
      /^\| `(\w+)`\s*\|\s*([0-9.]+)/gm,
    ),
  ].map((m) => [m[1] ?? '', Number(m[2])]),
);

// --- a shot, from docs/fairness.md "An aimed shot, exactly" and docs/cannon.md "Where the ball stops" ---

export type Vec = { x: number; y: number; z: number };
export interface Flight {
  struck: string;
  launch: { position: Vec; velocity: Vec };
  time: number;
  end: Vec;
}
type Cannon = Record<string, number>;
const option = (c: Cannon, name: string) => {
  const value = c[name];
  if (value === undefined) throw new Error(`no cannon option ${name}`);
  return value;
};

export function launchFrom(
  aim: { x: number; back: number; yaw: number; pitch: number },
  u: readonly [number, number, number],
  c: Cannon,
): { position: Vec; velocity: Vec } {
  const speed = option(c, 'springSpeed') * (1 + (2 * u[0] - 1) * option(c, 'speedWobble'));
  const a = (aim.yaw + (2 * u[1] - 1) * option(c, 'angleWobble')) * (Math.PI / 180);
  const b = (aim.pitch + (2 * u[2] - 1) * option(c, 'angleWobble')) * (Math.PI / 180);
  return {
    position: { x: aim.x * 0.01, y: -aim.back * 0.01, z: option(c, 'muzzleHeight') * 0.01 },
    velocity: {
      x: speed * Math.cos(b) * Math.sin(a),
      y: speed * Math.cos(b) * Math.cos(a),
      z: speed * Math.sin(b),
    },
  };
}

type Axis = 'x' | 'y' | 'z';
interface Plane {
  axis: Axis;
  at: number;
  where: Partial<Record<Axis, [number, number]>>;
  struck: (p: Vec) => string;
}

export function flyFrom(launch: { position: Vec; velocity: Vec }, c: Cannon): Flight {
  const m = (name: string) => option(c, name) * 0.01;
  const g = option(c, 'gravity');
  const r = m('ballDiameter') / 2;
  const F = m('shipGap');
  const B = F + m('hullLength');
  const W = m('hullWidth') / 2;
  const T = m('hullHeight');
  const S = F + m('sailSetback');
  const V = m('sailWidth') / 2;
  const near = (p: Vec, cz: number, radius: number) => Math.hypot(p.x - 0, p.z - cz) <= radius - r;
  const hull = () => 'hull';
  const planes: Plane[] = [
    {
      axis: 'y',
      at: F - r,
      where: { x: [-W - r, W + r], z: [0, T + r] },
      struck: (p) => (near(p, m('skullHeight'), m('skullDiameter') / 2) ? 'skull' : 'hull'),
    },
    { axis: 'y', at: B + r, where: { x: [-W - r, W + r], z: [0, T + r] }, struck: hull },
    { axis: 'x', at: -W - r, where: { y: [F - r, B + r], z: [0, T + r] }, struck: hull },
    { axis: 'x', at: W + r, where: { y: [F - r, B + r], z: [0, T + r] }, struck: hull },
    { axis: 'z', at: T + r, where: { x: [-W - r, W + r], y: [F - r, B + r] }, struck: hull },
    {
      axis: 'y',
      at: S,
      where: { x: [-V - r, V + r], z: [m('sailBottom') - r, m('sailTop') + r] },
      struck: (p) => (near(p, m('holeHeight'), m('holeDiameter') / 2) ? 'hole' : 'cloth'),
    },
    { axis: 'z', at: r, where: {}, struck: () => 'table' },
  ];
  const { position: p0, velocity: v0 } = launch;
  const at = (t: number): Vec => ({
    x: p0.x + v0.x * t,
    y: p0.y + v0.y * t,
    z: p0.z + v0.z * t - (g * t * t) / 2,
  });
  let best: Flight | null = null;
  for (const plane of planes) {
    const p = p0[plane.axis];
    const v = v0[plane.axis];
    let times: number[];
    if (plane.axis !== 'z') times = v === 0 ? [] : [(plane.at - p) / v];
    else {
      const d = v * v + 2 * g * (p - plane.at);
      times = d < 0 ? [] : [(-v - Math.sqrt(d)) / -g, (-v + Math.sqrt(d)) / -g].sort((s, t) => s - t);
    }
    for (const t of times.filter((t) => t > 1e-12)) {
      if (best !== null && t >= best.time) break;
      const point = at(t);
      point[plane.axis] = plane.at;
      const inside = (['x', 'y', 'z'] as const).every((axis) => {
        const range = plane.where[axis];
        return range === undefined || (point[axis] >= range[0] && point[axis] <= range[1]);
      });
      if (inside) {
        best = { struck: plane.struck(point), launch, time: t, end: point };
        break;
      }
    }
  }
  if (best === null) throw new Error('the ball never met the table');
  return best;
}

const round = (n: number, per: number) => Math.round(n * per) / per + 0;
const roundVec = (v: Vec, per: number): Vec => ({
  x: round(v.x, per),
  y: round(v.y, per),
  z: round(v.z, per),
});

/** A flight as a shot event publishes it. */
export function published(flight: Flight): Flight {
  return {
    struck: flight.struck,
    launch: {
      position: roundVec(flight.launch.position, 1e4),
      velocity: roundVec(flight.launch.velocity, 1e3),
    },
    time: round(flight.time, 1e4),
    end: roundVec(flight.end, 1e4),
  };
}

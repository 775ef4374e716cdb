/**
 * Where a missed ball went (issue 21, item 7), from real flights: each shot is fired with the engine's own
 * physics (`fireShot`, no wobble) and published as the shot event publishes it (`publishedShot`, rounded), so
 * the words are read from exactly what a page receives.
 */
import { h } from 'preact';
import { renderToString } from 'preact-render-to-string';
import { describe, expect, it } from 'vitest';
import {
  type Aim,
  DEFAULT_AIM,
  DEFAULT_CANNON,
  fireShot,
  publishedShot,
  reachingTilts,
  type Shot,
  type ShotTarget,
  viewFor,
} from '../../src/engine/index.ts';
import { missDirection, missNote, missWords, offTarget } from '../../src/web/game/miss.ts';
import { SceneOverlay } from '../../src/web/ui/Scenes.tsx';
import { setUp } from './fixtures.ts';

const cannon = { ...DEFAULT_CANNON };
/** Every uniform draw 0.5: the spring without its wobble. */
const still = () => 0.5;

function shoot(aim: Aim, target: ShotTarget): Shot {
  return publishedShot(fireShot(aim, target, still, cannon));
}

/** The middle of the tilts that reach `target` from `aim`'s place and turn. */
function middle(aim: Aim, target: ShotTarget): number {
  const [range] = reachingTilts(aim, target, cannon);
  if (range === undefined) throw new Error(`no tilt reaches the ${target} from ${JSON.stringify(aim)}`);
  return (range.from + range.to) / 2;
}

const atSail: Aim = { ...DEFAULT_AIM, pitch: middle(DEFAULT_AIM, 'sail') };
const atSkull: Aim = { ...DEFAULT_AIM, pitch: middle(DEFAULT_AIM, 'skull') };

describe('a missed shot says where the ball went', () => {
  it('a good aim hits, and the arc crosses the target plane near the centre', () => {
    for (const [aim, target] of [
      [atSail, 'sail'],
      [atSkull, 'skull'],
    ] as const) {
      const shot = shoot(aim, target);
      expect(shot.hit).toBe(true);
      const off = offTarget(shot, cannon);
      expect(Math.hypot(off?.across ?? 9, off?.up ?? 9)).toBeLessThan(1);
    }
  });

  it('tilted too high at the sail: it passes above the hole and strikes the cloth', () => {
    const shot = shoot({ ...atSail, pitch: atSail.pitch + 3 }, 'sail');
    expect(shot.struck).toBe('cloth');
    expect(offTarget(shot, cannon)?.up).toBeGreaterThan(1);
    expect(missDirection(shot, cannon)).toEqual({ height: 'high', side: null });
    expect(missWords(shot, cannon)).toBe('Too high: it struck the sail cloth above the hole.');
  });

  it('tilted too low at the sail: the cloth below the hole, lower the hull below the sail', () => {
    const low = shoot({ ...atSail, pitch: atSail.pitch - 3 }, 'sail');
    expect(offTarget(low, cannon)?.up).toBeLessThan(-1);
    expect(missWords(low, cannon)).toBe('Too low: it struck the sail cloth below the hole.');
    const lower = shoot({ ...atSail, pitch: atSail.pitch - 10 }, 'sail');
    expect(lower.struck).toBe('hull');
    expect(missWords(lower, cannon)).toBe('Too low: it struck the hull below the sail.');
  });

  it('turned too far right or left: the cloth beside the hole, as the shooter sees it', () => {
    const right = shoot({ ...atSail, yaw: 4 }, 'sail');
    expect(offTarget(right, cannon)?.across).toBeGreaterThan(1);
    expect(missWords(right, cannon)).toBe(
      'Too far right: it struck the sail cloth to the right of the hole.',
    );
    const left = shoot({ ...atSail, yaw: -4 }, 'sail');
    expect(missWords(left, cannon)).toBe('Too far left: it struck the sail cloth to the left of the hole.');
  });

  it('both at once: too high and too far left', () => {
    const shot = shoot({ ...atSail, pitch: atSail.pitch + 4, yaw: -4 }, 'sail');
    expect(missWords(shot, cannon)).toBe(
      'Too high and too far left: it struck the sail cloth above and to the left of the hole.',
    );
  });

  it('far too high and a little to the side is only too high: the little alone would have hit', () => {
    const shot = shoot({ ...atSail, pitch: atSail.pitch + 5, yaw: 1 }, 'sail');
    const off = offTarget(shot, cannon);
    expect(off?.across).toBeGreaterThan(0.3);
    expect(off?.across).toBeLessThan((DEFAULT_CANNON.holeDiameter - DEFAULT_CANNON.ballDiameter) / 2);
    expect(missWords(shot, cannon)).toBe('Too high: it struck the sail cloth above the hole.');
  });

  it('the steepest tilt flies over the whole ship: too long', () => {
    const shot = shoot({ ...DEFAULT_AIM, pitch: 60 }, 'sail');
    expect(shot.struck).toBe('table');
    expect(missWords(shot, cannon)).toBe('Too long: it flew over the ship into the sea beyond.');
  });

  it('a level shot at the skull drops into the sea before the ship: too short', () => {
    const shot = shoot({ ...DEFAULT_AIM, pitch: 0 }, 'skull');
    expect(shot.struck).toBe('table');
    expect(missWords(shot, cannon)).toBe('Too short: it fell into the sea before the ship.');
  });

  it('at the skull, a little high or low strikes the hull above or below it', () => {
    const high = shoot({ ...atSkull, pitch: atSkull.pitch + 3 }, 'skull');
    expect(missWords(high, cannon)).toBe('Too high: it struck the hull above the skull.');
    const low = shoot({ ...atSkull, pitch: atSkull.pitch - 3 }, 'skull');
    expect(missWords(low, cannon)).toBe('Too low: it struck the hull below the skull.');
  });

  it('at the skull, far too high clears the hull: onto the deck or into the sail', () => {
    const words = [8, 12, 16].map((more) =>
      missWords(shoot({ ...atSkull, pitch: atSkull.pitch + more }, 'skull'), cannon),
    );
    for (const line of words) expect(line).toMatch(/^Too (high|long): it flew over the hull/);
  });

  it('at the sail, turned far aside: it misses the ship to that side', () => {
    const shot = shoot({ ...atSail, yaw: -25 }, 'sail');
    expect(missWords(shot, cannon)).toBe('Too far left: it flew past the side of the ship into the sea.');
  });
});

describe('the shot scene on the page', () => {
  const text = (shot: Shot) =>
    renderToString(
      h(SceneOverlay, {
        scene: { kind: 'shot', seat: 'red', target: shot.target, hit: shot.hit, flight: shot },
        view: viewFor(setUp(), 'red'),
        onSkip: () => {},
      }),
    )
      .replace(/<[^>]*>/g, ' ')
      .replace(/&#x27;|&#39;/g, "'")
      .replace(/\s+/g, ' ');

  it('a miss reads where the ball went; a hit reads as a hit', () => {
    expect(text(shoot({ ...atSail, pitch: atSail.pitch + 3 }, 'sail'))).toContain(
      'Miss. Too high: it struck the sail cloth above the hole.',
    );
    expect(text(shoot(atSkull, 'skull'))).toContain('HIT! Right on the skull!');
  });
});

describe("the ship's log", () => {
  it('adds where a missed aimed shot went, and nothing to a hit or a quick shot', () => {
    const miss = shoot({ ...atSkull, pitch: 0 }, 'skull');
    const event = {
      type: 'shot',
      seat: 'red',
      target: 'skull',
      hit: false,
      aim: null,
      flight: miss,
      audience: 'all',
    } as const;
    expect(missNote(event, cannon)).toBe(' Too short: it fell into the sea before the ship.');
    expect(missNote({ ...event, hit: true, flight: shoot(atSkull, 'skull') }, cannon)).toBe('');
    expect(missNote({ ...event, flight: null }, cannon)).toBe('');
  });
});

/**
 * The aiming panel's tilts that reach each target (issue 21, item 7), rendered to markup: the stretches it
 * shows, read back from the words, really reach their target with the engine's physics (a still shot at each
 * end and in the middle hits, half a degree outside misses), and the line tells which way to tilt.
 */
import { h } from 'preact';
import { renderToString } from 'preact-render-to-string';
import { describe, expect, it } from 'vitest';
import { type Aim, DEFAULT_AIM, DEFAULT_CANNON, fireShot, type ShotTarget } from '../../src/engine/index.ts';
import { TiltReach } from '../../src/web/ui/TiltReach.tsx';

const cannon = { ...DEFAULT_CANNON };

function text(aim: Aim, target: ShotTarget): string {
  return renderToString(h(TiltReach, { cannon, aim, target }))
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The stretch shown for `name` ('the hole', 'the skull'), e.g. [26.3, 29.5]. */
function shown(words: string, name: string): [number, number] {
  const found = new RegExp(`${name}: (\\d+\\.\\d)°–(\\d+\\.\\d)°`).exec(words);
  if (found === null) throw new Error(`no stretch for ${name} in: ${words}`);
  return [Number(found[1]), Number(found[2])];
}

const hits = (aim: Aim, target: ShotTarget, pitch: number) =>
  fireShot({ ...aim, pitch }, target, () => 0.5, cannon).hit;

describe('the aiming panel shows the tilts that reach each target', () => {
  it('both targets, and every shown tilt really reaches its target; just outside does not', () => {
    for (const aim of [DEFAULT_AIM, { ...DEFAULT_AIM, back: 0 }, { ...DEFAULT_AIM, back: 20 }]) {
      const words = text(aim, 'sail');
      for (const [name, target] of [
        ['the hole', 'sail'],
        ['the skull', 'skull'],
      ] as const) {
        const [from, to] = shown(words, name);
        expect(from).toBeLessThan(to);
        for (const pitch of [from, (from + to) / 2, to]) expect(hits(aim, target, pitch)).toBe(true);
        expect(hits(aim, target, from - 0.5)).toBe(false);
        expect(hits(aim, target, to + 0.5)).toBe(false);
      }
    }
  });

  it('says which way to tilt, or that the tilt is in', () => {
    const [from, to] = shown(text(DEFAULT_AIM, 'sail'), 'the hole');
    expect(text({ ...DEFAULT_AIM, pitch: from - 2 }, 'sail')).toContain('Tilt up to reach the hole.');
    expect(text({ ...DEFAULT_AIM, pitch: to + 2 }, 'sail')).toContain('Tilt down to reach the hole.');
    expect(text({ ...DEFAULT_AIM, pitch: (from + to) / 2 }, 'sail')).toContain('Your tilt is in.');
    // The aimed-at target comes first.
    expect(text(DEFAULT_AIM, 'skull')).toMatch(/^Tilts that reach the skull: .* · the hole: /);
  });

  it('a cannon turned past the targets is told to turn or move', () => {
    const words = text({ ...DEFAULT_AIM, yaw: 10 }, 'skull');
    expect(words).toContain('the skull: no tilt from here');
    expect(words).toContain('Turn or move the cannon.');
  });
});

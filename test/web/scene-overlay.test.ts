/** The scene overlay, rendered to markup: a pirate back from the plank or the hatch is named only to its owner. */
import { h } from 'preact';
import { renderToString } from 'preact-render-to-string';
import { describe, expect, it } from 'vitest';
import { viewFor } from '../../src/engine/index.ts';
import { kindName } from '../../src/web/game/names.ts';
import type { Scene } from '../../src/web/game/scenes.ts';
import { SceneOverlay } from '../../src/web/ui/Scenes.tsx';
import { setUp } from './fixtures.ts';

function text(scene: Scene, seat: 'red' | 'blue'): string {
  const state = setUp();
  const markup = renderToString(h(SceneOverlay, { scene, view: viewFor(state, seat), onSkip: () => {} }));
  return markup.replace(/<[^>]*>/g, ' ').replace(/&#x27;|&#39;/g, "'");
}

describe('the plank and hatch scenes', () => {
  const state = setUp();
  const piece = state.decks.red.find((id) => id < 10);
  if (piece === undefined) throw new Error('red has no pirate on its deck');
  const name = kindName(state.kinds[piece] ?? 'bomb');

  it('name your own pirate when the coin saves it, and keep it hidden from the opponent', () => {
    const scene: Scene = { kind: 'plank', piece, saved: true, lost: null };
    expect(text(scene, 'red')).toContain(`The cheerful pirate: your ${name} is saved!`);
    const enemy = text(scene, 'blue');
    expect(enemy).toContain("The cheerful pirate: Red's pirate is saved!");
    expect(enemy).not.toContain(name);
  });

  it('name your own pirate when a missed skull shot sends it back, and keep it hidden from the opponent', () => {
    const scene: Scene = { kind: 'hatch', seat: 'blue', piece, result: 'back', lost: null };
    expect(text(scene, 'red')).toContain(`The skull was missed: your ${name} climbs back to its place.`);
    const enemy = text(scene, 'blue');
    expect(enemy).toContain("Red's pirate climbs back");
    expect(enemy).not.toContain(name);
  });

  it('while the pirate waits on the hatch, the scene states no outcome (issue 21: nothing before the shot)', () => {
    const scene: Scene = { kind: 'hatch', seat: 'blue', piece, result: 'waits', lost: null };
    const enemy = text(scene, 'blue');
    expect(enemy).toContain("Red's pirate stands on the hatch: You aim at the skull.");
    for (const seat of ['red', 'blue'] as const)
      expect(text(scene, seat)).not.toMatch(/hit|miss|flung|climbs/i);
  });

  it('name a lost pirate to both (R4.5: pieces out of play are public)', () => {
    const scene: Scene = { kind: 'plank', piece, saved: false, lost: state.kinds[piece] ?? 'bomb' };
    expect(text(scene, 'red')).toContain(`The shark! Your ${name} is gone.`);
    expect(text(scene, 'blue')).toContain(`The shark! Red's ${name} is gone.`);
  });
});

describe('the flag card scene', () => {
  it('says what the card means once, without repeating its name ("BOOM! (Powder barrel)")', () => {
    for (const card of ['flag', 'monkey', 'barrel'] as const) {
      const words = text({ kind: 'flag', seat: 'red', owner: 'blue', slot: 1, card }, 'red');
      expect(words).not.toMatch(/\(/);
    }
    const state = setUp();
    const scene: Scene = { kind: 'flag', seat: 'red', owner: 'blue', slot: 1, card: 'barrel' };
    const markup = renderToString(h(SceneOverlay, { scene, view: viewFor(state, 'blue'), onSkip: () => {} }));
    const result = /<p class="result">([^<]*)<\/p>/.exec(markup)?.[1] ?? '';
    expect(result).toBe('The powder barrel: BOOM!');
  });
});

/**
 * The pirate tokens rendered to markup (issue 20): each kind is its own drawing, the rank is on it and large,
 * the owner's pattern shows, and the unknown pirate is a silhouette that gives no hint of its kind.
 */
import { h } from 'preact';
import { renderToString } from 'preact-render-to-string';
import { describe, expect, it } from 'vitest';
import { PIECE_KINDS, type PieceKind, RANK, type Seat } from '../../src/engine/index.ts';
import { KIND_SHORT } from '../../src/web/game/names.ts';
import { Defs, Pirate, RIBBON_MIN_R } from '../../src/web/ui/art.tsx';

function token(kind: PieceKind | null, owner: Seat = 'red', r = 15, named = false): string {
  return renderToString(h(Pirate, { x: 50, y: 60, r, owner, kind, named }));
}

/** The drawing without what names it: the class, the rank badge and the ribbon taken out. */
function drawing(markup: string): string {
  return markup
    .replace(/ class="pirate [^"]*"/, '')
    .replace(/<g class="rank">.*?<\/g>/, '')
    .replace(/<g class="ribbon">.*?<\/g>/, '');
}

/** The shapes of a drawing, one string each (each path, circle, ellipse and rect, as written). */
function shapes(markup: string): Set<string> {
  return new Set(markup.match(/<(path|circle|ellipse|rect)\b[^>]*>/g) ?? []);
}

describe('the pirate tokens', () => {
  it('draws each kind as its own character: no two drawings alike, rank and name aside', () => {
    const drawings = PIECE_KINDS.map((kind) => drawing(token(kind)));
    for (let i = 0; i < drawings.length; i++) {
      for (let j = i + 1; j < drawings.length; j++) {
        expect(drawings[i], `${PIECE_KINDS[i]} and ${PIECE_KINDS[j]}`).not.toBe(drawings[j]);
      }
    }
    // Each character has shapes of its own, not only a different arrangement of the same ones.
    const common = shapes(drawing(token(null)));
    for (const [i, kind] of PIECE_KINDS.entries()) {
      const others = new Set(PIECE_KINDS.filter((_, j) => j !== i).flatMap((k) => [...shapes(token(k))]));
      const own = [...shapes(drawings[i] ?? '')].filter((s) => !others.has(s) && !common.has(s));
      expect(own.length, `${kind} has shapes no other kind has`).toBeGreaterThanOrEqual(2);
    }
  });

  it('puts the rank on every ranked kind, large (at least half the radius tall), and none on the Bomb', () => {
    for (const kind of PIECE_KINDS) {
      const r = 15;
      const markup = token(kind, 'blue', r);
      const badge = markup.match(/<g class="rank">.*?<text[^>]*font-size="(\d+)"[^>]*>(\d)<\/text>/);
      const rank = RANK[kind];
      if (rank === null) {
        expect(badge, 'the Bomb has no rank').toBeNull();
        continue;
      }
      expect(badge?.[2], kind).toBe(String(rank));
      // The token is drawn in a frame of radius 100 scaled to r: the text's size in the frame is its share of r.
      expect(
        Number(badge?.[1]) / 100,
        `${kind}'s rank size, as a share of the radius`,
      ).toBeGreaterThanOrEqual(0.5);
      expect(markup).toContain(`scale(${r / 100})`);
    }
  });

  it('draws the unknown pirate as a silhouette with a question mark and no hint of a kind', () => {
    for (const owner of ['red', 'blue'] as const) {
      const markup = token(null, owner);
      expect(markup).toContain('class="pirate back"');
      expect(markup).toMatch(/<text[^>]*>\?<\/text>/);
      expect(markup).not.toContain('class="rank"');
      for (const kind of PIECE_KINDS) {
        expect(markup).not.toContain(kind);
        expect(markup).not.toContain(KIND_SHORT[kind]);
      }
      // None of the characters' own shapes (hat, beard, sword, tooth, earring, mitt, snake, fuse) is in it:
      // a shape drawn for fewer than half the kinds belongs to those characters, not to every pirate.
      const silhouette = shapes(markup);
      const drawn = PIECE_KINDS.map((kind) => shapes(token(kind, owner)));
      const kindsWith = (shape: string) => drawn.filter((set) => set.has(shape)).length;
      for (const [i, kind] of PIECE_KINDS.entries()) {
        const own = [...(drawn[i] ?? [])].filter((s) => kindsWith(s) < PIECE_KINDS.length / 2);
        expect(own.length, kind).toBeGreaterThan(0);
        expect(
          own.filter((s) => silhouette.has(s)),
          kind,
        ).toEqual([]);
      }
    }
  });

  it("shows the owner's pattern on every token, red stripes and blue dots, both defined in Defs", () => {
    for (const kind of [...PIECE_KINDS, null]) {
      expect(token(kind, 'red')).toContain('url(#pat-red-token)');
      expect(token(kind, 'red')).not.toContain('pat-blue');
      expect(token(kind, 'blue')).toContain('url(#pat-blue-token)');
      expect(token(kind, 'blue')).not.toContain('pat-red');
    }
    const defs = renderToString(h(Defs, {}));
    expect(defs).toMatch(/<pattern id="pat-red-token"[^>]*rotate\(45\)[^>]*>.*?<rect width="15"/);
    expect(defs).toMatch(/<pattern id="pat-blue-token"[^>]*>.*?<circle/);
  });

  it('writes the short name on a ribbon only where it can be read, and never when told not to', () => {
    for (const kind of PIECE_KINDS) {
      expect(token(kind, 'red', 36, true)).toContain(`>${KIND_SHORT[kind]}</text>`);
      expect(token(kind, 'red', 36, false)).not.toContain('class="ribbon"');
      expect(token(kind, 'red', RIBBON_MIN_R - 1, true)).not.toContain('class="ribbon"');
    }
    expect(token(null, 'blue', 36, true)).not.toContain('class="ribbon"');
  });
});

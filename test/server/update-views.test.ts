/**
 * The update views a server makes once per viewer and version (src/server/socket/update-views.ts): the lean
 * view's text is written key by key, reusing the previous version's texts of the keys its patch left alone.
 * Whatever it reuses, it must be the very text JSON.stringify writes, since the page checks a rebuilt view's
 * digest against it: checked over every update of random games, with versions whose digest nobody asked.
 */
import { describe, expect, it } from 'vitest';
import { recordGames } from '../../src/cli/bench/updates.ts';
import { applyViewPatch, digestOfText, packLeanView } from '../../src/protocol/index.ts';
import { MadeView } from '../../src/server/socket/update-views.ts';

describe('update views', () => {
  it('the lean text made from reused key texts is JSON.stringify of the lean view, at every version', () => {
    const streams = recordGames(6, 'lean-text');
    let checked = 0;
    for (const [s, stream] of streams.entries()) {
      let before: MadeView | null = null;
      let rebuilt: unknown = null;
      for (const [i, step] of stream.entries()) {
        const made: MadeView = new MadeView(step.v, step.view, before);
        before?.supersede();
        const lean = packLeanView(step.view);
        // Every seventh version of every other stream goes unasked, as for a socket that was sent nothing.
        if (s % 2 === 1 && i % 7 === 3) {
          before = made;
          rebuilt = null;
          continue;
        }
        expect(made.leanText()).toBe(JSON.stringify(lean));
        expect(made.digest(2)).toBe(digestOfText(JSON.stringify(lean), 2));
        const patch = made.patch(2);
        rebuilt = patch === null || rebuilt === null ? lean : applyViewPatch(rebuilt, patch, 2);
        expect(JSON.stringify(rebuilt)).toBe(JSON.stringify(lean));
        before = made;
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(500);
  });
});

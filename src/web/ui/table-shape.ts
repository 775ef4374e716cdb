/**
 * The table's shape (issue 32 item 3, issue 52 item 1): on a wide window the ships stand one above the other
 * on the left and the ten cards in two columns beside them, so the table fills the window's height and more of
 * its width; on a narrow one (a phone held upright) the cards lie between the ships, as on the box; on a short
 * wide one (a phone held sideways) the ships lie side by side with the cards in a row under them, so the
 * table fills the little height there is. Chosen by the window's shape, and followed as it changes (a phone
 * turned, a window resized).
 */
import { useEffect, useState } from 'preact/hooks';

export const TABLE_SHAPES = ['portrait', 'landscape', 'wide'] as const;
export type TableShape = (typeof TABLE_SHAPES)[number];

/**
 * A phone held sideways: wider than tall and at most 500 px tall. styles.css lays the game out for it under
 * the same media query.
 */
export const SIDEWAYS_QUERY = '(orientation: landscape) and (max-height: 500px)';
/** Wider than a phone and clearly wider than tall: the landscape table. */
const LANDSCAPE_QUERY = '(min-width: 761px) and (min-aspect-ratio: 5/4)';

function shapeNow(): TableShape {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return 'portrait';
  if (window.matchMedia(SIDEWAYS_QUERY).matches) return 'wide';
  return window.matchMedia(LANDSCAPE_QUERY).matches ? 'landscape' : 'portrait';
}

export function useTableShape(): TableShape {
  const [shape, setShape] = useState<TableShape>(shapeNow);
  useEffect(() => {
    if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return;
    const queries = [window.matchMedia(SIDEWAYS_QUERY), window.matchMedia(LANDSCAPE_QUERY)];
    const changed = () => setShape(shapeNow());
    for (const query of queries) query.addEventListener('change', changed);
    changed();
    return () => {
      for (const query of queries) query.removeEventListener('change', changed);
    };
  }, []);
  return shape;
}

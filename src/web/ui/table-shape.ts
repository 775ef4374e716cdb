/**
 * The table's shape (issue 32 item 3): on a wide window the ships stand one above the other on the left and the
 * ten cards in two columns beside them, so the table fills the window's height and more of its width; on a
 * narrow one (a phone held upright) the cards lie between the ships, as on the box. Chosen by the window's
 * shape, and followed as it changes (a phone turned, a window resized).
 */
import { useEffect, useState } from 'preact/hooks';

export type TableShape = 'portrait' | 'landscape';

/** Wider than a phone and clearly wider than tall: the landscape table. */
function landscapeQuery(): MediaQueryList {
  return window.matchMedia('(min-width: 761px) and (min-aspect-ratio: 5/4)');
}

function shapeNow(): TableShape {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return 'portrait';
  return landscapeQuery().matches ? 'landscape' : 'portrait';
}

export function useTableShape(): TableShape {
  const [shape, setShape] = useState<TableShape>(shapeNow);
  useEffect(() => {
    if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return;
    const query = landscapeQuery();
    const changed = () => setShape(query.matches ? 'landscape' : 'portrait');
    query.addEventListener('change', changed);
    changed();
    return () => query.removeEventListener('change', changed);
  }, []);
  return shape;
}

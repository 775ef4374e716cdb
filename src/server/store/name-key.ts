/**
 * The key display names are unique by: what a name looks like, not how it is spelled. Unicode's confusables
 * skeleton (UTS #39, through `unhomoglyph`, the Consortium's confusables.txt) maps lookalikes to one form, so
 * "Cаptain Alice" with a Cyrillic а, a fullwidth "Ｃａｐｔａｉｎ" or a dotless ı all key as "Captain Alice" does.
 * Case does not make a new name either; and since a capital I and a small l are drawn alike in the page's
 * sans-serif font, i, I and l share one letter in the key ("Captain AIice" is taken too).
 */
import unhomoglyph from 'unhomoglyph';

/** UTS #39's skeleton: decomposed, each character to its prototype, decomposed again. */
function skeleton(text: string): string {
  return unhomoglyph(text.normalize('NFD')).normalize('NFD');
}

/** e.g. 'Captain Alice' -> 'captaln allce' (never shown: only compared). */
export function nameKey(name: string): string {
  const folded = skeleton(skeleton(name.normalize('NFKC')).toLowerCase());
  return folded.replace(/[il]/g, 'l').replace(/\s+/g, ' ').trim();
}

/** A stored player's name as the re-keying migration reads it. */
export interface KeyedName {
  readonly id: string;
  readonly name: string;
  readonly name_key: string;
  readonly created_at: number | string;
}

/**
 * The keys to write when names are keyed anew (a migration): each name's new key, except that of names that
 * now look alike the oldest keeps it and the others keep their names under a key of their own
 * (`<key>#<id>`, which no name's key can be), so nobody loses a name and nobody new can take a lookalike.
 * Only the rows whose key changes are returned.
 */
export function rekeyedNames(rows: readonly KeyedName[]): { id: string; key: string }[] {
  const oldestFirst = [...rows].sort(
    (a, b) => Number(a.created_at) - Number(b.created_at) || a.id.localeCompare(b.id),
  );
  const taken = new Set<string>();
  const changes: { id: string; key: string }[] = [];
  for (const row of oldestFirst) {
    const fresh = nameKey(row.name);
    const key = taken.has(fresh) ? `${fresh}#${row.id}` : fresh;
    taken.add(key);
    if (key !== row.name_key) changes.push({ id: row.id, key });
  }
  return changes;
}

import type { Catalog } from '../../src/web/i18n/catalog.ts';

/** A sentence of a catalog by its dotted key, e.g. 'tutorial.win.done': the tests find things by its words. */
export function word(catalog: Catalog, key: string): string {
  let at: string | Catalog | undefined = catalog;
  for (const part of key.split('.')) at = typeof at === 'object' ? at[part] : undefined;
  if (typeof at !== 'string') throw new Error(`no ${key}`);
  return at;
}

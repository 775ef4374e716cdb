import type { Catalog } from './catalog.ts';

export const fr: Catalog = {};

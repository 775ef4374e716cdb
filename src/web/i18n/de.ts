import type { Catalog } from './catalog.ts';

export const de: Catalog = {};

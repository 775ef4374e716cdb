import type { Catalog } from './catalog.ts';

export const nl: Catalog = {};

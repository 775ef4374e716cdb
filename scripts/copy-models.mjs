#!/usr/bin/env node
// `npm run build:node`, after tsc: the model files (src/ai/models) copied byte for byte into dist/lib/ai/models
// (or into OUT/ai/models: `node scripts/copy-models.mjs OUT`, for a build with tsc's --outDir OUT). The code
// reads them at run time and checks their SHA-256 (src/ai/belief-model.ts), so they are not imported, and
// tsc would not copy them as they are: it re-emits a JSON file it compiles, formatted its own way.
import { cpSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = join(import.meta.dirname, '..');
const out = resolve(process.argv[2] ?? join(ROOT, 'dist/lib'));
cpSync(join(ROOT, 'src/ai/models'), join(out, 'ai/models'), { recursive: true });

#!/usr/bin/env node
// The `pirates` command. Which code it runs:
// - the TypeScript sources through tsx, when they are here (src/) and tsx is installed: a clone with its
//   dev dependencies. So `npm install && npm start` needs no build step, and a developer's edit always runs:
//   never a stale dist/;
// - otherwise the compiled JavaScript of `npm run build` (dist/lib): a production install (`npm ci
//   --omit=dev`, no tsx) and the packed package, which ship no sources. PIRATES_COMPILED=1 picks it in a
//   clone too (to try the build).
import { existsSync } from 'node:fs';

const sources = new URL('../src/cli/main.ts', import.meta.url);
const compiled = new URL('../dist/lib/cli/main.js', import.meta.url);

/** tsx's loader, or null when it is not installed. */
async function tsx() {
  try {
    return await import('tsx/esm/api');
  } catch (error) {
    if (error?.code === 'ERR_MODULE_NOT_FOUND') return null;
    throw error;
  }
}

const loader = existsSync(sources) && process.env.PIRATES_COMPILED !== '1' ? await tsx() : null;
let entry = compiled;
if (loader !== null) {
  loader.register();
  entry = sources;
} else if (!existsSync(compiled)) {
  process.stderr.write(
    'pirates: the compiled command is missing (dist/lib): run `npm run build` first, or install the\n' +
      'development dependencies (`npm install`) to run the TypeScript sources.\n',
  );
  process.exit(2);
}
const { main } = await import(entry.href);
process.exitCode = await main(process.argv.slice(2));

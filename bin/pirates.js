#!/usr/bin/env node
// The `pirates` command. The sources are TypeScript; tsx compiles them on load so
// `npm install` is all a newcomer needs (no separate build step before the first run).
// The installed package (npm pack) holds the library only, not the sources: say so rather than crash.
import { existsSync } from 'node:fs';

if (!existsSync(new URL('../src/cli/main.ts', import.meta.url))) {
  process.stderr.write(
    'pirates: this installed package holds the library (pirates-stratego/engine, /ai, /protocol, /arena);\n' +
      'the pirates command runs from a clone of the repository (docs/bots.md).\n',
  );
  process.exit(1);
}
const { register } = await import('tsx/esm/api');
register();
const { main } = await import('../src/cli/main.ts');
process.exitCode = await main(process.argv.slice(2));

#!/usr/bin/env node
// The `pirates` command. The sources are TypeScript; tsx compiles them on load so
// `npm install` is all a newcomer needs (no separate build step before the first run).
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/cli/main.ts');
process.exitCode = await main(process.argv.slice(2));

#!/usr/bin/env node
// `npm run pack:lib`: the pirates-stratego package a bot author or engine user installs, as a tarball. It is
// the library (engine, learn, ai, protocol, arena) and the `pirates` command for bots, compiled (dist/lib, built
// first by `npm run pack:lib`), without the game server's libraries: the repository's package.json lists
// them (Fastify, the stores, Redis) as dependencies for a production install (docs/deploy.md), which this
// package must not pull in, so its `serve` and `bench-server` say they are missing. So the
// package is staged in dist/package with a manifest made from the repository's, its dependencies cut down
// to the library's own, and packed there. Prints `npm pack --json`'s answer; extra arguments go to npm pack
// (e.g. --pack-destination DIR).
// `npm pack` in the repository itself would ship the wrong dependencies: its prepack runs this with
// --refuse-root, which says so.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, normalize, relative } from 'node:path';

const ROOT = join(import.meta.dirname, '..');

if (process.argv[2] === '--refuse-root') {
  process.stderr.write(
    "npm pack: the repository is not packed as it is (its dependencies include the game server's).\n" +
      'Run `npm run pack:lib` for the pirates-stratego package (docs/development.md, "The package").\n',
  );
  process.exit(1);
}

/** What the library and the bot command import from npm; the test installs the tarball with only these. */
const LIBRARY_DEPENDENCIES = ['@noble/ciphers', '@noble/hashes', 'pure-rand', 'tinypool', 'zod'];
/** Docs shipped (with the plots docs/ai.md shows); their links to each other and to examples/ stay inside the package (the test checks). */
const DOCS = [
  'engine.md',
  'learn.md',
  'ai.md',
  'learned-belief-curve.svg',
  'learned-value-curve.svg',
  'learned-value-strength.svg',
  'learned-belief-strength.svg',
  'bots.md',
  'cannon.md',
  'fairness.md',
];
/** The server's type declarations: its code is shipped (the command's modules import it), not as an API. */
const serverTypes = (path) => /^server\/.*\.d\.ts$/.test(path);

const compiled = join(ROOT, 'dist/lib');
if (!existsSync(join(compiled, 'cli/main.js'))) {
  process.stderr.write('pack-library: dist/lib is not built: run `npm run pack:lib` (it builds first).\n');
  process.exit(2);
}
const stage = join(ROOT, 'dist/package');
rmSync(stage, { recursive: true, force: true });
mkdirSync(stage, { recursive: true });
cpSync(compiled, join(stage, 'dist/lib'), {
  recursive: true,
  filter: (path) => !serverTypes(relative(compiled, path)),
});
cpSync(join(ROOT, 'bin/pirates.js'), join(stage, 'bin/pirates.js'));
cpSync(join(ROOT, 'LICENSE'), join(stage, 'LICENSE'));
cpSync(join(ROOT, 'examples'), join(stage, 'examples'), { recursive: true });
// The learning API's Python client (docs/learn.md, "From Python"), without its tests' caches.
cpSync(join(ROOT, 'python'), join(stage, 'python'), {
  recursive: true,
  filter: (path) => !path.includes('__pycache__'),
});
for (const doc of DOCS) cpSync(join(ROOT, 'docs', doc), join(stage, 'docs', doc));
// docs/package.md is the package's README; moved to the root, its links are re-based from docs/.
const readme = readFileSync(join(ROOT, 'docs/package.md'), 'utf8').replace(
  /\]\((?!https?:|#)([^)\s]+)\)/g,
  (_, target) => `](${normalize(join('docs', target))})`,
);
writeFileSync(join(stage, 'README.md'), readme);

const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
const dependencies = Object.fromEntries(
  LIBRARY_DEPENDENCIES.map((name) => {
    const version = manifest.dependencies[name];
    if (version === undefined)
      throw new Error(`pack-library: ${name} is not in package.json's dependencies.`);
    return [name, version];
  }),
);
const packed = {
  name: manifest.name,
  version: manifest.version,
  description: manifest.description,
  type: manifest.type,
  private: manifest.private,
  license: manifest.license,
  engines: manifest.engines,
  main: manifest.main,
  types: manifest.types,
  exports: manifest.exports,
  bin: manifest.bin,
  dependencies,
};
writeFileSync(join(stage, 'package.json'), `${JSON.stringify(packed, null, 2)}\n`);
process.stdout.write(
  execFileSync('npm', ['pack', '--json', ...process.argv.slice(2)], { cwd: stage, encoding: 'utf8' }),
);

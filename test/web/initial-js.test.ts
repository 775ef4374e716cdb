/**
 * The page's initial JavaScript stays under 150 KB gzipped (issue 20): the production build, and every script
 * index.html loads at once (its module scripts and their modulepreloads), each gzipped with node:zlib. The
 * Worker that hosts a local game and any chunk imported later are not counted: index.html does not load them,
 * the page fetches them only when a game needs them. The build is the production one `npm run build:web` makes.
 * The learned belief's model file (src/ai/models/belief.json, ~28 kB) is in no script at all: it is an asset of
 * its own that the game's Worker fetches only for a computer that uses it (src/ai/belief-model.ts).
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { BELIEF_MODEL_SHA256 } from '../../src/ai/belief-model.ts';
import { LEVELS, usesBeliefModel, usesValueModel } from '../../src/ai/levels.ts';
import { buildWeb, distFor } from '../e2e/harness.ts';

/** 150 KB, as Vite counts a kB: 1000 bytes. */
const INITIAL_JS_BUDGET = 150_000;

/** The scripts an index.html loads at once: module scripts and modulepreloads, as paths inside the build. */
function initialScripts(html: string): string[] {
  const scripts = [...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1] ?? '');
  const preloads = [...html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g)].map(
    (m) => m[1] ?? '',
  );
  return [...new Set([...scripts, ...preloads])].filter((src) => !/^(https?:|data:)/.test(src));
}

describe("the page's initial JavaScript", () => {
  it('finds the module scripts and modulepreloads of an index.html, and nothing else', () => {
    const html = `<link rel="icon" href="data:x"><script type="module" crossorigin src="/assets/index-A.js"></script>
      <link rel="modulepreload" crossorigin href="/assets/vendor-B.js"><link rel="stylesheet" href="/assets/index-C.css">`;
    expect(initialScripts(html)).toEqual(['/assets/index-A.js', '/assets/vendor-B.js']);
  });

  const out = distFor('size');
  beforeAll(async () => {
    // What `npm run build:web` ships: under vitest NODE_ENV is 'test', which would build Preact's development
    // code into the page (about 4.5 kB more gzipped).
    const nodeEnv = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    try {
      await buildWeb(out);
    } finally {
      process.env.NODE_ENV = nodeEnv;
    }
  });

  it('stays under 150 KB gzipped (the local game worker, loaded later, not counted)', () => {
    const html = readFileSync(join(out, 'index.html'), 'utf8');
    const scripts = initialScripts(html);
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.some((src) => /worker/i.test(src))).toBe(false);
    const sizes = scripts.map((src) => {
      const gzipped = gzipSync(readFileSync(join(out, src.replace(/^\//, '')))).length;
      return { src, gzipped };
    });
    const total = sizes.reduce((sum, s) => sum + s.gzipped, 0);
    const summary = sizes.map((s) => `${s.src}: ${(s.gzipped / 1000).toFixed(1)} kB`).join(', ');
    // The page itself is tens of kB: a total this small means a script was missed, not a small page.
    expect(total, summary).toBeGreaterThan(10_000);
    expect(total, `initial JavaScript gzipped: ${summary}`).toBeLessThan(INITIAL_JS_BUDGET);
  });

  it("carries no model: the learned belief's file is an asset of its own, the recorded bytes, precached only when a page level uses it", () => {
    const assets = readdirSync(join(out, 'assets'));
    const models = assets.filter((name) => /^belief-[\w-]+\.json$/.test(name));
    expect(models).toHaveLength(1);
    const model = readFileSync(join(out, 'assets', models[0] ?? ''));
    expect(createHash('sha256').update(model).digest('hex')).toBe(BELIEF_MODEL_SHA256);
    // A stretch of the weights (base64): found in the model, in no script of the build.
    const weights = (JSON.parse(model.toString('utf8')) as { weights: string }).weights;
    const stretch = weights.slice(1000, 1064);
    expect(stretch).toHaveLength(64);
    const scripts = [
      ...assets.filter((name) => name.endsWith('.js')).map((name) => join('assets', name)),
      ...readdirSync(out).filter((name) => name.endsWith('.js')),
    ];
    expect(scripts.length).toBeGreaterThan(3);
    for (const script of scripts)
      expect(readFileSync(join(out, script), 'utf8'), script).not.toContain(stretch);
    // The service worker keeps it with the rest of the build when a level of the page uses it, so that computer
    // plays offline; else no visitor downloads it. The learned value's file likewise.
    const worker = readFileSync(join(out, 'sw.js'), 'utf8');
    expect(worker.includes(`assets/${models[0]}`)).toBe(LEVELS.some(usesBeliefModel));
    const values = assets.filter((name) => /^value-[\w-]+\.json$/.test(name));
    expect(values.length).toBeLessThanOrEqual(1);
    for (const value of values) expect(worker.includes(`assets/${value}`)).toBe(LEVELS.some(usesValueModel));
    expect(worker).toContain('index.html');
  });
});

/**
 * The packed package's docs link only to what it ships (issue 33.5): every relative link in a markdown file
 * of the tarball (README, docs, examples) resolves to a file in the tarball. The file list is npm's own
 * (`npm pack --dry-run`, without the build: links into dist/ are not expected).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { posix } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = new URL('../../', import.meta.url);

/** The paths `npm pack` would put in the tarball. */
function packedFiles(): string[] {
  const out = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
    cwd: ROOT,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const [packed] = JSON.parse(out) as { files: { path: string }[] }[];
  return (packed?.files ?? []).map((file) => file.path);
}

/**
 * README.md's screenshots of the browser game (1.4 MB of PNG) stay in the repository: a library's tarball
 * does not carry them, and they are the only links allowed to point outside it.
 */
const PICTURES_LEFT_OUT = /^docs\/screenshots\/[\w-]+\.png$/;

/** Every link target in a markdown text: `[text](target)` and `![alt](target)`, with whether it is a picture. */
function linksOf(markdown: string): { target: string; picture: boolean }[] {
  const prose = markdown.replace(/```[\s\S]*?```/g, '');
  return [...prose.matchAll(/(!?)\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)].map((m) => ({
    target: m[2] ?? '',
    picture: m[1] === '!',
  }));
}

describe('the packed package', () => {
  const files = packedFiles();

  it('ships the docs a bot author is sent to: the bot protocol, the rules, the engine, the cannon, fairness', () => {
    for (const doc of [
      'README.md',
      'docs/bots.md',
      'docs/engine.md',
      'docs/ai.md',
      'docs/cannon.md',
      'docs/fairness.md',
    ])
      expect(files).toContain(doc);
  });

  it('every relative link in a shipped markdown file resolves inside the tarball', () => {
    const broken: string[] = [];
    let checked = 0;
    for (const file of files.filter((path) => path.endsWith('.md'))) {
      for (const { target, picture } of linksOf(readFileSync(new URL(file, ROOT), 'utf8'))) {
        if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('#')) continue; // a URL, or this page
        const path = posix.normalize(posix.join(posix.dirname(file), target.split('#')[0] ?? ''));
        checked++;
        if (files.includes(path)) continue;
        if (picture && file === 'README.md' && PICTURES_LEFT_OUT.test(path)) continue;
        broken.push(`${file} -> ${target}`);
      }
    }
    expect(broken).toEqual([]);
    expect(checked).toBeGreaterThan(10);
  });
});

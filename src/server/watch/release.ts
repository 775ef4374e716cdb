/**
 * Which release a process runs, for its ready line and `pirates_build_info`: package.json's version, and
 * the git commit when the code runs from a clone (git answers) or the environment names it
 * (RELEASE_COMMIT, for a build shipped without its .git folder). Read once at start.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface Release {
  /** e.g. '0.1.0' */
  readonly version: string;
  /** e.g. '9ab93e4c1f20', or null when nothing says. */
  readonly commit: string | null;
}

const PACKAGE_NAME = 'pirates-stratego';

export function releaseOf(env: Readonly<Record<string, string | undefined>> = process.env): Release {
  const root = packageRoot();
  const version = root === null ? 'unknown' : (readPackage(root)?.version ?? 'unknown');
  const named = env.RELEASE_COMMIT?.trim();
  return { version, commit: named ? named.slice(0, 40) : root === null ? null : gitCommit(root) };
}

/** The folder of this package's package.json, found upwards from this file (sources or built output). */
function packageRoot(): string | null {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (readPackage(dir)?.name === PACKAGE_NAME) return dir;
    const up = dirname(dir);
    if (up === dir) return null;
    dir = up;
  }
}

function readPackage(dir: string): { name?: string; version?: string } | null {
  const file = join(dir, 'package.json');
  if (!existsSync(file)) return null;
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string };
  } catch {
    return null;
  }
}

function gitCommit(root: string): string | null {
  // Only the package's own clone: a folder above it that happens to be a repository says nothing.
  if (!existsSync(join(root, '.git'))) return null;
  try {
    const out = execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'ignore'],
      timeout: 2000,
      encoding: 'utf8',
    }).trim();
    return /^[0-9a-f]{7,40}$/.test(out) ? out : null;
  } catch {
    // No git, or not a clone: the version alone names the release.
    return null;
  }
}

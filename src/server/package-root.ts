/**
 * The folder of the package this code belongs to (where package.json and bin/ are), found by walking up:
 * the sources (src/server), the compiled code (dist/lib/server) and an installed package sit at different
 * depths below it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

export function packageRoot(from: string = import.meta.dirname): string {
  for (let dir = from; ; dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (
      existsSync(manifest) &&
      (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === 'pirates-stratego'
    ) {
      return dir;
    }
    if (dirname(dir) === dir) throw new Error(`pirates: no pirates-stratego package.json above ${from}.`);
  }
}

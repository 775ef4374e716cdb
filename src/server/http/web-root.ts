/**
 * Where the built page is. By default the package's own dist/web, wherever the server is started from (a
 * systemd unit's working folder is not the package's); WEB_ROOT names another build, and one that is not
 * there is a configuration error, not a server quietly answering "not built".
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { packageRoot } from '../package-root.ts';

export const DEFAULT_WEB_ROOT = join(packageRoot(), 'dist', 'web');

/** WEB_ROOT read from the environment (relative to the working folder), or the default. */
export function webRootOf(value: string | undefined): string {
  if (value === undefined || value === '') return DEFAULT_WEB_ROOT;
  const root = resolve(value);
  if (!existsSync(root)) {
    throw new Error(
      `WEB_ROOT is ${root}, which does not exist: name the folder of a built page (npm run build).`,
    );
  }
  if (!existsSync(join(root, 'index.html'))) {
    throw new Error(
      `WEB_ROOT is ${root}, which holds no built page (no index.html): build it with npm run build.`,
    );
  }
  return root;
}

/**
 * Which file a worker thread or child process starts from. A new thread or process is plain Node, which
 * cannot load TypeScript: beside the sources (a clone, Vitest) it starts a small `<name>-tsx.js` loader
 * that registers tsx first; beside the compiled modules (`npm run build`, the package) the compiled
 * `<name>.js` itself, so a production install needs no tsx.
 */
export function entryFile(name: string, from: string): URL {
  return from.endsWith('.ts') ? new URL(`./${name}-tsx.js`, from) : new URL(`./${name}.js`, from);
}

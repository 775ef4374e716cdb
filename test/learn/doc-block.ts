/**
 * Runs a page's example as written: the first ```ts block under a heading of a docs/ page, its imports of
 * the package's names pointed at the sources, written to a temporary file and imported. So a test holds
 * the docs' code to what the package exports.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** The module the block under `heading` of `page` (e.g. 'docs/ai.md') makes, as `T` says it is. */
export async function docBlock<T>(page: string, heading: string): Promise<T> {
  const text = readFileSync(join(root, page), 'utf8');
  const at = text.indexOf(heading);
  const block = at < 0 ? undefined : /```ts\n([\s\S]*?)```/.exec(text.slice(at))?.[1];
  if (block === undefined) throw new Error(`${page} has no ts block under "${heading}"`);
  const code = block.replace(/'pirates-stratego\/(engine|learn|ai)'/g, (_, layer: string) =>
    JSON.stringify(join(root, 'src', layer, 'index.ts')),
  );
  const folder = mkdtempSync(join(tmpdir(), 'doc-block-'));
  try {
    const file = join(folder, 'example.ts');
    writeFileSync(file, code);
    return (await import(/* @vite-ignore */ file)) as T;
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/**
 * docs/protocol.md's table of error codes is the code's own list (ENGINE_ERRORS and SERVER_ERRORS), row for
 * row: a new code, a removed one or a changed meaning fails here until the table is regenerated with
 *   REGENERATE=1 npx vitest run test/docs/error-codes.test.ts
 * and every code the server and the engine send is in the typed lists (the compiler checks that).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ENGINE_ERRORS } from '../../src/engine/index.ts';
import { SERVER_ERRORS } from '../../src/protocol/index.ts';

const path = new URL('../../docs/protocol.md', import.meta.url);
const START =
  '<!-- error codes: generated from ENGINE_ERRORS and SERVER_ERRORS, checked by test/docs/error-codes.test.ts -->';
const END = '<!-- end of error codes -->';

function table(): string {
  const rows = [
    ...Object.entries(SERVER_ERRORS).map(([code, meaning]) => [code, 'server', meaning] as const),
    ...Object.entries(ENGINE_ERRORS).map(([code, meaning]) => [code, 'engine', meaning] as const),
  ];
  return [
    '| code | from | meaning |',
    '| --- | --- | --- |',
    ...rows.map(([code, from, meaning]) => `| \`${code}\` | ${from} | ${meaning.replaceAll('|', '\\|')} |`),
  ].join('\n');
}

/** A markdown table's cells, row by row, without the separator row. */
function cells(markdown: string): string[][] {
  return markdown
    .split('\n')
    .filter((line) => !/^\|[\s|:-]+\|$/.test(line))
    .map((line) =>
      line
        .replace(/^\||\|$/g, '')
        .split(/(?<!\\)\|/)
        .map((cell) => cell.trim()),
    );
}

describe('docs/protocol.md error codes', () => {
  it('lists exactly the codes of the typed lists, with their meanings', () => {
    const doc = readFileSync(path, 'utf8');
    const start = doc.indexOf(START);
    const end = doc.indexOf(END);
    expect(start, 'docs/protocol.md has the generated error-code table markers').toBeGreaterThan(-1);
    expect(end).toBeGreaterThan(start);
    const written = doc.slice(start + START.length, end).trim();
    if (process.env.REGENERATE === '1' && JSON.stringify(cells(written)) !== JSON.stringify(cells(table()))) {
      writeFileSync(path, `${doc.slice(0, start + START.length)}\n\n${table()}\n\n${doc.slice(end)}`);
      return;
    }
    // Cell by cell: the formatter may pad the columns.
    expect(cells(written)).toEqual(cells(table()));
  });

  it('every code is a lower-case area/name', () => {
    for (const code of [...Object.keys(ENGINE_ERRORS), ...Object.keys(SERVER_ERRORS)]) {
      expect(code).toMatch(/^[a-z]+\/[a-z-]+$/);
    }
  });
});
